import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { clearToken, getToken, setToken as storeToken, subscribeToToken } from '@/lib/token-storage';
import { authQueryKeys, currentUserQueryOptions } from './get-current-user';
import { logoutEverywhereRequest, logoutRequest } from './logout';
import { AuthContext, type AuthState } from './auth-context';

function noToken(): null {
  return null;
}

/**
 * Authentication state of spec §4: logged in when a stored token exists and GET /auth/me
 * succeeds. The token lives in localStorage; reading it through `useSyncExternalStore`
 * keeps this tab in step with logins and logouts made anywhere, including other tabs.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Issue 19: a server-rendered page is hydrated as the server drew it, for a visitor not
  // logged in (the server has no session); the stored token is read right after.
  const token = useSyncExternalStore(subscribeToToken, getToken, noToken);
  const currentUser = useQuery(currentUserQueryOptions(token));

  // spec §4: auth is re-checked whenever browser storage changes. A changed token is a new
  // query key (checked anyway); this also re-checks the same token on other changes.
  useEffect(() => {
    const recheck = () => {
      void queryClient.invalidateQueries({ queryKey: authQueryKeys.all });
    };
    window.addEventListener('storage', recheck);
    return () => {
      window.removeEventListener('storage', recheck);
    };
  }, [queryClient]);

  const setToken = useCallback(
    async (newToken: string) => {
      storeToken(newToken);
      try {
        return await queryClient.query(currentUserQueryOptions(newToken));
      } catch {
        return null; // Already logged and the token removed by the query function.
      }
    },
    [queryClient],
  );

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: authQueryKeys.all }), [queryClient]);

  const forgetSession = useCallback(() => {
    clearToken();
    // Cached server data may belong to this user (listings, messages): forget all of it.
    queryClient.removeQueries();
  }, [queryClient]);

  const logout = useCallback(() => {
    // The request takes the stored token with it before it is removed just below; its answer
    // is not awaited: logging out never waits for, or fails with, the network (spec §2).
    if (getToken() !== null) {
      logoutRequest().catch((error: unknown) => {
        console.warn('Logout could not reach the server; the token was removed here.', error);
      });
    }
    forgetSession();
  }, [forgetSession]);

  const logoutEverywhere = useCallback(async () => {
    await logoutEverywhereRequest();
    forgetSession();
  }, [forgetSession]);

  const user = token === null ? null : (currentUser.data ?? null);
  const isLoading = token !== null && currentUser.isPending;

  const value = useMemo<AuthState>(
    () => ({ user, isLoggedIn: user !== null, isLoading, setToken, refresh, logout, logoutEverywhere }),
    [user, isLoading, setToken, refresh, logout, logoutEverywhere],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
