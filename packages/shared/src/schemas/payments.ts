/** Payment calls (spec §7) and the payment entity (spec §3). */
import { z } from 'zod';
import { DurationMonthsSchema, IdSchema, IsoDateTimeSchema, MoneySchema } from './common.js';

/**
 * spec §4: completed, pending, failed. Ours (issue 12): refunded — money arrived for something
 * that no longer applied (the listing was paid by another payment, or removed) and was given back.
 */
export const PAYMENT_STATUSES = ['completed', 'pending', 'failed', 'refunded'] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** A payment as listed in the payment history. */
export const PaymentSchema = z.object({
  id: IdSchema,
  listing_id: IdSchema,
  duration_months: z.number().int().min(0),
  amount: MoneySchema,
  status: PaymentStatusSchema,
  created_at: IsoDateTimeSchema,
  /** Ours: the listing's title, for the history table (null once unavailable). */
  listing_title: z.string().nullable().optional(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** GET /payments/history */
export const PaymentHistorySchema = z.array(PaymentSchema);

/** POST /payments/create-intent */
export const CreatePaymentIntentRequestSchema = z.object({
  listing_id: IdSchema,
  duration_months: DurationMonthsSchema,
});
export type CreatePaymentIntentRequest = z.infer<typeof CreatePaymentIntentRequestSchema>;

/**
 * A zero amount with a client secret starting 'free_tier_' or 'free_listing_' is activated
 * without the card step (spec §4).
 */
export const CreatePaymentIntentResponseSchema = z.object({
  client_secret: z.string(),
  payment_id: IdSchema,
  amount: MoneySchema,
});
export type CreatePaymentIntentResponse = z.infer<typeof CreatePaymentIntentResponseSchema>;

/** POST /payments/confirm: `{ payment_id, stripe_payment_id }` → `{ listing_id }`. */
export const ConfirmPaymentRequestSchema = z.object({
  payment_id: IdSchema,
  stripe_payment_id: z.string().trim().min(1),
});
export type ConfirmPaymentRequest = z.infer<typeof ConfirmPaymentRequestSchema>;

export const ConfirmPaymentResponseSchema = z.object({
  listing_id: IdSchema,
  status: PaymentStatusSchema,
});
export type ConfirmPaymentResponse = z.infer<typeof ConfirmPaymentResponseSchema>;

/** POST /payments/cleanup-pending: how many abandoned pending payments were removed. */
export const CleanupPendingResponseSchema = z.object({ removed: z.number().int().min(0) });
export type CleanupPendingResponse = z.infer<typeof CleanupPendingResponseSchema>;

/**
 * /payment/confirmation?payment_id=…&payment_intent=… (spec §2): our return URL carries
 * payment_id; the card provider appends payment_intent and friends.
 */
export const PaymentReturnQuerySchema = z.object({
  payment_id: IdSchema,
  payment_intent: z.string().min(1),
  payment_intent_client_secret: z.string().optional(),
  redirect_status: z.string().optional(),
});
export type PaymentReturnQuery = z.infer<typeof PaymentReturnQuerySchema>;
