import { REFUND_AMOUNT_TOO_LARGE, REFUND_NOT_POSSIBLE, type AdminPayment, type AuditEntry } from '@benchmarket/shared';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, paymentRefunds, payments, sandboxRefunds } from '../src/db/schema.js';
import { REFUND_DISPUTED } from '../src/modules/payments/admin.js';
import { PROVIDER_UNREACHABLE } from '../src/modules/payments/checkout.js';
import { PAYMENT_NO_LONGER_APPLIES } from '../src/modules/payments/settlement.js';
import { addMonths } from '../src/modules/listings/index.js';
import { adminCall, createAccount, createAdmin, expectAdminOnly, type Account } from './support/admin-users.js';
import {
  confirmPayment,
  createIntent,
  startPayment,
  createListing,
  DAY_MS,
  intentIdOf,
  listingRow,
  paymentRow,
  sandboxCard,
  settableClock,
  tokenFor,
  usePaymentsApp,
  type SettableClock,
} from './support/payments-fixtures.js';
import { postWebhook, useStripePayments } from './support/stripe-payments.js';
import type { StandInEvent } from './support/stripe-stand-in.js';
import { expectDetail } from './support/responses.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.js';

/**
 * Issue 14: an admin refunds a payment in full or in part through the provider (the sandbox,
 * and the real `stripe` SDK against the Stripe stand-in); the listing's paid time shrinks by the
 * refunded share of the months the payment bought. Stripe's `charge.refunded` (a refund made
 * in its dashboard, or the echo of ours) and `charge.dispute.created` are applied exactly once.
 * The refund the PAYMENT_NO_LONGER_APPLIES text promises is made and shown in the console.
 */

const START = '2031-06-02T10:00:00.000Z';
const WEBHOOK_SECRET = 'whsec_test_benchmarket_admin_refunds';
const REASON = 'The buyer asked for their money back within the first week.';

type RefundResult = { payment: AdminPayment; listing_expiry_date: string | null };

/** The expiry after a refund of `refundedCents` of a payment of `amountCents` for `months`, paid at `paidAt`. */
function expiryAfterRefund(paidAt: Date, months: number, amountCents: number, refundedCents: number, now: Date): Date {
  const end = addMonths(paidAt, months).getTime();
  const span = end - paidAt.getTime();
  return new Date(Math.max(now.getTime(), end - Math.round((span * refundedCents) / amountCents)));
}

