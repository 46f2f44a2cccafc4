import { COMPARE_MAX } from '@benchmarket/shared';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { comparePath, useCompareSelection } from '@/lib/compare-selection';

/**
 * Issue 16: while listings are ticked for comparison, a bar at the bottom of the window says
 * how many and links to `/compare?ids=…` (a shareable address).
 */
export function CompareBar() {
  const selection = useCompareSelection();
  const count = selection.ids.length;
  if (count === 0) return null;
  return (
    <section
      aria-label="Compare listings"
      className="sticky bottom-0 z-10 mt-6 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-2px_8px_rgba(15,23,42,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-800">
          {count} of {COMPARE_MAX} listings selected for comparison
        </p>
        <div className="flex gap-2">
          <button type="button" onClick={selection.clear} className={buttonClass('secondary', { size: 'sm' })}>
            Clear
          </button>
          <Link to={comparePath(selection.ids)} className={buttonClass('primary', { size: 'sm' })}>
            Compare
          </Link>
        </div>
      </div>
    </section>
  );
}
