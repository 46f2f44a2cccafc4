import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { payments, sandboxPaymentIntents } from '../src/db/schema.js';
import { testEnv, type TestContext } from './helpers.js';
import {
  createIntent,
  createListing,
  intentIdOf,
  listingRow,
  paymentRow,
  settableClock,
  usePaymentsApp,
  tokenFor,
  type Seller,
} from './support/payments-fixtures.js';
import { postWebhook, useStripePayments } from './support/stripe-payments.js';
import { expectDetail } from './support/responses.js';

/**
 * Issue 12, defect 9: parallel 'Pay' clicks charged several times, and a payment flagged
 * 'refund due' was never refunded. With the sandbox and with the real `stripe` SDK against
 * the Stripe stand-in: parallel create-intent calls answer one payment and one intent; a
 * second payment that succeeds for one listing anyway is refunded by the worker.
 */

const AFTER_PROMO = '2031-06-02T10:00:00.000Z';
const WEBHOOK_SECRET = 'whsec_test_benchmarket_idempotency';

type Created = { client_secret: string; payment_id: string; amount: number };

/** Moves the clock past every periodic task's interval and runs a worker round (refunds, reconciliation). */
async function workerRound(ctx: TestContext, clock: ReturnType<typeof settableClock>): Promise<void> {
  clock.advance(60_000);
  await ctx.app.worker.tick();
}

/**
 * Five parallel 'Pay' clicks on a new listing of the suite's seller, as both providers answer
 * them: every click the same payment and client secret, and one payment pending.
 */
async function fiveParallelClicks(suite: { ctx: TestContext; seller: Seller }): Promise<{ listing: { id: string }; answer: Created }> {
  const { ctx, seller } = suite;
  seller.token = await tokenFor(ctx.app, seller.id);
  const listing = await createListing(ctx.app, seller.id);
  const responses = await Promise.all(
    Array.from({ length: 5 }, () => createIntent(ctx.app, seller.token, { listing_id: listing.id, duration_months: 1 })),
  );
  for (const response of responses) expect(response.statusCode, response.body).toBe(200);
  const answers = responses.map((response) => response.json() as Created);
  expect(new Set(answers.map((a) => a.payment_id)).size).toBe(1);
  expect(new Set(answers.map((a) => a.client_secret)).size).toBe(1);
  expect(await openPaymentsOf(ctx, listing.id)).toHaveLength(1);
  return { listing, answer: answers[0]! };
}

async function openPaymentsOf(ctx: TestContext, listingId: string) {
  return ctx.app.db
    .select()
    .from(payments)
    .where(and(eq(payments.listingId, listingId), eq(payments.status, 'pending')));
}

