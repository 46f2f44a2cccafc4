import { OutlineIcon } from '@/components/ui/icon';

interface EmptyStateProps {
  query: string;
  filterCount: number;
  useAi: boolean;
  onRemoveFilters: () => void;
  onTryAi: () => void;
}

const actionClass =
  'inline-flex items-center justify-center rounded-lg border border-teal-700 bg-white px-4 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none';

/** No results: say so, and suggest what to change (with a button where one can do it). */
export function EmptyState({ query, filterCount, useAi, onRemoveFilters, onTryAi }: EmptyStateProps) {
  const trimmed = query.trim();
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <OutlineIcon className="mx-auto size-10 text-slate-400" strokeWidth={1.5}>
        <path d="m21 21-5.2-5.2M10.5 18a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15Z" />
      </OutlineIcon>
      <h3 className="mt-3 text-lg font-semibold text-slate-900">
        {trimmed ? <>No listings match “{trimmed}”</> : 'No listings match your search'}
      </h3>
      <ul className="mx-auto mt-3 max-w-md list-disc space-y-1 pl-5 text-left text-sm text-slate-600">
        {filterCount > 0 && <li>Remove a filter, or widen the price range.</li>}
        {trimmed && <li>Check the spelling, or use a more general word (“centrifuge” rather than a model number).</li>}
        {!useAi && <li>Try AI-enhanced search: it understands plain requests like “refurbished PCR machine under $5,000”.</li>}
        {useAi && filterCount === 0 && !trimmed && <li>Describe the equipment you need in the search box.</li>}
      </ul>
      {(filterCount > 0 || !useAi) && (
        <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
          {filterCount > 0 && (
            <button type="button" className={actionClass} onClick={onRemoveFilters}>
              Remove all filters
            </button>
          )}
          {!useAi && (
            <button type="button" className={actionClass} onClick={onTryAi}>
              Try AI-enhanced search
            </button>
          )}
        </div>
      )}
    </div>
  );
}
