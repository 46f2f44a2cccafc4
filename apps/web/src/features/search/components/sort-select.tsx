import { SEARCH_SORTS, SEARCH_SORT_LABELS, type SearchSort } from '@benchmarket/shared';
import { useId } from 'react';

interface SortSelectProps {
  /** '' is the default order: best match with words, newest first without (the API's, featured listings first). */
  value: SearchSort | '';
  /** Whether the results on show were searched with words: without them nothing is a better match than another. */
  hasWords: boolean;
  onChange: (sort: SearchSort | '') => void;
  disabled?: boolean;
}

/** Issue 16: 'Sort by' above the results; choosing an order searches again at once. */
export function SortSelect({ value, hasWords, onChange, disabled = false }: SortSelectProps) {
  const id = useId();
  // Without words the default already is newest first, so 'Newest' names it and is not offered twice.
  const defaultOrder: SearchSort = hasWords ? 'relevance' : 'newest';
  const others = SEARCH_SORTS.filter((sort) => sort !== 'relevance' && sort !== defaultOrder);
  const shown = value === defaultOrder || value === 'relevance' ? '' : value;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Sort by
      </label>
      <select
        id={id}
        value={shown}
        disabled={disabled}
        onChange={(event) => {
          onChange(others.find((sort) => sort === event.target.value) ?? '');
        }}
        className="rounded-lg border border-slate-300 bg-white py-1.5 pr-8 pl-3 text-sm text-slate-900 shadow-sm focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 focus:outline-none"
      >
        <option value="">{SEARCH_SORT_LABELS[defaultOrder]}</option>
        {others.map((sort) => (
          <option key={sort} value={sort}>
            {SEARCH_SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
