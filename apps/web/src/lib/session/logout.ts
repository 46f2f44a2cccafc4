import { api } from '@/lib/api-client';

/** POST /auth/logout: the server revokes the stored token (the caller removes it locally). */
export function logoutRequest(): Promise<unknown> {
  return api.post('/auth/logout');
}

/** POST /auth/logout-all: the server revokes every token of the user, on every device. */
export function logoutEverywhereRequest(): Promise<unknown> {
  return api.post('/auth/logout-all');
}
