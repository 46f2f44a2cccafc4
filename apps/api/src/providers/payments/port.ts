/** What a payment buys (the payments module's pricing names the same three). */
export type PaymentKind = 'activation' | 'extension' | 'renewal';

/**
 * The payments port (ARCHITECTURE: "Outside world behind small interfaces"): Stripe when its
 * keys are set, otherwise the sandbox, which keeps Stripe's PaymentIntent states in our
 * database. The service only sees these shapes, never a provider's SDK.
 */

/** Stripe's PaymentIntent statuses (the sandbox uses a subset). */
export type IntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';

export interface ProviderIntent {
  id: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  /** What we wrote at creation: payment_id, listing_id, user_id, kind, duration_months. */
  metadata: Record<string, string>;
  /** The last decline's text, e.g. 'Your card was declined.'. */
  lastPaymentError: string | null;
  /** What the browser pays with (answered again when parallel 'Pay' clicks share one intent). */
  clientSecret: string | null;
}

export interface CreateIntentInput {
  paymentId: string;
  listingId: string;
  userId: string;
  kind: PaymentKind;
  durationMonths: number;
  amountCents: number;
  currency: string;
  description: string;
  /**
   * One key per listing and attempt (`listing-<id>-attempt-<payment id>`): the provider answers
   * a repeated create with the same key with the first intent, never a second one.
   */
  idempotencyKey: string;
}

export interface RefundInput {
  paymentId: string;
  intentId: string;
  /** What to give back: the whole amount or a part of it (what is left at most). */
  amountCents: number;
  /**
   * One key per refund: a retried refund is never made twice (`refund-<payment id>` for the
   * refund job; the admin's refunds name the payment, what was refunded before and the amount).
   */
  idempotencyKey: string;
  /** Stripe's refund reasons: money that arrived twice, or given back on request. */
  reason: 'duplicate' | 'requested_by_customer';
}

export interface ProviderRefund {
  id: string;
  /** What this refund gives back. */
  amountCents: number;
  /** Stripe's refund statuses; `pending` and `succeeded` mean the money is on its way back. */
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
}

/** A refund's status that gives money back (or is about to): the ones that count. */
export function refundCounts(refund: Pick<ProviderRefund, 'status'>): boolean {
  return refund.status === 'succeeded' || refund.status === 'pending';
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

/** A provider's news about an intent: a verified webhook, or the sandbox's card form. */
export interface ProviderEvent {
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed';
  intent: ProviderIntent;
}

/**
 * Money given back outside our console (Stripe's dashboard), or the echo of our own refund:
 * the charge of an intent was refunded (in part or in full). Which refunds the charge has is
 * asked of the provider (`listRefunds`): Stripe's events no longer carry them.
 */
export interface ChargeRefundedEvent {
  type: 'charge.refunded';
  /** The provider's event id (`evt_…`): each event is applied once. */
  id: string;
  intentId: string;
  chargeId: string;
}

/** The card holder disputed the charge of an intent. */
export interface DisputeCreatedEvent {
  type: 'charge.dispute.created';
  id: string;
  intentId: string;
  disputeId: string;
  reason: string | null;
  amountCents: number;
}

/** What a verified webhook tells us. */
export type WebhookEvent = (ProviderEvent & { id: string }) | ChargeRefundedEvent | DisputeCreatedEvent;

export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  /** Creates an intent for one of our payments; the same payment id never makes two intents. */
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** The provider's current state of an intent, or null when it does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Cancels an intent that has not been paid; answers its state afterwards. */
  cancelIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Gives the amount (all or a part of a succeeded intent's rest) back (Stripe:
   * `refunds.create`). The same idempotency key makes the same refund once and answers it
   * again. Throws RefundRefusedError when the provider will not (nothing left, not paid).
   */
  refund(input: RefundInput): Promise<ProviderRefund>;
  /** Every refund of an intent's charge, oldest first. */
  listRefunds(intentId: string): Promise<ProviderRefund[]>;
}

/** The provider could not be reached or answered unexpectedly (not a card decline). */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

/**
 * The provider refuses a refund: `already_refunded` (nothing is left of the charge, e.g.
 * refunded from Stripe's dashboard), `too_large` (more than is left), `not_refundable` (not
 * paid, or disputed), `key_reused` (the idempotency key made another refund). The provider's
 * own text is in `message`, for the log.
 */
export class RefundRefusedError extends Error {
  override name = 'RefundRefusedError';
  constructor(
    readonly reason: 'already_refunded' | 'too_large' | 'not_refundable' | 'key_reused',
    message: string,
  ) {
    super(message);
  }
}

/** The metadata written on every intent, so an intent names the payment and listing it pays. */
export function intentMetadata(input: CreateIntentInput): Record<string, string> {
  return {
    payment_id: input.paymentId,
    listing_id: input.listingId,
    user_id: input.userId,
    kind: input.kind,
    duration_months: String(input.durationMonths),
  };
}

/** Statuses in which an intent may still be abandoned safely (no money moved, none moving). */
export const CANCELABLE_STATUSES: readonly IntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
