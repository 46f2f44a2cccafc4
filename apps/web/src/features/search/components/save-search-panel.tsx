/**
 * Issue 16: the 'Save search' form of /search — a name (the words by default) and how often to
 * mail new matches. Its own chunk (the search page loads it when the button is pressed): it
 * validates with the shared schema, and zod stays off the search page's first load.
 */
import {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  SAVED_SEARCH_NAME_MAX_LENGTH,
  SAVED_SEARCH_NAME_REQUIRED,
  SavedSearchFormSchema,
  type AlertFrequency,
  type SavedCriteria,
} from '@benchmarket/shared';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { SubmitCancel } from '@/components/ui/button';
import { RadioGroup } from '@/components/ui/radio-group';
import { TextField } from '@/components/ui/text-field';
import { useCheckedForm } from '@/components/ui/use-checked-form';
import { errorDetail } from '@/lib/api-client';
import { useSaveSearch } from '@/lib/api/saved-searches';

export const SAVE_SEARCH_FAILED = 'Could not save the search. Please try again.';

const FREQUENCY_OPTIONS = ALERT_FREQUENCIES.map((value) => ({ value, label: ALERT_FREQUENCY_LABELS[value] }));

interface SaveSearchPanelProps {
  criteria: SavedCriteria;
  /** The name offered: the words of the search. */
  defaultName: string;
  onClose: () => void;
}

export default function SaveSearchPanel({ criteria, defaultName, onClose }: SaveSearchPanelProps) {
  const saving = useSaveSearch();
  const { values, setValues, error, errorId, formRef, submitWith, fieldProps } = useCheckedForm({
    schema: SavedSearchFormSchema,
    initial: { name: defaultName.slice(0, SAVED_SEARCH_NAME_MAX_LENGTH), frequency: 'instant' },
    fieldOrder: ['name', 'frequency'],
    requiredMessage: SAVED_SEARCH_NAME_REQUIRED,
    clearMarkOnEdit: true,
    onEdit: () => {
      if (saving.isError) saving.reset();
    },
  });

  if (saving.isSuccess) {
    return (
      <Alert
        tone="success"
        focusOnShow
        title={`Search saved as “${saving.data.name}”.`}
        actions={
          <>
            <Link to="/dashboard?tab=saved-searches" className="font-semibold text-green-900 underline">
              Manage saved searches
            </Link>
            <button type="button" onClick={onClose} className="font-semibold text-green-900 underline">
              Close
            </button>
          </>
        }
      >
        {saving.data.frequency === 'daily'
          ? 'We will email you a daily digest of new listings that match.'
          : 'We will email you within minutes when a new listing matches.'}
      </Alert>
    );
  }

  const shownError = error ?? (saving.isError ? errorDetail(saving.error, SAVE_SEARCH_FAILED) : null);
  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Save search"
      onSubmit={submitWith(
        async (request) => {
          await saving.mutateAsync({ ...request, criteria }).catch(() => undefined);
        },
        { pending: saving.isPending },
      )}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      {shownError && <Alert id={errorId} focusOnShow={error === null} title={shownError} />}
      <TextField label="Name" maxLength={SAVED_SEARCH_NAME_MAX_LENGTH} autoComplete="off" {...fieldProps('name')} />
      <RadioGroup<AlertFrequency>
        legend="Email me new matches"
        name="frequency"
        options={FREQUENCY_OPTIONS}
        value={values.frequency === 'daily' ? 'daily' : 'instant'}
        onChange={(value) => {
          setValues((current) => ({ ...current, frequency: value }));
        }}
      />
      <SubmitCancel label="Save search" pending={saving.isPending} onCancel={onClose} className="flex-col gap-3 sm:flex-row" />
    </form>
  );
}
