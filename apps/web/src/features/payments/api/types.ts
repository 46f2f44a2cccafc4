import type { CreatePaymentIntentResponse, DurationMonths } from '@benchmarket/shared';

/**
 * The API's fields around the shared payment schemas (apps/api/src/modules/payments/schemas.ts):
 * the shared package has the spec's shapes only, the payments API adds these.
 */

/** 'activate' pays an unpaid listing; 'extend' extends a paid one (or renews it after expiry). */
export type PaymentPurpose = 'activate' | 'extend';

/** activation: first payment; extension: months added to the expiry; renewal: after expiry, from now. */
export type PaymentKind = 'activation' | 'extension' | 'renewal';

/** POST /payments/create-intent's body. */
export interface CreateIntentInput {
  listing_id: string;
  duration_months: DurationMonths;
  purpose: PaymentPurpose;
}

/**
 * POST /payments/create-intent's answer. `provider` says how to pay: 'free' (already completed,
 * client secret 'free_tier_…'), 'sandbox' (POST /payments/sandbox/confirm-card) or 'stripe'.
 * Only the spec's three fields are relied on; the others may be absent.
 */
export interface CreatedPaymentIntent extends CreatePaymentIntentResponse {
  currency?: string;
  kind?: PaymentKind;
  provider?: 'stripe' | 'sandbox' | 'free';
}

/** GET /payments/quote's answer: the server's price for a duration, before paying. */
export interface PaymentQuote {
  listing_id: string;
  kind: PaymentKind;
  duration_months: number;
  amount: number;
  currency: string;
  breakdown: {
    /** activation: the base price, which includes the first month. */
    base: number;
    /** activation: the months after the first, together. */
    additional_months: number;
    /** extension or renewal: months × the monthly extension rate. */
    extension: number;
    /** taken off by the promotion ('List Free Until June'). */
    promotion_discount: number;
  };
  promotion_applied: boolean;
  current_expiry_date: string | null;
  /** The expiry if paid now. */
  new_expiry_date: string;
}

/** POST /payments/sandbox/confirm-card's answer. */
export interface SandboxCardResult {
  payment_id: string | null;
  listing_id: string | null;
  payment_intent: { id: string; status: string; amount: number; currency: string };
}
