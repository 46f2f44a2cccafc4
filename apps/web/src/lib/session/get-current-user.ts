import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearToken, getToken } from '@/lib/token-storage';
import type { User } from './types';

export const authQueryKeys = {
  all: ['auth'] as const,
  // The token is part of the key: a new token (login, another tab) is a new check.
  currentUser: (token: string | null) => ['auth', 'me', token] as const,
};

function getCurrentUser(options?: { signal?: AbortSignal }): Promise<User> {
  return api.get<User>('/auth/me', options);
}

/**
 * The session check of spec §4: only runs when a token exists; when it fails the token is
 * removed and the user is logged out. The error is only logged (spec §8), never shown.
 * Done in the query function so every caller (useQuery, fetchQuery) behaves the same.
 */
export function currentUserQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: authQueryKeys.currentUser(token),
    queryFn: async ({ signal }) => {
      try {
        return await getCurrentUser({ signal });
      } catch (error) {
        if (!signal.aborted) {
          console.warn('Session check failed; signing out.', error);
          // Only drop the token this check was about, not one stored since.
          if (getToken() === token) clearToken();
        }
        throw error;
      }
    },
    enabled: token !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
