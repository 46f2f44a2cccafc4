import { ALREADY_PAID, EXTEND_REMOVED, EXTEND_UNPAID, LISTING_NOT_FOUND } from '@benchmarket/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { listings, payments, sandboxPaymentIntents } from '../src/db/schema.js';
import { createPaymentProvider } from '../src/providers/payments/index.js';
import { SandboxPaymentProvider, SandboxRefusedInProductionError } from '../src/providers/payments/index.js';
import { testEnv } from './helpers.js';
import {
  api,
  confirmPayment,
  createIntent,
  startPayment,
  createListing,
  createPaidListing,
  createSeller,
  intentIdOf,
  listingRow,
  paymentRow,
  settableClock,
  usePaymentsApp,
  tokenFor,
} from './support/payments-fixtures.js';
import { expectDetail } from './support/responses.js';

/**
 * Payments with the sandbox provider (no Stripe keys): the promotion's free month, the
 * sandbox card form with Stripe's test cards, confirmation, extension and renewal, history
 * and clean-up. The clock starts inside the promotion (PROMO_FREE_UNTIL 2031-06-01).
 */

const PROMO_END = '2031-06-01';
const IN_PROMO = '2031-05-20T10:00:00.000Z';
const AFTER_PROMO = '2031-06-02T10:00:00.000Z';

const clock = settableClock(IN_PROMO);
const pay = usePaymentsApp(clock, () => ({ PROMO_FREE_UNTIL: PROMO_END }));

/** Moves the clock and gives the seller a token valid at the new time. */
async function at(time: string): Promise<void> {
  clock.set(time);
  pay.seller.token = await tokenFor(pay.ctx.app, pay.seller.id);
}

describe('POST /api/v1/payments/create-intent', () => {
  it('refuses a caller without a token, a listing that does not exist and a listing of another seller', async () => {
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    const other = await createSeller(pay.ctx.app);
    other.token = await tokenFor(pay.ctx.app, other.id);

    expect(
      (await api(pay.ctx.app, 'POST', '/payments/create-intent', { payload: { listing_id: listing.id, duration_months: 1 } })).statusCode,
    ).toBe(401);

    const missing = await pay.createIntent({
      listing_id: '00000000-0000-4000-8000-000000000000',
      duration_months: 1,
    });
    expectDetail(missing, 404, LISTING_NOT_FOUND);

    const foreign = await createIntent(pay.ctx.app, other.token, { listing_id: listing.id, duration_months: 1 });
    expectDetail(foreign, 403, 'You do not have permission to pay for this listing');
    expect((await listingRow(pay.ctx.app, listing.id)).paymentStatus).toBe('unpaid');
  });

  it('accepts only the durations of the create form: 1, 3, 6 or 12 months', async () => {
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    const response = await pay.createIntent({ listing_id: listing.id, duration_months: 2 });
    expectDetail(response, 400, 'Duration must be 1, 3, 6 or 12 months');
  });

  it("activates a one-month listing at once during the promotion, with a 'free_tier_' client secret and amount 0", async () => {
    await at(IN_PROMO);
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    const response = await pay.createIntent({ listing_id: listing.id, duration_months: 1 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ amount: 0, kind: 'activation', provider: 'free', currency: 'usd' });
    expect(body.client_secret).toMatch(/^free_tier_/);

    const row = await listingRow(pay.ctx.app, listing.id);
    expect(row).toMatchObject({ paymentStatus: 'paid', isActive: true, durationMonths: 1 });
    expect(row.expiryDate?.toISOString()).toBe('2031-06-20T10:00:00.000Z');
    expect((await paymentRow(pay.ctx.app, body.payment_id))?.status).toBe('completed');

    // The web app may still call confirm: it answers the listing, and changes nothing.
    const confirm = await pay.confirmPayment(body.payment_id, body.client_secret);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ listing_id: listing.id, status: 'completed' });
    expect((await listingRow(pay.ctx.app, listing.id)).expiryDate?.toISOString()).toBe('2031-06-20T10:00:00.000Z');

    const again = await pay.createIntent({ listing_id: listing.id, duration_months: 1, purpose: 'activate' });
    expectDetail(again, 400, ALREADY_PAID);
  });

  it('charges only the months after the free first one for a longer listing during the promotion', async () => {
    await at(IN_PROMO);
    const listing = await createListing(pay.ctx.app, pay.seller.id, { durationMonths: 3 });
    const quote = await api(pay.ctx.app, 'GET', `/payments/quote?listing_id=${listing.id}&duration_months=3`, { token: pay.seller.token });
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({
      kind: 'activation',
      amount: 58,
      breakdown: { base: 49, additional_months: 58, extension: 0, promotion_discount: 49 },
      promotion_applied: true,
      current_expiry_date: null,
      new_expiry_date: '2031-08-20T10:00:00.000Z',
    });
    const response = await pay.createIntent({ listing_id: listing.id, duration_months: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ amount: 58, provider: 'sandbox', kind: 'activation' });
    expect(response.json().client_secret).toMatch(/^pi_sandbox_[0-9a-f]+_secret_/);
    expect((await listingRow(pay.ctx.app, listing.id)).paymentStatus).toBe('unpaid');
  });

  it("refuses to extend an unpaid or a removed listing, and to pay a paid one, with the spec's texts", async () => {
    await at(AFTER_PROMO);
    const unpaid = await createListing(pay.ctx.app, pay.seller.id);
    const removed = await createPaidListing(pay.ctx.app, pay.seller.id, '2031-07-01T00:00:00Z');
    await pay.ctx.app.db.update(listings).set({ isDeleted: true }).where(eq(listings.id, removed.id));
    const paid = await createPaidListing(pay.ctx.app, pay.seller.id, '2031-07-01T00:00:00Z');

    const cases = [
      { listing: unpaid.id, purpose: 'extend', detail: EXTEND_UNPAID },
      { listing: removed.id, purpose: 'extend', detail: EXTEND_REMOVED },
      { listing: removed.id, purpose: undefined, detail: EXTEND_REMOVED },
      { listing: paid.id, purpose: 'activate', detail: ALREADY_PAID },
    ];
    for (const { listing, purpose, detail } of cases) {
      const response = await pay.createIntent({ listing_id: listing, duration_months: 1, purpose });
      expect(response.statusCode, detail).toBe(400);
      expect(response.json().detail).toBe(detail);
      const quote = await api(
        pay.ctx.app,
        'GET',
        `/payments/quote?listing_id=${listing}&duration_months=1${purpose ? `&purpose=${purpose}` : ''}`,
        {
          token: pay.seller.token,
        },
      );
      expect(quote.json().detail).toBe(detail);
    }
    expect(await pay.ctx.app.db.select().from(payments).where(eq(payments.listingId, paid.id))).toEqual([]);
  });
});

