import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { setupTestApp, type TestContext } from '../helpers.js';
import { users } from '../../src/db/schema.js';
import { uniqueEmail } from './auth.js';

/**
 * Accounts made directly in the database, with a bearer token signed as the login call
 * signs it: for tests of modules that need users but do not test accounts.
 */

export interface TestUser {
  id: string;
  email: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` for `app.inject`. */
  headers: { authorization: string };
}

export async function createUser(app: FastifyInstance, options: { verified?: boolean; email?: string } = {}): Promise<TestUser> {
  const [row] = await app.db
    .insert(users)
    .values({ email: options.email ?? uniqueEmail('seller'), isVerified: options.verified ?? true })
    .returning({ id: users.id, email: users.email, tokenVersion: users.tokenVersion });
  if (!row) throw new Error('no user inserted');
  const token = await app.tokens.sign({ userId: row.id, version: row.tokenVersion });
  return { id: row.id, email: row.email, token, headers: { authorization: `Bearer ${token}` } };
}

/** The two sides of a sale: a seller, then a buyer (two verified accounts). */
export async function sellerAndBuyer(app: FastifyInstance): Promise<{ seller: TestUser; buyer: TestUser }> {
  const seller = await createUser(app);
  const buyer = await createUser(app);
  return { seller, buyer };
}

/** The app of a suite about one account's listings: `seller` owns them, `other` is anyone else. */
export interface SellerApp {
  ctx: TestContext;
  seller: TestUser;
  other: TestUser;
}

/** For the enclosing suite: an app on a fresh database with two verified accounts, closed after its tests. */
export function useSellerApp(): SellerApp {
  const setup = {} as SellerApp;
  beforeAll(async () => {
    setup.ctx = await setupTestApp();
    [setup.seller, setup.other] = await Promise.all([createUser(setup.ctx.app), createUser(setup.ctx.app)]);
  });
  afterAll(() => setup.ctx?.close());
  return setup;
}
