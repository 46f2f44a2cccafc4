import {
  CONVERSATION_REPORT_DETAILS_MAX_LENGTH,
  CONVERSATION_REPORT_REASON_LABELS,
  CONVERSATION_REPORT_REASONS,
  type ConversationDetail,
  type ConversationReportReason,
} from '@benchmarket/shared';
import { useRef, useState, type FormEvent } from 'react';
import { errorDetail } from '@/lib/api-client';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { RadioGroup } from '@/components/ui/radio-group';
import { TextAreaField } from '@/components/ui/text-field';
import { useBlock, useReport } from '../api/conversations';

const REASON_OPTIONS = CONVERSATION_REPORT_REASONS.map((value) => ({ value, label: CONVERSATION_REPORT_REASON_LABELS[value] }));

/** 'Block' (after a confirmation) or, once the caller blocked the other side, 'Unblock'. */
export function BlockButton({ conversation }: { conversation: ConversationDetail }) {
  const block = useBlock(conversation.id);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const run = async (blocking: boolean) => {
    setError(null);
    try {
      await block.mutateAsync(blocking);
      setConfirming(false);
    } catch (cause) {
      setConfirming(false);
      setError(errorDetail(cause, 'That did not work. Please try again.'));
    }
  };
  return (
    <>
      {conversation.blocked_by_me ? (
        <Button size="sm" variant="secondary" pending={block.isPending} onClick={() => void run(false)}>
          Unblock
        </Button>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            setConfirming(true);
          }}
        >
          Block
        </Button>
      )}
      {confirming && (
        <Dialog
          role="alertdialog"
          title={`Block ${conversation.other_party_name}?`}
          description="Neither of you will be able to send messages or offers to the other, here or in a new conversation, until you unblock them."
          onClose={() => {
            setConfirming(false);
          }}
          busy={block.isPending}
          initialFocus={cancelRef}
        >
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button
              ref={cancelRef}
              type="button"
              className={buttonClass('secondary')}
              disabled={block.isPending}
              onClick={() => {
                setConfirming(false);
              }}
            >
              Cancel
            </button>
            <Button variant="danger" pending={block.isPending} onClick={() => void run(true)}>
              Block
            </Button>
          </div>
        </Dialog>
      )}
      {error && <Alert focusOnShow>{error}</Alert>}
    </>
  );
}

/** 'Report': a reason and optional details, sent to BenchMarket's operators. */
export function ReportButton({ conversation }: { conversation: ConversationDetail }) {
  const report = useReport(conversation.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ConversationReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setError(null);
  };
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason) {
      setError('Please choose a reason.');
      return;
    }
    try {
      const answer = await report.mutateAsync({ reason, details });
      setOpen(false);
      setDone(answer.message);
    } catch (cause) {
      setError(errorDetail(cause, 'Your report could not be sent. Please try again.'));
    }
  };
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          setDone(null);
          setOpen(true);
        }}
      >
        Report
      </Button>
      {open && (
        <Dialog
          title="Report this conversation"
          description="Tell us what is wrong. Our team reads every report."
          onClose={close}
          busy={report.isPending}
        >
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
            <RadioGroup
              legend="Reason"
              name="reason"
              options={REASON_OPTIONS}
              value={reason}
              onChange={setReason}
              invalid={Boolean(error) && !reason}
              required
            />
            <TextAreaField
              label={
                <>
                  Details <span className="font-normal text-slate-500">(optional)</span>
                </>
              }
              name="details"
              value={details}
              onChange={(event) => {
                setDetails(event.target.value);
              }}
              rows={3}
              maxLength={CONVERSATION_REPORT_DETAILS_MAX_LENGTH}
            />
            {error && <Alert>{error}</Alert>}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={close} disabled={report.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" pending={report.isPending}>
                Send report
              </Button>
            </div>
          </form>
        </Dialog>
      )}
      {done && (
        <Alert tone="success" focusOnShow>
          {done}
        </Alert>
      )}
    </>
  );
}
