import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sandboxPaymentIntents, sandboxRefunds } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import {
  intentMetadata,
  RefundRefusedError,
  type CreateIntentInput,
  type CreatedIntent,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
  type ProviderRefund,
  type RefundInput,
} from './port.js';
import { checkTestCard, type CardInput } from './sandbox-cards.js';

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;
type RefundRow = typeof sandboxRefunds.$inferSelect;

const toProviderRefund = (row: RefundRow): ProviderRefund => ({ id: row.id, amountCents: row.amount, status: 'succeeded' });

export interface SandboxCardResult {
  /** What Stripe would send to the webhook. */
  event: ProviderEvent;
  /** The decline, when the card was refused. */
  decline: { code: string; message: string } | null;
}

const CLIENT_SECRET = /^(pi_sandbox_[0-9a-f]{24})_secret_[A-Za-z0-9]{24}$/;

const SANDBOX_INTENT_NOT_FOUND = 'No such payment. Please start the payment again.';
const SANDBOX_ALREADY_SUCCEEDED = 'This payment has already been completed.';
const SANDBOX_CANCELED = 'This payment was canceled. Please start the payment again.';

export class SandboxRefusedInProductionError extends Error {
  override name = 'SandboxRefusedInProductionError';
  constructor() {
    super('The sandbox payment provider is refused with NODE_ENV=production: set the Stripe keys, or ALLOW_SANDBOX_PAYMENTS=1');
  }
}

