import type { AdminPayment, AdminUser, AdminUserDetail } from '@benchmarket/shared';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { listingReports, listings, messages, users } from '../../db/schema.js';
import { listingColumns, type ListingsService } from '../listings/index.js';
import { reportColumns, toAdminReport } from './service.js';

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
  /** The account's newest payments with their refunds, as the console's payments page shows them. */
  payments: (userId: string, limit: number) => Promise<AdminPayment[]>;
}

export async function userDetail(deps: UserDetailDependencies, userId: string): Promise<AdminUserDetail> {
  const user = await deps.user(userId);
  const { db } = deps;
  const [listingRows, paymentsOf, made, against, sent] = await Promise.all([
    db.select(listingColumns).from(listings).where(eq(listings.userId, user.id)).orderBy(desc(listings.createdAt)).limit(USER_DETAIL_LIMIT),
    deps.payments(user.id, USER_DETAIL_LIMIT),
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
    .select({ ...reportColumns, listingTitle: listings.title })
    .from(listingReports)
    .innerJoin(listings, eq(listings.id, listingReports.listingId))
    .innerJoin(users, eq(users.id, listingReports.reporterId))
    .where(where)
    .orderBy(desc(listingReports.createdAt))
    .limit(USER_DETAIL_LIMIT);
  return rows.map((row) => ({ ...toAdminReport(row), listing_id: row.listingId, listing_title: row.listingTitle }));
}
