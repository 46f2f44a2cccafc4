import { ADMIN_ONLY } from '@benchmarket/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { users } from '../../src/db/schema.js';
import { uniqueEmail } from './auth.js';

/**
 * Accounts for the operations console's tests (issue 14): an admin (role set in the database,
 * as `npm run admin -- grant` does) and a plain user, each with a token signed at the app
 * clock's time, and a caller for `/api/v1/…` with a bearer token.
 */

export interface Account {
  id: string;
  email: string;
  token: string;
}

export async function createAccount(app: FastifyInstance, role: 'admin' | 'user' = 'user'): Promise<Account> {
  const [row] = await app.db
    .insert(users)
    .values({ email: uniqueEmail(role), isVerified: true, role })
    .returning({ id: users.id, email: users.email, tokenVersion: users.tokenVersion });
  if (!row) throw new Error('no user inserted');
  return { id: row.id, email: row.email, token: await app.tokens.sign({ userId: row.id, version: row.tokenVersion }, app.clock.now()) };
}

export const createAdmin = (app: FastifyInstance): Promise<Account> => createAccount(app, 'admin');

/**
 * `/api/v1${url}` as the account (or a visitor), with a token signed at the app clock's time
 * for the call: the console's tests move the clock by days and weeks.
 */
export async function adminCall(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { as?: Account | undefined; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const token = options.as ? await app.tokens.sign({ userId: options.as.id, version: 0 }, app.clock.now()) : undefined;
  return app.inject({
    method,
    url: `/api/v1${url}`,
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
    headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** Each call answers 401 without a token and 403 with the admin-only text to a plain user. */
export async function expectAdminOnly(
  app: FastifyInstance,
  user: Account,
  calls: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown }[],
): Promise<void> {
  for (const { method, url, payload } of calls) {
    const [visitor, plain] = await Promise.all([
      adminCall(app, method, url, { payload }),
      adminCall(app, method, url, { as: user, payload }),
    ]);
    expect(visitor.statusCode, `${method} ${url} as a visitor`).toBe(401);
    expect(visitor.json().detail).toEqual(expect.any(String));
    expect(plain.statusCode, `${method} ${url} as a user`).toBe(403);
    expect(plain.json().detail).toBe(ADMIN_ONLY);
  }
}
