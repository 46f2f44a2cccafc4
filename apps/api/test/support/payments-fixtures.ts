import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { listings, payments, users } from '../../src/db/schema.js';
import type { Clock } from '../../src/lib/clock.js';
import { uniqueEmail } from './auth.js';

/**
 * Sellers, listings and calls for the payments tests. Tokens are signed at the test clock's
 * time (the payments tests move time by months), users and listings are inserted directly.
 */

export const DAY_MS = 24 * 3600 * 1000;

/** A clock that stands still until the test moves it. */
export interface SettableClock extends Clock {
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function settableClock(start: Date | string): SettableClock {
  let current = new Date(start);
  return {
    now: () => new Date(current.getTime()),
    set(date) {
      current = new Date(date);
    },
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
  };
}

export interface Seller {
  id: string;
  email: string;
  token: string;
}

export async function createSeller(app: FastifyInstance): Promise<Seller> {
  const [row] = await app.db
    .insert(users)
    .values({ email: uniqueEmail('seller'), isVerified: true })
    .returning({ id: users.id, email: users.email });
  if (!row) throw new Error('no user inserted');
  return { ...row, token: await tokenFor(app, row.id) };
}

/** A fresh token at the app clock's current time. */
export function tokenFor(app: FastifyInstance, userId: string): Promise<string> {
  return app.tokens.sign({ userId, version: 0 }, app.clock.now());
}

let listingCounter = 0;

/** An unpaid, inactive listing (as the create form leaves it) unless `overrides` say otherwise. */
export async function createListing(
  app: FastifyInstance,
  ownerId: string,
  overrides: Partial<typeof listings.$inferInsert> = {},
): Promise<typeof listings.$inferSelect> {
  listingCounter += 1;
  const [row] = await app.db
    .insert(listings)
    .values({
      userId: ownerId,
      title: `Thermo Fisher -80 °C freezer #${listingCounter}`,
      description: 'Upright ultra-low freezer, 728 L, serviced, with inventory racks.',
      priceCents: 650_000,
      condition: 'excellent-refurbished',
      durationMonths: 1,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no listing inserted');
  return row;
}

/** A paid listing expiring at `expiryDate`. */
export function createPaidListing(app: FastifyInstance, ownerId: string, expiryDate: Date | string) {
  return createListing(app, ownerId, { paymentStatus: 'paid', isActive: true, expiryDate: new Date(expiryDate) });
}

export async function listingRow(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(listings).where(eq(listings.id, id));
  if (!row) throw new Error(`no listing ${id}`);
  return row;
}

export async function paymentRow(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export function api(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; payload?: unknown } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    payload: options.payload as Record<string, unknown> | undefined,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
}

/** POST /payments/create-intent as the web app calls it. */
export function createIntent(app: FastifyInstance, token: string, payload: Record<string, unknown>) {
  return api(app, 'POST', '/payments/create-intent', { token, payload });
}

export function confirmPayment(app: FastifyInstance, token: string, paymentId: string, intentId: string) {
  return api(app, 'POST', '/payments/confirm', { token, payload: { payment_id: paymentId, stripe_payment_id: intentId } });
}

/** `pi_…_secret_…` → `pi_…` (Stripe's client secrets start with the intent id). */
export function intentIdOf(clientSecret: string): string {
  const id = clientSecret.split('_secret_')[0];
  if (!id) throw new Error(`not a client secret: ${clientSecret}`);
  return id;
}
