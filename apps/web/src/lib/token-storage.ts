/**
 * The access token, kept in localStorage (spec §7) under `access_token`.
 *
 * A tiny external store: `subscribeToToken` fires when this tab changes the token and on the
 * window `storage` event (another tab logged in or out), so React can read it with
 * `useSyncExternalStore` and every reader stays in step.
 */
const TOKEN_STORAGE_KEY = 'access_token';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (privacy mode, blocked cookies): behave as logged out.
    return null;
  }
}

export function setToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } finally {
    notify();
  }
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored that we could remove.
  } finally {
    notify();
  }
}

/** Calls `listener` whenever the token may have changed, in this tab or another one. */
export function subscribeToToken(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // key is null when another tab called localStorage.clear().
    if (event.key === null || event.key === TOKEN_STORAGE_KEY) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
