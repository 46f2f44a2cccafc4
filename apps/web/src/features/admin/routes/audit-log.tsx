import type { AuditEntry } from '@benchmarket/shared';
import { Link, useLocation } from 'react-router';
import { DataTable } from '@/components/ui/data-table';
import { useAuditLog } from '../api/audit';
import { ConsoleList } from '../components/console-list';
import { consoleRoute } from '../components/console-page';
import { SearchForm, useSearchText } from '../components/search-form';
import { usePageParam, withParams } from '../components/use-page-param';
import { formatDateTime } from '../format';
import { linkClass } from '../components/record-links';

/** A recorded value as text: strings as they are, nothing as '—', anything else as JSON. */
function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}

/** The fields an action changed, each 'before → after' (everything when one side is missing). */
function changes(entry: Pick<AuditEntry, 'before' | 'after'>): { field: string; before: string; after: string }[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, before: show(before[field]), after: show(after[field]) }));
}

function Change({ entry }: { entry: AuditEntry }) {
  const list = changes(entry);
  if (list.length === 0) return <span className="text-slate-600">No field changed</span>;
  return (
    <dl className="space-y-1">
      {list.map((change) => (
        <div key={change.field}>
          <dt className="inline font-mono text-xs text-slate-600">{change.field}: </dt>
          <dd className="inline break-words">
            <span className="text-slate-700">{change.before}</span>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> changed to </span>
            <span className="font-medium text-slate-900">{change.after}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function objectLink(entry: AuditEntry): string | null {
  if (entry.object_type === 'user') return `/admin/users/${entry.object_id}`;
  if (entry.object_type === 'listing') return `/listings/${entry.object_id}`;
  if (entry.object_type === 'payment') return `/admin/payments?q=${entry.object_id}`;
  return null;
}

/**
 * An email that may wrap after its '@' (and only inside a part when a part alone is too long),
 * instead of being cut anywhere in a narrow column.
 */
function BreakableEmail({ text }: { text: string }) {
  const at = text.indexOf('@');
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at + 1)}
      <wbr />
      {text.slice(at + 1)}
    </>
  );
}

const COLUMNS = [
  { label: 'When' },
  { label: 'Who' },
  { label: 'Action' },
  { label: 'Object' },
  { label: 'Before → after' },
  { label: 'Reason' },
];

function AuditRow({ entry, filterHref }: { entry: AuditEntry; filterHref: string }) {
  const link = objectLink(entry);
  return (
    <tr>
      <td className="whitespace-nowrap">{formatDateTime(entry.created_at)}</td>
      <td className="min-w-32 break-words">
        <BreakableEmail text={entry.actor} />
      </td>
      <td className="font-medium whitespace-nowrap">{entry.action}</td>
      <td className="min-w-44">
        <span className="block text-slate-600">{entry.object_type}</span>
        {link ? (
          <Link to={link} className={`${linkClass} font-mono text-xs break-all`}>
            {entry.object_id}
          </Link>
        ) : (
          <span className="font-mono text-xs break-all">{entry.object_id}</span>
        )}
        <Link to={filterHref} className="mt-1 block text-xs text-teal-800 underline underline-offset-2">
          Only this object
        </Link>
      </td>
      <td className="min-w-64">
        <Change entry={entry} />
      </td>
      <td className="min-w-48 whitespace-pre-line">{entry.reason ?? '—'}</td>
    </tr>
  );
}

function AuditLog() {
  const { pathname } = useLocation();
  const objectId = useSearchText('object_id');
  const page = usePageParam();
  const audit = useAuditLog(page, objectId);
  return (
    <>
      <SearchForm param="object_id" label="Object id" hint="Only what was done to one listing, user, payment or setting." />
      <ConsoleList
        query={audit}
        what="audit log"
        empty={objectId ? `Nothing was recorded about '${objectId}'.` : 'No administrator action is recorded yet.'}
        pagesLabel="Audit log pages"
      >
        {(entries) => (
          <DataTable label="Audit log" caption="Administrator actions, newest first" columns={COLUMNS}>
            {entries.map((entry) => (
              <AuditRow
                key={entry.id}
                entry={entry}
                filterHref={withParams(pathname, new URLSearchParams(), { object_id: entry.object_id })}
              />
            ))}
          </DataTable>
        )}
      </ConsoleList>
    </>
  );
}

/** /admin/audit: every administrator action — who, what, which object, before → after, why, when. Read-only. */
export default consoleRoute({ title: 'Audit log', intro: 'Every administrator action, the newest first. It cannot be changed.' }, AuditLog);
