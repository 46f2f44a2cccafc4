import { randomUUID } from 'node:crypto';
import { DURATION_OPTIONS, LISTING_NOT_FOUND, PAYMENT_INIT_ERROR, type DurationMonths } from '@benchmarket/shared';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { listings, payments, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-errors.js';
import type { CurrentUser } from '../auth/auth-context.js';
import { formatDay, type ListingsService } from '../listings/index.js';
import { renderMail, type Mailer } from '../mail/index.js';
import {
  expiryAfterPayment,
  paymentKindFor,
  quote,
  type PaymentKind,
  type PaymentPurpose,
  type PriceTable,
} from './pricing.js';
import {
  CANCELABLE_STATUSES,
  ProviderUnavailableError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
} from './provider.js';

type PaymentRow = typeof payments.$inferSelect;
type ListingRow = typeof listings.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A pending payment older than this was abandoned (a card form is not open for an hour). */
export const STALE_PENDING_MS = 60 * 60 * 1000;
/**
 * The reconciliation sweep asks the provider about pending payments this old, up to a day
 * (at start-up about every pending payment: one left pending by a crash completes at once).
 */
const RECONCILE_AFTER_MS = 20 * 1000;
/** How often the worker reconciles pending payments and makes due refunds. */
export const RECONCILE_EVERY_MS = 30_000;
export const REFUND_EVERY_MS = 15_000;
const REFUND_BATCH = 10;
/** A failed refund is tried again after 1, 2, 4 … minutes, at most every 6 hours, until it is made. */
export function refundRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}
const RECONCILE_WINDOW_MS = 24 * 60 * 60 * 1000;
const RECONCILE_BATCH = 25;
/** Creating an intent takes at most this long (the SDK's timeout and retries); a payment without one after it was abandoned. */
const INTENT_CREATION_MS = 2 * 60 * 1000;

/** Ours: texts the spec leaves open. */
export const PAYMENT_NOT_FOUND = 'Payment not found';
export const NO_PERMISSION_TO_PAY = 'You do not have permission to pay for this listing';
export const NO_PERMISSION_TO_CONFIRM = 'You do not have permission to confirm this payment';
export const PAYMENT_REFERENCE_MISMATCH = 'This card payment does not belong to this payment.';
export const PAYMENT_DETAILS_MISMATCH = 'The card payment does not match this payment. Please contact support.';
export const PAYMENT_NOT_COMPLETED = 'The payment has not been completed.';
export const PROVIDER_UNREACHABLE = 'The card payment provider could not be reached. Please try again.';
export const PAYMENT_IN_PROGRESS =
  'A payment for this listing is already being processed. Please wait a moment and check your payment history before paying again.';
export const PAYMENT_REPLACED = 'This payment was replaced by a newer one for the same listing. Please start the payment again.';

/** The free path's client secret (spec §4: activated without the card step). */
export const FREE_CLIENT_SECRET_PREFIX = 'free_tier_';

const toUnits = (cents: number): number => Math.round(cents) / 100;

export interface CreateIntentRequest {
  listing_id: string;
  duration_months: number;
  purpose?: PaymentPurpose | undefined;
}

export interface CreatedPayment {
  client_secret: string;
  payment_id: string;
  amount: number;
  currency: string;
  kind: PaymentKind;
  provider: 'stripe' | 'sandbox' | 'free';
}

export interface PaymentQuote {
  listing_id: string;
  kind: PaymentKind;
  duration_months: number;
  amount: number;
  currency: string;
  breakdown: { base: number; additional_months: number; extension: number; promotion_discount: number };
  promotion_applied: boolean;
  current_expiry_date: string | null;
  new_expiry_date: string;
}

export interface PaymentHistoryItem {
  id: string;
  listing_id: string;
  listing_title: string | null;
  kind: PaymentKind;
  duration_months: number;
  amount: number;
  currency: string;
  status: 'completed' | 'pending' | 'failed' | 'refunded';
  created_at: string;
}

