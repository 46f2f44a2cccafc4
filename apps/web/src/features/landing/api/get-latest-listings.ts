import type { Listing } from '@benchmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How many listings the landing page's strip shows. */
export const LANDING_LISTINGS_LIMIT = 8;

export const latestListingsQueryKey = (limit: number) => ['listings', 'latest', { limit }] as const;

/** GET /listings/latest?limit= (spec §7): the newest active listings. */
export function getLatestListings(limit: number, options?: { signal?: AbortSignal }): Promise<Listing[]> {
  return api.get<Listing[]>('/listings/latest', { query: { limit }, signal: options?.signal });
}

export function latestListingsQueryOptions(limit = LANDING_LISTINGS_LIMIT) {
  return queryOptions({
    queryKey: latestListingsQueryKey(limit),
    queryFn: ({ signal }) => getLatestListings(limit, { signal }),
  });
}

export function useLatestListings(limit = LANDING_LISTINGS_LIMIT) {
  return useQuery(latestListingsQueryOptions(limit));
}