function refund(app: FastifyInstance, admin: Account, paymentId: string, body: Record<string, unknown>, key?: string) {
  return adminCall(app, 'POST', `/admin/payments/${paymentId}/refund`, {
    as: admin,
    payload: body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

async function consolePayment(app: FastifyInstance, admin: Account, paymentId: string): Promise<AdminPayment> {
  const response = await adminCall(app, 'GET', `/admin/payments?q=${paymentId}`, { as: admin });
  expect(response.statusCode, response.body).toBe(200);
  const [payment] = (response.json() as { items: AdminPayment[] }).items;
  if (!payment) throw new Error(`payment ${paymentId} not in the console`);
  return payment;
}

async function auditOf(app: FastifyInstance, admin: Account, objectId: string): Promise<AuditEntry[]> {
  const response = await adminCall(app, 'GET', `/admin/audit?object_id=${objectId}`, { as: admin });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: AuditEntry[] }).items;
}

async function refundRows(app: FastifyInstance, paymentId: string) {
  return app.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
}

describe('POST /api/v1/admin/payments/:id/refund with the sandbox', () => {
  const clock = settableClock(START);
  const pay = usePaymentsApp(clock);
  let admin: Account;
  let user: Account;

  beforeAll(async () => {
    admin = await createAdmin(pay.ctx.app);
    user = await createAccount(pay.ctx.app);
  });

  /** A listing paid for `months` with a test card now. */
  async function paidListing(months: number) {
    pay.seller.token = await tokenFor(pay.ctx.app, pay.seller.id);
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    const created = await createIntent(pay.ctx.app, pay.seller.token, { listing_id: listing.id, duration_months: months });
    expect(created.statusCode, created.body).toBe(200);
    const { client_secret: secret, payment_id: paymentId } = created.json() as { client_secret: string; payment_id: string };
    expect((await sandboxCard(pay.ctx.app, secret)).statusCode).toBe(200);
    return { listingId: listing.id, paymentId, intentId: intentIdOf(secret), paidAt: clock.now() };
  }

  it('answers 401 to visitors and 403 to everyone but admins', async () => {
    const { paymentId } = await paidListing(1);
    await expectAdminOnly(pay.ctx.app, user, [
      { method: 'GET', url: '/admin/payments' },
      { method: 'POST', url: `/admin/payments/${paymentId}/refund`, payload: { reason: REASON } },
    ]);
    expect(await refundRows(pay.ctx.app, paymentId)).toHaveLength(0);
  });

  it('refunds part of a payment: the expiry moves back by the refunded share of its months; more than is left is refused', async () => {
    const { listingId, paymentId, intentId, paidAt } = await paidListing(3);
    const before = await listingRow(pay.ctx.app, listingId);
    expect(before.expiryDate?.toISOString()).toBe(addMonths(paidAt, 3).toISOString());

    const half = await refund(pay.ctx.app, admin, paymentId, { amount: 53.5, reason: REASON });
    expect(half.statusCode, half.body).toBe(200);
    const result = half.json() as RefundResult;
    const expected = expiryAfterRefund(paidAt, 3, 10_700, 5_350, clock.now());
    // 3 months from 2 June are 92 days: half of them given back.
    expect(expected.toISOString()).toBe('2031-07-18T10:00:00.000Z');
    expect(result.listing_expiry_date).toBe(expected.toISOString());
    expect(result.payment).toMatchObject({ id: paymentId, amount: 107, refunded_amount: 53.5, status: 'completed' });
    expect(result.payment.refunds).toEqual([
      expect.objectContaining({ amount: 53.5, source: 'admin', reason: REASON, provider_refund_id: expect.stringMatching(/^re_sandbox_/) }),
    ]);
    expect(await listingRow(pay.ctx.app, listingId)).toMatchObject({ expiryDate: expected, isActive: true });
    // The sandbox made the refund on its side too.
    const made = await pay.ctx.app.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.intentId, intentId));
    expect(made).toEqual([expect.objectContaining({ id: result.payment.refunds[0]?.provider_refund_id, amount: 5_350 })]);

    const [entry] = await auditOf(pay.ctx.app, admin, paymentId);
    expect(entry).toMatchObject({
      actor: admin.email,
      action: 'payment.refund',
      object_type: 'payment',
      reason: REASON,
      before: { refunded_amount: 0, status: 'completed', listing_expiry_date: before.expiryDate?.toISOString() },
      after: { refunded_amount: 53.5, status: 'completed', listing_expiry_date: expected.toISOString(), refund_amount: 53.5 },
    });

    // A second refund past what is left is refused, and changes nothing.
    const tooMuch = await refund(pay.ctx.app, admin, paymentId, { amount: 60, reason: REASON });
    expectDetail(tooMuch, 400, REFUND_AMOUNT_TOO_LARGE);
    expect(await paymentRow(pay.ctx.app, paymentId)).toMatchObject({ refundedCents: 5_350, status: 'completed' });
    expect(await refundRows(pay.ctx.app, paymentId)).toHaveLength(1);
    expect((await listingRow(pay.ctx.app, listingId)).expiryDate).toEqual(expected);

    // The rest, with no amount: the payment is refunded, the listing has no paid time left.
    const rest = await refund(pay.ctx.app, admin, paymentId, { reason: REASON });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((rest.json() as RefundResult).payment).toMatchObject({ refunded_amount: 107, status: 'refunded' });
    expect((rest.json() as RefundResult).listing_expiry_date).toBe(clock.now().toISOString());
    expect(await listingRow(pay.ctx.app, listingId)).toMatchObject({ expiryDate: clock.now(), isActive: false });

    const again = await refund(pay.ctx.app, admin, paymentId, { amount: 1, reason: REASON });
    expectDetail(again, 400, REFUND_NOT_POSSIBLE);
    expect(await auditOf(pay.ctx.app, admin, paymentId)).toHaveLength(2);
  });

  it('makes one refund of a repeated Idempotency-Key, and refuses the key for another amount', async () => {
    const { paymentId, intentId } = await paidListing(1);
    const key = randomUUID();
    const answers = await Promise.all([1, 2].map(() => refund(pay.ctx.app, admin, paymentId, { amount: 4.9, reason: REASON }, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await pay.ctx.app.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.intentId, intentId))).toHaveLength(1);
    expect(await paymentRow(pay.ctx.app, paymentId)).toMatchObject({ refundedCents: 490 });
    const reused = await refund(pay.ctx.app, admin, paymentId, { amount: 1, reason: REASON }, key);
    expect(reused.statusCode).toBe(409);
    expect(await refundRows(pay.ctx.app, paymentId)).toHaveLength(1);
  });

  it("refunds a listing's only payment in full ten days later: its paid time ends now", async () => {
    const { listingId, paymentId } = await paidListing(1);
    clock.advance(10 * DAY_MS);
    const response = await refund(pay.ctx.app, admin, paymentId, { reason: REASON });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      listing_expiry_date: clock.now().toISOString(),
      payment: { amount: 49, refunded_amount: 49, status: 'refunded' },
    });
    expect(await listingRow(pay.ctx.app, listingId)).toMatchObject({ expiryDate: clock.now(), isActive: false });
    // The seller's history says so too.
    const history = await pay.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/payments/history',
      headers: { authorization: `Bearer ${await tokenFor(pay.ctx.app, pay.seller.id)}` },
    });
    expect((history.json() as { id: string; status: string }[]).find((p) => p.id === paymentId)?.status).toBe('refunded');
  });

  it('refuses pending, failed and free payments, unknown ids and amounts that are not money', async () => {
    pay.seller.token = await tokenFor(pay.ctx.app, pay.seller.id);
    const pendingListing = await createListing(pay.ctx.app, pay.seller.id);
    const pending = await startPayment(pay.ctx.app, pay.seller.token, pendingListing.id);
    const failedListing = await createListing(pay.ctx.app, pay.seller.id);
    const failed = await startPayment(pay.ctx.app, pay.seller.token, failedListing.id);
    expect((await sandboxCard(pay.ctx.app, failed.client_secret, '4000000000000002')).statusCode).toBe(402);
    const freeListing = await createListing(pay.ctx.app, pay.seller.id, { paymentStatus: 'paid', isActive: true });
    const [free] = await pay.ctx.app.db
      .insert(payments)
      .values({
        listingId: freeListing.id,
        userId: pay.seller.id,
        kind: 'activation',
        durationMonths: 1,
        amountCents: 0,
        currency: 'usd',
        status: 'completed',
        provider: 'free',
        completedAt: clock.now(),
      })
      .returning({ id: payments.id });

    for (const id of [pending.payment_id, failed.payment_id, free!.id]) {
      const response = await refund(pay.ctx.app, admin, id, { reason: REASON });
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toMatchObject({ detail: REFUND_NOT_POSSIBLE, code: 'refund_not_possible' });
    }
    const unknown = await refund(pay.ctx.app, admin, randomUUID(), { reason: REASON });
    expectDetail(unknown, 404, 'Payment not found');

    const { paymentId } = await paidListing(1);
    for (const body of [
      { amount: 0, reason: REASON },
      { amount: -5, reason: REASON },
      { amount: 1.005, reason: REASON },
      { amount: 5 },
      { reason: '   ' },
    ]) {
      const response = await refund(pay.ctx.app, admin, paymentId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().detail).toEqual(expect.any(String));
    }
    expect(await refundRows(pay.ctx.app, paymentId)).toHaveLength(0);
  });

  it('lists every payment newest first, found by payment id, provider id, email or listing title', async () => {
    const { paymentId, intentId, listingId } = await paidListing(1);
    const title = (await listingRow(pay.ctx.app, listingId)).title;
    const all = await adminCall(pay.ctx.app, 'GET', '/admin/payments?page_size=100', { as: admin });
    expect(all.statusCode).toBe(200);
    const page = all.json() as { items: AdminPayment[]; total: number; page: number; page_size: number };
    expect(page.total).toBeGreaterThanOrEqual(page.items.length);
    expect(page.items.map((p) => p.created_at)).toEqual([...page.items.map((p) => p.created_at)].sort().reverse());

    for (const q of [paymentId.slice(0, 8), intentId, title]) {
      const found = await adminCall(pay.ctx.app, 'GET', `/admin/payments?q=${encodeURIComponent(q)}`, { as: admin });
      expect(found.statusCode, q).toBe(200);
      expect((found.json() as { items: AdminPayment[] }).items.map((p) => p.id)).toContain(paymentId);
    }
    const byEmail = await adminCall(pay.ctx.app, 'GET', `/admin/payments?q=${encodeURIComponent(pay.seller.email)}&page_size=100`, {
      as: admin,
    });
    const mine = (byEmail.json() as { items: AdminPayment[] }).items;
    expect(mine.length).toBeGreaterThan(1);
    expect(mine.every((p) => p.user_email === pay.seller.email)).toBe(true);
    expect(mine.find((p) => p.id === paymentId)).toMatchObject({
      listing_id: listingId,
      listing_title: title,
      user_id: pay.seller.id,
      kind: 'activation',
      duration_months: 1,
      amount: 49,
      refunded_amount: 0,
      currency: 'usd',
      status: 'completed',
      provider: 'sandbox',
      provider_payment_id: intentId,
      disputed_at: null,
      refunds: [],
    });
    const none = await adminCall(pay.ctx.app, 'GET', '/admin/payments?q=%25', { as: admin });
    expect((none.json() as { total: number }).total).toBe(0);
  });

  it('makes the refund the error text promises: a second payment for one listing is refunded through the provider and shown in the console', async () => {
    pay.seller.token = await tokenFor(pay.ctx.app, pay.seller.id);
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    const first = await startPayment(pay.ctx.app, pay.seller.token, listing.id);
    expect((await sandboxCard(pay.ctx.app, first.client_secret, '4000000000000002')).statusCode).toBe(402);
    const second = await startPayment(pay.ctx.app, pay.seller.token, listing.id);
    expect((await sandboxCard(pay.ctx.app, second.client_secret)).statusCode).toBe(200);
    const expiry = (await listingRow(pay.ctx.app, listing.id)).expiryDate;
    // The first tab pays its old intent after all: paid twice for one listing.
    expect((await sandboxCard(pay.ctx.app, first.client_secret)).statusCode).toBe(200);
    const confirm = await confirmPayment(pay.ctx.app, pay.seller.token, first.payment_id, intentIdOf(first.client_secret));
    expectDetail(confirm, 400, PAYMENT_NO_LONGER_APPLIES);

    clock.advance(60_000);
    await pay.ctx.app.worker.tick();

    const shown = await consolePayment(pay.ctx.app, admin, first.payment_id);
    expect(shown).toMatchObject({ status: 'refunded', amount: 49, refunded_amount: 49 });
    expect(shown.refunds).toEqual([
      expect.objectContaining({ amount: 49, source: 'automatic', provider_refund_id: expect.stringMatching(/^re_sandbox_/) }),
    ]);
    const [made] = await pay.ctx.app.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.intentId, intentIdOf(first.client_secret)));
    expect(made).toMatchObject({ id: shown.refunds[0]?.provider_refund_id, amount: 4_900 });
    // The refund took nothing from the listing: the payment never applied to it.
    expect((await listingRow(pay.ctx.app, listing.id)).expiryDate).toEqual(expiry);
    expect(await consolePayment(pay.ctx.app, admin, second.payment_id)).toMatchObject({ status: 'completed', refunded_amount: 0 });

    // Another round refunds nothing twice.
    clock.advance(60_000);
    await pay.ctx.app.worker.tick();
    expect(await refundRows(pay.ctx.app, first.payment_id)).toHaveLength(1);
  });
});

