import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../lib/http-errors.js';
import { errorResponses as errors, signedInRoutes } from '../../lib/route-schemas.js';
import { currentUserOf } from '../auth/index.js';
import { SandboxPaymentProvider } from '../../providers/payments/index.js';
import {
  CleanupResponseSchema,
  ConfirmBodySchema,
  ConfirmResponseSchema,
  CreateIntentBodySchema,
  CreateIntentResponseSchema,
  PaymentHistoryResponseSchema,
  QuoteQuerySchema,
  QuoteResponseSchema,
  SandboxConfirmCardBodySchema,
  SandboxConfirmCardResponseSchema,
  WebhookResponseSchema,
} from './schemas.js';
import type { ChargeEvents } from './charge-events.js';
import type { PaymentSettlement } from './settlement.js';
import { StripePaymentProvider, WebhookSignatureError } from '../../providers/payments/index.js';

const TAGS = ['payments'];

/**
 * /payments/*: listing payments (spec §7) through the payments port — Stripe when its keys
 * are set, otherwise the sandbox.
 */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { provider, checkout, settlement, chargeEvents } = app.payments;
  // The owner check runs after validation: a malformed request answers its 400 first.
  const owner = signedInRoutes(app, TAGS, { stage: 'preHandler' });

  app.get(
    '/payments/quote',
    owner({
      summary: 'The price of paying, extending or renewing a listing, before paying (owner only)',
      description: 'Same checks and refusals as create-intent, without side effects.',
      querystring: QuoteQuerySchema,
      response: { 200: QuoteResponseSchema, ...errors(400, 401, 403, 404) },
    }),
    async (request) => checkout.quote(currentUserOf(request), request.query),
  );

  app.post(
    '/payments/create-intent',
    owner({
      summary: 'Start a payment for a listing (owner only); the amount is computed by the server',
      description:
        "Clears the caller's stale pending payments first (as /payments/cleanup-pending). A listing has one open payment at a time: " +
        'parallel calls with the same duration answer the same payment and client secret; a call with another duration replaces it ' +
        "(409 while the earlier one is being processed). An amount of 0 (the promotion's free first month) " +
        "is completed at once and answers a client_secret starting 'free_tier_'. Otherwise pay with Stripe.js (provider stripe) or " +
        'POST /payments/sandbox/confirm-card (provider sandbox), then call /payments/confirm.',
      body: CreateIntentBodySchema,
      response: { 200: CreateIntentResponseSchema, ...errors(400, 401, 403, 404, 409, 502) },
    }),
    async (request) => checkout.createIntent(currentUserOf(request), request.body),
  );

  app.post(
    '/payments/confirm',
    owner({
      summary: 'Confirm a payment after the card step; activates or extends the listing',
      description:
        "stripe_payment_id is the provider's payment intent id (pi_…). The provider is asked for the intent's real state: it must have " +
        "succeeded with this payment's amount, currency and ids. Calling it again answers the same; the listing changes once.",
      body: ConfirmBodySchema,
      response: { 200: ConfirmResponseSchema, ...errors(400, 401, 403, 404, 502) },
    }),
    async (request) => checkout.confirm(currentUserOf(request), request.body.payment_id, request.body.stripe_payment_id),
  );

  app.get(
    '/payments/history',
    owner({
      summary: "The caller's payments, newest first",
      response: { 200: PaymentHistoryResponseSchema, ...errors(401) },
    }),
    async (request) => checkout.history(currentUserOf(request).id),
  );

  app.post(
    '/payments/cleanup-pending',
    owner({
      summary: "Remove the caller's abandoned pending payments (older than an hour)",
      description: 'Each is cancelled at the provider first; one that was paid after all is completed instead, and not removed.',
      response: { 200: CleanupResponseSchema, ...errors(401) },
    }),
    async (request) => ({ removed: await checkout.cleanupPending(currentUserOf(request).id) }),
  );

  if (provider instanceof SandboxPaymentProvider) registerSandboxCardForm(app, provider, settlement);
  await app.register(async (child) => registerWebhook(child, provider, settlement, chargeEvents));
};