interface NewPayment {
  id: string;
  listingId: string;
  userId: string;
  kind: PaymentKind;
  durationMonths: number;
  amountCents: number;
  currency: string;
  createdAt: Date;
  updatedAt: Date;
}

export type EventOutcome = 'completed' | 'already_completed' | 'failed' | 'ignored' | 'mismatch';

export interface PaymentsServiceDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  pricing: AppConfig['pricing'];
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The listings module: a completed payment activates or extends its listing through it. */
  listings: Pick<ListingsService, 'activate' | 'extend'>;
}

/**
 * Listing payments: quotes, intents, confirmation and the provider's events. The one rule
 * that matters most: a payment completes, and its listing is activated or extended, exactly
 * once — the payment row is locked (`select … for update`) and moved to `completed` by an
 * update conditional on it not being completed yet, in the same transaction as the listing's
 * change, however many times confirm is called or a webhook arrives.
 */
export class PaymentsService {
  private readonly table: PriceTable;
  private reconciledSinceStart = false;

  constructor(private readonly deps: PaymentsServiceDeps) {
    const { pricing } = deps;
    this.table = {
      baseCents: pricing.baseCents,
      additionalMonthCents: pricing.additionalMonthCents,
      extensionMonthCents: pricing.extensionMonthCents,
      promoFreeUntil: pricing.promoFreeUntil,
    };
  }

  get provider(): PaymentProvider {
    return this.deps.provider;
  }

  private get currency(): string {
    return this.deps.pricing.currency;
  }

  /** What a payment would cost and give, with the refusals of create-intent (spec §5). */
  async quote(user: CurrentUser, request: CreateIntentRequest): Promise<PaymentQuote> {
    const listing = await this.ownedListing(user, request.listing_id);
    const now = this.deps.clock.now();
    const kind = this.kindOrRefuse(listing, request.purpose, now);
    const q = quote(this.table, kind, request.duration_months, now);
    return {
      listing_id: listing.id,
      kind,
      duration_months: request.duration_months,
      amount: toUnits(q.totalCents),
      currency: this.currency,
      breakdown: {
        base: toUnits(q.baseCents),
        additional_months: toUnits(q.additionalMonthsCents),
        extension: toUnits(q.extensionCents),
        promotion_discount: toUnits(q.promoDiscountCents),
      },
      promotion_applied: q.promoDiscountCents > 0,
      current_expiry_date: listing.expiryDate?.toISOString() ?? null,
      new_expiry_date: expiryAfterPayment(listing, request.duration_months, now).toISOString(),
    };
  }

