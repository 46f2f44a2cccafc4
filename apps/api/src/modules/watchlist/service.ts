import {
  EXPIRES_SOON_DAYS,
  isListingId,
  LISTING_NOT_FOUND,
  WATCH_OWN_LISTING,
  WATCHLIST_FULL,
  WATCHLIST_MAX,
  type Watch,
  type WatcherCounts,
  type Watchlist,
} from '@benchmarket/shared';
import { and, count, desc, eq, gt, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { listings, users, watches } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../lib/http-errors.js';
import type { CurrentUser } from '../auth/index.js';
import { activeListingSql, centsToUnits, formatDay, isListingActive, listingColumns, type ListingsService } from '../listings/index.js';
import type { Db } from '../../db/database.js';
import { MailingService, type MailContent, type MailingDependencies } from '../mail/index.js';
import { endingSoonMail, priceDropMail } from './mails.js';

const DAY_MS = 24 * 60 * 60 * 1000;

interface WatchlistDependencies extends MailingDependencies {
  listings: ListingsService;
  log: FastifyBaseLogger;
}

/**
 * Issue 16: watchlists (docs/decisions/021). Any signed-in account may watch a live listing that
 * is not its own; the watch mails (price drop, 7 days left) go to verified addresses only, each
 * once: the watch row's markers change in the same transaction that queues the mail.
 */
export class WatchlistService extends MailingService<WatchlistDependencies> {
  /** PUT /watchlist/{id}: idempotent — watching twice keeps the first watch. */
  async watch(user: CurrentUser, listingId: string): Promise<Watch> {
    const now = this.deps.clock.now();
    const listing = await this.deps.listings.findRow(listingId);
    if (!listing || !isListingActive(listing, now)) throw notFound(LISTING_NOT_FOUND, 'listing_not_found');
    if (listing.userId === user.id) throw forbidden(WATCH_OWN_LISTING, 'own_listing');
    const existing = await this.find(user.id, listing.id);
    if (existing) return existing;
    const [watching] = await this.db.select({ total: count() }).from(watches).where(eq(watches.userId, user.id));
    if ((watching?.total ?? 0) >= WATCHLIST_MAX) throw conflict(WATCHLIST_FULL, 'watchlist_full');
    await this.db
      .insert(watches)
      .values({ userId: user.id, listingId: listing.id, seenPriceCents: listing.priceCents, createdAt: now })
      .onConflictDoNothing({ target: [watches.userId, watches.listingId] });
    return (await this.find(user.id, listing.id))!;
  }

  private async find(userId: string, listingId: string): Promise<Watch | undefined> {
    const [row] = await this.db
      .select({ createdAt: watches.createdAt })
      .from(watches)
      .where(and(eq(watches.userId, userId), eq(watches.listingId, listingId)))
      .limit(1);
    return row ? { listing_id: listingId, watched_at: row.createdAt.toISOString() } : undefined;
  }

  /** DELETE /watchlist/{id}: idempotent — an unwatched (or unknown) listing is no error. */
  async unwatch(userId: string, listingId: string): Promise<void> {
    if (!isListingId(listingId)) return;
    await this.db.delete(watches).where(and(eq(watches.userId, userId), eq(watches.listingId, listingId)));
  }

  /** GET /watchlist: the caller's watched live listings, newest watch first (others stay watched, unseen, until live again). */
  async list(userId: string): Promise<Watchlist> {
    const rows = await this.db
      .select({ watchedAt: watches.createdAt, listing: listingColumns })
      .from(watches)
      .innerJoin(listings, eq(listings.id, watches.listingId))
      .where(and(eq(watches.userId, userId), activeListingSql(this.deps.clock.now())))
      .orderBy(desc(watches.createdAt), desc(watches.id));
    const cards = await this.deps.listings.toListings(
      rows.map((row) => row.listing),
      { viewerId: userId },
    );
    return { items: cards.map((listing, i) => ({ watched_at: rows[i]!.watchedAt.toISOString(), listing })) };
  }

  /** GET /watchlist/watchers: how many accounts watch each of the owner's listings — a count, never who. */
  async watcherCounts(ownerId: string): Promise<WatcherCounts> {
    const rows = await this.db
      .select({ listingId: watches.listingId, watchers: count() })
      .from(watches)
      .innerJoin(listings, eq(listings.id, watches.listingId))
      .where(eq(listings.userId, ownerId))
      .groupBy(watches.listingId);
    return { items: rows.map((row) => ({ listing_id: row.listingId, watchers: row.watchers })) };
  }

  /**
   * The worker's round: a price-drop mail for each watch whose live listing now costs less than
   * the watcher last saw (the seen price follows a rise silently, so every later drop is news),
   * and a 7-days-left mail once per watch and expiry. Never about the watcher's own listing.
   */
  async sweep(): Promise<{ priceDrops: number; endingSoon: number }> {
    const now = this.deps.clock.now();
    await this.db.execute(
      sql`update ${watches} set seen_price_cents = l.price_cents from ${listings} l where l.id = ${watches.listingId} and l.price_cents > ${watches.seenPriceCents}`,
    );
    const priceDrops = await this.priceDrops(now);
    const endingSoon = await this.endingSoon(now);
    if (priceDrops > 0 || endingSoon > 0) this.deps.log.info({ priceDrops, endingSoon }, 'watch mails queued');
    return { priceDrops, endingSoon };
  }

  private candidates(now: Date, due: SQL | undefined) {
    return this.db
      .select({
        id: watches.id,
        seenPriceCents: watches.seenPriceCents,
        listingId: listings.id,
        title: listings.title,
        priceCents: listings.priceCents,
        expiryDate: listings.expiryDate,
        email: users.email,
        verified: users.isVerified,
      })
      .from(watches)
      .innerJoin(listings, eq(listings.id, watches.listingId))
      .innerJoin(users, eq(users.id, watches.userId))
      .where(and(activeListingSql(now), ne(listings.userId, watches.userId), due))
      .limit(SWEEP_BATCH);
  }

  private async priceDrops(now: Date): Promise<number> {
    const due = await this.candidates(now, lt(listings.priceCents, watches.seenPriceCents));
    return this.mailEachOnce(
      due,
      (tx, watch) =>
        tx
          .update(watches)
          .set({ seenPriceCents: watch.priceCents })
          .where(and(eq(watches.id, watch.id), eq(watches.seenPriceCents, watch.seenPriceCents)))
          .returning({ id: watches.id }),
      (watch) =>
        priceDropMail({
          ...this.aboutListing(watch),
          oldPrice: centsToUnits(watch.seenPriceCents),
          newPrice: centsToUnits(watch.priceCents),
        }),
    );
  }

  private async endingSoon(now: Date): Promise<number> {
    const soon = new Date(now.getTime() + EXPIRES_SOON_DAYS * DAY_MS);
    const due = await this.candidates(
      now,
      and(
        gt(listings.expiryDate, now),
        lte(listings.expiryDate, soon),
        sql`${watches.expiryMailFor} is distinct from ${listings.expiryDate}`,
      ),
    );
    return this.mailEachOnce(
      due,
      (tx, watch) =>
        tx
          .update(watches)
          .set({ expiryMailFor: watch.expiryDate })
          .where(
            and(eq(watches.id, watch.id), sql`${watches.expiryMailFor} is distinct from ${watch.expiryDate!.toISOString()}::timestamptz`),
          )
          .returning({ id: watches.id }),
      (watch) => endingSoonMail({ ...this.aboutListing(watch), expiryDay: formatDay(watch.expiryDate!) }),
    );
  }

  private aboutListing(watch: WatchCandidate) {
    return { publicUrl: this.deps.publicUrl, listingId: watch.listingId, listingTitle: watch.title };
  }

  /**
   * Each due watch in its own transaction: `mark` moves its marker first, guarded by the value it
   * had, so a second worker finds nothing to do (no row back); the mail is queued in the same
   * transaction, to verified addresses only. Answers how many mails were queued.
   */
  private async mailEachOnce(
    due: WatchCandidate[],
    mark: (tx: Tx, watch: WatchCandidate) => Promise<unknown[]>,
    mail: (watch: WatchCandidate) => MailContent,
  ): Promise<number> {
    let queued = 0;
    for (const watch of due) {
      await this.db.transaction(async (tx) => {
        const marked = await mark(tx, watch);
        if (marked.length === 0 || !watch.verified) return;
        await this.deps.mailer.queue({ ...mail(watch), to: watch.email }, tx);
        queued += 1;
      });
    }
    return queued;
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type WatchCandidate = Awaited<ReturnType<WatchlistService['candidates']>>[number];

/** Watches handled per round and kind; the next round (a minute later) takes the rest. */
const SWEEP_BATCH = 500;
