import {
  FEATURE_UNTIL_IN_PAST,
  LISTING_NOT_FOUND,
  REPORT_ALREADY_OPEN,
  REPORT_OWN_LISTING,
  REPORT_THANKS,
  type AdminListing,
  type AdminReport,
  type ListingReportCreate,
  type ListingReportCreated,
  type ReportGroup,
  type ResolveReportsBody,
  type ReviewQueueItem,
  type SellerHistory,
} from '@benchmarket/shared';
import { and, asc, countDistinct, desc, eq, inArray, max, min, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { listingReports, listings, users } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors.js';
import { adminActor, type AuditLog } from '../audit/index.js';
import type { CurrentUser } from '../auth/index.js';
import { activeListingSql, isListingActive, listingColumns, type ListingChange, type ListingsService } from '../listings/index.js';
import { MailingService, type MailingDependencies, type MailContent } from '../mail/index.js';
import { listingRejectedMail, listingRestoredMail, listingTakenDownMail, type ListingDecisionMailInput } from './mails.js';
import { NO_OPEN_REPORTS } from './texts.js';

export interface ModerationServiceDependencies extends MailingDependencies {
  audit: AuditLog;
  listings: ListingsService;
}

export interface Page {
  page: number;
  pageSize: number;
}

type Admin = Pick<CurrentUser, 'id' | 'email'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The review queue: what the check could not clear (pending) or refused (auto_rejected), not
 * removed, and not yet decided by an operator — a listing an operator rejected waits for its
 * seller's edit (which sends it back here), a taken-down one is dealt with.
 */
export function reviewQueueSql(): SQL {
  return sql`(${listings.verificationStatus} in ('pending', 'auto_rejected') and not ${listings.isDeleted} and ${listings.moderationStatus} is null)`;
}

export const reportColumns = {
  id: listingReports.id,
  listingId: listingReports.listingId,
  reason: listingReports.reason,
  details: listingReports.details,
  reporterId: listingReports.reporterId,
  reporterEmail: users.email,
  status: listingReports.status,
  resolutionReason: listingReports.resolutionReason,
  createdAt: listingReports.createdAt,
  resolvedAt: listingReports.resolvedAt,
};

interface ReportRow {
  id: string;
  listingId: string;
  reason: AdminReport['reason'];
  details: string | null;
  reporterId: string;
  reporterEmail: string;
  status: AdminReport['status'];
  resolutionReason: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

export function toAdminReport(row: ReportRow): AdminReport {
  return {
    id: row.id,
    reason: row.reason,
    details: row.details,
    reporter_id: row.reporterId,
    reporter_email: row.reporterEmail,
    status: row.status,
    resolution_reason: row.resolutionReason,
    created_at: row.createdAt.toISOString(),
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  };
}

/** `until` of POST /admin/listings/{id}/feature: a day means through that day (UTC), an instant is taken as it is. */
export function featuredUntil(until: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(until)) {
    const [year, month, day] = until.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(year, month - 1, day + 1));
  }
  return new Date(until);
}

/**
 * Trust and moderation (issue 14): buyers' reports, the review queue, and operators'
 * decisions about listings. Each decision changes the listing through the listings module and
 * writes its audit row in the same transaction; the seller's mail is queued there too, so a
 * decision, its record and its mail exist together or not at all. No HTTP here.
 */
export class ModerationService extends MailingService<ModerationServiceDependencies> {
  // ── Reports (buyers) ──

  /**
   * 'Report this listing': any listing the reporter can see but their own, one open report per
   * reporter and listing (a unique index decides between parallel clicks).
   */
  async report(reporter: Pick<CurrentUser, 'id'>, listingId: string, input: ListingReportCreate): Promise<ListingReportCreated> {
    const row = await this.deps.listings.findRow(listingId);
    if (!row || (row.userId !== reporter.id && !isListingActive(row, this.deps.clock.now()))) {
      throw notFound(LISTING_NOT_FOUND, 'listing_not_found');
    }
    if (row.userId === reporter.id) throw forbidden(REPORT_OWN_LISTING, 'own_listing');
    const [created] = await this.db
      .insert(listingReports)
      .values({
        listingId: row.id,
        reporterId: reporter.id,
        reason: input.reason,
        details: input.details,
        createdAt: this.deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: listingReports.id, createdAt: listingReports.createdAt });
    if (!created) throw conflict(REPORT_ALREADY_OPEN, 'report_already_open');
    return { id: created.id, status: 'open', created_at: created.createdAt.toISOString(), message: REPORT_THANKS };
  }

  // ── The review queue ──

  /** Pending and rejected listings, oldest first, each with its seller's history and open reports. */
  async reviewQueue(page: Page): Promise<{ items: ReviewQueueItem[]; total: number }> {
    const where = reviewQueueSql();
    const [rows, totals] = await Promise.all([
      this.db
        .select(listingColumns)
        .from(listings)
        .where(where)
        .orderBy(asc(listings.createdAt), asc(listings.id))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      this.db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(listings)
        .where(where),
    ]);
    const [adminListings, sellers, reports] = await Promise.all([
      this.deps.listings.toAdminListings(rows),
      this.sellerHistories(rows.map((row) => row.userId)),
      this.openReportCounts(rows.map((row) => row.id)),
    ]);
    return {
      total: totals[0]?.total ?? 0,
      items: adminListings.map((listing) => ({
        listing,
        seller: sellers.get(listing.user_id)!,
        open_reports: reports.get(listing.id) ?? 0,
      })),
    };
  }