  /**
   * POST /payments/create-intent. Clears the user's stale pending payments first (as
   * /payments/cleanup-pending does), then prices the payment on the server. A zero amount is
   * completed at once and answers a `free_tier_` client secret (spec §4); otherwise the
   * provider makes an intent whose metadata names this payment and listing.
   *
   * One open attempt per listing (issue 12: parallel 'Pay' clicks charged several times): a
   * unique index allows one pending payment per listing, so parallel calls with the same
   * terms all answer that payment and its one intent — the intent is created with the
   * attempt's idempotency key, so even two callers reaching the provider at once get one
   * intent. A call with other terms (another duration) replaces the open attempt once its
   * intent is cancelled at the provider.
   */
  async createIntent(user: CurrentUser, request: CreateIntentRequest, round = 0): Promise<CreatedPayment> {
    await this.ownedListing(user, request.listing_id);
    // First: an abandoned payment that was paid after all completes, and is seen below.
    if (round === 0) await this.cleanupPending(user.id);
    const listing = await this.ownedListing(user, request.listing_id);
    const now = this.deps.clock.now();
    const kind = this.kindOrRefuse(listing, request.purpose, now);

    const q = quote(this.table, kind, request.duration_months, now);
    const paymentId = randomUUID();
    const base: NewPayment = {
      id: paymentId,
      listingId: listing.id,
      userId: user.id,
      kind,
      durationMonths: request.duration_months,
      amountCents: q.totalCents,
      currency: this.currency,
      createdAt: now,
      updatedAt: now,
    };

    if (q.totalCents === 0) return this.completeFree(base, request.purpose, now);
    // Each round settles one thing (a parallel insert won, an old attempt was paid or replaced).
    const again = (): Promise<CreatedPayment> => {
      if (round >= 4) throw conflict(PAYMENT_IN_PROGRESS, 'payment_in_progress');
      return this.createIntent(user, request, round + 1);
    };

    const [open] = await this.deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.listingId, listing.id), eq(payments.status, 'pending')))
      .limit(1);
    if (open) {
      if (sameTerms(open, base, this.provider.name)) return this.answerFor(open, listing, again);
      // Other terms: the earlier attempt goes (cancelled at the provider) unless it was paid or is in flight.
      if (await this.removeIfAbandoned(open, { replacing: true })) return again();
      const [after] = await this.deps.db.select({ status: payments.status }).from(payments).where(eq(payments.id, open.id)).limit(1);
      if (after?.status === 'pending') throw conflict(PAYMENT_IN_PROGRESS, 'payment_in_progress');
      return again();
    }

    const [created] = await this.deps.db
      .insert(payments)
      .values({
        ...base,
        status: 'pending',
        provider: this.provider.name,
        idempotencyKey: `listing-${listing.id}-attempt-${paymentId}`,
      })
      .onConflictDoNothing()
      .returning();
    // A parallel call opened the attempt first: answer that one.
    if (!created) return again();
    return this.answerFor(created, listing, again);
  }

  /** The open attempt's intent, made now with the attempt's idempotency key unless it exists. */
  private async answerFor(payment: PaymentRow, listing: ListingRow, again: () => Promise<CreatedPayment>): Promise<CreatedPayment> {
    const answer = (clientSecret: string): CreatedPayment => ({
      client_secret: clientSecret,
      payment_id: payment.id,
      amount: toUnits(payment.amountCents),
      currency: payment.currency,
      kind: payment.kind,
      provider: this.provider.name,
    });

    if (payment.providerPaymentId) {
      const intent = await this.retrieve(payment.providerPaymentId);
      if (intent?.clientSecret && intent.status !== 'succeeded' && intent.status !== 'canceled') return answer(intent.clientSecret);
      if (intent?.status === 'succeeded') {
        // Paid already (its event is still on the way): it completes now, and this call starts over.
        await this.handleProviderEvent({ type: 'payment_intent.succeeded', intent });
      } else {
        await this.removeIfAbandoned(payment, { replacing: true });
      }
      return again();
    }

    let intent;
    try {
      intent = await this.provider.createIntent({
        paymentId: payment.id,
        listingId: listing.id,
        userId: payment.userId,
        kind: payment.kind,
        durationMonths: payment.durationMonths,
        amountCents: payment.amountCents,
        currency: payment.currency,
        description: describePayment(payment.kind, payment.durationMonths, listing.title),
        idempotencyKey: payment.idempotencyKey ?? `payment-${payment.id}`,
      });
    } catch (error) {
      // Nothing was charged: the attempt never existed for the buyer.
      await this.deps.db
        .delete(payments)
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending'), isNull(payments.providerPaymentId)));
      this.deps.log.error({ err: error, payment: payment.id }, 'could not create a payment intent');
      throw new HttpError(502, PAYMENT_INIT_ERROR, 'provider_unavailable');
    }
    const recorded = await this.deps.db
      .update(payments)
      .set({ providerPaymentId: intent.id, updatedAt: this.deps.clock.now() })
      .where(and(eq(payments.id, payment.id), or(isNull(payments.providerPaymentId), eq(payments.providerPaymentId, intent.id))))
      .returning({ id: payments.id });
    if (recorded.length === 0) {
      // Replaced meanwhile by a call with other terms: this intent must never be paid.
      await this.provider.cancelIntent(intent.id).catch((error: unknown) => {
        this.deps.log.warn({ err: error, intent: intent.id }, 'could not cancel the intent of a replaced payment');
      });
      throw conflict(PAYMENT_REPLACED, 'payment_replaced');
    }
    return answer(intent.clientSecret);
  }

  /**
   * POST /payments/confirm: never trusts the client. The intent id must be the one this
   * payment was created with; the provider is asked for its real state, which must be
   * `succeeded` with our amount, currency and payment id; only then does the payment complete.
   * A payment already completed answers the same again.
   */
  async confirm(user: CurrentUser, paymentId: string, providerPaymentId: string): Promise<{ listing_id: string; status: 'completed' }> {
    const payment = await this.paymentOf(user, paymentId);
    const answer = { listing_id: payment.listingId, status: 'completed' as const };
    if (payment.status === 'completed' && (payment.provider === 'free' || payment.providerPaymentId === providerPaymentId)) {
      return answer;
    }
    if (!payment.providerPaymentId || payment.providerPaymentId !== providerPaymentId || payment.provider === 'free') {
      throw badRequest(PAYMENT_REFERENCE_MISMATCH, 'payment_mismatch');
    }
    const intent = payment.provider === this.provider.name ? await this.retrieve(payment.providerPaymentId) : null;
    if (!intent) throw badRequest(PAYMENT_NOT_COMPLETED, 'payment_not_found_at_provider');
    const mismatch = intentMismatch(payment, intent);
    if (mismatch) {
      this.deps.log.warn({ payment: payment.id, intent: intent.id, mismatch }, 'refused a confirmation that does not match its payment');
      throw badRequest(PAYMENT_DETAILS_MISMATCH, 'payment_mismatch');
    }
    if (intent.status !== 'succeeded') {
      if (intent.status === 'requires_payment_method' && intent.lastPaymentError) {
        await this.markFailed(payment.id, intent.lastPaymentError);
        throw badRequest(intent.lastPaymentError, 'payment_failed');
      }
      throw badRequest(PAYMENT_NOT_COMPLETED, 'payment_not_succeeded');
    }
    await this.completePayment(payment.id);
    const [after] = await this.deps.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, payment.id))
      .limit(1);
    if (after?.status === 'failed' || after?.status === 'refunded') throw badRequest(PAYMENT_NO_LONGER_APPLIES, 'payment_no_longer_applies');
    return answer;
  }

  /**
   * A provider's event (a verified Stripe webhook, or the sandbox's card form): completes or
   * fails the payment the intent belongs to. Safe to receive any number of times.
   */
  async handleProviderEvent(event: ProviderEvent): Promise<EventOutcome> {
    const { intent } = event;
    const [payment] = await this.deps.db.select().from(payments).where(eq(payments.providerPaymentId, intent.id)).limit(1);
    if (!payment) {
      this.deps.log.warn({ intent: intent.id, type: event.type }, 'payment event for an intent we do not know');
      return 'ignored';
    }
    if (event.type === 'payment_intent.payment_failed') {
      const failed = await this.markFailed(payment.id, intent.lastPaymentError ?? 'The payment failed.');
      return failed ? 'failed' : 'ignored';
    }
    const mismatch = intentMismatch(payment, intent);
    if (mismatch) {
      this.deps.log.error({ payment: payment.id, intent: intent.id, mismatch }, 'a succeeded intent does not match its payment');
      return 'mismatch';
    }
    return (await this.completePayment(payment.id)) ? 'completed' : 'already_completed';
  }

  /**
   * POST /payments/cleanup-pending, and before every new intent: the user's pending payments
   * that were abandoned (older than an hour, or for the listing being paid again) are
   * cancelled at the provider and removed. One that was paid after all is completed instead;
   * one the provider is still processing is kept. Answers how many were removed.
   */
  async cleanupPending(userId: string, options: { listingId?: string } = {}): Promise<number> {
    const staleBefore = new Date(this.deps.clock.now().getTime() - STALE_PENDING_MS);
    const abandoned = options.listingId
      ? or(lt(payments.createdAt, staleBefore), eq(payments.listingId, options.listingId))
      : lt(payments.createdAt, staleBefore);
    const candidates = await this.deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.status, 'pending'), abandoned));

    let removed = 0;
    for (const payment of candidates) {
      if (await this.removeIfAbandoned(payment)) removed += 1;
    }
    return removed;
  }

  /** GET /payments/history: the user's payments, newest first, in one query. */
  async history(userId: string): Promise<PaymentHistoryItem[]> {
    const rows = await this.deps.db
      .select({ payment: payments, listingTitle: listings.title })
      .from(payments)
      .innerJoin(listings, eq(listings.id, payments.listingId))
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt), desc(payments.id));
    return rows.map(({ payment, listingTitle }) => ({
      id: payment.id,
      listing_id: payment.listingId,
      listing_title: listingTitle,
      kind: payment.kind,
      duration_months: payment.durationMonths,
      amount: toUnits(payment.amountCents),
      currency: payment.currency,
      status: payment.status,
      created_at: payment.createdAt.toISOString(),
    }));
  }

  /**
   * The worker's safety net for a lost webhook or a crash between the card step and the
   * payment's completion (ARCHITECTURE: payment reconciliation): asks the provider about recent
   * pending payments and completes those that succeeded. Every 30 s for payments older than
   * 20 s; the first round after start-up asks about every pending payment, whatever its age.
   */
  async reconcile(): Promise<number> {
    const now = this.deps.clock.now().getTime();
    const minAgeMs = this.reconciledSinceStart ? RECONCILE_AFTER_MS : 0;
    this.reconciledSinceStart = true;
    const pending = await this.deps.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          eq(payments.provider, this.provider.name),
          isNotNull(payments.providerPaymentId),
          lte(payments.createdAt, new Date(now - minAgeMs)),
          gt(payments.createdAt, new Date(now - RECONCILE_WINDOW_MS)),
        ),
      )
      .orderBy(payments.createdAt)
      .limit(RECONCILE_BATCH);
    let completed = 0;
    for (const payment of pending) {
      const intent = await this.provider.retrieveIntent(payment.providerPaymentId ?? '');
      if (intent?.status !== 'succeeded') continue;
      if ((await this.handleProviderEvent({ type: 'payment_intent.succeeded', intent })) === 'completed') completed += 1;
    }
    return completed;
  }

  /**
   * The refund job (worker, every 15 s): gives back the money of payments flagged 'refund
   * due' (paid for a listing that another payment had activated, or that was removed). Each
   * refund carries the key `refund-<payment id>`, so a retry or a second API process never
   * refunds twice; the payment becomes `refunded`. A failed refund is retried with a growing
   * delay (1 min … 6 h) until it is made. Rows are leased with SKIP LOCKED, a batch per round.
   */
  async processRefunds(): Promise<number> {
    const now = this.deps.clock.now();
    const leaseUntil = new Date(now.getTime() + 5 * 60_000).toISOString();
    const leased = await this.deps.db.execute<{ id: string }>(sql`
      update payments set refund_next_at = ${leaseUntil}::timestamptz
      where id in (
        select id from payments
        where refund_due_at is not null and refunded_at is null and provider = ${this.provider.name}
          and (refund_next_at is null or refund_next_at <= ${now.toISOString()}::timestamptz)
        order by refund_next_at nulls first
        limit ${REFUND_BATCH}
        for update skip locked
      )
      returning id`);
    let refunded = 0;
    for (const { id } of leased.rows) {
      const [payment] = await this.deps.db.select().from(payments).where(eq(payments.id, id)).limit(1);
      if (!payment) continue;
      if (await this.refundOne(payment)) refunded += 1;
    }
    return refunded;
  }

  private async refundOne(payment: PaymentRow): Promise<boolean> {
    const now = this.deps.clock.now();
    try {
      if (!payment.providerPaymentId) throw new Error('the payment has no intent at the provider');
      const refund = await this.provider.refund({
        paymentId: payment.id,
        intentId: payment.providerPaymentId,
        amountCents: payment.amountCents,
        idempotencyKey: `refund-${payment.id}`,
      });
      if (refund.status === 'failed' || refund.status === 'canceled') throw new Error(`the provider answered the refund ${refund.id} as ${refund.status}`);
      await this.deps.db
        .update(payments)
        .set({ status: 'refunded', refundedAt: now, providerRefundId: refund.id, refundError: null, refundNextAt: null, updatedAt: now })
        .where(and(eq(payments.id, payment.id), isNull(payments.refundedAt)));
      this.deps.log.info({ payment: payment.id, refund: refund.id }, 'payment refunded');
      return true;
    } catch (error) {
      const attempts = payment.refundAttempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      await this.deps.db
        .update(payments)
        .set({
          refundAttempts: attempts,
          refundError: message.slice(0, 500),
          refundNextAt: new Date(now.getTime() + refundRetryDelayMs(attempts)),
          updatedAt: now,
        })
        .where(and(eq(payments.id, payment.id), isNull(payments.refundedAt)));
      this.deps.log.error({ err: error, payment: payment.id, attempts }, 'refund failed; it will be tried again');
      return false;
    }
  }

  // ── internals ──────────────────────────────────────────────────────────────

  private kindOrRefuse(listing: ListingRow, purpose: PaymentPurpose | undefined, now: Date): PaymentKind {
    const decision = paymentKindFor(listing, purpose, now);
    if (!decision.ok) throw badRequest(decision.detail, decision.code);
    return decision.kind;
  }

  private async ownedListing(user: CurrentUser, listingId: string): Promise<ListingRow> {
    const [listing] = await this.deps.db.select().from(listings).where(eq(listings.id, listingId)).limit(1);
    if (!listing) throw notFound(LISTING_NOT_FOUND, 'listing_not_found');
    if (listing.userId !== user.id) throw forbidden(NO_PERMISSION_TO_PAY, 'not_owner');
    return listing;
  }

  private async paymentOf(user: CurrentUser, paymentId: string): Promise<PaymentRow> {
    const [payment] = await this.deps.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    if (!payment) throw notFound(PAYMENT_NOT_FOUND, 'payment_not_found');
    if (payment.userId !== user.id) throw forbidden(NO_PERMISSION_TO_CONFIRM, 'not_owner');
    return payment;
  }

  private async retrieve(intentId: string): Promise<ProviderIntent | null> {
    try {
      return await this.provider.retrieveIntent(intentId);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      this.deps.log.error({ err: error, intent: intentId }, 'could not ask the payment provider');
      throw new HttpError(502, PROVIDER_UNREACHABLE, 'provider_unavailable');
    }
  }

  /**
   * The promotion's free month (or a price table of zeros): the payment is recorded as
   * completed and the listing activated in one transaction, with the listing locked and its
   * state checked again, so two quick clicks cannot give two free months.
   */
  private async completeFree(
    base: NewPayment,
    purpose: PaymentPurpose | undefined,
    now: Date,
  ): Promise<CreatedPayment> {
    const clientSecret = `${FREE_CLIENT_SECRET_PREFIX}${base.id.replaceAll('-', '')}`;
    await this.deps.db.transaction(async (tx) => {
      const [listing] = await tx.select().from(listings).where(eq(listings.id, base.listingId)).for('update');
      if (!listing) throw notFound(LISTING_NOT_FOUND, 'listing_not_found');
      const kind = this.kindOrRefuse(listing, purpose, now);
      if (kind !== base.kind) throw badRequest(PAYMENT_NOT_COMPLETED, 'listing_changed');
      const [payment] = await tx
        .insert(payments)
        .values({ ...base, status: 'pending', provider: 'free', providerPaymentId: clientSecret })
        .returning();
      if (!payment) throw new Error('the free payment was not recorded');
      await this.applyCompletion(tx, payment, listing, now);
    });
    return { client_secret: clientSecret, payment_id: base.id, amount: 0, currency: this.currency, kind: base.kind, provider: 'free' };
  }

  /** Completes a payment and activates/extends its listing, once. Answers false when it was already done. */
  async completePayment(paymentId: string): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      // A refund due or made is final: that money is going back, it never applies later.
      if (!payment || payment.status === 'completed' || payment.status === 'refunded' || payment.refundDueAt) return false;
      const [listing] = await tx.select().from(listings).where(eq(listings.id, payment.listingId)).for('update');
      if (!listing) throw new Error(`payment ${paymentId} names a listing that does not exist`);
      return this.applyCompletion(tx, payment, listing, this.deps.clock.now());
    });
  }

  /**
   * Inside the caller's transaction, with the payment and listing rows locked: the payment
   * becomes completed (only if it was not), and the listing paid and active with its new
   * expiry (extended from the current expiry while it runs, from now otherwise).
   */
  private async applyCompletion(tx: Tx, payment: PaymentRow, listing: ListingRow, now: Date): Promise<boolean> {
    const refusal = completionConflict(payment, listing);
    if (refusal) {
      // Money arrived for something that no longer applies (a second activation raced the first,
      // or the listing was removed meanwhile): never extend at the wrong price; the refund job
      // gives the money back (processRefunds).
      await tx
        .update(payments)
        .set({ status: 'failed', failureReason: refusal, updatedAt: now, refundDueAt: now, refundNextAt: now })
        .where(and(eq(payments.id, payment.id), notInArray(payments.status, ['completed', 'refunded']), isNull(payments.refundDueAt)));
      this.deps.log.error({ payment: payment.id, listing: listing.id, reason: refusal }, 'paid payment refused: refund due');
      return false;
    }
    const done = await tx
      .update(payments)
      .set({ status: 'completed', completedAt: now, updatedAt: now, failureReason: null })
      .where(and(eq(payments.id, payment.id), ne(payments.status, 'completed')))
      .returning({ id: payments.id });
    if (done.length === 0) return false;

    // The listings module owns what a payment does to a listing: activation runs from now;
    // an extension adds to the expiry while it is ahead, a renewal after expiry starts from now.
    const months = asDuration(payment.durationMonths);
    const updated =
      listing.paymentStatus === 'unpaid'
        ? await this.deps.listings.activate({ listingId: listing.id, durationMonths: months, now }, tx)
        : await this.deps.listings.extend({ listingId: listing.id, months, now }, tx);
    const expiryDate = updated?.expiryDate ?? expiryAfterPayment(listing, months, now);

    if (payment.amountCents > 0) await this.queueReceipt(tx, payment, listing, expiryDate);
    return true;
  }

  private async queueReceipt(tx: Tx, payment: PaymentRow, listing: ListingRow, expiryDate: Date): Promise<void> {
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, payment.userId)).limit(1);
    if (!owner) return;
    const amount = `${toUnits(payment.amountCents).toFixed(2)} ${payment.currency.toUpperCase()}`;
    const mail = renderMail({
      subject: `Payment received: ${listing.title}`,
      heading: 'Thank you for your payment',
      paragraphs: [
        `We received ${amount} for ${describePayment(payment.kind, payment.durationMonths, listing.title)}.`,
        `Your listing is visible in search until ${formatDay(expiryDate)}.`,
        `Payment reference: ${payment.id.slice(0, 8)}`,
      ],
      action: { label: 'View your listing', url: `${this.deps.publicUrl}/listings/${listing.id}` },
    });
    await this.deps.mailer.queue({ ...mail, to: owner.email }, tx);
  }

  /** A pending payment becomes failed (a declined card); a completed one never does. */
  private async markFailed(paymentId: string, reason: string): Promise<boolean> {
    const rows = await this.deps.db
      .update(payments)
      .set({ status: 'failed', failureReason: reason.slice(0, 500), updatedAt: this.deps.clock.now() })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, ['pending'])))
      .returning({ id: payments.id });
    return rows.length > 0;
  }

  /**
   * Removes a pending payment whose intent is cancelled at the provider (or was never made).
   * One that was paid after all is completed instead; one the provider is processing is kept.
   */
  private async removeIfAbandoned(payment: PaymentRow, options: { replacing?: boolean } = {}): Promise<boolean> {
    // No intent yet and recent: another request is creating it right now.
    const creatingSince = new Date(this.deps.clock.now().getTime() - INTENT_CREATION_MS);
    if (!payment.providerPaymentId && payment.createdAt >= creatingSince) return false;
    if (options.replacing) this.deps.log.info({ payment: payment.id }, 'replacing the open payment of a listing');
    if (payment.providerPaymentId && payment.provider === this.provider.name) {
      let intent: ProviderIntent | null;
      try {
        intent = await this.provider.retrieveIntent(payment.providerPaymentId);
        if (intent?.status === 'succeeded') {
          await this.handleProviderEvent({ type: 'payment_intent.succeeded', intent });
          return false;
        }
        if (intent && CANCELABLE_STATUSES.includes(intent.status)) intent = await this.provider.cancelIntent(intent.id);
      } catch (error) {
        // The provider is unreachable: keep the payment, a later clean-up retries.
        this.deps.log.warn({ err: error, payment: payment.id }, 'could not clean up a pending payment');
        return false;
      }
      if (intent && intent.status !== 'canceled') return false;
    }
    const deleted = await this.deps.db
      .delete(payments)
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .returning({ id: payments.id });
    return deleted.length > 0;
  }
}

