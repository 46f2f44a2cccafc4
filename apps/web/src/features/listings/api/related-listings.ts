import type { Listing } from '@benchmarket/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listingKeys } from '@/lib/api/listings';

/** GET /listings/{id}/related (issue 16): up to 6 live listings of the same family, nearest in price. Under ['listings'], so edits refresh it. */
export function useRelatedListings(listingId: string) {
  return useQuery({
    queryKey: [...listingKeys.detailOf(listingId), 'related'],
    queryFn: ({ signal }) => api.get<Listing[]>(`/listings/${encodeURIComponent(listingId)}/related`, { signal }),
  });
}
