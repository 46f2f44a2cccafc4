import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A local stand-in for the part of Stripe's API the payments module uses, so the real
 * `stripe` SDK can be tested end to end (pointed here with its host/port/protocol options):
 * POST /v1/payment_intents, GET /v1/payment_intents/:id, POST …/:id/confirm and …/:id/cancel,
 * POST /v1/refunds (all or part of what is left of a succeeded intent's charge; nothing left is
 * 'charge_already_refunded', more than is left an error on `amount`), GET /v1/refunds?payment_intent=
 * (newest first), with form-encoded bodies as the SDK sends them. Idempotency keys are honoured
 * (a repeated key replays the first answer; with other parameters it is Stripe's idempotency_error)
 * and every request is recorded.
 *
 * Webhooks: each refund (through the API or `refundFromDashboard`) emits `charge.refunded`, and
 * `dispute` emits `charge.dispute.created`, as Stripe would post them (the charge without its
 * refunds, as in today's API versions). Events wait in `pendingEvents` until the test delivers
 * them, unless `deliverBeforeAnswer` is set: then an API call's events reach the webhook before
 * its answer reaches the caller (Stripe's echo arriving first).
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
  /** The charge made when the intent succeeded. */
  latest_charge: string | null;
  livemode: false;
  created: number;
}

export interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  refunded: boolean;
  disputed: boolean;
  status: 'succeeded';
  paid: true;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

export interface StandInEvent {
  id: string;
  type: string;
  /** The JSON Stripe posts. */
  payload: string;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
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
  /** Charges, by id (one per succeeded intent). */
  readonly charges: Map<string, StandInCharge>;
  /** Events emitted and not delivered yet (taken by the test). */
  readonly pendingEvents: StandInEvent[];
  /** When set, an API call's events are posted through it before the call is answered. */
  deliverBeforeAnswer: ((event: StandInEvent) => Promise<void>) | undefined;
  /** A refund made in Stripe's dashboard (no API call of ours): all that is left unless `amount`. */
  refundFromDashboard(intentId: string, amount?: number): StandInRefund;
  /** The card holder disputes the intent's charge. */
  dispute(intentId: string, reason?: string): StandInEvent;
  /** Takes the pending events (oldest first). */
  takeEvents(): StandInEvent[];
  close(): Promise<void>;
}

/** Turns `a[b]=1&c[0]=x` (the SDK's encoding) into `{ a: { b: '1' }, c: ['x'] }`. */
function parseStripeForm(body: string): Record<string, unknown> {
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

/** An event as Stripe's webhook sends it: a fresh id, `object` as its data. */
function stripeEvent(type: string, object: unknown): StandInEvent {
  const id = `evt_${randomBytes(12).toString('hex')}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  return { id, type, payload };
}

function stripeError(status: number, type: string, message: string, extra: Record<string, unknown> = {}) {
  return { status, body: { error: { type, message, ...extra } } };
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const requests: RecordedRequest[] = [];
  const refunds = new Map<string, StandInRefund>();
  const replays = new Map<string, { status: number; body: unknown; form: string }>();
  let failures = 0;

  const charges = new Map<string, StandInCharge>();
  const pendingEvents: StandInEvent[] = [];
  // Events of the API call being handled, delivered before its answer when deliverBeforeAnswer is set.
  let emitted: StandInEvent[] = [];

  function emit(type: string, object: unknown): StandInEvent {
    const event = stripeEvent(type, structuredClone(object));
    emitted.push(event);
    return event;
  }

  function chargeOf(intent: StandInIntent): StandInCharge | undefined {
    return intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
  }

  /** Stripe's refund rules on an intent's charge; emits charge.refunded. */
  function makeRefund(
    intent: StandInIntent,
    requested: number | undefined,
    extra: { reason: string | null; metadata: Record<string, string> },
  ): { refund: StandInRefund } | { error: { status: number; body: unknown } } {
    const charge = chargeOf(intent);
    if (intent.status !== 'succeeded' || !charge) {
      return {
        error: stripeError(400, 'invalid_request_error', `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
          code: 'charge_not_refundable',
        }),
      };
    }
    if (charge.disputed) {
      return { error: stripeError(400, 'invalid_request_error', `Charge ${charge.id} has been disputed.`, { code: 'charge_disputed' }) };
    }
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) {
      return {
        error: stripeError(400, 'invalid_request_error', `Charge ${charge.id} has already been refunded.`, {
          code: 'charge_already_refunded',
        }),
      };
    }
    const amount = requested ?? left;
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      return {
        error: stripeError(
          400,
          'invalid_request_error',
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          { param: 'amount' },
        ),
      };
    }
    const refund: StandInRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: charge.id,
      status: 'succeeded',
      reason: extra.reason,
      metadata: extra.metadata,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    emit('charge.refunded', charge);
    return { refund };
  }

  function handle(method: string, path: string, form: Record<string, unknown>, query: URLSearchParams): { status: number; body: unknown } {
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
        latest_charge: null,
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
      const result = makeRefund(target, form.amount === undefined ? undefined : Number(form.amount), {
        reason: typeof form.reason === 'string' ? form.reason : null,
        metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      });
      return 'error' in result ? result.error : { status: 200, body: result.refund };
    }

    if (method === 'GET' && path === '/v1/refunds') {
      const intentId = query.get('payment_intent');
      const data = [...refunds.values()].filter((refund) => !intentId || refund.payment_intent === intentId).reverse();
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
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
      const charge: StandInCharge = {
        id: `ch_${randomBytes(12).toString('hex')}`,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: 0,
        currency: intent.currency,
        payment_intent: intent.id,
        refunded: false,
        disputed: false,
        status: 'succeeded',
        paid: true,
        metadata: { ...intent.metadata },
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      charges.set(charge.id, charge);
      intent.latest_charge = charge.id;
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

  const standIn = { deliverBeforeAnswer: undefined as ((event: StandInEvent) => Promise<void>) | undefined };

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const method = request.method ?? 'GET';
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const path = url.pathname;
      const form = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
      emitted = [];
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
      } else if (replayKey && replays.get(replayKey)?.form !== undefined && replays.get(replayKey)?.form !== JSON.stringify(form)) {
        answer = stripeError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        );
      } else if (replayKey && replays.has(replayKey)) {
        answer = replays.get(replayKey) as { status: number; body: unknown };
        replayed = true;
      } else {
        answer = handle(method, path, form, url.searchParams);
        // Stripe keeps the answer of a keyed request, and a copy of the intent as it was then.
        if (replayKey && answer.status < 500)
          replays.set(replayKey, { status: answer.status, body: structuredClone(answer.body), form: JSON.stringify(form) });
      }
      const events = emitted;
      emitted = [];
      if (standIn.deliverBeforeAnswer) {
        for (const event of events) await standIn.deliverBeforeAnswer(event);
      } else {
        pendingEvents.push(...events);
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

  /** Events emitted outside an API call (the dashboard, a dispute) wait for the test. */
  function outsideCall<T>(act: () => T): T {
    emitted = [];
    const result = act();
    pendingEvents.push(...emitted);
    emitted = [];
    return result;
  }

  function intentOrThrow(intentId: string): StandInIntent {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId} at the stand-in`);
    return intent;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    refunds,
    charges,
    pendingEvents,
    get deliverBeforeAnswer() {
      return standIn.deliverBeforeAnswer;
    },
    set deliverBeforeAnswer(deliver) {
      standIn.deliverBeforeAnswer = deliver;
    },
    refundFromDashboard(intentId, amount) {
      return outsideCall(() => {
        const result = makeRefund(intentOrThrow(intentId), amount, { reason: 'requested_by_customer', metadata: {} });
        if ('error' in result) throw new Error(`the dashboard refund failed: ${JSON.stringify(result.error.body)}`);
        return result.refund;
      });
    },
    dispute(intentId, reason = 'fraudulent') {
      return outsideCall(() => {
        const intent = intentOrThrow(intentId);
        const charge = chargeOf(intent);
        if (!charge) throw new Error(`intent ${intentId} has no charge to dispute`);
        charge.disputed = true;
        return emit('charge.dispute.created', {
          id: `dp_${randomBytes(12).toString('hex')}`,
          object: 'dispute',
          amount: charge.amount,
          charge: charge.id,
          currency: charge.currency,
          payment_intent: intent.id,
          reason,
          status: 'needs_response',
          livemode: false,
          metadata: {},
          created: Math.floor(Date.now() / 1000),
        });
      });
    },
    takeEvents() {
      return pendingEvents.splice(0, pendingEvents.length);
    },
    patchIntent(id, patch) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id} at the stand-in`);
      Object.assign(intent, patch);
      return intent;
    },
    eventPayload(type, intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId} at the stand-in`);
      return stripeEvent(type, intent).payload;
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
