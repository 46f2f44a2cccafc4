import type { CreatePaymentIntentResponse, PaymentHistoryItem } from '@benchmarket/shared';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { listings, payments, users } from '../../src/db/schema.js';
import type { Clock } from '../../src/lib/clock.js';
import { setupTestApp, type TestContext } from '../helpers.js';
import { uniqueEmail } from './auth.js';
import { listingFixture } from './listing-rows.js';
import { call } from './listings.js';

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

/** An unpaid, inactive listing (as the create form leaves it) unless `overrides` say otherwise. */
export const createListing = listingFixture((n) => ({
  title: `Thermo Fisher -80 °C freezer #${n}`,
  description: 'Upright ultra-low freezer, 728 L, serviced, with inventory racks.',
  priceCents: 650_000,
  condition: 'excellent-refurbished',
}));

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

/** The payments tests hold bare tokens (signed at the test clock's time): `api(app, method, url, { token, payload })`. */
export const api = call;

/** POST /payments/create-intent as the web app calls it. */
export function createIntent(app: FastifyInstance, token: string, payload: Record<string, unknown>) {
  return api(app, 'POST', '/payments/create-intent', { token, payload });
}

/** Starts a payment of `months` for the listing; its answer, whatever the status. */
export async function startPayment(
  app: FastifyInstance,
  token: string,
  listingId: string,
  months = 1,
): Promise<CreatePaymentIntentResponse> {
  return (await createIntent(app, token, { listing_id: listingId, duration_months: months })).json();
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

/** The payments tests' app: promotion over by 2030-06-01 unless `env` says otherwise, no rate limits, one seller. */
export async function setupPaymentsApp(
  clock: SettableClock,
  env: Record<string, string> = {},
): Promise<{ ctx: TestContext; seller: Seller }> {
  const ctx = await setupTestApp({ env: { PROMO_FREE_UNTIL: '2030-06-01', RATE_LIMITS: 'off', ...env }, clock });
  return { ctx, seller: await createSeller(ctx.app) };
}

/** The sandbox card form (Stripe's test card numbers), as the web app posts it. */
export function sandboxCard(app: FastifyInstance, clientSecret: string, cardNumber = '4242424242424242') {
  return api(app, 'POST', '/payments/sandbox/confirm-card', {
    payload: { client_secret: clientSecret, card_number: cardNumber, exp_month: 12, exp_year: 2034, cvc: '123' },
  });
}

/** GET /payments/history; expects 200. */
export async function paymentHistory(app: FastifyInstance, token: string): Promise<PaymentHistoryItem[]> {
  const response = await api(app, 'GET', '/payments/history', { token });
  if (response.statusCode !== 200) throw new Error(`history failed: ${response.statusCode} ${response.body}`);
  return response.json() as PaymentHistoryItem[];
}

/**
 * The payments calls as a suite's seller makes them. The suite's app and the seller's token are
 * read at each call: the suite is set up in `beforeAll`, and a test may renew the token.
 */
export function sellerCalls(suite: { ctx: TestContext; seller: Seller }) {
  return {
    createIntent: (payload: Record<string, unknown>) => createIntent(suite.ctx.app, suite.seller.token, payload),
    startPayment: (listingId: string, months?: number) => startPayment(suite.ctx.app, suite.seller.token, listingId, months),
    confirmPayment: (paymentId: string, intentId: string) => confirmPayment(suite.ctx.app, suite.seller.token, paymentId, intentId),
    paymentHistory: (token = suite.seller.token) => paymentHistory(suite.ctx.app, token),
  };
}

interface PaymentsApp extends ReturnType<typeof sellerCalls> {
  ctx: TestContext;
  seller: Seller;
  /** The sandbox card form (no token: the client secret is the proof). */
  card(clientSecret: string, cardNumber: string): ReturnType<typeof sandboxCard>;
}

/**
 * The payments app for the enclosing suite: set up before its tests (`env` is read then, so it
 * may name what an earlier `beforeAll` started), closed after. The fields are there once the
 * suite's tests run.
 */
export function usePaymentsApp(clock: SettableClock, env: () => Record<string, string> = () => ({})): PaymentsApp {
  const app = {} as PaymentsApp;
  Object.assign(app, sellerCalls(app), {
    card: (clientSecret: string, cardNumber: string) => sandboxCard(app.ctx.app, clientSecret, cardNumber),
  });
  beforeAll(async () => {
    Object.assign(app, await setupPaymentsApp(clock, env()));
  });
  afterAll(() => app.ctx?.close());
  return app;
}
