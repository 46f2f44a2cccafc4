import type { Listing } from '@benchmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listingKeys } from '@/lib/api/listings';

/**
 * GET /listings/featured (issue 14): the live listings the BenchMarket team features, at most
 * FEATURED_STRIP_LIMIT, in the order the API gives (soonest-ending last); empty when there are none.
 */
export function getFeaturedListings(options?: { signal?: AbortSignal }): Promise<Listing[]> {
  return api.get<Listing[]>('/listings/featured', options);
}

export function featuredListingsQueryOptions() {
  return queryOptions({
    queryKey: listingKeys.featured(),
    queryFn: ({ signal }) => getFeaturedListings({ signal }),
  });
}

export function useFeaturedListings() {
  return useQuery(featuredListingsQueryOptions());
}
