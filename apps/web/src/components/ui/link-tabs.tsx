import { Link } from 'react-router';
import { cn } from '@/lib/cn';

export interface LinkTab {
  label: string;
  /** Where the tab leads (a filter kept in the URL: '?status=open'). */
  to: string;
  current: boolean;
}

/**
 * Views of one list that live in the URL ('Open' / 'Resolved'): links, the current one
 * marked with `aria-current="page"`. Links rather than ARIA tabs, because each view is its
 * own address (Back, bookmarks, a shared link).
 */
export function LinkTabs({ label, tabs, className }: { label: string; tabs: readonly LinkTab[]; className?: string }) {
  return (
    <nav aria-label={label} className={cn('border-b border-slate-200', className)}>
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              aria-current={tab.current ? 'page' : undefined}
              className={cn(
                'inline-flex border-b-2 px-4 py-3 text-sm font-semibold whitespace-nowrap focus-visible:outline-offset-[-2px]',
                tab.current
                  ? 'border-teal-700 text-teal-800'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
