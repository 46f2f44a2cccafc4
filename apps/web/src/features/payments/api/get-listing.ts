import type { Listing } from '@benchmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/features/auth/use-auth';
import { api } from '@/lib/api-client';
import { paymentKeys } from './query-keys';

/** GET /listings/{id}: the listing being paid for or extended (its owner also sees it unpaid). */
export function getListing(id: string, options?: { signal?: AbortSignal }): Promise<Listing> {
  return api.get<Listing>(`/listings/${encodeURIComponent(id)}`, options);
}

export function listingQueryOptions(id: string, viewerId: string | null) {
  return queryOptions({
    queryKey: paymentKeys.listing(id, viewerId),
    queryFn: ({ signal }) => getListing(id, { signal }),
  });
}

/** The listing as the logged-in user sees it; waits until there is one. */
export function useListing(id: string) {
  const { user } = useAuth();
  return useQuery({ ...listingQueryOptions(id, user?.id ?? null), enabled: user !== null && id !== '' });
}
