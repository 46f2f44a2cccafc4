import type { Paginated } from '@benchmarket/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { QueryView } from './query-view';
import { withParams } from './use-page-param';

interface ConsoleListProps<Item> {
  query: UseQueryResult<Paginated<Item>>;
  /** What the list reads ('inbox'), for the loading and failed texts (QueryView). */
  what: string;
  /** What an empty page says instead of the list. */
  empty: ReactNode;
  /** The pager's name ('Inbox pages'). */
  pagesLabel: string;
  /** The URL's parameter for the page (a second list on a page has its own); 'page' by default. */
  pageParam?: string;
  /** A line above the list, e.g. how many were found. */
  summary?: (data: Paginated<Item>) => ReactNode;
  /** The page's items as a table or a list. */
  children: (items: Item[]) => ReactNode;
}

/**
 * A paged console list: the query's loading and failed states (QueryView), the empty state,
 * then the items and the pager, whose links keep the URL's filters.
 */
export function ConsoleList<Item>({ query, what, empty, pagesLabel, pageParam = 'page', summary, children }: ConsoleListProps<Item>) {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  return (
    <QueryView query={query} what={what}>
      {(data) =>
        data.items.length === 0 ? (
          <EmptyState>{empty}</EmptyState>
        ) : (
          <>
            {summary?.(data)}
            {children(data.items)}
            <Pager
              label={pagesLabel}
              page={data.page}
              pageSize={data.page_size}
              total={data.total}
              hrefFor={(next) => withParams(pathname, searchParams, { [pageParam]: next === 1 ? null : next })}
              className="mt-6"
            />
          </>
        )
      }
    </QueryView>
  );
}

/** How many a search found ('3 found for 'jane'.'), or how many there are in all without one. */
export function SearchCount({ total, search, noun }: { total: number; search: string; noun: string }) {
  return (
    <p className="mb-3 text-sm text-slate-700" role="status">
      {search ? `${String(total)} found for '${search}'.` : `${String(total)} ${noun}, the newest first.`}
    </p>
  );
}

/**
 * The console's cards as ConsoleList's children (inbox entries, report groups): one ordered
 * list, one card per item — each card is its own <li>.
 */
export function cardList<Item>(keyOf: (item: Item) => string, card: (item: Item) => ReactNode): (items: Item[]) => ReactNode {
  function Cards(items: Item[]) {
    return (
      <ol className="space-y-4">
        {items.map((item) => (
          <Fragment key={keyOf(item)}>{card(item)}</Fragment>
        ))}
      </ol>
    );
  }
  return Cards;
}
