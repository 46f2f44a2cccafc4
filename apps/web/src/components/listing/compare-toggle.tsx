import { COMPARE_FULL } from '@benchmarket/shared';
import { useId, useState } from 'react';
import { useCompareSelection } from '@/lib/compare-selection';

/**
 * Issue 16: the 'Compare' tick box on a search card or watchlist item. A fifth tick is refused
 * with a visible (and announced) text; the bar below the results links to the comparison.
 */
export function CompareToggle({ listingId, describedBy }: { listingId: string; describedBy?: string }) {
  const selection = useCompareSelection();
  const [refused, setRefused] = useState(false);
  const id = useId();
  const checked = selection.ids.includes(listingId);
  return (
    <div className="text-sm">
      <label htmlFor={id} className="inline-flex cursor-pointer items-center gap-2 font-medium text-slate-700">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-describedby={describedBy}
          onChange={() => {
            setRefused(selection.toggle(listingId) === 'full');
          }}
          className="size-4 rounded border-slate-400 text-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
        />
        Compare
      </label>
      <p role="status" className="empty:hidden mt-1 text-amber-800">
        {refused && !checked ? COMPARE_FULL : ''}
      </p>
    </div>
  );
}
