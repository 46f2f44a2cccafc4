import {
  ConfirmPaymentRequestSchema,
  CreatePaymentIntentRequestSchema,
  CreatePaymentIntentResponseSchema,
  DurationMonthsSchema,
  IdSchema,
  IsoDateTimeSchema,
  MoneySchema,
  PaymentSchema,
} from '@benchmarket/shared';
import { z } from 'zod';

/**
 * The payments routes' contracts: the shared schemas of spec §7, plus the few fields the
 * spec leaves to us. (Candidates for packages/shared once the web app uses them.)
 */

export const PAYMENT_KINDS = ['activation', 'extension', 'renewal'] as const;
export const PaymentKindSchema = z
  .enum(PAYMENT_KINDS)
  .describe('activation: first payment of a listing; extension: months added to the current expiry; renewal: after expiry, months from now');

export const PaymentPurposeSchema = z
  .enum(['activate', 'extend'])
  .describe(
    "What the payment is for. 'activate' pays an unpaid listing ('This listing has already been paid for.' when it is paid); " +
      "'extend' extends a paid listing, or renews it from now once it has expired ('This listing needs to be paid for first before it can be extended.' when unpaid, " +
      "'This listing has been removed and cannot be extended.' when removed). Absent: 'activate' for an unpaid listing, otherwise 'extend'.",
  );

export const CreateIntentBodySchema = CreatePaymentIntentRequestSchema.extend({
  purpose: PaymentPurposeSchema.optional(),
});

export const CreateIntentResponseSchema = CreatePaymentIntentResponseSchema.extend({
  currency: z.string().length(3),
  kind: PaymentKindSchema,
  provider: z
    .enum(['stripe', 'sandbox', 'free'])
    .describe("free: amount 0, already completed (client_secret starts 'free_tier_'); sandbox: pay with POST /payments/sandbox/confirm-card; stripe: Stripe.js"),
});

export const ConfirmBodySchema = ConfirmPaymentRequestSchema;
export const ConfirmResponseSchema = z.object({
  listing_id: IdSchema,
  status: z.literal('completed'),
});

export const PaymentHistoryItemSchema = PaymentSchema.extend({
  kind: PaymentKindSchema,
  currency: z.string().length(3),
});
export const PaymentHistoryResponseSchema = z.array(PaymentHistoryItemSchema);

export const CleanupResponseSchema = z.object({ removed: z.number().int().min(0) });

export const QuoteQuerySchema = z.object({
  listing_id: IdSchema,
  duration_months: z.coerce.number().pipe(DurationMonthsSchema),
  purpose: PaymentPurposeSchema.optional(),
});

export const QuoteResponseSchema = z.object({
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

export const WebhookResponseSchema = z.object({ received: z.literal(true) });
