import {
  REFUND_AMOUNT_TOO_LARGE,
  REFUND_NOT_POSSIBLE,
  type AdminPayment,
  type Paginated,
  type RefundBody,
  type RefundResult,
} from '@benchmarket/shared';
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { listings, paymentRefunds, payments, users } from '../../db/schema.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-errors.js';
import { adminActor } from '../audit/index.js';
import type { CurrentUser } from '../auth/index.js';
import { ProviderUnavailableError, refundCounts, RefundRefusedError, type ProviderRefund } from '../../providers/payments/index.js';
import { PAYMENT_NOT_FOUND, PROVIDER_UNREACHABLE } from './checkout.js';
import { lockPayment, recordRefund, type RefundDeps } from './refund-ledger.js';
import { toUnits, type PaymentRow } from './settlement.js';

/** Ours: refusals the console shows beside the shared ones. */
export const REFUND_DISPUTED = 'This payment is disputed by the card holder: its money is settled in the dispute, not by a refund.';
export const REFUND_OTHER_PROVIDER = 'This payment was made with another payment provider and cannot be refunded from here.';
export const REFUND_REFUSED = 'The payment provider refused this refund. Please check the payment in its dashboard.';
export const REFUND_KEY_REUSED = 'This refund request was already made with another amount. Please reload the payment and try again.';

type PaymentListRow = { payment: PaymentRow; listingTitle: string; userEmail: string };

/** `%text%` for ILIKE, with the text's own % _ \ taken literally. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The console's payments (issue 14): every payment with its provider id and refunds, and the
 * admin's refund — in full or in part, through the payments port — which shortens or ends the
 * listing's paid time and is written to the audit log in the same transaction.
 */
export class PaymentsAdmin {
  constructor(private readonly deps: RefundDeps) {}

  /** GET /admin/payments: newest first; `q` matches the payment id, provider id, email or listing title. */
  async list(query: { q?: string | undefined; page: number; pageSize: number }): Promise<Paginated<AdminPayment>> {
    const q = query.q?.trim();
    const where: SQL | undefined = q
      ? or(
          sql`${payments.id}::text ilike ${`${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
          sql`${payments.providerPaymentId} ilike ${contains(q)}`,
          sql`${users.email} ilike ${contains(q)}`,
          sql`${listings.title} ilike ${contains(q)}`,
        )
      : undefined;
    const [rows, totals] = await Promise.all([
      this.selectPayments()
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.deps.db
        .select({ total: count() })
        .from(payments)
        .innerJoin(listings, eq(listings.id, payments.listingId))
        .innerJoin(users, eq(users.id, payments.userId))
        .where(where),
    ]);
    return { items: await this.toAdminPayments(rows), total: totals[0]?.total ?? 0, page: query.page, page_size: query.pageSize };
  }

  /** A user's newest `limit` payments, newest first (the console's user page). */
  async forUser(userId: string, limit: number): Promise<AdminPayment[]> {
    const rows = await this.selectPayments()
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit);
    return this.toAdminPayments(rows);
  }

  async get(paymentId: string): Promise<AdminPayment | undefined> {
    const rows = await this.selectPayments().where(eq(payments.id, paymentId)).limit(1);
    const [payment] = await this.toAdminPayments(rows);
    return payment;
  }

  /**
   * POST /admin/payments/{id}/refund: gives back `amount` (the whole rest when absent) through
   * the provider, then records it. The provider's idempotency key is the caller's
   * Idempotency-Key (one per refund dialog: a double click or a retry makes one refund);
   * without one, it names the payment, what was refunded before and the amount, so calls that
   * overlap make one refund. The provider unreachable: 502, nothing recorded. Its
   * `charge.refunded` echo of this refund (before or after we record it) is counted once: the
   * ledger is keyed by the provider's refund id.
   */
  async refund(admin: CurrentUser, paymentId: string, body: RefundBody, requestKey?: string): Promise<RefundResult> {
    const [payment] = await this.deps.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    if (!payment) throw notFound(PAYMENT_NOT_FOUND, 'payment_not_found');
    const amountCents = this.refundableAmount(payment, body.amount);
    const [listingBefore] = await this.deps.db
      .select({ expiryDate: listings.expiryDate })
      .from(listings)
      .where(eq(listings.id, payment.listingId))
      .limit(1);

    const key = requestKey
      ? `refund-${payment.id}-request-${requestKey}`
      : `refund-${payment.id}-after-${payment.refundedCents}-of-${amountCents}`;
    const refund = await this.refundAtProvider(payment, amountCents, key);
    const now = this.deps.clock.now();
    const after = await this.deps.db.transaction(async (tx) => {
      const current = await lockPayment(tx, payment.id);
      if (!current) throw notFound(PAYMENT_NOT_FOUND, 'payment_not_found');
      const recorded = await recordRefund(
        tx,
        this.deps,
        current,
        { providerRefundId: refund.id, amountCents: refund.amountCents, source: 'admin', reason: body.reason, adminId: admin.id },
        now,
      );
      let ours = recorded.recorded;
      if (!ours) {
        // Stripe's echo of this refund came first and recorded it: it is still the admin's refund.
        const claimed = await tx
          .update(paymentRefunds)
          .set({ source: 'admin', reason: body.reason, adminId: admin.id })
          .where(and(eq(paymentRefunds.providerRefundId, refund.id), eq(paymentRefunds.source, 'provider')))
          .returning({ id: paymentRefunds.id });
        ours = claimed.length > 0;
      }
      const [listingAfter] = await tx
        .select({ expiryDate: listings.expiryDate })
        .from(listings)
        .where(eq(listings.id, payment.listingId))
        .limit(1);
      const [paymentAfter] = await tx.select().from(payments).where(eq(payments.id, payment.id)).limit(1);
      // A parallel identical request (the same key, the same refund) recorded and audited it already.
      if (ours && paymentAfter) {
        await this.deps.audit.record(
          {
            actor: adminActor(admin),
            action: 'payment.refund',
            objectType: 'payment',
            objectId: payment.id,
            before: {
              refunded_amount: toUnits(payment.refundedCents),
              status: payment.status,
              listing_expiry_date: listingBefore?.expiryDate?.toISOString() ?? null,
            },
            after: {
              refunded_amount: toUnits(paymentAfter.refundedCents),
              status: paymentAfter.status,
              listing_expiry_date: listingAfter?.expiryDate?.toISOString() ?? null,
              refund_amount: toUnits(refund.amountCents),
              provider_refund_id: refund.id,
            },
            reason: body.reason,
          },
          tx,
        );
      }
      return listingAfter?.expiryDate ?? null;
    });
    this.deps.log.info({ payment: payment.id, refund: refund.id, amount: refund.amountCents, admin: admin.id }, 'admin refund');
    const answered = await this.get(payment.id);
    if (!answered) throw notFound(PAYMENT_NOT_FOUND, 'payment_not_found');
    return { payment: answered, listing_expiry_date: after?.toISOString() ?? null };
  }

