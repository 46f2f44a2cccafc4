import { createContext } from 'react';
import type { User } from './types';

export interface AuthState {
  /** The logged-in user, or null when logged out (or while the session is checked). */
  user: User | null;
  isLoggedIn: boolean;
  /** True while a stored token is being checked with GET /auth/me. */
  isLoading: boolean;
  /**
   * Stores a new access token (after login) and checks it. Resolves with the user, or null
   * when the check failed (the token is then removed again).
   */
  setToken: (token: string) => Promise<User | null>;
  /** Checks the session again, e.g. after the email was verified. */
  refresh: () => Promise<void>;
  /**
   * Asks the server to revoke the token (best effort: offline, it is still removed here),
   * removes the token and forgets cached server data. Navigation is the caller's job.
   */
  logout: () => void;
  /**
   * 'Log out everywhere': the server revokes every token of the user, then this one is removed
   * as by `logout`. Rejects (and stays logged in) when the server could not be reached.
   */
  logoutEverywhere: () => Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);
