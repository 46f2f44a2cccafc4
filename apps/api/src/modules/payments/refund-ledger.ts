import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { paymentRefunds, payments } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { PaymentProvider } from '../../providers/payments/index.js';
import type { AuditLog } from '../audit/index.js';
import { addMonths, type ListingRow, type ListingsService } from '../listings/index.js';
import type { MetricsRecorder } from '../metrics/index.js';
import type { PaymentRow, Tx } from './settlement.js';

/**
 * The refund ledger (issue 14): every refund of a payment is one `payment_refunds` row, named
 * by the provider's refund id — unique, so a refund reported twice (our own call, then Stripe's
 * `charge.refunded` echo of it; or one event delivered twice) is counted once. Recording a
 * refund grows `payments.refunded_cents`, makes the payment `refunded` once nothing is left,
 * and gives back the paid time the money bought: the listing's expiry moves earlier by the
 * refunded share of the months that payment bought.
 */

export interface RefundToRecord {
  providerRefundId: string;
  amountCents: number;
  source: 'admin' | 'provider' | 'automatic';
  reason: string | null;
  adminId: string | null;
}

export interface RecordedRefund {
  /** False when this provider refund was recorded before (by a webhook, a parallel call, a retry). */
  recorded: boolean;
  payment: PaymentRow;
  /** The listing after its paid time was shortened (only a completed payment bought paid time). */
  listing: ListingRow | undefined;
}

export interface LedgerDeps {
  listings: Pick<ListingsService, 'shortenPaidTime'>;
  log: FastifyBaseLogger;
  /** Mails the payer about a refund of paid time (settlement's queueRefundNotice). */
  notices: { queueRefundNotice(tx: Tx, payment: PaymentRow, refundedCents: number, listing: ListingRow): Promise<void> };
  /** Issue 17: counts what became of payments (app.metrics). */
  outcomes: Pick<MetricsRecorder, 'payment'>;
}

/** What gives money back — the console's refunds and Stripe's charge events alike. */
export interface RefundDeps extends LedgerDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  audit: Pick<AuditLog, 'record'>;
}

/** The time a payment bought: its months, counted from when it was completed. */
export function paidSpanMs(payment: Pick<PaymentRow, 'completedAt' | 'createdAt' | 'durationMonths'>): number {
  const from = payment.completedAt ?? payment.createdAt;
  return addMonths(from, payment.durationMonths).getTime() - from.getTime();
}

/** The paid time a refund of `amountCents` takes back: its share of what the payment bought. */
export function refundedSpanMs(
  payment: Pick<PaymentRow, 'completedAt' | 'createdAt' | 'durationMonths' | 'amountCents'>,
  amountCents: number,
): number {
  if (payment.amountCents <= 0) return 0;
  return Math.round((paidSpanMs(payment) * Math.min(amountCents, payment.amountCents)) / payment.amountCents);
}

/**
 * Records one provider refund of `payment` inside the caller's transaction; the caller has
 * locked the payment row (`select … for update`) and passes it as it is now.
 */
export async function recordRefund(
  tx: Tx,
  deps: LedgerDeps,
  payment: PaymentRow,
  refund: RefundToRecord,
  now: Date,
): Promise<RecordedRefund> {
  const left = payment.amountCents - payment.refundedCents;
  const [row] = await tx
    .insert(paymentRefunds)
    .values({
      paymentId: payment.id,
      amountCents: refund.amountCents,
      providerRefundId: refund.providerRefundId,
      source: refund.source,
      reason: refund.reason,
      adminId: refund.adminId,
      createdAt: now,
    })
    .onConflictDoNothing({ target: paymentRefunds.providerRefundId })
    .returning({ id: paymentRefunds.id });
  if (!row) return { recorded: false, payment, listing: undefined };

  // The provider never gives back more than was paid; if our books disagree, they must not
  // break (a webhook answered 500 is retried for days): count what is left, and say so.
  const counted = Math.min(refund.amountCents, left);
  if (counted < refund.amountCents) {
    deps.log.error(
      { payment: payment.id, refund: refund.providerRefundId, amount: refund.amountCents, left },
      'refund larger than what was left',
    );
  }
  const refundedCents = payment.refundedCents + counted;
  const full = refundedCents >= payment.amountCents;
  if (counted > 0) deps.outcomes.payment(full ? 'refunded' : 'partially_refunded');
  const [updated] = await tx
    .update(payments)
    .set({
      refundedCents,
      status: full ? 'refunded' : payment.status,
      // A payment given back in full needs no refund job any more.
      refundedAt: full ? (payment.refundedAt ?? now) : payment.refundedAt,
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id))
    .returning();

  // Only a completed payment changed its listing; a refused one (refund due) never did.
  const listing =
    payment.status === 'completed' && counted > 0
      ? await deps.listings.shortenPaidTime({ listingId: payment.listingId, by: refundedSpanMs(payment, counted), now }, tx)
      : undefined;
  if (listing) await deps.notices.queueRefundNotice(tx, updated ?? payment, counted, listing);
  return { recorded: true, payment: updated ?? payment, listing };
}

/** Locks and answers a payment row inside a transaction. */
export async function lockPayment(tx: Tx, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row;
}
