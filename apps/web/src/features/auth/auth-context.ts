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
  /** Removes the token and forgets cached server data. Navigation is the caller's job. */
  logout: () => void;
}

export const AuthContext = createContext<AuthState | null>(null);
