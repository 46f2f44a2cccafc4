import {
  CleanupPendingResponseSchema,
  ConfirmPaymentRequestSchema,
  PaymentConfirmedSchema,
  PaymentIntentBodySchema,
  PaymentIntentCreatedSchema,
  PaymentQuoteQuerySchema,
  PaymentQuoteSchema,
  PaymentWebhookResponseSchema,
  type PaymentKind as SharedPaymentKind,
  type PaymentPurpose as SharedPaymentPurpose,
} from '@benchmarket/shared';
import type { PaymentKind, PaymentPurpose } from './pricing.js';

/**
 * The payments routes' contracts live in '@benchmarket/shared' (schemas/payments.ts), which the
 * web app reads too; these are the names the routes use.
 */
export { PaymentHistoryResponseSchema, SandboxConfirmCardBodySchema, SandboxConfirmCardResponseSchema } from '@benchmarket/shared';

export const CreateIntentBodySchema = PaymentIntentBodySchema;
export const CreateIntentResponseSchema = PaymentIntentCreatedSchema;
export const ConfirmBodySchema = ConfirmPaymentRequestSchema;
export const ConfirmResponseSchema = PaymentConfirmedSchema;
export const CleanupResponseSchema = CleanupPendingResponseSchema;
export const QuoteQuerySchema = PaymentQuoteQuerySchema;
export const QuoteResponseSchema = PaymentQuoteSchema;
export const WebhookResponseSchema = PaymentWebhookResponseSchema;

// pricing.ts names the kinds and purposes for its rules; they must stay the shared ones.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const kindsAgree: Same<PaymentKind, SharedPaymentKind> = true;
const purposesAgree: Same<PaymentPurpose, SharedPaymentPurpose> = true;
void kindsAgree;
void purposesAgree;
