/**
 * Issue 16: saved searches — the search page saves one, the dashboard's 'Saved searches' tab
 * lists and changes them, the unsubscribe page stops a search's alerts. One module and one key
 * set for all three (decision 011: what several features use lives once in lib/).
 */
import type { SavedSearch, SavedSearchCreate, SavedSearchUpdate, Unsubscribed } from '@benchmarket/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/session/use-auth';

/** A user's saved searches are private: keyed by the user. */
export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  list: (userId: string | null) => ['saved-searches', userId] as const,
};

/** GET /saved-searches. */
export function getSavedSearches(options?: { signal?: AbortSignal }): Promise<SavedSearch[]> {
  return api.get<SavedSearch[]>('/saved-searches', options);
}

export function savedSearchesQueryOptions(userId: string | null) {
  return queryOptions({ queryKey: savedSearchKeys.list(userId), queryFn: ({ signal }) => getSavedSearches({ signal }) });
}

/** The logged-in user's saved searches; idle while logged out or unverified. */
export function useSavedSearches() {
  const { user } = useAuth();
  return useQuery({ ...savedSearchesQueryOptions(user?.id ?? null), enabled: user?.is_verified === true });
}

function useInvalidateSavedSearches() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });
}

/** POST /saved-searches. */
export function useSaveSearch() {
  const invalidate = useInvalidateSavedSearches();
  return useMutation({
    mutationFn: (body: SavedSearchCreate) => api.post<SavedSearch>('/saved-searches', body),
    onSuccess: invalidate,
  });
}

/** PUT /saved-searches/{id}: rename, frequency, pause or resume. */
export function useUpdateSavedSearch() {
  const invalidate = useInvalidateSavedSearches();
  return useMutation({
    mutationFn: ({ id, ...body }: SavedSearchUpdate & { id: string }) =>
      api.put<SavedSearch>(`/saved-searches/${encodeURIComponent(id)}`, body),
    onSuccess: invalidate,
  });
}

/** DELETE /saved-searches/{id}. */
export function useDeleteSavedSearch() {
  const invalidate = useInvalidateSavedSearches();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/saved-searches/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

/** POST /saved-searches/unsubscribe?token=… (no login): the alert mail's one-click link. */
export function unsubscribe(token: string): Promise<Unsubscribed> {
  return api.post<Unsubscribed>('/saved-searches/unsubscribe', undefined, { query: { token } });
}

/** The unsubscribe page's one call, sent once however often the page renders (like /verify-email's). */
export function unsubscribeQueryOptions(token: string) {
  return queryOptions({
    // Not under savedSearchKeys.all: a change on the dashboard must not send the token again.
    queryKey: ['saved-search-unsubscribe', token] as const,
    queryFn: () => unsubscribe(token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