  /** What the queue shows of each seller: their listings by outcome, and reports against them. */
  private async sellerHistories(sellerIds: readonly string[]): Promise<Map<string, SellerHistory>> {
    const ids = [...new Set(sellerIds)];
    if (ids.length === 0) return new Map();
    const now = this.deps.clock.now();
    const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
    const [people, listingCounts, reportCounts] = await Promise.all([
      this.db
        .select({
          id: users.id,
          email: users.email,
          createdAt: users.createdAt,
          isVerified: users.isVerified,
          suspendedAt: users.suspendedAt,
        })
        .from(users)
        .where(inArray(users.id, ids)),
      this.db
        .select({
          userId: listings.userId,
          total: sql<number>`count(*)`.mapWith(Number),
          live: counted(activeListingSql(now)),
          rejected: counted(sql`${listings.verificationStatus} = 'auto_rejected'`),
          takenDown: counted(sql`${listings.moderationStatus} = 'taken_down'`),
        })
        .from(listings)
        .where(inArray(listings.userId, ids))
        .groupBy(listings.userId),
      this.db
        .select({ userId: listings.userId, reports: sql<number>`count(*)`.mapWith(Number) })
        .from(listingReports)
        .innerJoin(listings, eq(listings.id, listingReports.listingId))
        .where(inArray(listings.userId, ids))
        .groupBy(listings.userId),
    ]);
    const byListings = new Map(listingCounts.map((row) => [row.userId, row]));
    const byReports = new Map(reportCounts.map((row) => [row.userId, row.reports]));
    return new Map(
      people.map((person) => {
        const counts = byListings.get(person.id);
        return [
          person.id,
          {
            id: person.id,
            email: person.email,
            created_at: person.createdAt.toISOString(),
            is_verified: person.isVerified,
            suspended_at: person.suspendedAt?.toISOString() ?? null,
            listings_total: counts?.total ?? 0,
            listings_live: counts?.live ?? 0,
            listings_rejected: counts?.rejected ?? 0,
            listings_taken_down: counts?.takenDown ?? 0,
            reports_against: byReports.get(person.id) ?? 0,
          },
        ];
      }),
    );
  }

  private async openReportCounts(listingIds: readonly string[]): Promise<Map<string, number>> {
    if (listingIds.length === 0) return new Map();
    const rows = await this.db
      .select({ listingId: listingReports.listingId, open: sql<number>`count(*)`.mapWith(Number) })
      .from(listingReports)
      .where(and(inArray(listingReports.listingId, [...listingIds]), eq(listingReports.status, 'open')))
      .groupBy(listingReports.listingId);
    return new Map(rows.map((row) => [row.listingId, row.open]));
  }

  // ── Decisions about listings ──

  /** GET /admin/listings/{id}: any state. */
  adminListing(id: string): Promise<AdminListing> {
    return this.deps.listings.adminGet(id);
  }

  /**
   * One decision: the listing changes (through the listings module), the audit log records the
   * fields it changed, and the seller's mail is queued — one transaction.
   */
  private decide(
    admin: Admin,
    action: string,
    reason: string | null,
    change: (tx: Tx) => Promise<ListingChange>,
    mail?: (listing: AdminListing) => MailContent,
  ): Promise<AdminListing> {
    return this.db.transaction(async (tx) => {
      const { row, before, after } = await change(tx);
      await this.deps.audit.record(
        { actor: adminActor(admin), action, objectType: 'listing', objectId: row.id, before, after, reason },
        tx,
      );
      const [listing] = await this.deps.listings.toAdminListings([row], tx);
      if (mail && listing!.seller_email) await this.deps.mailer.queue({ ...mail(listing!), to: listing!.seller_email }, tx);
      return listing!;
    });
  }

  /** The seller's mail about a decision (one of mails.ts), told the reason and whether the listing is live. */
  private sellerMail(reason: string, mail: (input: ListingDecisionMailInput & { live: boolean }) => MailContent) {
    return (listing: AdminListing) =>
      mail({ publicUrl: this.deps.publicUrl, listingId: listing.id, listingTitle: listing.title, reason, live: listing.is_active });
  }

  /** Approve: 'Verified' (no verification object, is_verified), out of the queue. */
  approve(admin: Admin, id: string, reason: string | null): Promise<AdminListing> {
    return this.decide(admin, 'listing.approve', reason, (tx) => this.deps.listings.approve({ id, reason }, tx));
  }

  /** Reject: 'Verification Needed' with the reason as its notes; the seller is mailed what to fix. */
  reject(admin: Admin, id: string, reason: string): Promise<AdminListing> {
    const change = (tx: Tx) => this.deps.listings.reject({ id, reason }, tx);
    return this.decide(admin, 'listing.reject', reason, change, this.sellerMail(reason, listingRejectedMail));
  }

