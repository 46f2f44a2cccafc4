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

// ── What the payments API adds around the spec's shapes (ours) ───────────────

export const PAYMENT_KINDS = ['activation', 'extension', 'renewal'] as const;
export const PaymentKindSchema = z
  .enum(PAYMENT_KINDS)
  .describe(
    'activation: first payment of a listing; extension: months added to the current expiry; renewal: after expiry, months from now',
  );
/** activation: first payment; extension: months added to the expiry; renewal: after expiry, from now. */
export type PaymentKind = z.infer<typeof PaymentKindSchema>;

export const PAYMENT_PURPOSES = ['activate', 'extend'] as const;
export const PaymentPurposeSchema = z
  .enum(PAYMENT_PURPOSES)
  .describe(
    "What the payment is for. 'activate' pays an unpaid listing ('This listing has already been paid for.' when it is paid); " +
      "'extend' extends a paid listing, or renews it from now once it has expired ('This listing needs to be paid for first before it can be extended.' when unpaid, " +
      "'This listing has been removed and cannot be extended.' when removed). Absent: 'activate' for an unpaid listing, otherwise 'extend'.",
  );
/** 'activate' pays an unpaid listing; 'extend' extends a paid one (or renews it after expiry). */
export type PaymentPurpose = z.infer<typeof PaymentPurposeSchema>;

/** How a created intent is paid: the configured provider's way, or 'free' (nothing to pay). */
export const PAYMENT_METHODS = ['stripe', 'sandbox', 'free'] as const;

/** POST /payments/create-intent's body: the spec's fields plus the purpose. */
export const PaymentIntentBodySchema = CreatePaymentIntentRequestSchema.extend({
  purpose: PaymentPurposeSchema.optional(),
});
export type PaymentIntentBody = z.input<typeof PaymentIntentBodySchema>;

/** POST /payments/create-intent's answer; `provider` says how to pay. */
export const PaymentIntentCreatedSchema = CreatePaymentIntentResponseSchema.extend({
  currency: z.string().length(3),
  kind: PaymentKindSchema,
  provider: z
    .enum(PAYMENT_METHODS)
    .describe(
      "free: amount 0, already completed (client_secret starts 'free_tier_'); sandbox: pay with POST /payments/sandbox/confirm-card; stripe: Stripe.js",
    ),
});
export type PaymentIntentCreated = z.infer<typeof PaymentIntentCreatedSchema>;

/** POST /payments/confirm's answer as the API sends it (only a completed payment answers 200). */
export const PaymentConfirmedSchema = z.object({
  listing_id: IdSchema,
  status: z.literal('completed'),
});

/** GET /payments/history's rows: the spec's payment plus its kind and currency. */
export const PaymentHistoryItemSchema = PaymentSchema.extend({
  kind: PaymentKindSchema,
  currency: z.string().length(3),
});
export type PaymentHistoryItem = z.infer<typeof PaymentHistoryItemSchema>;
export const PaymentHistoryResponseSchema = z.array(PaymentHistoryItemSchema);

/** GET /payments/quote's query. */
export const PaymentQuoteQuerySchema = z.object({
  listing_id: IdSchema,
  duration_months: z.coerce.number().pipe(DurationMonthsSchema),
  purpose: PaymentPurposeSchema.optional(),
});

/** GET /payments/quote's answer: the server's price for a duration, before paying. */
export const PaymentQuoteSchema = z.object({
  listing_id: IdSchema,
  kind: PaymentKindSchema,
  duration_months: z.number().int(),
  amount: MoneySchema,
  currency: z.string().length(3),
  breakdown: z.object({
    base: MoneySchema.describe('activation: the base price, which includes the first month'),
    additional_months: MoneySchema.describe('activation: each month after the first'),
    extension: MoneySchema.describe('extension or renewal: months × the monthly extension rate'),
    promotion_discount: MoneySchema.describe("taken off by the promotion ('List Free Until June': the first month free)"),
  }),
  promotion_applied: z.boolean(),
  current_expiry_date: IsoDateTimeSchema.nullable(),
  new_expiry_date: IsoDateTimeSchema.describe('the expiry if paid now'),
});
export type PaymentQuote = z.infer<typeof PaymentQuoteSchema>;

/** POST /payments/sandbox/confirm-card (the local card stand-in). */
export const SandboxConfirmCardBodySchema = z.object({
  client_secret: z.string().trim().min(1),
  card_number: z.string().trim().min(1).max(30),
  exp_month: z.coerce.number().int(),
  exp_year: z.coerce.number().int(),
  cvc: z.string().trim().min(1).max(4),
});

export const SandboxConfirmCardResponseSchema = z.object({
  payment_id: IdSchema.nullable(),
  listing_id: IdSchema.nullable(),
  payment_intent: z.object({
    id: z.string(),
    status: z.string(),
    amount: MoneySchema,
    currency: z.string(),
  }),
});
export type SandboxConfirmCardResponse = z.infer<typeof SandboxConfirmCardResponseSchema>;

/** POST /payments/webhook's answer. */
export const PaymentWebhookResponseSchema = z.object({ received: z.literal(true) });
