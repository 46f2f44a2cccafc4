import { randomUUID } from 'node:crypto';
import {
  EMAIL_NOT_VERIFIED_TO_PUBLISH,
  LISTING_NOT_FOUND,
  LISTING_TAKEN_DOWN,
  listingProhibitedMessage,
  PAYMENT_INIT_ERROR,
} from '@benchmarket/shared';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { listings, payments } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-errors.js';
import type { CurrentUser } from '../auth/index.js';
import { paymentKindFor, quote, expiryAfterPayment, type PaymentKind, type PaymentPurpose, type PriceTable } from './pricing.js';
import {
  CANCELABLE_STATUSES,
  ProviderUnavailableError,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderIntent,
} from '../../providers/payments/index.js';
import {
  describePayment,
  intentMismatch,
  PAYMENT_NO_LONGER_APPLIES,
  toUnits,
  type ListingRow,
  type PaymentRow,
  type PaymentSettlement,
} from './settlement.js';

/** A pending payment older than this was abandoned (a card form is not open for an hour). */
const STALE_PENDING_MS = 60 * 60 * 1000;
/** Creating an intent takes at most this long (the SDK's timeout and retries); a payment without one after it was abandoned. */
const INTENT_CREATION_MS = 2 * 60 * 1000;

/** Ours: texts the spec leaves open. */
export const PAYMENT_NOT_FOUND = 'Payment not found';
const NO_PERMISSION_TO_PAY = 'You do not have permission to pay for this listing';
const NO_PERMISSION_TO_CONFIRM = 'You do not have permission to confirm this payment';
const PAYMENT_REFERENCE_MISMATCH = 'This card payment does not belong to this payment.';
const PAYMENT_DETAILS_MISMATCH = 'The card payment does not match this payment. Please contact support.';
const PAYMENT_NOT_COMPLETED = 'The payment has not been completed.';
export const PROVIDER_UNREACHABLE = 'The card payment provider could not be reached. Please try again.';
const PAYMENT_IN_PROGRESS =
  'A payment for this listing is already being processed. Please wait a moment and check your payment history before paying again.';
const PAYMENT_REPLACED = 'This payment was replaced by a newer one for the same listing. Please start the payment again.';

/** The free path's client secret (spec §4: activated without the card step). */
const FREE_CLIENT_SECRET_PREFIX = 'free_tier_';

interface CreateIntentRequest {
  listing_id: string;
  duration_months: number;
  purpose?: PaymentPurpose | undefined;
}

interface CreatedPayment {
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

/** A payment row about to be written: the terms the provider's intent is created with, and its times. */
type NewPayment = { id: string; createdAt: Date; updatedAt: Date } & Pick<
  CreateIntentInput,
  'listingId' | 'userId' | 'kind' | 'durationMonths' | 'amountCents' | 'currency'
>;

interface PaymentCheckoutDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  pricing: AppConfig['pricing'];
  /** The promotion's end date (YYYY-MM-DD), read when a price is made: an admin may change it (issue 14). */
  promoFreeUntil: () => Promise<string>;
  log: FastifyBaseLogger;
  /** Completion, failure and events: the settlement half of the module. */
  settlement: PaymentSettlement;
}

/**
 * Checkout: what a buyer does before and at the card step — quotes, intents (one open attempt
 * per listing), confirmation, clean-up of abandoned attempts and the history. Completing a
 * payment is the settlement's (./settlement.ts).
 */
export class PaymentCheckout {
  private reconciledSinceStart = false;

  constructor(private readonly deps: PaymentCheckoutDeps) {}

  /** The price table with the promotion's current end date (the settings module's). */
  private async priceTable(): Promise<PriceTable> {
    const { pricing } = this.deps;
    return {
      baseCents: pricing.baseCents,
      additionalMonthCents: pricing.additionalMonthCents,
      extensionMonthCents: pricing.extensionMonthCents,
      promoFreeUntil: await this.deps.promoFreeUntil(),
    };
  }

  private get currency(): string {
    return this.deps.pricing.currency;
  }

  /** What a payment would cost and give, with the refusals of create-intent (spec §5). */
  async quote(user: CurrentUser, request: CreateIntentRequest): Promise<PaymentQuote> {
    const listing = await this.ownedListing(user, request.listing_id);
    const now = this.deps.clock.now();
    const kind = this.kindOrRefuse(listing, request.purpose, now);
    const q = quote(await this.priceTable(), kind, request.duration_months, now);
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
    refusePublishing(user, await this.ownedListing(user, request.listing_id));
    // First: an abandoned payment that was paid after all completes, and is seen below.
    if (round === 0) await this.cleanupPending(user.id);
    const listing = await this.ownedListing(user, request.listing_id);
    const now = this.deps.clock.now();
    const kind = this.kindOrRefuse(listing, request.purpose, now);

    const q = quote(await this.priceTable(), kind, request.duration_months, now);
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
      // A free month never reuses a card attempt: the card attempt goes first (below).
      if (q.totalCents > 0 && sameTerms(open, base, this.deps.provider.name)) return this.answerFor(open, listing, again);
      // Other terms: the earlier attempt goes (cancelled at the provider) unless it was paid or is in flight.
      if (await this.removeIfAbandoned(open, { replacing: true })) return again();
      const [after] = await this.deps.db.select({ status: payments.status }).from(payments).where(eq(payments.id, open.id)).limit(1);
      if (after?.status === 'pending') throw conflict(PAYMENT_IN_PROGRESS, 'payment_in_progress');
      return again();
    }

