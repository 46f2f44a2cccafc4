import { LATEST_LISTINGS_LIMIT, type Listing } from '@benchmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { searchKeys } from './query-keys';

/** GET /listings/latest?limit= (spec §7): the newest active listings, for visitors and unverified users. */
export function getLatestListings(limit: number, options?: { signal?: AbortSignal }): Promise<Listing[]> {
  return api.get<Listing[]>('/listings/latest', { ...options, query: { limit } });
}

/** spec §4, §6, §9: visitors and unverified users see the latest 10. */
export function latestListingsQueryOptions(limit: number = LATEST_LISTINGS_LIMIT) {
  return queryOptions({
    queryKey: searchKeys.latest(limit),
    queryFn: ({ signal }) => getLatestListings(limit, { signal }),
  });
}

export function useLatestListings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...latestListingsQueryOptions(), enabled });
}
