import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface Column {
  /** The header text (or a visually hidden one, e.g. for a photo column). */
  label: ReactNode;
  align?: 'right';
}

/** One padding for every cell: a little more at the table's outer edges. */
const CELL_PADDING = 'px-3 py-3 first:pl-4 last:pr-4';

/**
 * A dashboard tab's table (My Listings, Payment History): a focusable, horizontally
 * scrollable region named `label`, a screen-reader caption, the header row from `columns`,
 * and the rows (`children`, `<tr>`s whose cells get the table's padding).
 */
export function DataTable({
  label,
  caption,
  columns,
  children,
}: {
  label: string;
  caption: string;
  columns: readonly Column[];
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-teal-700"
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm [&_td]:px-3 [&_td]:py-3 [&_td:first-child]:pl-4 [&_td:last-child]:pr-4">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={cn(CELL_PADDING, column.align === 'right' && 'text-right')}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}
