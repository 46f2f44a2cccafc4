import { eq } from 'drizzle-orm';
import { listings, payments, providerEvents } from '../../db/schema.js';
import { serviceUnavailable } from '../../lib/http-errors.js';
import {
  ProviderUnavailableError,
  refundCounts,
  type ChargeRefundedEvent,
  type DisputeCreatedEvent,
  type ProviderRefund,
} from '../../providers/payments/index.js';
import { lockPayment, recordRefund, type RefundDeps } from './refund-ledger.js';
import type { Tx } from './settlement.js';

export type ChargeEventOutcome = 'applied' | 'duplicate' | 'ignored';

/** The webhook's answer while Stripe cannot be asked: a 503, so Stripe delivers the event again later. */
export const EVENT_RETRY_LATER = 'The payment provider could not be reached; the event will be applied when it is delivered again.';

/**
 * Stripe's news about a charge (issue 14): `charge.refunded` — a refund made in Stripe's
 * dashboard, or the echo of our own — and `charge.dispute.created`. Each event is applied
 * exactly once: its id goes into `provider_events` in the transaction that applies it, so a
 * second delivery (after, or in parallel: it waits on the first's key) changes nothing. A
 * charge is mapped to our payment by its payment intent id.
 */
export class ChargeEvents {
  constructor(private readonly deps: RefundDeps) {}

  async apply(event: ChargeRefundedEvent | DisputeCreatedEvent): Promise<ChargeEventOutcome> {
    const [payment] = await this.deps.db.select().from(payments).where(eq(payments.providerPaymentId, event.intentId)).limit(1);
    if (!payment) {
      this.deps.log.warn({ event: event.id, type: event.type, intent: event.intentId }, 'charge event for an intent we do not know');
      return 'ignored';
    }
    if (event.type === 'charge.refunded') {
      // Stripe's events no longer carry a charge's refunds: asked first, outside the transaction.
      const refunds = await this.refundsOf(event.intentId);
      return this.once(event, (tx) => this.recordRefunds(tx, payment.id, refunds));
    }
    return this.once(event, (tx) => this.recordDispute(tx, payment.id, event));
  }

  /** Runs `apply` in a transaction that first claims the event id; a claimed id is a duplicate. */
  private async once(event: { id: string; type: string }, apply: (tx: Tx) => Promise<void>): Promise<ChargeEventOutcome> {
    return this.deps.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(providerEvents)
        .values({ id: event.id, type: event.type, receivedAt: this.deps.clock.now() })
        .onConflictDoNothing()
        .returning({ id: providerEvents.id });
      if (claimed.length === 0) return 'duplicate';
      await apply(tx);
      return 'applied';
    });
  }

  private async refundsOf(intentId: string): Promise<ProviderRefund[]> {
    try {
      return await this.deps.provider.listRefunds(intentId);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      this.deps.log.error({ err: error, intent: intentId }, 'could not list the refunds of a charge');
      throw serviceUnavailable(EVENT_RETRY_LATER, 'provider_unavailable');
    }
  }

  /** Each refund of the charge not recorded yet (made in the dashboard, or ours not recorded yet). */
  private async recordRefunds(tx: Tx, paymentId: string, refunds: ProviderRefund[]): Promise<void> {
    const now = this.deps.clock.now();
    let payment = await lockPayment(tx, paymentId);
    for (const refund of refunds) {
      if (!payment || !refundCounts(refund)) continue;
      const result = await recordRefund(
        tx,
        this.deps,
        payment,
        { providerRefundId: refund.id, amountCents: refund.amountCents, source: 'provider', reason: null, adminId: null },
        now,
      );
      payment = result.payment;
      if (result.recorded) {
        this.deps.log.info(
          { payment: paymentId, refund: refund.id, amount: refund.amountCents, expiry: result.listing?.expiryDate },
          'refund made at the provider recorded',
        );
      }
    }
  }

  /** The card holder disputes the charge: the payment is marked, its listing's paid time ends, the audit log says so. */
  private async recordDispute(tx: Tx, paymentId: string, event: DisputeCreatedEvent): Promise<void> {
    const now = this.deps.clock.now();
    const payment = await lockPayment(tx, paymentId);
    if (!payment || payment.disputedAt) return;
    const expiryOf = async () => {
      const [row] = await tx.select({ expiryDate: listings.expiryDate }).from(listings).where(eq(listings.id, payment.listingId)).limit(1);
      return row?.expiryDate?.toISOString() ?? null;
    };
    const expiryBefore = await expiryOf();
    await tx.update(payments).set({ disputedAt: now, updatedAt: now }).where(eq(payments.id, payment.id));
    // Only a completed payment bought paid time; the dispute takes all of it back.
    if (payment.status === 'completed') await this.deps.listings.shortenPaidTime({ listingId: payment.listingId, by: 'all', now }, tx);
    await this.deps.audit.record(
      {
        actor: { kind: 'system', description: `${this.deps.provider.name} webhook` },
        action: 'payment.dispute',
        objectType: 'payment',
        objectId: payment.id,
        before: { disputed_at: null, listing_expiry_date: expiryBefore },
        after: { disputed_at: now.toISOString(), listing_expiry_date: await expiryOf(), dispute_id: event.disputeId },
        reason: event.reason ? `Dispute opened by the card holder (${event.reason})` : 'Dispute opened by the card holder',
      },
      tx,
    );
    this.deps.log.warn({ payment: payment.id, dispute: event.disputeId, reason: event.reason }, 'payment disputed: listing ended');
  }
}