describe('the sandbox card form and POST /api/v1/payments/confirm', () => {
  it('declines 4000 0000 0000 0002, then takes 4242 4242 4242 4242 and activates the listing once', async () => {
    await at(AFTER_PROMO);
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    const created = await pay.createIntent({ listing_id: listing.id, duration_months: 1 });
    expect(created.json()).toMatchObject({ amount: 49, provider: 'sandbox' });
    const { client_secret: secret, payment_id: paymentId } = created.json();
    const intentId = intentIdOf(secret);

    // Nothing paid yet: confirm refuses.
    const early = await pay.confirmPayment(paymentId, intentId);
    expectDetail(early, 400, 'The payment has not been completed.');

    const invalid = await pay.card(secret, '4242 4242 4242 4241');
    expectDetail(invalid, 400, 'Your card number is invalid.');

    const declined = await pay.card(secret, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ detail: 'Your card was declined.', code: 'card_declined' });
    expect((await pay.paymentHistory()).find((p) => p.id === paymentId)?.status).toBe('failed');
    expect((await listingRow(pay.ctx.app, listing.id)).paymentStatus).toBe('unpaid');

    const poor = await pay.card(secret, '4000000000009995');
    expectDetail(poor, 402, 'Your card has insufficient funds.');

    const paid = await pay.card(secret, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({
      payment_id: paymentId,
      listing_id: listing.id,
      payment_intent: { id: intentId, status: 'succeeded', amount: 49, currency: 'usd' },
    });
    // Paid in the card form: active already, as Stripe's webhook would make it.
    const active = await listingRow(pay.ctx.app, listing.id);
    expect(active).toMatchObject({ paymentStatus: 'paid', isActive: true });
    expect(active.expiryDate?.toISOString()).toBe('2031-07-02T10:00:00.000Z');

    const twice = await pay.card(secret, '4242 4242 4242 4242');
    expectDetail(twice, 400, 'This payment has already been completed.');

    clock.advance(60_000);
    for (let i = 0; i < 2; i += 1) {
      const confirm = await pay.confirmPayment(paymentId, intentId);
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json()).toEqual({ listing_id: listing.id, status: 'completed' });
    }
    expect((await listingRow(pay.ctx.app, listing.id)).expiryDate?.toISOString()).toBe('2031-07-02T10:00:00.000Z');
    expect((await pay.paymentHistory()).find((p) => p.id === paymentId)).toMatchObject({
      status: 'completed',
      amount: 49,
      duration_months: 1,
      kind: 'activation',
    });
  });

  it('never turns a second activation payment into a cheap extension, nor pays for a removed listing', async () => {
    await at(AFTER_PROMO);
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    const created = await pay.createIntent({ listing_id: listing.id, duration_months: 12 });
    const { client_secret: secret, payment_id: paymentId } = created.json();
    // Another payment activated the listing meanwhile (e.g. a parallel tab).
    await pay.ctx.app.db
      .update(listings)
      .set({ paymentStatus: 'paid', isActive: true, expiryDate: new Date('2031-08-01T10:00:00Z') })
      .where(eq(listings.id, listing.id));

    const paid = await pay.card(secret, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    const confirm = await pay.confirmPayment(paymentId, intentIdOf(secret));
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().detail).toContain('can no longer be applied');
    expect((await listingRow(pay.ctx.app, listing.id)).expiryDate?.toISOString()).toBe('2031-08-01T10:00:00.000Z');
    expect((await pay.paymentHistory()).find((p) => p.id === paymentId)?.status).toBe('failed');
  });

  it("refuses another seller's payment, an intent of another payment, and a client secret it does not know", async () => {
    await at(AFTER_PROMO);
    const first = await createListing(pay.ctx.app, pay.seller.id);
    const second = await createListing(pay.ctx.app, pay.seller.id);
    const a = await pay.startPayment(first.id);
    const b = await pay.startPayment(second.id, 3);
    expect((await pay.card(b.client_secret, '4242424242424242')).statusCode).toBe(200);

    const other = await createSeller(pay.ctx.app);
    const foreign = await confirmPayment(pay.ctx.app, other.token, b.payment_id, intentIdOf(b.client_secret));
    expect(foreign.statusCode).toBe(403);

    // B's paid intent presented as payment A's: refused, A's listing stays unpaid.
    const swapped = await pay.confirmPayment(a.payment_id, intentIdOf(b.client_secret));
    expectDetail(swapped, 400, 'This card payment does not belong to this payment.');
    expect((await listingRow(pay.ctx.app, first.id)).paymentStatus).toBe('unpaid');

    const unknown = await pay.confirmPayment('00000000-0000-4000-8000-000000000000', 'pi_sandbox_x');
    expectDetail(unknown, 404, 'Payment not found');

    const forged = await pay.card(`${intentIdOf(a.client_secret)}_secret_${'a'.repeat(24)}`, '4242424242424242');
    expect(forged.statusCode).toBe(404);
    expect((await listingRow(pay.ctx.app, first.id)).paymentStatus).toBe('unpaid');
  });

  it('refuses an intent whose amount was changed behind our back', async () => {
    await at(AFTER_PROMO);
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    const created = await pay.startPayment(listing.id);
    const intentId = intentIdOf(created.client_secret);
    await pay.ctx.app.db.update(sandboxPaymentIntents).set({ amount: 100 }).where(eq(sandboxPaymentIntents.id, intentId));
    expect((await pay.card(created.client_secret, '4242424242424242')).statusCode).toBe(200);
    expect((await listingRow(pay.ctx.app, listing.id)).paymentStatus).toBe('unpaid');

    const confirm = await pay.confirmPayment(created.payment_id, intentId);
    expectDetail(confirm, 400, 'The card payment does not match this payment. Please contact support.');
    expect((await listingRow(pay.ctx.app, listing.id)).paymentStatus).toBe('unpaid');
  });

  it('does not offer the Stripe webhook without Stripe', async () => {
    const response = await pay.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      payload: { type: 'payment_intent.succeeded' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('extension and renewal', () => {
  async function payWithCard(listingId: string, months: number, purpose?: 'extend' | 'activate') {
    const created = await pay.createIntent({
      listing_id: listingId,
      duration_months: months,
      ...(purpose ? { purpose } : {}),
    });
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect((await pay.card(body.client_secret, '4242424242424242')).statusCode).toBe(200);
    expect((await pay.confirmPayment(body.payment_id, intentIdOf(body.client_secret))).statusCode).toBe(200);
    return body as { amount: number; kind: string };
  }

  it('adds months to the current expiry, clamped at month ends (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap year)', async () => {
    await at(AFTER_PROMO);
    const plain = await createPaidListing(pay.ctx.app, pay.seller.id, '2033-01-31T12:00:00Z');
    const leap = await createPaidListing(pay.ctx.app, pay.seller.id, '2032-01-31T12:00:00Z');

    const quote = await api(pay.ctx.app, 'GET', `/payments/quote?listing_id=${plain.id}&duration_months=1`, { token: pay.seller.token });
    expect(quote.json()).toMatchObject({
      kind: 'extension',
      amount: 39,
      breakdown: { base: 0, additional_months: 0, extension: 39, promotion_discount: 0 },
      current_expiry_date: '2033-01-31T12:00:00.000Z',
      new_expiry_date: '2033-02-28T12:00:00.000Z',
    });

    expect(await payWithCard(plain.id, 1, 'extend')).toMatchObject({ amount: 39, kind: 'extension' });
    expect((await listingRow(pay.ctx.app, plain.id)).expiryDate?.toISOString()).toBe('2033-02-28T12:00:00.000Z');

    expect(await payWithCard(leap.id, 1)).toMatchObject({ amount: 39, kind: 'extension' });
    expect((await listingRow(pay.ctx.app, leap.id)).expiryDate?.toISOString()).toBe('2032-02-29T12:00:00.000Z');

    // And again: 3 more months from Feb 29.
    expect(await payWithCard(leap.id, 3)).toMatchObject({ amount: 117 });
    expect((await listingRow(pay.ctx.app, leap.id)).expiryDate?.toISOString()).toBe('2032-05-29T12:00:00.000Z');
  });

  it('renews an expired listing from now, at the extension rate, and makes it active again', async () => {
    await at('2031-08-31T09:00:00.000Z');
    const listing = await createListing(pay.ctx.app, pay.seller.id, {
      paymentStatus: 'paid',
      isActive: false,
      expiryDate: new Date('2031-07-15T00:00:00Z'),
      durationMonths: 6,
    });
    expect(await payWithCard(listing.id, 1, 'extend')).toMatchObject({ amount: 39, kind: 'renewal' });
    const row = await listingRow(pay.ctx.app, listing.id);
    expect(row).toMatchObject({ isActive: true, paymentStatus: 'paid', durationMonths: 1 });
    expect(row.expiryDate?.toISOString()).toBe('2031-09-30T09:00:00.000Z');
  });
});

describe('payment history and clean-up', () => {
  /** Another seller and two unpaid listings of theirs: their payments stand apart from the suite seller's. */
  async function buyerWithTwoListings() {
    const buyer = await createSeller(pay.ctx.app);
    return [buyer, await createListing(pay.ctx.app, buyer.id), await createListing(pay.ctx.app, buyer.id)] as const;
  }

  it("lists only the caller's payments, newest first, with amounts in currency units", async () => {
    await at(AFTER_PROMO);
    const [buyer, first, second] = await buyerWithTwoListings();
    buyer.token = await tokenFor(pay.ctx.app, buyer.id);
    expect(await pay.paymentHistory(buyer.token)).toEqual([]);

    const older = await startPayment(pay.ctx.app, buyer.token, first.id, 12);
    clock.advance(1000);
    const newer = await startPayment(pay.ctx.app, buyer.token, second.id, 6);

    const list = await pay.paymentHistory(buyer.token);
    expect(list.map((p) => p.id)).toEqual([newer.payment_id, older.payment_id]);
    expect(list[1]).toEqual({
      id: older.payment_id,
      listing_id: first.id,
      listing_title: first.title,
      kind: 'activation',
      duration_months: 12,
      amount: 368,
      currency: 'usd',
      status: 'pending',
      created_at: AFTER_PROMO,
    });
    expect((await pay.paymentHistory()).some((p) => p.id === older.payment_id)).toBe(false);
  });

  it('removes pending payments abandoned for an hour and cancels their intents, and keeps recent ones', async () => {
    await at(AFTER_PROMO);
    const [buyer, listing, other] = await buyerWithTwoListings();
    const abandoned = await startPayment(pay.ctx.app, buyer.token, listing.id);
    // An hour later, exactly: not yet abandoned when the next payment starts.
    clock.set('2031-06-02T11:00:00.000Z');
    buyer.token = await tokenFor(pay.ctx.app, buyer.id);
    const recent = await startPayment(pay.ctx.app, buyer.token, other.id);
    expect((await pay.paymentHistory(buyer.token)).map((p) => p.id)).toEqual([recent.payment_id, abandoned.payment_id]);
    clock.set('2031-06-02T11:30:00.000Z');

    const cleanup = await api(pay.ctx.app, 'POST', '/payments/cleanup-pending', { token: buyer.token });
    expect(cleanup.statusCode).toBe(200);
    expect(cleanup.json()).toEqual({ removed: 1 });
    expect((await pay.paymentHistory(buyer.token)).map((p) => p.id)).toEqual([recent.payment_id]);
    const [intent] = await pay.ctx.app.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intentIdOf(abandoned.client_secret)));
    expect(intent?.status).toBe('canceled');
    expect((await pay.card(abandoned.client_secret, '4242424242424242')).json().detail).toBe(
      'This payment was canceled. Please start the payment again.',
    );

    // Nothing left; and a client sending `content-type: application/json` with no body is answered too.
    const empty = await pay.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/cleanup-pending',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ removed: 0 });
  });

  it('replaces an earlier pending payment of the same listing when a new one starts', async () => {
    await at(AFTER_PROMO);
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    const first = await pay.startPayment(listing.id);
    const second = await pay.startPayment(listing.id, 3);
    const pending = (await pay.paymentHistory()).filter((p) => p.listing_id === listing.id);
    expect(pending.map((p) => p.id)).toEqual([second.payment_id]);
    expect(await paymentRow(pay.ctx.app, first.payment_id)).toBeUndefined();
  });

  it('completes, instead of removing, a pending payment that was paid after all (a lost event), and the worker does too', async () => {
    await at(AFTER_PROMO);
    const [buyer, one, two] = await buyerWithTwoListings();
    const a = await startPayment(pay.ctx.app, buyer.token, one.id);
    const b = await startPayment(pay.ctx.app, buyer.token, two.id);
    // The provider took both payments, but we never heard of it.
    for (const secret of [a.client_secret, b.client_secret]) {
      await pay.ctx.app.db
        .update(sandboxPaymentIntents)
        .set({ status: 'succeeded' })
        .where(eq(sandboxPaymentIntents.id, intentIdOf(secret)));
    }

    await at('2031-06-02T12:00:00.000Z');
    buyer.token = await tokenFor(pay.ctx.app, buyer.id);
    // Paying listing one again cleans up its pending payment first: it was paid, so it completes,
    // and the second activation is refused instead of charged.
    const again = await createIntent(pay.ctx.app, buyer.token, { listing_id: one.id, duration_months: 1, purpose: 'activate' });
    expectDetail(again, 400, 'This listing has already been paid for.');
    expect((await paymentRow(pay.ctx.app, a.payment_id))?.status).toBe('completed');

    // The worker's reconciliation finds the other one.
    await pay.ctx.app.worker.tick();
    expect((await paymentRow(pay.ctx.app, b.payment_id))?.status).toBe('completed');
    expect(await listingRow(pay.ctx.app, two.id)).toMatchObject({ paymentStatus: 'paid', isActive: true });
  });
});

describe('the sandbox in production', () => {
  it('is refused unless ALLOW_SANDBOX_PAYMENTS is set', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:2525' };
    expect(() => loadConfig(testEnv(pay.ctx.dataDir, production))).toThrow(/ALLOW_SANDBOX_PAYMENTS/);
    expect(() => new SandboxPaymentProvider(pay.ctx.app.db, { isProduction: true, allowedInProduction: false })).toThrow(
      SandboxRefusedInProductionError,
    );

    const allowed = loadConfig(testEnv(pay.ctx.dataDir, { ...production, ALLOW_SANDBOX_PAYMENTS: '1' }));
    expect(createPaymentProvider(allowed, pay.ctx.app.db).name).toBe('sandbox');
  });
});
