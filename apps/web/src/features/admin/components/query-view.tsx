import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { answerDetail, isApiError } from '@/lib/api-client';
import { NoAccess } from './console-page';

export const OFFLINE = 'BenchMarket could not be reached. Check your connection and try again.';

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  /**
   * What the query reads ('review queue'): the spinner says 'Loading the review queue…', a
   * failed load 'The review queue could not be loaded.' — the same words on every console page.
   */
  what: string;
  children: (data: T) => ReactNode;
}

/**
 * A console query's states: loading, failed (the API's detail and 'Try again'; a 403 is the
 * console's 'no access'), and the data. While a new page or filter loads, the last data stays
 * on screen, marked busy.
 */
export function QueryView<T>({ query, what, children }: QueryViewProps<T>) {
  if (query.isPending) return <Spinner label={`Loading the ${what}…`} className="py-16" />;
  if (query.isError && (query.data === undefined || query.isPlaceholderData)) {
    if (isApiError(query.error) && query.error.status === 403) return <NoAccess />;
    return (
      <Alert
        title={`The ${what} could not be loaded.`}
        onRetry={() => {
          void query.refetch();
        }}
        retrying={query.isFetching}
      >
        <p className="mt-1">{answerDetail(query.error, 'Please try again.', OFFLINE)}</p>
      </Alert>
    );
  }
  if (query.data === undefined) return null;
  return <div aria-busy={query.isPlaceholderData && query.isFetching ? true : undefined}>{children(query.data)}</div>;
}
