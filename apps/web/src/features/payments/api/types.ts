import type { CreatePaymentIntentResponse, PaymentIntentBody, PaymentIntentCreated, PaymentPurpose } from '@benchmarket/shared';

/** The payments API's contracts live in '@benchmarket/shared' (schemas/payments.ts). */
export type { PaymentKind, PaymentPurpose, PaymentQuote, SandboxConfirmCardResponse as SandboxCardResult } from '@benchmarket/shared';

/** POST /payments/create-intent's body (the web always says what it pays for). */
export type CreateIntentInput = PaymentIntentBody & { purpose: PaymentPurpose };

/**
 * POST /payments/create-intent's answer. Only the spec's three fields are relied on; the
 * others may be absent.
 */
export type CreatedPaymentIntent = CreatePaymentIntentResponse & Partial<Omit<PaymentIntentCreated, keyof CreatePaymentIntentResponse>>;
