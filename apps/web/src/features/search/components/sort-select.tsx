import { SEARCH_SORTS, SEARCH_SORT_LABELS, type SearchSort } from '@benchmarket/shared';
import { useId } from 'react';

interface SortSelectProps {
  /** '' is the default order: best match (newest first when there are no words). */
  value: SearchSort | '';
  onChange: (sort: SearchSort | '') => void;
  disabled?: boolean;
}

/** Issue 16: 'Sort by' above the results; choosing an order searches again at once. */
export function SortSelect({ value, onChange, disabled = false }: SortSelectProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Sort by
      </label>
      <select
        id={id}
        value={value || 'relevance'}
        disabled={disabled}
        onChange={(event) => {
          const chosen = SEARCH_SORTS.find((sort) => sort === event.target.value);
          onChange(chosen === undefined || chosen === 'relevance' ? '' : chosen);
        }}
        className="rounded-lg border border-slate-300 bg-white py-1.5 pr-8 pl-3 text-sm text-slate-900 shadow-sm focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 focus:outline-none"
      >
        {SEARCH_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SEARCH_SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
