import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The table's rows as cards below `md` (see `stackOnPhone`). */
const STACKED_ON_PHONE = [
  'max-md:block max-md:divide-y-0 max-md:[&_tbody]:block max-md:[&_tbody]:space-y-3 max-md:[&_tbody]:divide-y-0',
  'max-md:[&_tbody_tr]:block max-md:[&_tbody_tr]:rounded-xl max-md:[&_tbody_tr]:border max-md:[&_tbody_tr]:border-slate-200 max-md:[&_tbody_tr]:bg-white max-md:[&_tbody_tr]:p-3',
  'max-md:[&_td]:flex max-md:[&_td]:flex-wrap max-md:[&_td]:items-center max-md:[&_td]:gap-x-3 max-md:[&_td]:px-0! max-md:[&_td]:py-1.5 max-md:[&_td]:text-left',
  'max-md:[&_td[data-label]]:before:w-24 max-md:[&_td[data-label]]:before:shrink-0 max-md:[&_td[data-label]]:before:text-xs max-md:[&_td[data-label]]:before:font-semibold max-md:[&_td[data-label]]:before:text-slate-600 max-md:[&_td[data-label]]:before:uppercase max-md:[&_td[data-label]]:before:content-[attr(data-label)]',
].join(' ');

export interface DataColumn {
  /** The header text (or a visually hidden one, e.g. for an actions column). */
  label: ReactNode;
  align?: 'right';
}

/**
 * A table of records that may be wider than the screen: a focusable, horizontally scrollable
 * region named `label` (so the keyboard can scroll it too), a caption for screen readers, and,
 * below the `md` breakpoint, a visible cue that more columns lie to the side (`scrollCue`).
 * Rows are the `children` (`<tr>`s; their cells get the table's padding).
 */
export function DataTable({
  label,
  caption,
  columns,
  children,
  className,
  scrollCue = true,
  cellAlign = 'top',
  stackOnPhone = false,
}: {
  label: string;
  caption: string;
  columns: readonly DataColumn[];
  children: ReactNode;
  className?: string;
  scrollCue?: boolean;
  /** 'top' for rows of text of different heights, 'middle' for rows with a photo and buttons. */
  cellAlign?: 'top' | 'middle';
  /**
   * Below `md`, one card per row instead of a table wider than the screen (issue 18): each cell
   * on its own line, led by its `data-label` attribute; the header row stays for screen readers.
   */
  stackOnPhone?: boolean;
}) {
  return (
    <div className={className}>
      {scrollCue && !stackOnPhone && (
        <p aria-hidden="true" className="mb-2 flex items-center gap-1.5 text-xs font-medium text-slate-600 md:hidden">
          <span>Scroll sideways to see every column</span>
          <span className="text-base leading-none">→</span>
        </p>
      )}
      <div
        role="region"
        aria-label={label}
        tabIndex={0}
        className={cn(
          'relative overflow-x-auto rounded-xl border border-slate-200 bg-white bg-[linear-gradient(to_right,white_30%,transparent),linear-gradient(to_left,white_30%,transparent),radial-gradient(farthest-side_at_100%_50%,rgb(15_23_42/0.18),transparent)] bg-[length:2.5rem_100%,2.5rem_100%,0.75rem_100%] bg-[position:left_center,right_center,right_center] bg-no-repeat focus-visible:outline-2 focus-visible:outline-teal-700 [background-attachment:local,local,scroll]',
          stackOnPhone && 'max-md:overflow-visible max-md:border-0 max-md:bg-none',
        )}
      >
        <table
          className={cn(
            'min-w-full divide-y divide-slate-200 text-sm [&_td]:px-3 [&_td]:py-3 [&_td:first-child]:pl-4 [&_td:last-child]:pr-4',
            cellAlign === 'top' && '[&_td]:align-top',
            stackOnPhone && STACKED_ON_PHONE,
          )}
        >
          <caption className="sr-only">{caption}</caption>
          <thead
            className={cn(
              'bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase',
              stackOnPhone && 'max-md:sr-only',
            )}
          >
            <tr>
              {columns.map((column, index) => (
                <th
                  key={index}
                  scope="col"
                  className={cn('px-3 py-3 whitespace-nowrap first:pl-4 last:pr-4', column.align === 'right' && 'text-right')}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">{children}</tbody>
        </table>
      </div>
    </div>
  );
}