    if (q.totalCents === 0) return this.completeFree(base, request.purpose, now, again);

    const [created] = await this.deps.db
      .insert(payments)
      .values({
        ...base,
        status: 'pending',
        provider: this.deps.provider.name,
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
      provider: this.deps.provider.name,
    });

    if (payment.providerPaymentId) {
      const intent = await this.retrieve(payment.providerPaymentId);
      if (intent?.clientSecret && intent.status !== 'succeeded' && intent.status !== 'canceled') return answer(intent.clientSecret);
      if (intent?.status === 'succeeded') {
        // Paid already (its event is still on the way): it completes now, and this call starts over.
        await this.deps.settlement.handleProviderEvent({ type: 'payment_intent.succeeded', intent });
      } else {
        await this.removeIfAbandoned(payment, { replacing: true });
      }
      return again();
    }

    let intent;
    try {
      intent = await this.deps.provider.createIntent({
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
      await this.deps.provider.cancelIntent(intent.id).catch((error: unknown) => {
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
    // The listing may have been edited into a prohibited item, or taken down, since the intent.
    const [listing] = await this.deps.db.select().from(listings).where(eq(listings.id, payment.listingId)).limit(1);
    if (listing) refusePublishing(user, listing);
    if (!payment.providerPaymentId || payment.providerPaymentId !== providerPaymentId || payment.provider === 'free') {
      throw badRequest(PAYMENT_REFERENCE_MISMATCH, 'payment_mismatch');
    }
    const intent = payment.provider === this.deps.provider.name ? await this.retrieve(payment.providerPaymentId) : null;
    if (!intent) throw badRequest(PAYMENT_NOT_COMPLETED, 'payment_not_found_at_provider');
    const mismatch = intentMismatch(payment, intent);
    if (mismatch) {
      this.deps.log.warn({ payment: payment.id, intent: intent.id, mismatch }, 'refused a confirmation that does not match its payment');
      throw badRequest(PAYMENT_DETAILS_MISMATCH, 'payment_mismatch');
    }
    if (intent.status !== 'succeeded') {
      if (intent.status === 'requires_payment_method' && intent.lastPaymentError) {
        await this.deps.settlement.markFailed(payment.id, intent.lastPaymentError);
        throw badRequest(intent.lastPaymentError, 'payment_failed');
      }
      throw badRequest(PAYMENT_NOT_COMPLETED, 'payment_not_succeeded');
    }
    const outcome = await this.deps.settlement.completePayment(payment.id);
    if (outcome === 'no_longer_applies') throw badRequest(PAYMENT_NO_LONGER_APPLIES, 'payment_no_longer_applies');
    return answer;
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
      return await this.deps.provider.retrieveIntent(intentId);
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
    again: () => Promise<CreatedPayment>,
  ): Promise<CreatedPayment> {
    const clientSecret = `${FREE_CLIENT_SECRET_PREFIX}${base.id.replaceAll('-', '')}`;
    const recorded = await this.deps.db.transaction(async (tx) => {
      const [listing] = await tx.select().from(listings).where(eq(listings.id, base.listingId)).for('update');
      if (!listing) throw notFound(LISTING_NOT_FOUND, 'listing_not_found');
      // Checked again under the lock: an edit or a take-down may have come in between.
      refusePublishing({ isVerified: true }, listing);
      const kind = this.kindOrRefuse(listing, purpose, now);
      if (kind !== base.kind) throw badRequest(PAYMENT_NOT_COMPLETED, 'listing_changed');
      const [payment] = await tx
        .insert(payments)
        .values({ ...base, status: 'pending', provider: 'free', providerPaymentId: clientSecret })
        .onConflictDoNothing()
        .returning();
      // A card attempt was opened in parallel: settle it first, then try again.
      if (!payment) return false;
      await this.deps.settlement.applyCompletion(tx, payment, listing, now);
      return true;
    });
    if (!recorded) return again();
    return { client_secret: clientSecret, payment_id: base.id, amount: 0, currency: this.currency, kind: base.kind, provider: 'free' };
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
    if (payment.providerPaymentId && payment.provider === this.deps.provider.name) {
      let intent: ProviderIntent | null;
      try {
        intent = await this.deps.provider.retrieveIntent(payment.providerPaymentId);
        if (intent?.status === 'succeeded') {
          await this.deps.settlement.handleProviderEvent({ type: 'payment_intent.succeeded', intent });
          return false;
        }
        if (intent && CANCELABLE_STATUSES.includes(intent.status)) intent = await this.deps.provider.cancelIntent(intent.id);
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

/**
 * Issue 14: who and what may be published (a paid payment, the free activation, an extension).
 * spec §1: sellers verify their email — an unverified account may keep drafts (spec §6) but
 * not publish them (the web app offers to resend the verification mail). A listing an operator
 * took down, or one offering a prohibited item, is never published.
 */
function refusePublishing(user: Pick<CurrentUser, 'isVerified'>, listing: Pick<ListingRow, 'moderationStatus' | 'prohibitedReason'>): void {
  if (!user.isVerified) throw forbidden(EMAIL_NOT_VERIFIED_TO_PUBLISH, 'email_not_verified');
  if (listing.moderationStatus === 'taken_down') throw forbidden(LISTING_TAKEN_DOWN, 'listing_taken_down');
  if (listing.prohibitedReason) throw forbidden(listingProhibitedMessage(listing.prohibitedReason), 'listing_prohibited');
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
