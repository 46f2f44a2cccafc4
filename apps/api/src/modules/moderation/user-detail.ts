import type { AdminPayment, AdminUser, AdminUserDetail } from '@benchmarket/shared';
import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { listingReports, listings, messages, paymentRefunds, payments, users } from '../../db/schema.js';
import { centsToUnits, listingColumns, type ListingsService } from '../listings/index.js';
import { toAdminReport } from './service.js';

/**
 * GET /admin/users/{id} (issue 14): an account and everything it did — its listings in any
 * state, its payments with their refunds, the reports it made and those against its listings,
 * and the messages it sent. Reads of the tables of other modules (allowed: only writes have
 * one owner). Each list is the newest USER_DETAIL_LIMIT, enough to judge an account by.
 */
export const USER_DETAIL_LIMIT = 200;

export interface UserDetailDependencies {
  db: Db;
  listings: Pick<ListingsService, 'toAdminListings'>;
  /** The account as the console shows it (404 'User not found' when unknown). */
  user: (id: string) => Promise<AdminUser>;
}

export async function userDetail(deps: UserDetailDependencies, userId: string): Promise<AdminUserDetail> {
  const user = await deps.user(userId);
  const { db } = deps;
  const [listingRows, paymentsOf, made, against, sent] = await Promise.all([
    db.select(listingColumns).from(listings).where(eq(listings.userId, user.id)).orderBy(desc(listings.createdAt)).limit(USER_DETAIL_LIMIT),
    adminPayments(db, eq(payments.userId, user.id)),
    reportsWithTitles(db, eq(listingReports.reporterId, user.id)),
    reportsWithTitles(db, eq(listings.userId, user.id)),
    db
      .select({
        id: messages.id,
        listingId: messages.listingId,
        listingTitle: listings.title,
        message: messages.message,
        sentAt: messages.sentAt,
      })
      .from(messages)
      .innerJoin(listings, eq(listings.id, messages.listingId))
      .where(eq(messages.senderId, user.id))
      .orderBy(desc(messages.sentAt))
      .limit(USER_DETAIL_LIMIT),
  ]);
  return {
    user,
    listings: await deps.listings.toAdminListings(listingRows),
    payments: paymentsOf,
    reports_made: made,
    reports_against: against,
    messages_sent: sent.map((row) => ({
      id: row.id,
      listing_id: row.listingId,
      listing_title: row.listingTitle,
      message: row.message,
      sent_at: row.sentAt.toISOString(),
    })),
  };
}

async function reportsWithTitles(db: Db, where: SQL) {
  const rows = await db
    .select({
      id: listingReports.id,
      listingId: listingReports.listingId,
      listingTitle: listings.title,
      reason: listingReports.reason,
      details: listingReports.details,
      reporterId: listingReports.reporterId,
      reporterEmail: users.email,
      status: listingReports.status,
      resolutionReason: listingReports.resolutionReason,
      createdAt: listingReports.createdAt,
      resolvedAt: listingReports.resolvedAt,
    })
    .from(listingReports)
    .innerJoin(listings, eq(listings.id, listingReports.listingId))
    .innerJoin(users, eq(users.id, listingReports.reporterId))
    .where(where)
    .orderBy(desc(listingReports.createdAt))
    .limit(USER_DETAIL_LIMIT);
  return rows.map((row) => ({ ...toAdminReport(row), listing_id: row.listingId, listing_title: row.listingTitle }));
}

/** Payments as the console shows them, newest first, each with its refunds (oldest first). */
async function adminPayments(db: Db, where: SQL): Promise<AdminPayment[]> {
  const rows = await db
    .select({ payment: payments, listingTitle: listings.title, userEmail: users.email })
    .from(payments)
    .innerJoin(listings, eq(listings.id, payments.listingId))
    .innerJoin(users, eq(users.id, payments.userId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(USER_DETAIL_LIMIT);
  const ids = rows.map((row) => row.payment.id);
  const refunds =
    ids.length === 0
      ? []
      : await db
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
    amount: centsToUnits(payment.amountCents),
    refunded_amount: centsToUnits(payment.refundedCents),
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
        amount: centsToUnits(refund.amountCents),
        source: refund.source,
        reason: refund.reason,
        provider_refund_id: refund.providerRefundId,
        created_at: refund.createdAt.toISOString(),
      })),
  }));
}