/** Why an intent cannot be taken as this payment, or null when it matches. */
export function intentMismatch(payment: PaymentRow, intent: ProviderIntent): string | null {
  if (intent.id !== payment.providerPaymentId) return 'intent';
  if (intent.metadata.payment_id !== payment.id) return 'payment_id';
  if (intent.metadata.listing_id !== payment.listingId) return 'listing_id';
  if (intent.amountCents !== payment.amountCents) return 'amount';
  if (intent.currency.toLowerCase() !== payment.currency.toLowerCase()) return 'currency';
  return null;
}

function asDuration(months: number): DurationMonths {
  const duration = DURATION_OPTIONS.find((option) => option === months);
  if (!duration) throw new Error(`a payment for ${months} months: not a listing duration`);
  return duration;
}

function describePayment(kind: PaymentKind, months: number, title: string): string {
  const span = `${months} month${months === 1 ? '' : 's'}`;
  const what = kind === 'activation' ? 'listing' : kind === 'extension' ? 'extension' : 'renewal';
  return `${span} ${what} of "${title}"`;
}

export const PAYMENT_NO_LONGER_APPLIES =
  'This payment can no longer be applied to this listing (it was already paid or has been removed). It will be refunded; please contact support if you have questions.';

/** Why a succeeded payment must not change its listing, or null when it may. */
function completionConflict(payment: PaymentRow, listing: ListingRow): string | null {
  if (listing.isDeleted) return 'listing removed before the payment completed: refund due';
  if (payment.kind === 'activation' && listing.paymentStatus === 'paid') {
    return 'listing already activated by another payment: refund due';
  }
  return null;
}

/** Parallel calls for the same listing, duration and price share one attempt. */
function sameTerms(open: PaymentRow, wanted: NewPayment, provider: PaymentRow['provider']): boolean {
  return (
    open.userId === wanted.userId &&
    open.kind === wanted.kind &&
    open.durationMonths === wanted.durationMonths &&
    open.amountCents === wanted.amountCents &&
    open.currency === wanted.currency &&
    open.provider === provider
  );
}
