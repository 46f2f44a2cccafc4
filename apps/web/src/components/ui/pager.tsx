import { Link } from 'react-router';
import { cn } from '@/lib/cn';

interface PagerProps {
  /** What is paged, for the navigation's name ('Review queue pages'). */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  /** The address of a page (the list keeps its page in the URL). */
  hrefFor: (page: number) => string;
  className?: string;
}

const linkClass =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';

/** 'Previous' and 'Next' links around 'Page 2 of 5 (93 in all)'; nothing when everything fits on one page. */
export function Pager({ label, page, pageSize, total, hrefFor, className }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClass}>
          <span aria-hidden="true">←</span> Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700">
        Page {page} of {pages} <span className="text-slate-600">({total} in all)</span>
      </p>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={linkClass}>
          Next <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
