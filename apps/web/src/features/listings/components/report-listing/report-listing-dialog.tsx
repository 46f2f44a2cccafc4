import {
  ListingReportCreateSchema,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASON_REQUIRED,
  REPORT_REASONS,
  REPORT_THANKS,
  type ReportReason,
} from '@benchmarket/shared';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { RadioGroup } from '@/components/ui/radio-group';
import { TextAreaField } from '@/components/ui/text-field';
import { useCheckedForm } from '@/components/ui/use-checked-form';
import { errorDetail, isApiError } from '@/lib/api-client';
import { useReportListing } from '../../api/report-listing';

/** Ours: when the API gave no detail. */
export const REPORT_FAILED = 'Your report could not be sent. Please try again.';
export const REPORT_DIALOG_TITLE = 'Report this listing';

type Field = 'reason' | 'details';
const FIELD_ORDER: readonly Field[] = ['reason', 'details'];
const REASON_OPTIONS = REPORT_REASONS.map((reason) => ({ value: reason, label: REPORT_REASON_LABELS[reason] }));

/** What the dialog says once the API answered for good: thanks, or why no report was made (409, 403, 404). */
interface Outcome {
  tone: 'success' | 'error';
  message: string;
}

/**
 * 'Report this listing' (issue 14): a reason (radio group), details (required for 'Other',
 * at most 1000 characters, with a counter), POST /listings/{id}/reports. Validated with the
 * shared schema the API uses; the API's answer is shown as it gives it: the thanks, or its
 * detail (already reported, one's own listing, …). Its own module: it loads zod, so only a
 * signed-in user who opens it loads it.
 */
export default function ReportListingDialog({
  listingId,
  listingTitle,
  onClose,
}: {
  listingId: string;
  listingTitle: string;
  onClose: () => void;
}) {
  const report = useReportListing(listingId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { values, update, invalid, error, setError, errorId, formRef, submitWith, fieldProps } = useCheckedForm({
    schema: ListingReportCreateSchema,
    initial: { reason: '', details: '' },
    fieldOrder: FIELD_ORDER,
    requiredMessage: REPORT_REASON_REQUIRED,
    clearMarkOnEdit: true,
  });

  const onSubmit = submitWith(
    async (body) => {
      try {
        const created = await report.mutateAsync(body);
        setOutcome({ tone: 'success', message: created.message || REPORT_THANKS });
      } catch (cause) {
        // Refusals that trying again will not change end the dialog; the rest can be retried.
        if (isApiError(cause) && [403, 404, 409].includes(cause.status) && cause.detail) {
          setOutcome({ tone: 'error', message: cause.detail });
        } else {
          setError(errorDetail(cause, REPORT_FAILED));
        }
      }
    },
    { pending: report.isPending },
  );

  const otherChosen = values.reason === 'other';

  return (
    <Dialog
      title={REPORT_DIALOG_TITLE}
      description={`Tell the BenchMarket team what is wrong with “${listingTitle}”. We review every report.`}
      onClose={onClose}
      busy={report.isPending}
    >
      {outcome ? (
        <div className="space-y-5">
          <Alert tone={outcome.tone} focusOnShow>
            {outcome.message}
          </Alert>
          <Button block onClick={onClose}>
            Close
          </Button>
        </div>
      ) : (
        <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5">
          <RadioGroup<ReportReason>
            legend="Reason"
            name="reason"
            options={REASON_OPTIONS}
            value={values.reason as ReportReason | ''}
            onChange={(reason) => {
              update('reason')({ target: { value: reason } });
            }}
            invalid={invalid.has('reason')}
            describedBy={invalid.has('reason') && error ? errorId : undefined}
            required
          />
          <TextAreaField
            label={
              <>
                Details <span className="font-normal text-slate-500">{otherChosen ? '(required for Other)' : '(optional)'}</span>
              </>
            }
            {...fieldProps('details')}
            rows={4}
            maxLength={REPORT_DETAILS_MAX_LENGTH}
            required={otherChosen}
            counter={`${String(values.details.length)}/${String(REPORT_DETAILS_MAX_LENGTH)}`}
            placeholder="For example: which item is prohibited, or which listing this one duplicates."
          />
          {error && (
            <Alert id={errorId} focusOnShow={!invalid.size}>
              {error}
            </Alert>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={report.isPending}>
              Cancel
            </Button>
            <Button type="submit" pending={report.isPending}>
              Send report
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