describe('with the sandbox provider', () => {
  const clock = settableClock(AFTER_PROMO);
  const pay = usePaymentsApp(clock);

  it('answers five parallel Pay clicks with one payment and one payable intent, and charges once', async () => {
    const { listing, answer: first } = await fiveParallelClicks(pay);
    const intents = await pay.ctx.app.db
      .select()
      .from(sandboxPaymentIntents)
      .where(sql`${sandboxPaymentIntents.metadata}->>'listing_id' = ${listing.id}`);
    expect(intents).toHaveLength(1);

    expect((await pay.card(first.client_secret, '4242 4242 4242 4242')).statusCode).toBe(200);
    expect(await listingRow(pay.ctx.app, listing.id)).toMatchObject({ paymentStatus: 'paid', isActive: true });
    const mine = (await pay.paymentHistory()).filter((p) => p.listing_id === listing.id);
    expect(mine).toEqual([expect.objectContaining({ id: first.payment_id, status: 'completed', amount: 49 })]);

    // Another 'Pay Now' after paying is refused, not charged.
    const again = await pay.createIntent({ listing_id: listing.id, duration_months: 1, purpose: 'activate' });
    expectDetail(again, 400, 'This listing has already been paid for.');
  });

  it('refunds a second payment that succeeded for one listing (a declined tab paid later), automatically', async () => {
    pay.seller.token = await tokenFor(pay.ctx.app, pay.seller.id);
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    // Tab 1: the card is declined; the payment is failed, its intent stays open for another card.
    const a = await pay.startPayment(listing.id);
    expect((await pay.card(a.client_secret, '4000 0000 0000 0002')).statusCode).toBe(402);
    // Tab 2: a new attempt, paid.
    const b = await pay.startPayment(listing.id);
    expect(b.payment_id).not.toBe(a.payment_id);
    expect((await pay.card(b.client_secret, '4242 4242 4242 4242')).statusCode).toBe(200);
    const activated = await listingRow(pay.ctx.app, listing.id);
    // Tab 1 again: another card on the old intent succeeds at the provider.
    expect((await pay.card(a.client_secret, '4242 4242 4242 4242')).statusCode).toBe(200);
    expect(await paymentRow(pay.ctx.app, a.payment_id)).toMatchObject({ status: 'failed', refundedAt: null });
    expect((await paymentRow(pay.ctx.app, a.payment_id))?.refundDueAt).toBeInstanceOf(Date);

    await workerRound(pay.ctx, clock);

    expect(await paymentRow(pay.ctx.app, a.payment_id)).toMatchObject({ status: 'refunded' });
    const [intent] = await pay.ctx.app.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intentIdOf(a.client_secret)));
    expect(intent?.refundId).toMatch(/^re_sandbox_/);
    const statuses = Object.fromEntries(
      (await pay.paymentHistory()).filter((p) => p.listing_id === listing.id).map((p) => [p.id, p.status]),
    );
    expect(statuses).toEqual({ [a.payment_id]: 'refunded', [b.payment_id]: 'completed' });
    // The listing was activated once, by B; the refund changed nothing about it.
    expect((await listingRow(pay.ctx.app, listing.id)).expiryDate?.toISOString()).toBe(activated.expiryDate?.toISOString());

    // Another round refunds nothing twice.
    await workerRound(pay.ctx, clock);
    const [still] = await pay.ctx.app.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, intentIdOf(a.client_secret)));
    expect(still?.refundId).toBe(intent?.refundId);
  });

  it('completes a payment left pending by a crash (paid at the provider, not yet applied) in the first worker round after a restart', async () => {
    pay.seller.token = await tokenFor(pay.ctx.app, pay.seller.id);
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    const created = await pay.startPayment(listing.id);
    // The card step went through at the provider, and the API died before applying it.
    await pay.ctx.app.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxPaymentIntents.id, intentIdOf(created.client_secret)));

    const restarted = await buildApp({
      config: loadConfig(testEnv(pay.ctx.dataDir, { PROMO_FREE_UNTIL: '2030-06-01', RATE_LIMITS: 'off' })),
      database: pay.ctx.database,
      clock,
    });
    try {
      await restarted.ready();
      // Seconds after the payment began: no waiting for a sweep minutes later.
      await restarted.worker.tick();
      expect(await paymentRow(pay.ctx.app, created.payment_id)).toMatchObject({ status: 'completed' });
      expect(await listingRow(pay.ctx.app, listing.id)).toMatchObject({ paymentStatus: 'paid', isActive: true });
    } finally {
      await restarted.close();
    }
  });

  it('refunds a payment made for a listing removed while the card form was open', async () => {
    pay.seller.token = await tokenFor(pay.ctx.app, pay.seller.id);
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    const created = await pay.startPayment(listing.id, 3);
    const removed = await pay.ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/listings/${listing.id}`,
      headers: { authorization: `Bearer ${pay.seller.token}` },
    });
    expect(removed.statusCode).toBe(200);
    expect((await pay.card(created.client_secret, '4242 4242 4242 4242')).statusCode).toBe(200);
    const confirm = await pay.confirmPayment(created.payment_id, intentIdOf(created.client_secret));
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().detail).toContain('It will be refunded');

    await workerRound(pay.ctx, clock);
    expect(await paymentRow(pay.ctx.app, created.payment_id)).toMatchObject({ status: 'refunded' });
    expect((await listingRow(pay.ctx.app, listing.id)).paymentStatus).toBe('unpaid');
  });
});

describe('with Stripe (the real SDK against the Stripe stand-in)', () => {
  const clock = settableClock(AFTER_PROMO);
  const pay = useStripePayments(clock, WEBHOOK_SECRET);

  const intentsOf = (listingId: string) => [...pay.stripeApi.intents.values()].filter((intent) => intent.metadata.listing_id === listingId);

  function webhook(type: 'payment_intent.succeeded' | 'payment_intent.payment_failed', intentId: string) {
    const payload = pay.stripeApi.eventPayload(type, intentId);
    return postWebhook(pay.ctx.app, payload, pay.signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
  }

  it('answers five parallel Pay clicks with one PaymentIntent, created with one idempotency key per listing and attempt', async () => {
    const { listing, answer } = await fiveParallelClicks(pay);
    expect(intentsOf(listing.id)).toHaveLength(1);
    const creates = pay.stripeApi.requests.filter(
      (r) =>
        r.method === 'POST' && r.path === '/v1/payment_intents' && (r.body.metadata as Record<string, string>).listing_id === listing.id,
    );
    expect(new Set(creates.map((r) => r.idempotencyKey))).toEqual(new Set([`listing-${listing.id}-attempt-${answer.payment_id}`]));

    const intentId = intentIdOf(answer.client_secret);
    await pay.browser.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    expect((await pay.confirmPayment(answer.payment_id, intentId)).statusCode).toBe(200);
    expect(await listingRow(pay.ctx.app, listing.id)).toMatchObject({ paymentStatus: 'paid', isActive: true });
    expect(pay.stripeApi.refunds.size).toBe(0);
  });

  it('refunds a second payment that succeeded for one listing through Stripe refunds, retrying while Stripe is down', async () => {
    pay.seller.token = await tokenFor(pay.ctx.app, pay.seller.id);
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    const a = await pay.startPayment(listing.id);
    const aIntent = intentIdOf(a.client_secret);
    await expect(pay.browser.paymentIntents.confirm(aIntent, { payment_method: 'pm_card_chargeDeclined' })).rejects.toThrow(
      'Your card was declined.',
    );
    expect((await webhook('payment_intent.payment_failed', aIntent)).statusCode).toBe(200);
    expect((await paymentRow(pay.ctx.app, a.payment_id))?.status).toBe('failed');

    const b = await pay.startPayment(listing.id);
    const bIntent = intentIdOf(b.client_secret);
    expect(bIntent).not.toBe(aIntent);
    await pay.browser.paymentIntents.confirm(bIntent, { payment_method: 'pm_card_visa' });
    expect((await pay.confirmPayment(b.payment_id, bIntent)).statusCode).toBe(200);

    // The first tab pays its old intent with another card; Stripe tells us.
    await pay.browser.paymentIntents.confirm(aIntent, { payment_method: 'pm_card_visa' });
    expect((await webhook('payment_intent.succeeded', aIntent)).statusCode).toBe(200);
    expect((await paymentRow(pay.ctx.app, a.payment_id))?.refundDueAt).toBeInstanceOf(Date);

    // Stripe is down for the first refund round (the SDK's two retries included): nothing is lost.
    pay.stripeApi.failNext(3);
    await workerRound(pay.ctx, clock);
    expect(await paymentRow(pay.ctx.app, a.payment_id)).toMatchObject({ status: 'failed', refundAttempts: 1, refundedAt: null });
    expect(pay.stripeApi.refunds.size).toBe(0);

    // The retry (a minute later) refunds it, with the payment's refund key.
    await workerRound(pay.ctx, clock);
    expect(await paymentRow(pay.ctx.app, a.payment_id)).toMatchObject({ status: 'refunded' });
    const refunds = [...pay.stripeApi.refunds.values()].filter((refund) => refund.payment_intent === aIntent);
    expect(refunds).toEqual([expect.objectContaining({ amount: 4_900, currency: 'usd', metadata: { payment_id: a.payment_id } })]);
    const refundCalls = pay.stripeApi.requests.filter((r) => r.path === '/v1/refunds');
    expect(new Set(refundCalls.map((r) => r.idempotencyKey))).toEqual(new Set([`refund-${a.payment_id}`]));
    expect((await paymentRow(pay.ctx.app, a.payment_id))?.providerRefundId).toBe(refunds[0]?.id);
    expect(await paymentRow(pay.ctx.app, b.payment_id)).toMatchObject({ status: 'completed' });

    await workerRound(pay.ctx, clock);
    expect([...pay.stripeApi.refunds.values()].filter((refund) => refund.payment_intent === aIntent)).toHaveLength(1);
  });
});

describe('a free month after a card attempt (the promotion)', () => {
  const clock = settableClock('2030-03-01T10:00:00.000Z');
  const pay = usePaymentsApp(clock);

  it('publishes the listing for free and drops the open card attempt (was a 500)', async () => {
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    const card = await pay.createIntent({ listing_id: listing.id, duration_months: 3 });
    expect(card.statusCode, card.body).toBe(200);
    expect((card.json() as Created).amount).toBeGreaterThan(0);

    const free = await pay.createIntent({ listing_id: listing.id, duration_months: 1 });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json()).toMatchObject({ amount: 0 });
    expect(await listingRow(pay.ctx.app, listing.id)).toMatchObject({ isActive: true, paymentStatus: 'paid' });
    expect(await openPaymentsOf(pay.ctx, listing.id)).toEqual([]);
    const history = await pay.paymentHistory();
    expect(history.filter((p) => p.listing_id === listing.id).map((p) => p.status)).toEqual(['completed']);
  });
});
