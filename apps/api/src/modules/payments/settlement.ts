import { DURATION_OPTIONS, type DurationMonths } from '@benchmarket/shared';
import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { listings, payments, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { formatDay, type ListingsService } from '../listings/index.js';
import { renderMail, type Mailer } from '../mail/index.js';
import { expiryAfterPayment, type PaymentKind } from './pricing.js';
import {
  refundCounts,
  RefundRefusedError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
} from '../../providers/payments/index.js';
import { lockPayment, recordRefund } from './refund-ledger.js';
import type { MetricsRecorder } from '../metrics/index.js';

export type PaymentRow = typeof payments.$inferSelect;
export type ListingRow = typeof listings.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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
function refundRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3600_000);
}
const RECONCILE_WINDOW_MS = 24 * 60 * 60 * 1000;
const RECONCILE_BATCH = 25;

export const toUnits = (cents: number): number => Math.round(cents) / 100;

type EventOutcome = 'completed' | 'already_completed' | 'failed' | 'ignored' | 'mismatch';

/**
 * What completing a payment did: `completed` now; `already_completed` (by an earlier call or
 * a parallel one); `no_longer_applies` — refused (its listing was removed, or another payment
 * activated it first) or already refused, its money due back.
 */
type CompletionOutcome = 'completed' | 'already_completed' | 'no_longer_applies';

interface PaymentSettlementDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The listings module: a completed payment activates or extends its listing through it. */
  listings: Pick<ListingsService, 'activate' | 'extend' | 'shortenPaidTime'>;
  /** Issue 17: counts what became of payments (app.metrics). */
  outcomes: Pick<MetricsRecorder, 'payment'>;
}

/**
 * Settlement: what happens once money moved — a payment completes, and its listing is
 * activated or extended, exactly once: the payment row is locked (`select … for update`) and
 * moved to `completed` by an update conditional on it not being completed yet, in the same
 * transaction as the listing's change, however many times confirm is called or a webhook
 * arrives. Also the provider's events, the reconciliation sweep and the refunds.
 */
export class PaymentSettlement {
  private reconciledSinceStart = false;

  constructor(private readonly deps: PaymentSettlementDeps) {}

