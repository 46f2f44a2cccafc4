import {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  CONDITION_LABELS,
  SAVED_SEARCHES_MAX,
  SAVED_SEARCHES_VERIFIED_ONLY,
  SAVED_SEARCH_NAME_MAX_LENGTH,
  SAVED_SEARCH_NAME_REQUIRED,
  SEARCH_SORT_LABELS,
  formatPrice,
  searchPagePath,
  type AlertFrequency,
  type SavedSearch,
} from '@benchmarket/shared';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { SubmitCancel } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { StatusPill } from '@/components/ui/status-pill';
import { TextField } from '@/components/ui/text-field';
import { errorDetail } from '@/lib/api-client';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from '@/lib/api/saved-searches';
import { useAuth } from '@/lib/session/use-auth';
import { ConfirmDialog } from './confirm-dialog';
import { RowButton, actionLinkClass } from './ui';
import { useConfirmedDelete } from './use-confirmed-delete';

export const SAVED_SEARCHES_FAILED = 'Failed to load your saved searches. Please try again.';
export const SAVED_SEARCH_UPDATE_FAILED = 'Could not change the saved search. Please try again.';
export const SAVED_SEARCH_DELETE_FAILED = 'Failed to delete the saved search. Please try again.';

/** What a saved search looks for, in words: "centrifuge · AI-enhanced · up to $5,000.00 · Germany · Price: low to high". */
export function describeCriteria({ criteria }: Pick<SavedSearch, 'criteria'>): string {
  const parts: string[] = [criteria.query ? `“${criteria.query}”` : 'All listings'];
  if (criteria.use_rag) parts.push('AI-enhanced');
  if (criteria.min_price !== undefined && criteria.max_price !== undefined)
    parts.push(`${formatPrice(criteria.min_price)} – ${formatPrice(criteria.max_price)}`);
  else if (criteria.min_price !== undefined) parts.push(`from ${formatPrice(criteria.min_price)}`);
  else if (criteria.max_price !== undefined) parts.push(`up to ${formatPrice(criteria.max_price)}`);
  if (criteria.condition) parts.push(CONDITION_LABELS[criteria.condition]);
  if (criteria.location) parts.push(criteria.location);
  if (criteria.manufacturer) parts.push(criteria.manufacturer);
  if (criteria.year_from !== undefined || criteria.year_to !== undefined)
    parts.push(`built ${criteria.year_from ?? '…'}–${criteria.year_to ?? '…'}`);
  if (criteria.sort) parts.push(SEARCH_SORT_LABELS[criteria.sort]);
  return parts.join(' · ');
}

const alertFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

interface RowProps {
  search: SavedSearch;
  onDelete: (search: SavedSearch) => void;
}

function SavedSearchItem({ search, onDelete }: RowProps) {
  const update = useUpdateSavedSearch();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(search.name);
  const [nameError, setNameError] = useState<string | undefined>();
  const headingId = useId();
  const frequencyId = useId();

  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(SAVED_SEARCH_NAME_REQUIRED);
      return;
    }
    update.mutate(
      { id: search.id, name: trimmed },
      {
        onSuccess: () => {
          setRenaming(false);
        },
      },
    );
  };

  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold break-words text-slate-900">
          {search.name}
        </h3>
        {search.paused ? <StatusPill tone="neutral">Paused</StatusPill> : <StatusPill tone="success">Alerts on</StatusPill>}
      </div>
      <p className="mt-1 text-sm break-words text-slate-600">{describeCriteria(search)}</p>
      {search.last_alert_at && (
        <p className="mt-1 text-xs text-slate-500">
          Last alert: <time dateTime={search.last_alert_at}>{alertFormat.format(new Date(search.last_alert_at))}</time>
        </p>
      )}
      {update.isError && (
        <Alert className="mt-3" focusOnShow>
          {errorDetail(update.error, SAVED_SEARCH_UPDATE_FAILED)}
        </Alert>
      )}
      {renaming ? (
        <form onSubmit={rename} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
          <TextField
            label="New name"
            value={name}
            maxLength={SAVED_SEARCH_NAME_MAX_LENGTH}
            error={nameError}
            autoFocus
            className="flex-1"
            onChange={(event) => {
              setName(event.target.value);
              setNameError(undefined);
            }}
          />
          <SubmitCancel
            label="Save name"
            size="sm"
            pending={update.isPending}
            onCancel={() => {
              setRenaming(false);
              setName(search.name);
              setNameError(undefined);
            }}
          />
        </form>
      ) : (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Link to={searchPagePath(search.criteria)} className={actionLinkClass}>
            Run search
          </Link>
          <RowButton
            onClick={() => {
              setRenaming(true);
            }}
          >
            Rename
          </RowButton>
          <RowButton
            disabled={update.isPending}
            onClick={() => {
              update.mutate({ id: search.id, paused: !search.paused });
            }}
          >
            {search.paused ? 'Resume alerts' : 'Pause alerts'}
          </RowButton>
          <label htmlFor={frequencyId} className="sr-only">
            Email frequency for {search.name}
          </label>
          <select
            id={frequencyId}
            value={search.frequency}
            disabled={update.isPending}
            onChange={(event) => {
              const frequency = ALERT_FREQUENCIES.find((value) => value === event.target.value);
              if (frequency) update.mutate({ id: search.id, frequency });
            }}
            className="rounded-md border border-slate-300 bg-white py-1.5 pr-8 pl-3 text-sm font-semibold text-slate-800"
          >
            {ALERT_FREQUENCIES.map((value: AlertFrequency) => (
              <option key={value} value={value}>
                {ALERT_FREQUENCY_LABELS[value]}
              </option>
            ))}
          </select>
          <RowButton
            danger
            onClick={() => {
              onDelete(search);
            }}
          >
            Delete
          </RowButton>
        </div>
      )}
    </li>
  );
}

/** Issue 16: the 'Saved searches' tab — rename, change the frequency, pause or resume, delete, run again. */
export function SavedSearchesPanel() {
  const { user } = useAuth();
  const searches = useSavedSearches();
  const deletion = useDeleteSavedSearch();
  const { pending, ask, failed, dialogProps } = useConfirmedDelete<SavedSearch>(deletion);

  if (!user?.is_verified) return <Alert>{SAVED_SEARCHES_VERIFIED_ONLY}</Alert>;
  if (searches.isPending) return <Spinner label="Loading your saved searches…" className="py-12" />;
  if (searches.isError) return <Alert onRetry={() => void searches.refetch()}>{SAVED_SEARCHES_FAILED}</Alert>;

  return (
    <div className="space-y-4">
      {failed && <Alert>{SAVED_SEARCH_DELETE_FAILED}</Alert>}
      {searches.data.length === 0 ? (
        <EmptyState>
          <p>No saved searches yet. Search for equipment and press ‘Save search’ to get an email when new listings match.</p>
          <Link to="/search" className="mt-3 inline-block font-semibold text-teal-800 underline">
            Search equipment
          </Link>
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {searches.data.length} of {SAVED_SEARCHES_MAX} saved searches. We email you new listings that match each one.
          </p>
          <ul aria-label="Saved searches" className="space-y-3">
            {searches.data.map((search) => (
              <SavedSearchItem key={search.id} search={search} onDelete={ask} />
            ))}
          </ul>
        </>
      )}
      {pending && (
        <ConfirmDialog
          title="Delete this saved search?"
          description={`"${pending.name}" will be deleted and its email alerts will stop.`}
          confirmLabel="Delete saved search"
          {...dialogProps}
        />
      )}
    </div>
  );
}