/** The sandbox's card form (only when the sandbox is the provider): Stripe's test cards. */
function registerSandboxCardForm(app: FastifyInstance, sandbox: SandboxPaymentProvider, settlement: PaymentSettlement): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/payments/sandbox/confirm-card',
    {
      schema: {
        tags: TAGS,
        summary: 'Sandbox only: pay a payment intent with a test card, as Stripe.js would',
        description:
          "4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined (402 'Your card was declined.'); 4000 0000 0000 9995 has insufficient funds; " +
          'a number failing the Luhn check, or a past expiry, is a 400. A declined intent stays open for another card. On success the payment ' +
          "is completed and the listing activated at once, as Stripe's webhook would.",
        body: SandboxConfirmCardBodySchema,
        response: { 200: SandboxConfirmCardResponseSchema, ...errors(400, 402, 404) },
      },
    },
    async (request) => {
      const { client_secret: clientSecret, ...card } = request.body;
      const { event, decline } = await sandbox.confirmCard(clientSecret, card, app.clock.now());
      await settlement.handleProviderEvent(event);
      if (decline) throw new HttpError(402, decline.message, decline.code);
      const { intent } = event;
      return {
        payment_id: intent.metadata.payment_id ?? null,
        listing_id: intent.metadata.listing_id ?? null,
        payment_intent: { id: intent.id, status: intent.status, amount: intent.amountCents / 100, currency: intent.currency },
      };
    },
  );
}

/**
 * POST /payments/webhook (Stripe): its own context, where a JSON body stays raw bytes, so
 * the signature is checked on exactly what Stripe signed.
 */
function registerWebhook(
  app: FastifyInstance,
  provider: StripePaymentProvider | SandboxPaymentProvider,
  settlement: PaymentSettlement,
  chargeEvents: ChargeEvents,
): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.withTypeProvider<ZodTypeProvider>().post(
    '/payments/webhook',
    {
      schema: {
        tags: TAGS,
        summary: "Stripe's webhook: payment_intent.succeeded and .payment_failed, charge.refunded, charge.dispute.created",
        description:
          'The stripe-signature header is verified with STRIPE_WEBHOOK_SECRET on the raw body. 404 when Stripe webhooks are not configured. ' +
          "charge.refunded records each of the charge's refunds once (asked of Stripe; 503 while Stripe cannot be reached, so the event " +
          "comes again) and shortens the listing's paid time; charge.dispute.created marks the payment disputed and ends the listing's " +
          'paid time. Each event is applied once, however often it is delivered.',
        headers: z.object({ 'stripe-signature': z.string().optional() }),
        response: { 200: WebhookResponseSchema, ...errors(400, 404, 503) },
      },
    },
    async (request) => {
      if (!(provider instanceof StripePaymentProvider) || !provider.webhooksEnabled) {
        throw notFound('Stripe webhooks are not enabled', 'webhooks_disabled');
      }
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw badRequest('The webhook body must be JSON', 'invalid_body');
      let event;
      try {
        event = provider.parseWebhook(body, request.headers['stripe-signature']);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ reason: error.message }, 'refused a webhook with a bad signature');
          throw badRequest('Invalid webhook signature', 'invalid_signature');
        }
        throw error;
      }
      if (event?.type === 'charge.refunded' || event?.type === 'charge.dispute.created') {
        const outcome = await chargeEvents.apply(event);
        request.log.info({ type: event.type, event: event.id, intent: event.intentId, outcome }, 'stripe webhook');
      } else if (event) {
        const outcome = await settlement.handleProviderEvent(event);
        request.log.info({ type: event.type, event: event.id, intent: event.intent.id, outcome }, 'stripe webhook');
      }
      return { received: true as const };
    },
  );
}

export default paymentRoutes;
