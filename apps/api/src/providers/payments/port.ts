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
  amountCents: number;
  /** `refund-<payment id>`: a retried refund is never made twice. */
  idempotencyKey: string;
}

export interface ProviderRefund {
  id: string;
  /** Stripe's refund statuses; `pending` and `succeeded` mean the money is on its way back. */
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
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

export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  /** Creates an intent for one of our payments; the same payment id never makes two intents. */
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** The provider's current state of an intent, or null when it does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Cancels an intent that has not been paid; answers its state afterwards. */
  cancelIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Gives the whole amount of a succeeded intent back (Stripe: `refunds.create`). The same
   * idempotency key makes the same refund once; a refund already made answers that refund.
   */
  refund(input: RefundInput): Promise<ProviderRefund>;
}

/** The provider could not be reached or answered unexpectedly (not a card decline). */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
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