  private get provider(): PaymentProvider {
    return this.deps.provider;
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
    return (await this.completePayment(payment.id)) === 'completed' ? 'completed' : 'already_completed';
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
      // What is left: part of it may have been given back already (from Stripe's dashboard).
      const left = payment.amountCents - payment.refundedCents;
      const refund =
        left > 0
          ? await this.provider.refund({
              paymentId: payment.id,
              intentId: payment.providerPaymentId,
              amountCents: left,
              idempotencyKey: `refund-${payment.id}`,
              reason: 'duplicate',
            })
          : null;
      if (refund && !refundCounts(refund)) throw new Error(`the provider answered the refund ${refund.id} as ${refund.status}`);
      await this.deps.db.transaction(async (tx) => {
        const current = await lockPayment(tx, payment.id);
        if (!current || current.refundedAt) return;
        if (refund) {
          await recordRefund(
            tx,
            { listings: this.deps.listings, log: this.deps.log, notices: this, outcomes: this.deps.outcomes },
            current,
            {
              providerRefundId: refund.id,
              amountCents: refund.amountCents,
              source: 'automatic',
              reason: AUTOMATIC_REFUND_REASON,
              adminId: null,
            },
            now,
          );
        }
        await tx
          .update(payments)
          .set({
            status: 'refunded',
            refundedAt: now,
            providerRefundId: refund?.id ?? null,
            refundError: null,
            refundNextAt: null,
            updatedAt: now,
          })
          .where(eq(payments.id, payment.id));
      });
      this.deps.log.info({ payment: payment.id, refund: refund?.id }, 'payment refunded');
      return true;
    } catch (error) {
      // Given back already at the provider (Stripe's dashboard): its charge.refunded event records how.
      if (error instanceof RefundRefusedError && error.reason === 'already_refunded') {
        await this.deps.db
          .update(payments)
          .set({ refundedAt: now, refundError: null, refundNextAt: null, updatedAt: now })
          .where(and(eq(payments.id, payment.id), isNull(payments.refundedAt)));
        this.deps.log.warn({ payment: payment.id }, 'refund due was already made at the provider');
        return true;
      }
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
      this.deps.outcomes.payment('refund_failed');
      this.deps.log.error({ err: error, payment: payment.id, attempts }, 'refund failed; it will be tried again');
      return false;
    }
  }

  /** Completes a payment and activates/extends its listing, once; answers what it did. */
  async completePayment(paymentId: string): Promise<CompletionOutcome> {
    return this.deps.db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
      // A refund due or made is final: that money is going back, it never applies later.
      if (!payment || payment.status === 'completed') return 'already_completed';
      if (payment.status === 'refunded' || payment.refundDueAt) return 'no_longer_applies';
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
  async applyCompletion(tx: Tx, payment: PaymentRow, listing: ListingRow, now: Date): Promise<CompletionOutcome> {
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
      this.deps.outcomes.payment('refused');
      return 'no_longer_applies';
    }
    const done = await tx
      .update(payments)
      .set({ status: 'completed', completedAt: now, updatedAt: now, failureReason: null })
      .where(and(eq(payments.id, payment.id), ne(payments.status, 'completed')))
      .returning({ id: payments.id });
    if (done.length === 0) return 'already_completed';

    // The listings module owns what a payment does to a listing: activation runs from now;
    // an extension adds to the expiry while it is ahead, a renewal after expiry starts from now.
    const months = asDuration(payment.durationMonths);
    const updated =
      listing.paymentStatus === 'unpaid'
        ? await this.deps.listings.activate({ listingId: listing.id, durationMonths: months, now }, tx)
        : await this.deps.listings.extend({ listingId: listing.id, months, now }, tx);
    const expiryDate = updated?.expiryDate ?? expiryAfterPayment(listing, months, now);

    if (payment.amountCents > 0) await this.queueReceipt(tx, payment, listing, expiryDate);
    this.deps.outcomes.payment('completed');
    return 'completed';
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

  /**
   * Tells the payer that money went back (issue 14: a refund in the console, in Stripe's
   * dashboard, or a dispute's), with what it did to the listing's paid time. Queued in the
   * refund's transaction, so it goes out exactly when the refund is recorded, once.
   */
  async queueRefundNotice(tx: Tx, payment: PaymentRow, refundedCents: number, listing: ListingRow): Promise<void> {
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, payment.userId)).limit(1);
    if (!owner) return;
    const money = (cents: number) => `${toUnits(cents).toFixed(2)} ${payment.currency.toUpperCase()}`;
    const stillLive = listing.expiryDate !== null && listing.expiryDate.getTime() > this.deps.clock.now().getTime();
    const mail = renderMail({
      subject: `Refund: ${listing.title}`,
      heading: 'Your payment was refunded',
      paragraphs: [
        `We refunded ${money(refundedCents)} of your payment of ${money(payment.amountCents)} for ${describePayment(payment.kind, payment.durationMonths, listing.title)}.`,
        stillLive && listing.expiryDate
          ? `Your listing is now visible in search until ${formatDay(listing.expiryDate)}.`
          : 'The paid time of your listing has ended, so it no longer shows in search.',
        'Your bank may take 5 to 10 business days to show the refund.',
        `Payment reference: ${payment.id.slice(0, 8)}`,
      ],
      action: { label: 'View your listing', url: `${this.deps.publicUrl}/listings/${listing.id}` },
    });
    await this.deps.mailer.queue({ ...mail, to: owner.email }, tx);
  }

  /** A pending payment becomes failed (a declined card); a completed one never does. */
  async markFailed(paymentId: string, reason: string): Promise<boolean> {
    const rows = await this.deps.db
      .update(payments)
      .set({ status: 'failed', failureReason: reason.slice(0, 500), updatedAt: this.deps.clock.now() })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, ['pending'])))
      .returning({ id: payments.id });
    if (rows.length > 0) this.deps.outcomes.payment('failed');
    return rows.length > 0;
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

export function describePayment(kind: PaymentKind, months: number, title: string): string {
  const span = `${months} month${months === 1 ? '' : 's'}`;
  const what = kind === 'activation' ? 'listing' : kind === 'extension' ? 'extension' : 'renewal';
  return `${span} ${what} of "${title}"`;
}

/** The reason the refund ledger shows for the refund job's refunds. */
export const AUTOMATIC_REFUND_REASON = 'Paid for a listing that no longer needed it (already paid, or removed).';

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
