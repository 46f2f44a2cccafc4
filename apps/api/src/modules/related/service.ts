import { LISTING_NOT_FOUND, RELATED_LISTINGS_LIMIT, type Listing } from '@benchmarket/shared';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { listings } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/http-errors.js';
import { activeListingSql, hasEnded, isListingActive, listingColumns, type ListingsService } from '../listings/index.js';

/**
 * Issue 16: the listings shown under a listing — live ones of the same equipment family
 * (the taxonomy id stored as its category), nearest in price, never the listing itself.
 * Reads only; the listings module owns the rows.
 */
export class RelatedListings {
  constructor(private readonly deps: { db: Db; clock: Clock; listings: ListingsService }) {}

  /**
   * Who may see the listing may see its related ones, and so may anyone for an ended listing
   * (issue 18: its page offers similar live ones); others get 404 'Listing not found', like
   * GET /listings/{id}.
   */
  async of(listingId: string, viewerId: string | null): Promise<Listing[]> {
    const now = this.deps.clock.now();
    const listing = await this.deps.listings.findRow(listingId);
    const visible = listing && (listing.userId === viewerId || isListingActive(listing, now) || hasEnded(listing, now));
    if (!listing || !visible) throw notFound(LISTING_NOT_FOUND, 'listing_not_found');
    if (!listing.category) return [];
    const rows = await this.deps.db
      .select(listingColumns)
      .from(listings)
      .where(and(activeListingSql(now), eq(listings.category, listing.category), ne(listings.id, listing.id)))
      .orderBy(sql`abs(${listings.priceCents} - ${listing.priceCents})`, desc(listings.createdAt), desc(listings.id))
      .limit(RELATED_LISTINGS_LIMIT);
    return this.deps.listings.toListings(rows, { viewerId });
  }
}