  /** The cents to give back, or the refusal: only a completed card payment, at most what is left. */
  private refundableAmount(payment: PaymentRow, amount: number | undefined): number {
    if (payment.provider === 'free' || payment.status !== 'completed' || payment.amountCents <= 0) {
      throw badRequest(REFUND_NOT_POSSIBLE, 'refund_not_possible');
    }
    if (payment.disputedAt) throw badRequest(REFUND_DISPUTED, 'payment_disputed');
    if (payment.provider !== this.deps.provider.name || !payment.providerPaymentId) {
      throw badRequest(REFUND_OTHER_PROVIDER, 'refund_not_possible');
    }
    const left = payment.amountCents - payment.refundedCents;
    const cents = amount === undefined ? left : Math.round(amount * 100);
    if (cents > left) throw badRequest(REFUND_AMOUNT_TOO_LARGE, 'refund_amount_too_large');
    if (cents <= 0) throw badRequest(REFUND_NOT_POSSIBLE, 'refund_not_possible');
    return cents;
  }

  private async refundAtProvider(payment: PaymentRow, amountCents: number, idempotencyKey: string): Promise<ProviderRefund> {
    let refund: ProviderRefund;
    try {
      refund = await this.deps.provider.refund({
        paymentId: payment.id,
        intentId: payment.providerPaymentId ?? '',
        amountCents,
        idempotencyKey,
        reason: 'requested_by_customer',
      });
    } catch (error) {
      if (error instanceof RefundRefusedError) {
        this.deps.log.warn({ payment: payment.id, reason: error.reason, provider: error.message }, 'the provider refused a refund');
        // More than is left at the provider: a refund made in its dashboard is not recorded here yet.
        if (error.reason === 'too_large' || error.reason === 'already_refunded') {
          throw badRequest(REFUND_AMOUNT_TOO_LARGE, 'refund_amount_too_large');
        }
        if (error.reason === 'key_reused') throw conflict(REFUND_KEY_REUSED, 'idempotency_key_reused');
        throw badRequest(REFUND_NOT_POSSIBLE, 'refund_not_possible');
      }
      if (error instanceof ProviderUnavailableError) {
        this.deps.log.error({ err: error, payment: payment.id }, 'could not reach the payment provider for a refund');
        throw new HttpError(502, PROVIDER_UNREACHABLE, 'provider_unavailable');
      }
      throw error;
    }
    if (!refundCounts(refund)) {
      this.deps.log.warn(
        { payment: payment.id, refund: refund.id, status: refund.status },
        'the provider answered a refund that gives nothing back',
      );
      throw badRequest(REFUND_REFUSED, 'refund_refused');
    }
    return refund;
  }

  private selectPayments() {
    return this.deps.db
      .select({ payment: payments, listingTitle: listings.title, userEmail: users.email })
      .from(payments)
      .innerJoin(listings, eq(listings.id, payments.listingId))
      .innerJoin(users, eq(users.id, payments.userId))
      .$dynamic();
  }

  /** Rows → the contract, with each payment's refunds (one query for the page). */
  private async toAdminPayments(rows: PaymentListRow[]): Promise<AdminPayment[]> {
    const ids = rows.map((row) => row.payment.id);
    const refunds =
      ids.length === 0
        ? []
        : await this.deps.db
            .select()
            .from(paymentRefunds)
            .where(inArray(paymentRefunds.paymentId, ids))
            .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
    return rows.map(({ payment, listingTitle, userEmail }) => ({
      id: payment.id,
      listing_id: payment.listingId,
      listing_title: listingTitle,
      user_id: payment.userId,
      user_email: userEmail,
      kind: payment.kind,
      duration_months: payment.durationMonths,
      amount: toUnits(payment.amountCents),
      refunded_amount: toUnits(payment.refundedCents),
      currency: payment.currency,
      status: payment.status,
      provider: payment.provider,
      provider_payment_id: payment.providerPaymentId,
      created_at: payment.createdAt.toISOString(),
      completed_at: payment.completedAt?.toISOString() ?? null,
      disputed_at: payment.disputedAt?.toISOString() ?? null,
      refunds: refunds
        .filter((refund) => refund.paymentId === payment.id)
        .map((refund) => ({
          id: refund.id,
          amount: toUnits(refund.amountCents),
          source: refund.source,
          reason: refund.reason,
          provider_refund_id: refund.providerRefundId,
          created_at: refund.createdAt.toISOString(),
        })),
    }));
  }
}