describe('the payer is told of a refund', () => {
  const clock = settableClock(START);
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp?.close());
  const pay = usePaymentsApp(clock, () => ({ SMTP_URL: smtp.url }));

  it('mails the payer once per refund: how much went back and until when the listing still shows', async () => {
    const admin = await createAdmin(pay.ctx.app);
    pay.seller.token = await tokenFor(pay.ctx.app, pay.seller.id);
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    const created = await createIntent(pay.ctx.app, pay.seller.token, { listing_id: listing.id, duration_months: 3 });
    const { client_secret: secret, payment_id: paymentId } = created.json() as { client_secret: string; payment_id: string };
    expect((await sandboxCard(pay.ctx.app, secret)).statusCode).toBe(200);
    await pay.ctx.app.worker.tick();
    await smtp.waitForMail(pay.seller.email, { subject: 'Payment received' });

    const half = await refund(pay.ctx.app, admin, paymentId, { amount: 53.5, reason: REASON }, randomUUID());
    expect(half.statusCode, half.body).toBe(200);
    await pay.ctx.app.worker.tick();
    const mail = await smtp.waitForMail(pay.seller.email, { subject: 'Refund' });
    expect(mail.subject).toBe(`Refund: ${listing.title}`);
    expect(mail.text).toContain('We refunded 53.50 USD of your payment of 107.00 USD');
    expect(mail.text).toContain('Your listing is now visible in search until 18 July 2031.');
    expect(mail.text).not.toContain(REASON);

    const rest = await refund(pay.ctx.app, admin, paymentId, { reason: REASON }, randomUUID());
    expect(rest.statusCode, rest.body).toBe(200);
    await pay.ctx.app.worker.tick();
    await expect.poll(() => smtp.mailsTo(pay.seller.email).filter((m) => m.subject.startsWith('Refund')).length).toBe(2);
    const last = smtp.mailsTo(pay.seller.email).filter((m) => m.subject.startsWith('Refund'))[1];
    expect(last?.text).toContain('We refunded 53.50 USD of your payment of 107.00 USD');
    expect(last?.text).toContain('The paid time of your listing has ended, so it no longer shows in search.');
  });
});