  /** Take down: hidden everywhere; the seller is mailed why. */
  takeDown(admin: Admin, id: string, reason: string): Promise<AdminListing> {
    const change = (tx: Tx) => this.deps.listings.takeDown({ id, reason }, tx);
    return this.decide(admin, 'listing.take_down', reason, change, this.sellerMail(reason, listingTakenDownMail));
  }

  /** Restore a taken-down listing (live again if still paid for); the seller is mailed. */
  restore(admin: Admin, id: string, reason: string): Promise<AdminListing> {
    const change = (tx: Tx) => this.deps.listings.restore({ id }, tx);
    return this.decide(admin, 'listing.restore', reason, change, this.sellerMail(reason, listingRestoredMail));
  }

  /** Feature a live listing until a day (through its end, UTC) or an instant, which must be ahead. */
  feature(admin: Admin, id: string, body: { until: string; reason?: string | undefined }): Promise<AdminListing> {
    const until = featuredUntil(body.until);
    if (Number.isNaN(until.getTime()) || until.getTime() <= this.deps.clock.now().getTime()) {
      throw badRequest(FEATURE_UNTIL_IN_PAST, 'feature_until_in_past');
    }
    return this.decide(admin, 'listing.feature', body.reason ?? null, (tx) => this.deps.listings.feature({ id, until }, tx));
  }

  unfeature(admin: Admin, id: string): Promise<AdminListing> {
    return this.decide(admin, 'listing.unfeature', null, (tx) => this.deps.listings.unfeature({ id }, tx));
  }

  // ── Reports (console) ──

  /**
   * Reports grouped by listing: open ones (the listing whose oldest open report is oldest
   * first), or resolved ones (the most recently resolved first).
   */
  async reportGroups(status: 'open' | 'resolved', page: Page): Promise<{ items: ReportGroup[]; total: number }> {
    const open = status === 'open';
    const inState = open ? eq(listingReports.status, 'open') : ne(listingReports.status, 'open');
    const order = open ? asc(min(listingReports.createdAt)) : desc(max(listingReports.resolvedAt));
    const [groups, totals] = await Promise.all([
      this.db
        .select({ listingId: listingReports.listingId })
        .from(listingReports)
        .where(inState)
        .groupBy(listingReports.listingId)
        .orderBy(order, asc(listingReports.listingId))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      this.db
        .select({ total: countDistinct(listingReports.listingId) })
        .from(listingReports)
        .where(inState),
    ]);
    const ids = groups.map((group) => group.listingId);
    if (ids.length === 0) return { items: [], total: totals[0]?.total ?? 0 };
    const [rows, reports] = await Promise.all([
      this.db.select(listingColumns).from(listings).where(inArray(listings.id, ids)),
      this.reportsOf(and(inArray(listingReports.listingId, ids), inState)!),
    ]);
    const adminListings = new Map((await this.deps.listings.toAdminListings(rows)).map((listing) => [listing.id, listing]));
    return {
      total: totals[0]?.total ?? 0,
      items: ids.map((id) => ({
        listing: adminListings.get(id)!,
        reports: reports.filter((report) => report.listingId === id).map(toAdminReport),
      })),
    };
  }

  /** Reports with their reporters' emails, oldest first. */
  async reportsOf(where: SQL, db: Pick<Db, 'select'> = this.db): Promise<ReportRow[]> {
    return db
      .select(reportColumns)
      .from(listingReports)
      .innerJoin(users, eq(users.id, listingReports.reporterId))
      .where(where)
      .orderBy(asc(listingReports.createdAt), asc(listingReports.id));
  }

  /** Every open report of the listing at once: dismissed or acted on, with the reason; audited. */
  async resolveReports(admin: Admin, listingId: string, body: ResolveReportsBody): Promise<ReportGroup> {
    const now = this.deps.clock.now();
    return this.db.transaction(async (tx) => {
      const listing = await this.deps.listings.adminGet(listingId, tx);
      const resolved = await tx
        .update(listingReports)
        .set({ status: body.outcome, resolutionReason: body.reason, resolvedBy: admin.id, resolvedAt: now })
        .where(and(eq(listingReports.listingId, listing.id), eq(listingReports.status, 'open')))
        .returning({ id: listingReports.id });
      if (resolved.length === 0) throw conflict(NO_OPEN_REPORTS, 'no_open_reports');
      await this.deps.audit.record(
        {
          actor: adminActor(admin),
          action: `reports.${body.outcome === 'dismissed' ? 'dismiss' : 'action'}`,
          objectType: 'listing',
          objectId: listing.id,
          before: { open_reports: resolved.length },
          after: { open_reports: 0, outcome: body.outcome, reports: resolved.map((report) => report.id) },
          reason: body.reason,
        },
        tx,
      );
      const reports = await this.reportsOf(
        inArray(
          listingReports.id,
          resolved.map((report) => report.id),
        ),
        tx,
      );
      return { listing, reports: reports.map(toAdminReport) };
    });
  }
}
