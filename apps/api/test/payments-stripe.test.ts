import { PAYMENT_INIT_ERROR } from '@benchmarket/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, payments } from '../src/db/schema.js';
import {
  api,
  confirmPayment,
  createIntent,
  createListing,
  createSeller,
  intentIdOf,
  listingRow,
  paymentRow,
  settableClock,
  tokenFor,
} from './support/payments-fixtures.js';
import { postWebhook as postSignedWebhook, useStripePayments } from './support/stripe-payments.js';
import { expectDetail } from './support/responses.js';

/**
 * Payments through the real `stripe` SDK, pointed at a local stand-in of Stripe's API with
 * its host/port/protocol options. The test plays the browser's part (Stripe.js confirming the
 * card) with a second SDK client, and Stripe's part (webhooks) with signatures made by the
 * SDK's test header helper.
 */

const WEBHOOK_SECRET = 'whsec_test_benchmarket_webhook_secret';
const NOW = '2031-03-10T10:00:00.000Z';

const clock = settableClock(NOW);
const pay = useStripePayments(clock, WEBHOOK_SECRET);

async function startPayment(months = 1, token = pay.seller.token) {
  const listing = await createListing(pay.ctx.app, pay.seller.id);
  const response = await createIntent(pay.ctx.app, token, { listing_id: listing.id, duration_months: months });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { client_secret: string; payment_id: string; amount: number };
  return { listing, ...body, intentId: intentIdOf(body.client_secret) };
}

function postWebhook(payload: string, signature?: string) {
  return postSignedWebhook(pay.ctx.app, payload, signature);
}

function signed(payload: string, secret = WEBHOOK_SECRET) {
  return pay.signer.webhooks.generateTestHeaderString({ payload, secret });
}

async function receipts(paymentId: string): Promise<number> {
  const rows = await pay.ctx.app.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail.send'), sql`${jobs.payload}->>'text' like ${`%Payment reference: ${paymentId.slice(0, 8)}%`}`));
  return rows.length;
}

describe('POST /api/v1/payments/create-intent with Stripe', () => {
  it('creates a PaymentIntent priced by the server, with an idempotency key and metadata naming the payment and listing', async () => {
    const { listing, payment_id: paymentId, amount, intentId, client_secret: secret } = await startPayment(3);
    expect(amount).toBe(49 + 2 * 29);
    const intent = pay.stripeApi.intents.get(intentId);
    expect(intent).toMatchObject({
      amount: 10_700,
      currency: 'usd',
      status: 'requires_payment_method',
      client_secret: secret,
      payment_method_types: ['card'],
      metadata: { payment_id: paymentId, listing_id: listing.id, user_id: pay.seller.id, kind: 'activation', duration_months: '3' },
    });
    const create = pay.stripeApi.requests.find(
      (r) =>
        r.method === 'POST' && r.path === '/v1/payment_intents' && (r.body.metadata as Record<string, string>).payment_id === paymentId,
    );
    expect(create?.idempotencyKey).toBe(`listing-${listing.id}-attempt-${paymentId}`);
    expect(create?.authorization).toBe('Bearer sk_test_benchmarket');
    expect((await paymentRow(pay.ctx.app, paymentId))?.providerPaymentId).toBe(intentId);
  });

  it("answers 'Unable to initialize payment process. Please try again.' when Stripe is down, and leaves no payment behind", async () => {
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    pay.stripeApi.failNext(3); // the SDK retries twice
    const response = await createIntent(pay.ctx.app, pay.seller.token, { listing_id: listing.id, duration_months: 1 });
    expectDetail(response, 502, PAYMENT_INIT_ERROR);
    expect(await pay.ctx.app.db.select().from(payments).where(eq(payments.listingId, listing.id))).toEqual([]);
  });

  it('tells the web app to use Stripe, with the publishable key', async () => {
    const response = await api(pay.ctx.app, 'GET', '/config');
    expect(response.json()).toMatchObject({ payment_provider: 'stripe', stripe_publishable_key: 'pk_test_benchmarket' });
  });
});