describe('POST /api/v1/admin/payments/:id/refund and the webhook with Stripe (the real SDK against the Stripe stand-in)', () => {
  const clock: SettableClock = settableClock(START);
  const pay = useStripePayments(clock, WEBHOOK_SECRET);
  let admin: Account;

  beforeAll(async () => {
    admin = await createAdmin(pay.ctx.app);
  });
  // Each test delivers the events it makes.
  beforeEach(() => {
    pay.stripeApi.takeEvents();
  });

  function deliver(event: StandInEvent) {
    const signature = pay.signer.webhooks.generateTestHeaderString({ payload: event.payload, secret: WEBHOOK_SECRET });
    return postWebhook(pay.ctx.app, event.payload, signature);
  }

  async function deliverAll(): Promise<void> {
    for (const event of pay.stripeApi.takeEvents()) expect((await deliver(event)).statusCode).toBe(200);
  }

  /** A listing paid for `months` through Stripe (the browser's confirm, then ours). */
  async function paidListing(months: number) {
    pay.seller.token = await tokenFor(pay.ctx.app, pay.seller.id);
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    const created = await startPayment(pay.ctx.app, pay.seller.token, listing.id, months);
    const intentId = intentIdOf(created.client_secret);
    await pay.browser.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    expect((await confirmPayment(pay.ctx.app, pay.seller.token, created.payment_id, intentId)).statusCode).toBe(200);
    return { listingId: listing.id, paymentId: created.payment_id, intentId, paidAt: clock.now() };
  }

  it("refunds in part through Stripe's Refunds API with its own idempotency key; Stripe's echo is counted once", async () => {
    const { listingId, paymentId, intentId, paidAt } = await paidListing(3);
    const response = await refund(pay.ctx.app, admin, paymentId, { amount: 53.5, reason: REASON });
    expect(response.statusCode, response.body).toBe(200);
    const made = [...pay.stripeApi.refunds.values()].filter((r) => r.payment_intent === intentId);
    expect(made).toEqual([
      expect.objectContaining({ amount: 5_350, reason: 'requested_by_customer', metadata: { payment_id: paymentId } }),
    ]);
    const call = pay.stripeApi.requests.find((r) => r.path === '/v1/refunds' && r.body.payment_intent === intentId);
    expect(call?.idempotencyKey).toBe(`refund-${paymentId}-after-0-of-5350`);
    const expected = expiryAfterRefund(paidAt, 3, 10_700, 5_350, clock.now());
    expect((response.json() as RefundResult).listing_expiry_date).toBe(expected.toISOString());

    // Stripe's charge.refunded about this very refund, delivered twice: nothing more is counted.
    const events = pay.stripeApi.takeEvents();
    expect(events.map((e) => e.type)).toEqual(['charge.refunded']);
    expect((await deliver(events[0]!)).statusCode).toBe(200);
    expect((await deliver(events[0]!)).statusCode).toBe(200);
    expect(await paymentRow(pay.ctx.app, paymentId)).toMatchObject({ refundedCents: 5_350, status: 'completed' });
    expect(await refundRows(pay.ctx.app, paymentId)).toEqual([
      expect.objectContaining({ amountCents: 5_350, source: 'admin', providerRefundId: made[0]?.id, adminId: admin.id }),
    ]);
    expect((await listingRow(pay.ctx.app, listingId)).expiryDate).toEqual(expected);
  });

  it('counts the refund once when Stripe’s echo arrives before the refund call is answered', async () => {
    const { listingId, paymentId, paidAt } = await paidListing(1);
    pay.stripeApi.deliverBeforeAnswer = async (event) => {
      expect((await deliver(event)).statusCode).toBe(200);
    };
    try {
      const response = await refund(pay.ctx.app, admin, paymentId, { amount: 20, reason: REASON });
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json() as RefundResult;
      expect(result.payment).toMatchObject({ refunded_amount: 20, status: 'completed' });
      // Recorded first by the echo, it is still the admin's refund, with the admin's reason.
      expect(result.payment.refunds).toEqual([expect.objectContaining({ amount: 20, source: 'admin', reason: REASON })]);
      const expected = expiryAfterRefund(paidAt, 1, 4_900, 2_000, clock.now());
      expect((await listingRow(pay.ctx.app, listingId)).expiryDate).toEqual(expected);
      expect((await auditOf(pay.ctx.app, admin, paymentId)).map((e) => e.action)).toEqual(['payment.refund']);
    } finally {
      pay.stripeApi.deliverBeforeAnswer = undefined;
    }
  });

  it('makes one refund of a double click (one Idempotency-Key): one refund at Stripe, one row, one audit entry', async () => {
    const { paymentId, intentId } = await paidListing(1);
    const key = randomUUID();
    const answers = await Promise.all([
      refund(pay.ctx.app, admin, paymentId, { amount: 10, reason: REASON }, key),
      refund(pay.ctx.app, admin, paymentId, { amount: 10, reason: REASON }, key),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    // A retry after the answer was lost, with the same key: still one refund.
    const retry = await refund(pay.ctx.app, admin, paymentId, { amount: 10, reason: REASON }, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect((retry.json() as RefundResult).payment).toMatchObject({ refunded_amount: 10 });
    expect([...pay.stripeApi.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    expect(pay.stripeApi.requests.find((r) => r.path === '/v1/refunds' && r.body.payment_intent === intentId)?.idempotencyKey).toBe(
      `refund-${paymentId}-request-${key}`,
    );
    expect(await refundRows(pay.ctx.app, paymentId)).toHaveLength(1);
    expect(await paymentRow(pay.ctx.app, paymentId)).toMatchObject({ refundedCents: 1_000 });
    expect(await auditOf(pay.ctx.app, admin, paymentId)).toHaveLength(1);
    await deliverAll();
    expect(await paymentRow(pay.ctx.app, paymentId)).toMatchObject({ refundedCents: 1_000 });

    // The same key for another amount is refused; a new key is a new refund.
    const reused = await refund(pay.ctx.app, admin, paymentId, { amount: 5, reason: REASON }, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('idempotency_key_reused');
    expect((await refund(pay.ctx.app, admin, paymentId, { amount: 5, reason: REASON }, randomUUID())).statusCode).toBe(200);
    expect(await paymentRow(pay.ctx.app, paymentId)).toMatchObject({ refundedCents: 1_500 });
    const badKey = await refund(pay.ctx.app, admin, paymentId, { amount: 5, reason: REASON }, 'short');
    expect(badKey.statusCode).toBe(400);
  });

  it('answers 502 and records nothing while Stripe cannot be reached', async () => {
    const { listingId, paymentId } = await paidListing(1);
    const expiry = (await listingRow(pay.ctx.app, listingId)).expiryDate;
    pay.stripeApi.failNext(3);
    const response = await refund(pay.ctx.app, admin, paymentId, { reason: REASON });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ detail: PROVIDER_UNREACHABLE, code: 'provider_unavailable' });
    expect(await paymentRow(pay.ctx.app, paymentId)).toMatchObject({ refundedCents: 0, status: 'completed' });
    expect(await refundRows(pay.ctx.app, paymentId)).toHaveLength(0);
    expect((await listingRow(pay.ctx.app, listingId)).expiryDate).toEqual(expiry);
    expect(await pay.ctx.app.db.select().from(auditLog).where(eq(auditLog.objectId, paymentId))).toHaveLength(0);
  });

  it("records a refund made in Stripe's dashboard once, delivered twice in parallel and again later", async () => {
    const { listingId, paymentId, intentId, paidAt } = await paidListing(1);
    clock.advance(60_000);
    const dashboard = pay.stripeApi.refundFromDashboard(intentId, 1_000);
    const [event] = pay.stripeApi.takeEvents();
    const answers = await Promise.all([deliver(event!), deliver(event!)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await deliver(event!)).statusCode).toBe(200);

    expect(await refundRows(pay.ctx.app, paymentId)).toEqual([
      expect.objectContaining({ amountCents: 1_000, source: 'provider', providerRefundId: dashboard.id, adminId: null }),
    ]);
    expect(await paymentRow(pay.ctx.app, paymentId)).toMatchObject({ refundedCents: 1_000, status: 'completed' });
    const expected = expiryAfterRefund(paidAt, 1, 4_900, 1_000, clock.now());
    expect((await listingRow(pay.ctx.app, listingId)).expiryDate).toEqual(expected);

    // The rest, from the dashboard too, a minute later: the payment is refunded, the listing ends.
    clock.advance(60_000);
    pay.stripeApi.refundFromDashboard(intentId);
    await deliverAll();
    expect(await paymentRow(pay.ctx.app, paymentId)).toMatchObject({ refundedCents: 4_900, status: 'refunded' });
    expect(await listingRow(pay.ctx.app, listingId)).toMatchObject({ expiryDate: clock.now(), isActive: false });
    expect((await consolePayment(pay.ctx.app, admin, paymentId)).refunds.map((r) => [r.amount, r.source])).toEqual([
      [10, 'provider'],
      [39, 'provider'],
    ]);
  });

  it('refuses a refund of more than Stripe has left (a dashboard refund not reported yet), then records the dashboard’s', async () => {
    const { paymentId, intentId } = await paidListing(1);
    pay.stripeApi.refundFromDashboard(intentId);
    const response = await refund(pay.ctx.app, admin, paymentId, { amount: 10, reason: REASON });
    expectDetail(response, 400, REFUND_AMOUNT_TOO_LARGE);
    expect(await refundRows(pay.ctx.app, paymentId)).toHaveLength(0);
    await deliverAll();
    expect(await paymentRow(pay.ctx.app, paymentId)).toMatchObject({ refundedCents: 4_900, status: 'refunded' });
  });

  it('answers 503 to charge.refunded while Stripe cannot be asked, and applies the event when it comes again', async () => {
    const { paymentId, intentId } = await paidListing(1);
    pay.stripeApi.refundFromDashboard(intentId, 500);
    const [event] = pay.stripeApi.takeEvents();
    pay.stripeApi.failNext(3);
    const refused = await deliver(event!);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().detail).toEqual(expect.any(String));
    expect(await refundRows(pay.ctx.app, paymentId)).toHaveLength(0);
    expect((await deliver(event!)).statusCode).toBe(200);
    expect(await paymentRow(pay.ctx.app, paymentId)).toMatchObject({ refundedCents: 500 });
  });

  it("ends the listing's paid time once when the charge is disputed, and refuses to refund it", async () => {
    const { listingId, paymentId, intentId } = await paidListing(6);
    clock.advance(3 * DAY_MS);
    const event = pay.stripeApi.dispute(intentId, 'fraudulent');
    pay.stripeApi.takeEvents();
    const answers = await Promise.all([deliver(event), deliver(event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    clock.advance(60_000);
    expect((await deliver(event)).statusCode).toBe(200);

    const disputedAt = new Date(clock.now().getTime() - 60_000);
    expect(await paymentRow(pay.ctx.app, paymentId)).toMatchObject({ disputedAt, status: 'completed' });
    expect(await listingRow(pay.ctx.app, listingId)).toMatchObject({ expiryDate: disputedAt, isActive: false });
    const entries = await auditOf(pay.ctx.app, admin, paymentId);
    expect(entries).toEqual([
      expect.objectContaining({
        actor: 'system (stripe webhook)',
        action: 'payment.dispute',
        after: expect.objectContaining({ disputed_at: disputedAt.toISOString(), listing_expiry_date: disputedAt.toISOString() }),
      }),
    ]);
    expect((await consolePayment(pay.ctx.app, admin, paymentId)).disputed_at).toBe(disputedAt.toISOString());

    const response = await refund(pay.ctx.app, admin, paymentId, { reason: REASON });
    expectDetail(response, 400, REFUND_DISPUTED);
  });

  it('records the refund job’s refund through Stripe, and its charge.refunded echo changes nothing', async () => {
    pay.seller.token = await tokenFor(pay.ctx.app, pay.seller.id);
    const listing = await createListing(pay.ctx.app, pay.seller.id);
    const start = async () => await startPayment(pay.ctx.app, pay.seller.token, listing.id);
    const first = await start();
    const firstIntent = intentIdOf(first.client_secret);
    await expect(pay.browser.paymentIntents.confirm(firstIntent, { payment_method: 'pm_card_chargeDeclined' })).rejects.toThrow();
    const failed = pay.stripeApi.eventPayload('payment_intent.payment_failed', firstIntent);
    const failedSignature = pay.signer.webhooks.generateTestHeaderString({ payload: failed, secret: WEBHOOK_SECRET });
    expect((await postWebhook(pay.ctx.app, failed, failedSignature)).statusCode).toBe(200);
    const second = await start();
    const secondIntent = intentIdOf(second.client_secret);
    await pay.browser.paymentIntents.confirm(secondIntent, { payment_method: 'pm_card_visa' });
    expect((await confirmPayment(pay.ctx.app, pay.seller.token, second.payment_id, secondIntent)).statusCode).toBe(200);
    await pay.browser.paymentIntents.confirm(firstIntent, { payment_method: 'pm_card_visa' });
    const late = await confirmPayment(pay.ctx.app, pay.seller.token, first.payment_id, firstIntent);
    expect(late.json().detail).toBe(PAYMENT_NO_LONGER_APPLIES);

    clock.advance(60_000);
    await pay.ctx.app.worker.tick();
    await deliverAll();

    const shown = await consolePayment(pay.ctx.app, admin, first.payment_id);
    const made = [...pay.stripeApi.refunds.values()].filter((r) => r.payment_intent === firstIntent);
    expect(made).toHaveLength(1);
    expect(shown).toMatchObject({ status: 'refunded', refunded_amount: 49 });
    expect(shown.refunds).toEqual([expect.objectContaining({ amount: 49, source: 'automatic', provider_refund_id: made[0]?.id })]);
  });
});
