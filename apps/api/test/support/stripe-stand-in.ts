import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A local stand-in for the part of Stripe's API the payments module uses, so the real
 * `stripe` SDK can be tested end to end (pointed here with its host/port/protocol options):
 * POST /v1/payment_intents, GET /v1/payment_intents/:id, POST …/:id/confirm and …/:id/cancel,
 * POST /v1/refunds (a whole succeeded intent, once; a second refund is 'charge_already_refunded'),
 * with form-encoded bodies as the SDK sends them. Idempotency keys are honoured (a repeated key
 * replays the first answer) and every request is recorded.
 */

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method_types: string[];
  description: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  livemode: false;
  created: number;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface StripeStandIn {
  /** `http://127.0.0.1:<port>` for STRIPE_API_URL. */
  url: string;
  readonly intents: Map<string, StandInIntent>;
  readonly requests: RecordedRequest[];
  /** Refunds made, by id. */
  readonly refunds: Map<string, StandInRefund>;
  /** Changes an intent behind the API's back (a tampered amount, another currency…). */
  patchIntent(id: string, patch: Partial<StandInIntent>): StandInIntent;
  /** The JSON of a Stripe event about an intent, as Stripe would post it to the webhook. */
  eventPayload(type: 'payment_intent.succeeded' | 'payment_intent.payment_failed', intentId: string): string;
  /** The next `count` requests answer 500 (Stripe down). */
  failNext(count?: number): void;
  close(): Promise<void>;
}

/** Turns `a[b]=1&c[0]=x` (the SDK's encoding) into `{ a: { b: '1' }, c: ['x'] }`. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/[[\]]+/).filter(Boolean);
    let target: Record<string, unknown> = result;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      if (last) {
        target[part] = value;
      } else {
        const next = parts[index + 1] ?? '';
        target[part] ??= /^\d+$/.test(next) ? [] : {};
        target = target[part] as Record<string, unknown>;
      }
    });
  }
  return result;
}

const DECLINING_METHODS: Record<string, { code: string; decline_code: string; message: string }> = {
  pm_card_chargeDeclined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  pm_card_visa_chargeDeclined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

function stripeError(status: number, type: string, message: string, extra: Record<string, unknown> = {}) {
  return { status, body: { error: { type, message, ...extra } } };
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const requests: RecordedRequest[] = [];
  const refunds = new Map<string, StandInRefund>();
  const replays = new Map<string, { status: number; body: unknown }>();
  let failures = 0;

  function handle(method: string, path: string, form: Record<string, unknown>): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return stripeError(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', {
          param: 'amount',
          code: 'amount_too_small',
        });
      }
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent: StandInIntent = {
        id,
        object: 'payment_intent',
        amount,
        currency: String(form.currency ?? ''),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata: (form.metadata as Record<string, string> | undefined) ?? {},
        payment_method_types: (form.payment_method_types as string[] | undefined) ?? ['card'],
        description: typeof form.description === 'string' ? form.description : null,
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }

    if (method === 'POST' && path === '/v1/refunds') {
      const target = intents.get(String(form.payment_intent ?? ''));
      if (!target) {
        return stripeError(404, 'invalid_request_error', `No such payment_intent: '${String(form.payment_intent)}'`, {
          code: 'resource_missing',
        });
      }
      if (target.status !== 'succeeded') {
        return stripeError(400, 'invalid_request_error', `This PaymentIntent (${target.id}) does not have a successful charge to refund.`, {
          code: 'charge_not_refundable',
        });
      }
      if ([...refunds.values()].some((refund) => refund.payment_intent === target.id)) {
        return stripeError(400, 'invalid_request_error', `Charge for ${target.id} has already been refunded.`, {
          code: 'charge_already_refunded',
        });
      }
      const amount = form.amount === undefined ? target.amount : Number(form.amount);
      if (!Number.isInteger(amount) || amount < 1 || amount > target.amount) {
        return stripeError(
          400,
          'invalid_request_error',
          `Refund amount (${String(form.amount)}) is greater than charge amount (${target.amount})`,
          {
            param: 'amount',
          },
        );
      }
      const refund: StandInRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount,
        currency: target.currency,
        payment_intent: target.id,
        status: 'succeeded',
        reason: typeof form.reason === 'string' ? form.reason : null,
        metadata: (form.metadata as Record<string, string> | undefined) ?? {},
        created: Math.floor(Date.now() / 1000),
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }

    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel))?$/.exec(path);
    const intent = match?.[1] ? intents.get(match[1]) : undefined;
    if (!match) return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
    if (!intent) {
      return stripeError(404, 'invalid_request_error', `No such payment_intent: '${match[1]}'`, {
        code: 'resource_missing',
        param: 'intent',
      });
    }
    const action = match[2];
    if (method === 'GET' && !action) return { status: 200, body: intent };

    if (method === 'POST' && action === 'confirm') {
      if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
        return stripeError(
          400,
          'invalid_request_error',
          `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
          {
            code: 'payment_intent_unexpected_state',
          },
        );
      }
      const method = String(form.payment_method ?? '');
      const decline = DECLINING_METHODS[method];
      if (decline) {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { type: 'card_error', ...decline };
        return stripeError(402, 'card_error', decline.message, {
          code: decline.code,
          decline_code: decline.decline_code,
          payment_intent: intent,
        });
      }
      if (!method.startsWith('pm_card_')) {
        return stripeError(400, 'invalid_request_error', `No such PaymentMethod: '${method}'`, { code: 'resource_missing' });
      }
      intent.status = 'succeeded';
      intent.last_payment_error = null;
      return { status: 200, body: intent };
    }

    if (method === 'POST' && action === 'cancel') {
      if (!['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture'].includes(intent.status)) {
        return stripeError(
          400,
          'invalid_request_error',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          {
            code: 'payment_intent_unexpected_state',
          },
        );
      }
      intent.status = 'canceled';
      return { status: 200, body: intent };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const method = request.method ?? 'GET';
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const form = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method, path, idempotencyKey, authorization: request.headers.authorization, body: form });

      let answer: { status: number; body: unknown };
      let replayed = false;
      const replayKey = idempotencyKey ? `${method} ${path} ${idempotencyKey}` : undefined;
      if (failures > 0) {
        failures -= 1;
        answer = stripeError(500, 'api_error', 'Something went wrong on our end.');
      } else if (!request.headers.authorization?.startsWith('Bearer sk_test_')) {
        answer = stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
      } else if (replayKey && replays.has(replayKey)) {
        answer = replays.get(replayKey) as { status: number; body: unknown };
        replayed = true;
      } else {
        answer = handle(method, path, form);
        // Stripe keeps the answer of a keyed request, and a copy of the intent as it was then.
        if (replayKey && answer.status < 500) replays.set(replayKey, { status: answer.status, body: structuredClone(answer.body) });
      }
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      response.end(JSON.stringify(answer.body));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    refunds,
    patchIntent(id, patch) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id} at the stand-in`);
      Object.assign(intent, patch);
      return intent;
    },
    eventPayload(type, intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId} at the stand-in`);
      return JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2025-10-29.clover',
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: intent },
      });
    },
    failNext(count = 1) {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
