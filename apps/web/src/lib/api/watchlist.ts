import type { Watch, WatcherCounts, Watchlist } from '@benchmarket/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/session/use-auth';

/**
 * Issue 16: the watchlist API (docs/decisions/021) — shared, because the heart sits on search
 * cards and the listing page, the list on /watchlist and the dashboard, the counts on the
 * seller's listings. Keyed by user: one account's watchlist is never shown to another.
 */
export const watchlistKeys = {
  all: ['watchlist'] as const,
  list: (userId: string | null) => ['watchlist', 'list', userId] as const,
  watchers: (userId: string | null) => ['watchlist', 'watchers', userId] as const,
};

function getWatchlist(options?: { signal?: AbortSignal }): Promise<Watchlist> {
  return api.get<Watchlist>('/watchlist', options);
}

export function watchlistQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: watchlistKeys.list(userId),
    queryFn: ({ signal }) => getWatchlist({ signal }),
  });
}

/** GET /watchlist: the signed-in user's watched live listings, newest watch first. */
export function useWatchlist() {
  const { user } = useAuth();
  return useQuery({ ...watchlistQueryOptions(user?.id ?? null), enabled: user !== null });
}

/** The ids the signed-in user watches (empty while loading or for a visitor). */
export function useWatchedIds(): ReadonlySet<string> {
  const { data } = useWatchlist();
  return new Set(data?.items.map((item) => item.listing.id) ?? []);
}

/** PUT or DELETE /watchlist/{id} (both idempotent). */
function setWatched({ listingId, watched }: { listingId: string; watched: boolean }): Promise<Watch | undefined> {
  const path = `/watchlist/${encodeURIComponent(listingId)}`;
  return watched ? api.put<Watch>(path) : api.delete(path);
}

export function useSetWatched() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWatched,
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchlistKeys.all }),
  });
}

/** GET /watchlist/watchers: how many people watch each of the seller's own listings. */
export function useWatcherCounts(): ReadonlyMap<string, number> {
  const { user } = useAuth();
  const { data } = useQuery({
    queryKey: watchlistKeys.watchers(user?.id ?? null),
    queryFn: ({ signal }) => api.get<WatcherCounts>('/watchlist/watchers', { signal }),
    enabled: user !== null,
  });
  return new Map(data?.items.map((item) => [item.listing_id, item.watchers]) ?? []);
}
