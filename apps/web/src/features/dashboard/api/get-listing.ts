import type { Listing } from '@benchmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/features/auth/use-auth';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** GET /listings/{id}: the details of a listing a dashboard row refers to. */
export function getListing(id: string, options?: { signal?: AbortSignal }): Promise<Listing> {
  return api.get<Listing>(`/listings/${encodeURIComponent(id)}`, options);
}

export function listingQueryOptions(id: string, viewerId: string | null) {
  return queryOptions({
    queryKey: dashboardKeys.listing(id, viewerId),
    queryFn: ({ signal }) => getListing(id, { signal }),
  });
}

export function useListing(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({ ...listingQueryOptions(id, user?.id ?? null), enabled: enabled && user !== null });
}
