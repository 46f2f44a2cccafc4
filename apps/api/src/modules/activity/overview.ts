import { EXPIRES_SOON_DAYS, type AdminOverview } from '@benchmarket/shared';
import { and, count, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { dailyCounters, listingReports, listings, messages, paymentRefunds, payments } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { activeListingSql } from '../listings/index.js';
import { utcDay, type ActivityCounters } from './service.js';

const DAY_MS = 24 * 3600 * 1000;
const MONTHS = 12;
const DAYS = 30;

/** '2026-11' for each of the `n` months up to `now`'s, oldest first (UTC). */
export function lastMonths(now: Date, n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (n - 1 - i), 1));
    return month.toISOString().slice(0, 7);
  });
}

/** '2026-11-24' for each of the `n` days up to `now`'s, oldest first (UTC). */
export function lastDays(now: Date, n: number): string[] {
  return Array.from({ length: n }, (_, i) => utcDay(new Date(now.getTime() - (n - 1 - i) * DAY_MS)));
}

const asNumber = (value: unknown): number => Number(value ?? 0);

/**
 * GET /admin/overview (issue 14): the console's numbers, read from the listings, reports,
 * payments, messages and counters tables, a handful of grouped queries (this process's
 * search counts are written first).
 */
export class Overview {
  constructor(private readonly deps: { db: Db; clock: Clock; currency: string; counters: ActivityCounters }) {}

  async read(): Promise<AdminOverview> {
    const now = this.deps.clock.now();
    const [listingNumbers, openReports, revenue, searches, messagesPerDay] = await Promise.all([
      this.listingNumbers(now),
      this.openReports(),
      this.revenueByMonth(now),
      this.searchesPerDay(now),
      this.messagesPerDay(now),
    ]);
    return {
      ...listingNumbers,
      open_reports: openReports,
      currency: this.deps.currency,
      revenue_by_month: revenue,
      searches_per_day: searches,
      messages_per_day: messagesPerDay,
    };
  }

  /** Live, new in the last 7 days, live and expiring within 7 days (spec §4 'Expires soon'), and the review queue. */
  private async listingNumbers(now: Date) {
    const live = activeListingSql(now);
    const weekAgo = new Date(now.getTime() - 7 * DAY_MS).toISOString();
    const soon = new Date(now.getTime() + EXPIRES_SOON_DAYS * DAY_MS).toISOString();
    const [row] = await this.deps.db
      .select({
        live: sql`count(*) filter (where ${live})`.mapWith(asNumber),
        fresh: sql`count(*) filter (where ${listings.createdAt} > ${weekAgo}::timestamptz and not ${listings.isDeleted})`.mapWith(asNumber),
        expiring: sql`count(*) filter (where ${live} and ${listings.expiryDate} <= ${soon}::timestamptz)`.mapWith(asNumber),
        queue:
          sql`count(*) filter (where ${listings.verificationStatus} in ('pending', 'auto_rejected') and not ${listings.isDeleted})`.mapWith(
            asNumber,
          ),
      })
      .from(listings);
    return {
      listings_live: row?.live ?? 0,
      listings_new_this_week: row?.fresh ?? 0,
      listings_expiring_soon: row?.expiring ?? 0,
      review_queue_length: row?.queue ?? 0,
    };
  }

  private async openReports(): Promise<number> {
    const [row] = await this.deps.db.select({ total: count() }).from(listingReports).where(eq(listingReports.status, 'open'));
    return row?.total ?? 0;
  }

  /**
   * Money received per month (payments completed in it) less money given back in it (refunds
   * of completed payments, in the month they were made). A payment refused and refunded by the
   * refund job was never revenue, so its refund is not taken off either.
   */
  private async revenueByMonth(now: Date): Promise<AdminOverview['revenue_by_month']> {
    const months = lastMonths(now, MONTHS);
    const since = new Date(`${months[0]}-01T00:00:00Z`);
    const paidMonth = sql<string>`to_char(${payments.completedAt} at time zone 'UTC', 'YYYY-MM')`;
    const refundMonth = sql<string>`to_char(${paymentRefunds.createdAt} at time zone 'UTC', 'YYYY-MM')`;
    const [paid, refunded] = await Promise.all([
      this.deps.db
        .select({ month: paidMonth, cents: sql`sum(${payments.amountCents})`.mapWith(asNumber) })
        .from(payments)
        .where(and(isNotNull(payments.completedAt), gte(payments.completedAt, since), lte(payments.completedAt, now)))
        .groupBy(paidMonth),
      this.deps.db
        .select({ month: refundMonth, cents: sql`sum(${paymentRefunds.amountCents})`.mapWith(asNumber) })
        .from(paymentRefunds)
        .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
        .where(and(isNotNull(payments.completedAt), gte(paymentRefunds.createdAt, since), lte(paymentRefunds.createdAt, now)))
        .groupBy(refundMonth),
    ]);
    const byMonth = new Map<string, number>();
    for (const row of paid) byMonth.set(row.month, (byMonth.get(row.month) ?? 0) + row.cents);
    for (const row of refunded) byMonth.set(row.month, (byMonth.get(row.month) ?? 0) - row.cents);
    return months.map((month) => ({ month, amount: Math.round(byMonth.get(month) ?? 0) / 100 }));
  }

  private async searchesPerDay(now: Date): Promise<AdminOverview['searches_per_day']> {
    const days = lastDays(now, DAYS);
    // This process's counts are written first: a search shows in the chart at once.
    await this.deps.counters.flush();
    const rows = await this.deps.db
      .select()
      .from(dailyCounters)
      .where(and(gte(dailyCounters.day, days[0] ?? ''), inArray(dailyCounters.name, ['search.plain', 'search.ai'])));
    const countOf = (day: string, name: string) => rows.find((row) => row.day === day && row.name === name)?.count ?? 0;
    return days.map((day) => ({ day, plain: countOf(day, 'search.plain'), ai: countOf(day, 'search.ai') }));
  }

  private async messagesPerDay(now: Date): Promise<AdminOverview['messages_per_day']> {
    const days = lastDays(now, DAYS);
    const sentDay = sql<string>`to_char(${messages.sentAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await this.deps.db
      .select({ day: sentDay, total: count() })
      .from(messages)
      .where(and(gte(messages.sentAt, new Date(`${days[0]}T00:00:00Z`)), lte(messages.sentAt, now)))
      .groupBy(sentDay);
    return days.map((day) => ({ day, count: rows.find((row) => row.day === day)?.total ?? 0 }));
  }
}
