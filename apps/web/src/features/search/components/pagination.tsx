interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}

const buttonClass =
  'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50';

/** Previous / 'Page X of Y' / Next (spec: pagination of search results). */
export function Pagination({ page, totalPages, onPageChange, disabled = false }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-between gap-4 border-t border-slate-200 pt-6">
      <button
        type="button"
        className={buttonClass}
        disabled={disabled || page <= 1}
        onClick={() => {
          onPageChange(page - 1);
        }}
      >
        <span aria-hidden="true">←</span> Previous
      </button>
      <p className="text-sm text-slate-700">
        Page {page} of {totalPages}
      </p>
      <button
        type="button"
        className={buttonClass}
        disabled={disabled || page >= totalPages}
        onClick={() => {
          onPageChange(page + 1);
        }}
      >
        Next <span aria-hidden="true">→</span>
      </button>
    </nav>
  );
}
