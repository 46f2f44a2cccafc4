import type { Listing } from '@benchmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/session/use-auth';
import { api } from '@/lib/api-client';
import { listingKeys } from '@/lib/api/listings';

/**
 * GET /listings/user?show_all=… (spec §7): show_all=true gives every listing of the caller
 * (unpaid, expired, removed), false only the active ones (spec §7: "the active-only view is
 * its inverse").
 */
export function getMyListings(showAll: boolean, options?: { signal?: AbortSignal }): Promise<Listing[]> {
  return api.get<Listing[]>('/listings/user', { ...options, query: { show_all: showAll } });
}

export function myListingsQueryOptions(userId: string | null, showAll: boolean) {
  return queryOptions({
    queryKey: listingKeys.mine(userId, showAll),
    queryFn: ({ signal }) => getMyListings(showAll, { signal }),
  });
}

export function useMyListings(showAll: boolean) {
  const { user } = useAuth();
  return useQuery({ ...myListingsQueryOptions(user?.id ?? null, showAll), enabled: user !== null });
}
