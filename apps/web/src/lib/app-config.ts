import type { PublicConfig } from '@benchmarket/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const appConfigQueryKey = ['config'] as const;

/** GET /config: the run-time settings a browser may see (Google client id, payments, promotion, prices). */
function getAppConfig(options?: { signal?: AbortSignal }): Promise<PublicConfig> {
  return api.get<PublicConfig>('/config', options);
}

/**
 * The settings change only when the server restarts (and the promotion flips at a date), so
 * one fetch per visit is plenty: an hour before it is considered stale, kept for the session.
 */
export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: appConfigQueryKey,
    queryFn: ({ signal }) => getAppConfig({ signal }),
    staleTime: 60 * 60_000,
    gcTime: Infinity,
  });
}

/** The app's run-time configuration; `data` is undefined while loading or when the call failed. */
export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}

/** A page's clientLoader that starts loading the settings together with the page's code. */
export function appConfigLoader(queryClient: QueryClient) {
  return () => {
    void queryClient.prefetchQuery(appConfigQueryOptions());
    return null;
  };
}
