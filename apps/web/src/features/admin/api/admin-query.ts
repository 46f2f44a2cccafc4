import type { Paginated } from '@benchmarket/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listingKeys } from '@/lib/api/listings';
import { useAuth } from '@/lib/session/use-auth';
import { adminKeys } from './query-keys';

/** The signed-in administrator, for the console's keys: the queries run only for an admin. */
export function useAdminViewer(): { viewer: string | null; isAdmin: boolean } {
  const { user } = useAuth();
  return { viewer: user?.id ?? null, isAdmin: user?.role === 'admin' };
}

/**
 * A console read, cached under the viewer's key (see query-keys) and asked only for an
 * administrator. `keepPrevious`: the data on screen stays while the next page or filter loads,
 * so a list does not fall back to a spinner.
 */
export function useAdminQuery<T>(
  keyFor: (viewer: string | null) => QueryKey,
  fetch: (signal: AbortSignal) => Promise<T>,
  { keepPrevious = false }: { keepPrevious?: boolean } = {},
) {
  const { viewer, isAdmin } = useAdminViewer();
  return useQuery({
    queryKey: keyFor(viewer),
    queryFn: ({ signal }) => fetch(signal),
    enabled: isAdmin,
    ...(keepPrevious && { placeholderData: keepPreviousData }),
  });
}

/** A page of a console list: GET `path` with `query` (its filters and page). */
export function useAdminPagedQuery<Item>(
  keyFor: (viewer: string | null) => QueryKey,
  path: string,
  query: Record<string, string | number>,
) {
  return useAdminQuery(keyFor, (signal) => api.get<Paginated<Item>>(path, { query, signal }), { keepPrevious: true });
}

/**
 * A console action: after it succeeds every console query is refreshed (the queue, the
 * reports, the counters…) and so is every cached listing (a take-down or a featuring changes
 * what the public pages show); `alsoInvalidate` names other data the action changes.
 */
export function useAdminMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  { alsoInvalidate = [] }: { alsoInvalidate?: readonly QueryKey[] } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([adminKeys.all, listingKeys.all, ...alsoInvalidate].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