describe('POST /api/v1/payments/confirm with Stripe', () => {
  it('asks Stripe for the real state: refuses an unpaid intent, then activates the listing once however often it is called', async () => {
    const { listing, payment_id: paymentId, intentId } = await startPayment(1);

    const early = await confirmPayment(pay.ctx.app, pay.seller.token, paymentId, intentId);
    expectDetail(early, 400, 'The payment has not been completed.');
    expect((await listingRow(pay.ctx.app, listing.id)).paymentStatus).toBe('unpaid');

    await pay.browser.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const retrievals = () =>
      pay.stripeApi.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intentId}`).length;
    const before = retrievals();

    const first = await confirmPayment(pay.ctx.app, pay.seller.token, paymentId, intentId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ listing_id: listing.id, status: 'completed' });
    expect(retrievals()).toBe(before + 1);
    const row = await listingRow(pay.ctx.app, listing.id);
    expect(row).toMatchObject({ paymentStatus: 'paid', isActive: true });
    expect(row.expiryDate?.toISOString()).toBe('2031-04-10T10:00:00.000Z');

    clock.advance(5 * 60_000);
    const second = await confirmPayment(pay.ctx.app, pay.seller.token, paymentId, intentId);
    expect(second.statusCode).toBe(200);
    expect((await listingRow(pay.ctx.app, listing.id)).expiryDate?.toISOString()).toBe('2031-04-10T10:00:00.000Z');
    expect(await receipts(paymentId)).toBe(1);
    clock.set(NOW);
  });

  it('refuses an intent whose amount or currency differs from the payment, however it succeeded', async () => {
    const { listing, payment_id: paymentId, intentId } = await startPayment(1);
    await pay.browser.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });

    pay.stripeApi.patchIntent(intentId, { amount: 50 });
    const cheap = await confirmPayment(pay.ctx.app, pay.seller.token, paymentId, intentId);
    expectDetail(cheap, 400, 'The card payment does not match this payment. Please contact support.');

    pay.stripeApi.patchIntent(intentId, { amount: 4900, currency: 'jpy' });
    expect((await confirmPayment(pay.ctx.app, pay.seller.token, paymentId, intentId)).statusCode).toBe(400);

    // A signed webhook about the tampered intent changes nothing either.
    const hook = pay.stripeApi.eventPayload('payment_intent.succeeded', intentId);
    expect((await postWebhook(hook, signed(hook))).statusCode).toBe(200);
    expect((await listingRow(pay.ctx.app, listing.id)).paymentStatus).toBe('unpaid');
    expect((await paymentRow(pay.ctx.app, paymentId))?.status).toBe('pending');
  });

  it("refuses another seller's payment, and a paid intent presented for another payment", async () => {
    const a = await startPayment(1);
    const b = await startPayment(1);
    await pay.browser.paymentIntents.confirm(b.intentId, { payment_method: 'pm_card_visa' });

    const other = await createSeller(pay.ctx.app);
    other.token = await tokenFor(pay.ctx.app, other.id);
    const foreign = await confirmPayment(pay.ctx.app, other.token, b.payment_id, b.intentId);
    expectDetail(foreign, 403, 'You do not have permission to confirm this payment');

    const swapped = await confirmPayment(pay.ctx.app, pay.seller.token, a.payment_id, b.intentId);
    expect(swapped.statusCode).toBe(400);
    expect((await listingRow(pay.ctx.app, a.listing.id)).paymentStatus).toBe('unpaid');
    expect((await listingRow(pay.ctx.app, b.listing.id)).paymentStatus).toBe('unpaid');
  });

  it('marks a declined payment failed, and completes it when the buyer pays with another card', async () => {
    const { listing, payment_id: paymentId, intentId } = await startPayment(1);
    await expect(pay.browser.paymentIntents.confirm(intentId, { payment_method: 'pm_card_chargeDeclined' })).rejects.toThrow(
      'Your card was declined.',
    );

    const declined = await confirmPayment(pay.ctx.app, pay.seller.token, paymentId, intentId);
    expectDetail(declined, 400, 'Your card was declined.');
    const history = (await api(pay.ctx.app, 'GET', '/payments/history', { token: pay.seller.token })).json() as {
      id: string;
      status: string;
    }[];
    expect(history.find((p) => p.id === paymentId)?.status).toBe('failed');

    await pay.browser.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    expect((await confirmPayment(pay.ctx.app, pay.seller.token, paymentId, intentId)).statusCode).toBe(200);
    expect((await listingRow(pay.ctx.app, listing.id)).paymentStatus).toBe('paid');
  });
});

describe('POST /api/v1/payments/webhook', () => {
  it('activates the listing of a buyer who closed the tab after paying, once, and confirm afterwards changes nothing', async () => {
    const { listing, payment_id: paymentId, intentId } = await startPayment(6);
    await pay.browser.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });

    const payload = pay.stripeApi.eventPayload('payment_intent.succeeded', intentId);
    const response = await postWebhook(payload, signed(payload));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    const row = await listingRow(pay.ctx.app, listing.id);
    expect(row).toMatchObject({ paymentStatus: 'paid', isActive: true, durationMonths: 6 });
    expect(row.expiryDate?.toISOString()).toBe('2031-09-10T10:00:00.000Z');

    clock.advance(60_000);
    // Stripe delivers again, and the buyer's tab comes back and confirms.
    expect((await postWebhook(payload, signed(payload))).statusCode).toBe(200);
    expect((await confirmPayment(pay.ctx.app, pay.seller.token, paymentId, intentId)).statusCode).toBe(200);
    expect((await listingRow(pay.ctx.app, listing.id)).expiryDate?.toISOString()).toBe('2031-09-10T10:00:00.000Z');
    expect(await receipts(paymentId)).toBe(1);
    clock.set(NOW);
  });

  it('extends a listing exactly once when the webhook and two confirms arrive together', async () => {
    const listing = await createListing(pay.ctx.app, pay.seller.id, {
      paymentStatus: 'paid',
      isActive: true,
      expiryDate: new Date('2031-05-31T08:00:00Z'),
    });
    const created = (
      await createIntent(pay.ctx.app, pay.seller.token, { listing_id: listing.id, duration_months: 1, purpose: 'extend' })
    ).json();
    expect(created).toMatchObject({ amount: 39, kind: 'extension' });
    const intentId = intentIdOf(created.client_secret);
    await pay.browser.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });

    const payload = pay.stripeApi.eventPayload('payment_intent.succeeded', intentId);
    const answers = await Promise.all([
      postWebhook(payload, signed(payload)),
      confirmPayment(pay.ctx.app, pay.seller.token, created.payment_id, intentId),
      confirmPayment(pay.ctx.app, pay.seller.token, created.payment_id, intentId),
      postWebhook(payload, signed(payload)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await listingRow(pay.ctx.app, listing.id)).expiryDate?.toISOString()).toBe('2031-06-30T08:00:00.000Z');
    expect(await receipts(created.payment_id)).toBe(1);
  });

  it('marks the payment failed on payment_intent.payment_failed, and never a completed one', async () => {
    const { payment_id: paymentId, intentId } = await startPayment(1);
    await expect(
      pay.browser.paymentIntents.confirm(intentId, { payment_method: 'pm_card_chargeDeclinedInsufficientFunds' }),
    ).rejects.toThrow();
    const failed = pay.stripeApi.eventPayload('payment_intent.payment_failed', intentId);
    expect((await postWebhook(failed, signed(failed))).statusCode).toBe(200);
    expect(await paymentRow(pay.ctx.app, paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'Your card has insufficient funds.',
    });

    await pay.browser.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const succeeded = pay.stripeApi.eventPayload('payment_intent.succeeded', intentId);
    expect((await postWebhook(succeeded, signed(succeeded))).statusCode).toBe(200);
    // A late failure event (delivered out of order) does not undo the completed payment.
    expect((await postWebhook(failed, signed(failed))).statusCode).toBe(200);
    expect((await paymentRow(pay.ctx.app, paymentId))?.status).toBe('completed');
  });

  it('refuses a missing or wrong signature, and a body changed after signing', async () => {
    const { listing, intentId } = await startPayment(1);
    await pay.browser.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const payload = pay.stripeApi.eventPayload('payment_intent.succeeded', intentId);

    const unsigned = await postWebhook(payload);
    expectDetail(unsigned, 400, 'Invalid webhook signature');
    expect((await postWebhook(payload, signed(payload, 'whsec_someone_else'))).statusCode).toBe(400);
    expect((await postWebhook(payload.replace('"livemode":false', '"livemode":true'), signed(payload))).statusCode).toBe(400);
    const old = pay.signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await postWebhook(payload, old)).statusCode).toBe(400);
    expect((await listingRow(pay.ctx.app, listing.id)).paymentStatus).toBe('unpaid');
  });

  it('acknowledges events it does not act on, and intents it does not know', async () => {
    const other = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    expect((await postWebhook(other, signed(other))).statusCode).toBe(200);
    const stranger = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_unknown', object: 'payment_intent', amount: 100, currency: 'usd', status: 'succeeded', metadata: {} } },
    });
    expect((await postWebhook(stranger, signed(stranger))).statusCode).toBe(200);
  });
});

describe('POST /api/v1/payments/cleanup-pending with Stripe', () => {
  it('cancels abandoned intents at Stripe before removing their payments', async () => {
    const buyer = await createSeller(pay.ctx.app);
    const listing = await createListing(pay.ctx.app, buyer.id);
    const created = (await createIntent(pay.ctx.app, buyer.token, { listing_id: listing.id, duration_months: 1 })).json();
    const intentId = intentIdOf(created.client_secret);

    clock.set('2031-03-10T12:00:00.000Z');
    const token = await tokenFor(pay.ctx.app, buyer.id);
    const response = await api(pay.ctx.app, 'POST', '/payments/cleanup-pending', { token });
    expect(response.json()).toEqual({ removed: 1 });
    expect(pay.stripeApi.intents.get(intentId)?.status).toBe('canceled');
    expect(pay.stripeApi.requests.find((r) => r.path === `/v1/payment_intents/${intentId}/cancel`)?.idempotencyKey).toBe(
      `cancel-${intentId}`,
    );
    expect(await paymentRow(pay.ctx.app, created.payment_id)).toBeUndefined();
    clock.set(NOW);
  });
});