/** A stored intent as the port's intent: the columns are named as its fields, but for the amount. */
function toProviderIntent({ id, status, amount, currency, metadata, lastPaymentError, clientSecret }: IntentRow): ProviderIntent {
  return { id, status, amountCents: amount, currency, metadata: { ...metadata }, lastPaymentError, clientSecret };
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The local stand-in for Stripe (ARCHITECTURE: payments port): PaymentIntent-like rows in
 * `sandbox_payment_intents`, paid through a card form that accepts Stripe's test card
 * numbers. No money moves, so it is refused in production unless explicitly allowed.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    options: { isProduction: boolean; allowedInProduction: boolean },
  ) {
    if (options.isProduction && !options.allowedInProduction) throw new SandboxRefusedInProductionError();
  }

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    // Stripe's Idempotency-Key: the unique key makes concurrent creates with one key insert
    // one row; every one of them answers it.
    const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
    const clientSecret = `${id}_secret_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24)}`;
    await this.db
      .insert(sandboxPaymentIntents)
      .values({
        id,
        clientSecret,
        amount: input.amountCents,
        currency: input.currency,
        status: 'requires_payment_method',
        metadata: intentMetadata(input),
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey });
    const [row] = await this.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.idempotencyKey, input.idempotencyKey))
      .limit(1);
    if (!row) throw new Error('the sandbox intent was not recorded');
    return { id: row.id, clientSecret: row.clientSecret };
  }

  /**
   * As Stripe's Refunds API: all or part of what is left of a paid intent, once per
   * idempotency key (a repeated key answers the first refund). The intent row is locked, so
   * parallel refunds never give back more than was paid.
   */
  async refund(input: RefundInput): Promise<ProviderRefund> {
    return this.db.transaction(async (tx) => {
      const byKey = () => tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, input.idempotencyKey)).limit(1);
      const replay = (made: RefundRow): ProviderRefund => {
        // As Stripe: a key answers its first refund, and only with the same terms.
        if (made.intentId !== input.intentId || made.amount !== input.amountCents) {
          throw new RefundRefusedError('key_reused', `the key ${input.idempotencyKey} made another refund`);
        }
        return toProviderRefund(made);
      };
      const [made] = await byKey();
      if (made) return replay(made);
      const [intent] = await tx.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, input.intentId)).for('update');
      if (!intent) throw new RefundRefusedError('not_refundable', `the sandbox has no intent ${input.intentId} to refund`);
      // A parallel refund with the same key was made while this one waited for the lock.
      const [parallel] = await byKey();
      if (parallel) return replay(parallel);
      if (intent.status !== 'succeeded') {
        throw new RefundRefusedError('not_refundable', `the sandbox intent ${intent.id} was not paid (${intent.status})`);
      }
      const [totals] = await tx
        .select({ refunded: sum(sandboxRefunds.amount).mapWith(Number) })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.intentId, intent.id));
      const left = intent.amount - (totals?.refunded ?? 0);
      if (left <= 0) throw new RefundRefusedError('already_refunded', `the sandbox intent ${intent.id} is refunded in full`);
      if (input.amountCents > left) {
        throw new RefundRefusedError('too_large', `refund of ${input.amountCents} is more than the ${left} left of ${intent.id}`);
      }
      const [row] = await tx
        .insert(sandboxRefunds)
        .values({
          id: `re_sandbox_${randomBytes(12).toString('hex')}`,
          intentId: intent.id,
          amount: input.amountCents,
          idempotencyKey: input.idempotencyKey,
        })
        .returning();
      if (!row) throw new Error('the sandbox refund was not recorded');
      if (input.amountCents === left) {
        await tx
          .update(sandboxPaymentIntents)
          .set({ refundId: row.id, refundedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(sandboxPaymentIntents.id, intent.id));
      }
      return toProviderRefund(row);
    });
  }

  async listRefunds(intentId: string): Promise<ProviderRefund[]> {
    const rows = await this.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.intentId, intentId))
      .orderBy(asc(sandboxRefunds.createdAt), asc(sandboxRefunds.id));
    return rows.map(toProviderRefund);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    const [row] = await this.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id)).limit(1);
    return row ? toProviderIntent(row) : null;
  }

  async cancelIntent(id: string): Promise<ProviderIntent | null> {
    await this.db
      .update(sandboxPaymentIntents)
      .set({ status: 'canceled', updatedAt: sql`now()` })
      .where(and(eq(sandboxPaymentIntents.id, id), inArray(sandboxPaymentIntents.status, ['requires_payment_method'])));
    return this.retrieveIntent(id);
  }

  /**
   * The card form's submit, as Stripe.js's confirmCardPayment: the client secret names the
   * intent. A test card that succeeds moves the intent to `succeeded`; a declined one
   * records the decline and leaves the intent open for another card (as Stripe does).
   * Answers the event Stripe would send to the webhook; an unusable number or date is a 400.
   */
  async confirmCard(clientSecret: string, card: CardInput, now: Date): Promise<SandboxCardResult> {
    const id = CLIENT_SECRET.exec(clientSecret)?.[1];
    const [row] = id ? await this.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id)).limit(1) : [];
    if (!row || !sameSecret(row.clientSecret, clientSecret)) throw notFound(SANDBOX_INTENT_NOT_FOUND, 'payment_intent_not_found');
    if (row.status === 'succeeded') throw badRequest(SANDBOX_ALREADY_SUCCEEDED, 'payment_intent_unexpected_state');
    if (row.status === 'canceled') throw badRequest(SANDBOX_CANCELED, 'payment_intent_unexpected_state');

    const result = checkTestCard(card, now);
    if (result.outcome === 'invalid') throw badRequest(result.message, result.code);

    if (result.outcome === 'declined') {
      const [declined] = await this.db
        .update(sandboxPaymentIntents)
        .set({ lastPaymentError: result.message, updatedAt: sql`now()` })
        .where(and(eq(sandboxPaymentIntents.id, row.id), eq(sandboxPaymentIntents.status, 'requires_payment_method')))
        .returning();
      if (!declined) throw badRequest(SANDBOX_ALREADY_SUCCEEDED, 'payment_intent_unexpected_state');
      return {
        event: { type: 'payment_intent.payment_failed', intent: toProviderIntent(declined) },
        decline: { code: result.code, message: result.message },
      };
    }

    // Conditional on the state we read: two submits of one form charge once.
    const [succeeded] = await this.db
      .update(sandboxPaymentIntents)
      .set({ status: 'succeeded', lastPaymentError: null, updatedAt: sql`now()` })
      .where(and(eq(sandboxPaymentIntents.id, row.id), eq(sandboxPaymentIntents.status, 'requires_payment_method')))
      .returning();
    if (!succeeded) throw badRequest(SANDBOX_ALREADY_SUCCEEDED, 'payment_intent_unexpected_state');
    return { event: { type: 'payment_intent.succeeded', intent: toProviderIntent(succeeded) }, decline: null };
  }
}
