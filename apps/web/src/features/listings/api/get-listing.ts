import type { Listing } from '@benchmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/features/auth/use-auth';
import { api } from '@/lib/api-client';
import { listingKeys } from './query-keys';

/** GET /listings/{id}: 404 when the listing does not exist or is not visible to the caller. */
export function getListing(id: string, options?: { signal?: AbortSignal }): Promise<Listing> {
  return api.get<Listing>(`/listings/${encodeURIComponent(id)}`, options);
}

export function listingQueryOptions(id: string, viewerId: string | null) {
  return queryOptions({
    queryKey: listingKeys.detail(id, viewerId),
    queryFn: ({ signal }) => getListing(id, { signal }),
  });
}

/**
 * The listing as the current user sees it. Waits for the session check, so an owner's
 * request carries their identity and is cached under their key.
 */
export function useListing(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { user, isLoading } = useAuth();
  return useQuery({ ...listingQueryOptions(id, user?.id ?? null), enabled: enabled && !isLoading });
}
