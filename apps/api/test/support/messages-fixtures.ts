import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { users } from '../../src/db/schema.js';
import { uniqueEmail } from './auth.js';
import { listingFixture } from './listing-rows.js';
import { call as listingsCall } from './listings.js';

/**
 * Users and listings made directly in the database, for the messages, feedback and support
 * tests (the listings and accounts APIs are tested in their own files).
 */

export interface TestUser {
  id: string;
  email: string;
  /** A bearer token, signed as the login call signs it. */
  token: string;
}

export async function createUser(app: FastifyInstance, options: { verified?: boolean; email?: string } = {}): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const [row] = await app.db
    .insert(users)
    .values({ email, isVerified: options.verified ?? true })
    .returning({ id: users.id, email: users.email, tokenVersion: users.tokenVersion });
  if (!row) throw new Error('no user inserted');
  const token = await app.tokens.sign({ userId: row.id, version: row.tokenVersion });
  return { id: row.id, email: row.email, token };
}

const DAY_MS = 24 * 3600 * 1000;

/** An active listing (paid, active, not expired, not deleted) unless `overrides` say otherwise. */
export const createListing = listingFixture((n) => ({
  title: `Eppendorf 5810R centrifuge #${n}`,
  description: 'Refrigerated benchtop centrifuge, serviced last year, with A-4-62 rotor.',
  priceCents: 450_000,
  condition: 'pre-owned',
  isActive: true,
  paymentStatus: 'paid',
  expiryDate: new Date(Date.now() + 30 * DAY_MS),
}));

let ipCounter = 0;
/** A fresh client address, so per-IP rate limits of one test do not reach another. */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 65_536) % 256}.${Math.floor(ipCounter / 256) % 256}.${ipCounter % 256}`;
}

/** A call as `call` in listings.ts makes it, from a fresh address unless `ip` names one. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; payload?: unknown; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return listingsCall(app, method, url, { ...options, ip: options.ip ?? uniqueIp() });
}
