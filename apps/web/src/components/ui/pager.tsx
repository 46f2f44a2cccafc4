import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

interface PagerBase {
  /** The navigation's name: what is paged ('Review queue pages'). */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  /** '(93 in all)' after the page number; off where the count stands elsewhere (search's 'N results'). */
  showTotal?: boolean;
  className?: string;
}

/** A list that keeps its page in the URL: links, the one that goes nowhere left out. */
interface LinkPagerProps extends PagerBase {
  /** The address of a page. */
  hrefFor: (page: number) => string;
  onPageChange?: never;
  disabled?: never;
}

/** A list that changes its page itself (search): buttons, disabled at the ends and while `disabled`. */
interface ButtonPagerProps extends PagerBase {
  onPageChange: (page: number) => void;
  disabled?: boolean;
  hrefFor?: never;
}

const controlClass =
  'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50';

/**
 * 'Previous' and 'Next' around 'Page 2 of 5'; nothing when everything fits on one page (but a
 * page past the end still offers the way back).
 */
export function Pager(props: LinkPagerProps | ButtonPagerProps) {
  const { label, page, pageSize, total, showTotal = true, className } = props;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;

  const control = (to: number, enabled: boolean, children: ReactNode) => {
    if (props.hrefFor) {
      return enabled ? (
        <Link to={props.hrefFor(to)} className={controlClass}>
          {children}
        </Link>
      ) : (
        <span />
      );
    }
    const { onPageChange, disabled = false } = props;
    return (
      <button
        type="button"
        className={controlClass}
        disabled={disabled || !enabled}
        onClick={() => {
          onPageChange(to);
        }}
      >
        {children}
      </button>
    );
  };

  return (
    <nav aria-label={label} className={cn('flex flex-wrap items-center justify-between gap-3', className)}>
      {control(
        page - 1,
        page > 1,
        <>
          <span aria-hidden="true">←</span> Previous
        </>,
      )}
      <p className="text-sm text-slate-700">
        Page {page} of {pages}
        {showTotal && (
          <>
            {' '}
            <span className="text-slate-600">({total} in all)</span>
          </>
        )}
      </p>
      {control(
        page + 1,
        page < pages,
        <>
          Next <span aria-hidden="true">→</span>
        </>,
      )}
    </nav>
  );
}
