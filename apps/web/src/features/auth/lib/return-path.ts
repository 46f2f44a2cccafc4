/**
 * Where to send a visitor after logging in. Other pages send visitors to /login with a
 * return path: in navigation state (`{ from: '/listings/42' }` or `{ from: location }`) or in
 * the query (`/login?next=/listings/42`). Only paths on this site are honoured, so a crafted
 * link cannot send a freshly logged-in user to another site (open redirect).
 */
const DEFAULT_RETURN_PATH = '/';

/** Pages a return path should never point at: they would only send the user round again. */
const AUTH_PAGES = ['/login', '/register'];

interface PathLike {
  pathname?: unknown;
  search?: unknown;
  hash?: unknown;
}

function asPath(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'pathname' in value) {
    const { pathname, search, hash } = value as PathLike;
    if (typeof pathname !== 'string') return null;
    return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
  }
  return null;
}

/** The path itself when it is a same-site path beginning with '/', else null. */
export function safeReturnPath(value: unknown): string | null {
  const path = asPath(value)?.trim();
  // '//evil.example' and '/\evil.example' are protocol-relative URLs to browsers.
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(path, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  if (AUTH_PAGES.includes(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The return path from navigation state (`from`) or the `next` query parameter, else '/'. */
export function returnPathFrom(state: unknown, search: string): string {
  const fromState = typeof state === 'object' && state !== null && 'from' in state ? safeReturnPath(state.from) : null;
  return fromState ?? safeReturnPath(new URLSearchParams(search).get('next')) ?? DEFAULT_RETURN_PATH;
}

/** A success message passed in navigation state (spec §2: the login page's banner). */
export function messageFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('message' in state)) return null;
  return typeof state.message === 'string' && state.message.trim() ? state.message : null;
}
