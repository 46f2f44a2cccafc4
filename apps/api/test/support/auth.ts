import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Calls of the auth API as the web app makes them. */

export function postJson(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  options: { token?: string; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
}

/** POST /auth/login, form-encoded `username` and `password` (spec §7). */
export function login(
  app: FastifyInstance,
  email: string,
  password: string,
  options: { ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: email, password }).toString(),
    remoteAddress: options.ip,
  });
}

export async function loginToken(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await login(app, email, password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json().access_token as string;
}

export function me(app: FastifyInstance, token?: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: '/api/v1/auth/me',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}

let counter = 0;
/** A unique address per call, so tests in one file do not share accounts. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A password no list of common passwords holds. */
export const GOOD_PASSWORD = 'Centrifuge-42-Pipette';
