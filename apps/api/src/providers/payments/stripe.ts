import Stripe from 'stripe';
import {
  intentMetadata,
  ProviderUnavailableError,
  RefundRefusedError,
  type CreateIntentInput,
  type CreatedIntent,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderRefund,
  type RefundInput,
  type WebhookEvent,
} from './port.js';

interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  /** STRIPE_API_URL: another host for the API (tests point the real SDK at a local stand-in). */
  apiUrl?: string | undefined;
  timeoutMs?: number;
}

/** `http://127.0.0.1:12111` → the SDK's host, port and protocol options. */
function stripeHostOptions(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
    metadata: { ...intent.metadata },
    lastPaymentError: intent.last_payment_error?.message ?? null,
    clientSecret: intent.client_secret,
  };
}

function toProviderRefund(refund: Stripe.Refund): ProviderRefund {
  return { id: refund.id, amountCents: refund.amount, status: (refund.status ?? 'pending') as ProviderRefund['status'] };
}

/** The id of an expandable field (a charge's or dispute's payment intent). */
function idOf(field: string | { id: string } | null | undefined): string | null {
  if (!field) return null;
  return typeof field === 'string' ? field : field.id;
}

/** Stripe's refusals of a refund (as opposed to Stripe being unreachable), or null. */
function refundRefusal(error: unknown): RefundRefusedError | null {
  if (error instanceof Stripe.errors.StripeIdempotencyError) return new RefundRefusedError('key_reused', error.message);
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return null;
  if (error.code === 'charge_already_refunded') return new RefundRefusedError('already_refunded', error.message);
  if (error.param === 'amount') return new RefundRefusedError('too_large', error.message);
  if (error.code === 'charge_disputed' || error.code === 'charge_not_refundable' || isMissing(error)) {
    return new RefundRefusedError('not_refundable', error.message);
  }
  return null;
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && (error.statusCode === 404 || error.code === 'resource_missing');
}

/** Stripe's errors other than "no such intent" become ProviderUnavailableError; the text is logged, not shown. */
function unavailable(error: unknown, action: string): ProviderUnavailableError {
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderUnavailableError(`Stripe ${action} failed: ${message}`, { cause: error });
}

/** A webhook whose signature does not verify (wrong secret, altered body, too old). */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/**
 * Stripe PaymentIntents through the real SDK. Every intent carries our payment and listing
 * ids in its metadata, and is created with the payment's idempotency key (one per listing and
 * attempt), so a retried or parallel request never makes a second intent for one attempt.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      ...stripeHostOptions(options.apiUrl),
      maxNetworkRetries: 2,
      timeout: options.timeoutMs ?? 20_000,
      telemetry: false,
      appInfo: { name: 'BenchMarket' },
    });
  }

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          payment_method_types: ['card'],
          description: input.description,
          metadata: intentMetadata(input),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!intent.client_secret) throw new Error('the payment intent has no client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    } catch (error) {
      throw unavailable(error, 'create payment intent');
    }
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    try {
      return toProviderIntent(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable(error, 'retrieve payment intent');
    }
  }

  async cancelIntent(id: string): Promise<ProviderIntent | null> {
    try {
      return toProviderIntent(await this.stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `cancel-${id}` }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable(error, 'cancel payment intent');
    }
  }

  async refund(input: RefundInput): Promise<ProviderRefund> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: input.intentId, amount: input.amountCents, reason: input.reason, metadata: { payment_id: input.paymentId } },
        { idempotencyKey: input.idempotencyKey },
      );
      return toProviderRefund(refund);
    } catch (error) {
      throw refundRefusal(error) ?? unavailable(error, 'refund payment');
    }
  }

  async listRefunds(intentId: string): Promise<ProviderRefund[]> {
    try {
      const refunds: ProviderRefund[] = [];
      for await (const refund of this.stripe.refunds.list({ payment_intent: intentId, limit: 100 })) refunds.push(toProviderRefund(refund));
      // Stripe lists the newest first.
      return refunds.reverse();
    } catch (error) {
      throw unavailable(error, 'list refunds');
    }
  }

  get webhooksEnabled(): boolean {
    return Boolean(this.options.webhookSecret);
  }

  /**
   * Verifies a webhook's `stripe-signature` on the raw body with STRIPE_WEBHOOK_SECRET
   * (throws on a bad or stale signature). Answers the events we act on — payment intents
   * succeeded or failed, charges refunded or disputed — or null for any other event.
   */
  parseWebhook(rawBody: Buffer, signature: string | string[] | undefined): WebhookEvent | null {
    if (!this.options.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
    if (typeof signature !== 'string' || signature === '') throw new WebhookSignatureError('no stripe-signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
    }
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed':
        return { type: event.type, id: event.id, intent: toProviderIntent(event.data.object) };
      case 'charge.refunded': {
        const charge = event.data.object;
        const intentId = idOf(charge.payment_intent);
        // A charge made without a PaymentIntent is none of ours.
        return intentId ? { type: event.type, id: event.id, intentId, chargeId: charge.id } : null;
      }
      case 'charge.dispute.created': {
        const dispute = event.data.object;
        const intentId = idOf(dispute.payment_intent);
        return intentId
          ? { type: event.type, id: event.id, intentId, disputeId: dispute.id, reason: dispute.reason ?? null, amountCents: dispute.amount }
          : null;
      }
      default:
        return null;
    }
  }
}
