import { LATEST_LISTINGS_LIMIT, type Listing } from '@benchmarket/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/session/use-auth';

/**
 * The one home of the listing reads every feature shares (the listing page, the payment and
 * extension pages, the dashboard, the landing strip, search) and of their query keys.
 *
 * Everything about listings lives under ['listings'], so whatever invalidates listings
 * (create, edit, payment) refreshes every copy. A listing is keyed by the viewer too: its
 * owner also sees it while unpaid or removed, so one user's copy is never served to another.
 */
export const listingKeys = {
  all: ['listings'] as const,
  /** Every cached copy of one listing, whoever viewed it (for invalidation). */
  detailOf: (id: string) => ['listings', 'detail', id] as const,
  /** One listing as `viewerId` (null: a visitor) sees it. */
  detail: (id: string, viewerId: string | null) => ['listings', 'detail', id, { viewer: viewerId }] as const,
  /** The newest active listings (public data, not keyed by user). */
  latest: (limit: number) => ['listings', 'latest', { limit }] as const,
  /** The listings the BenchMarket team features (public data, issue 14). */
  featured: () => ['listings', 'featured'] as const,
  /** The seller's own listings (the dashboard). */
  mine: (userId: string | null, showAll: boolean) => ['listings', 'user', userId, { showAll }] as const,
};

/** GET /listings/{id}: 404 when the listing does not exist or is not visible to the caller. */
function getListing(id: string, options?: { signal?: AbortSignal }): Promise<Listing> {
  return api.get<Listing>(`/listings/${encodeURIComponent(id)}`, options);
}

/** One listing as `viewerId` sees it (the listing page, the comparison of issue 16). */
export function listingQueryOptions(id: string, viewerId: string | null) {
  return queryOptions({
    queryKey: listingKeys.detail(id, viewerId),
    queryFn: ({ signal }) => getListing(id, { signal }),
  });
}

/**
 * The listing as the current user sees it. By default it waits for the session check, so an
 * owner's request carries their identity and is cached under their key; `signedInOnly` waits
 * until there is a logged-in user (pages and panels that only a signed-in user sees).
 */
export function useListing(id: string, { enabled = true, signedInOnly = false }: { enabled?: boolean; signedInOnly?: boolean } = {}) {
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();
  const sessionReady = signedInOnly ? user !== null : !isLoading;
  return useQuery({
    ...listingQueryOptions(id, user?.id ?? null),
    enabled: enabled && sessionReady,
    // Issue 19: the server drew the page as a visitor sees it (it knows no session). While a
    // signed-in reader's own copy loads, the visitor's copy of the same listing stays on the
    // page instead of a loading skeleton: no flash between the server's page and theirs.
    placeholderData: () => (user ? queryClient.getQueryData(listingKeys.detail(id, null)) : undefined),
  });
}

/** GET /listings/latest?limit= (spec §7): the newest active listings. */
function getLatestListings(limit: number, options?: { signal?: AbortSignal }): Promise<Listing[]> {
  return api.get<Listing[]>('/listings/latest', { query: { limit }, signal: options?.signal });
}

/** spec §4, §6, §9: visitors and unverified users see the latest 10 (the landing strip asks for fewer). */
export function latestListingsQueryOptions(limit: number = LATEST_LISTINGS_LIMIT) {
  return queryOptions({
    queryKey: listingKeys.latest(limit),
    queryFn: ({ signal }) => getLatestListings(limit, { signal }),
  });
}

export function useLatestListings(limit: number = LATEST_LISTINGS_LIMIT, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...latestListingsQueryOptions(limit), enabled });
}
