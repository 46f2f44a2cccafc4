import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { setupTestApp, type TestContext } from '../helpers.js';
import { createSeller, sellerCalls, type Seller, type SettableClock } from './payments-fixtures.js';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.js';

/**
 * The payments app with the real `stripe` SDK pointed at the local Stripe stand-in. `browser`
 * plays Stripe.js's part (confirming a PaymentIntent with a test payment method), `signer`
 * Stripe's part (webhook signatures made by the SDK's test header helper).
 */
interface StripePayments extends ReturnType<typeof sellerCalls> {
  ctx: TestContext;
  stripeApi: StripeStandIn;
  browser: Stripe;
  signer: Stripe;
  seller: Seller;
  webhookSecret: string;
  close(): Promise<void>;
}

async function setupStripePayments(
  clock: SettableClock,
  webhookSecret: string,
): Promise<Omit<StripePayments, keyof ReturnType<typeof sellerCalls>>> {
  const stripeApi = await startStripeStandIn();
  const ctx = await setupTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_benchmarket',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_benchmarket',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripeApi.url,
      PROMO_FREE_UNTIL: '2030-06-01',
      RATE_LIMITS: 'off',
    },
    clock,
  });
  const { hostname, port } = new URL(stripeApi.url);
  const browser = new Stripe('sk_test_browser', { host: hostname, port, protocol: 'http', maxNetworkRetries: 0 });
  const seller = await createSeller(ctx.app);
  return {
    ctx,
    stripeApi,
    browser,
    signer: new Stripe('sk_test_signer'),
    seller,
    webhookSecret,
    async close() {
      await ctx.close();
      await stripeApi.close();
    },
  };
}

/** `setupStripePayments` for the enclosing suite: set up before its tests, closed after. */
export function useStripePayments(clock: SettableClock, webhookSecret: string): StripePayments {
  const payments = {} as StripePayments;
  Object.assign(payments, sellerCalls(payments));
  beforeAll(async () => {
    Object.assign(payments, await setupStripePayments(clock, webhookSecret));
  });
  afterAll(() => payments.close?.());
  return payments;
}

/** POST /payments/webhook as Stripe sends it, with `signature` as its Stripe-Signature header. */
export function postWebhook(app: FastifyInstance, payload: string, signature?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
  });
}
