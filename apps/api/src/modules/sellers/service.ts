import { randomUUID } from 'node:crypto';
import {
  SELLER_LISTINGS_LIMIT,
  SELLER_NOT_FOUND,
  sellerPublicName,
  type SellerPage,
  type SellerProfile,
  type SellerProfileUpdate,
} from '@benchmarket/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { listings, payments, sellerProfiles, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/http-errors.js';
import { activeListingSql, listingColumns, type ListingsService } from '../listings/index.js';
import type { PhotoStorage } from '../../providers/storage/index.js';

interface SellersServiceDependencies {
  db: Db;
  clock: Clock;
  storage: PhotoStorage;
  listings: ListingsService;
  log: FastifyBaseLogger;
}

type ProfileRow = typeof sellerProfiles.$inferSelect;

/**
 * Issue 15: sellers' public profiles and pages. The only writer of `seller_profiles`; an
 * account without a row has an empty profile. The seller page never carries the email, and
 * an unknown or suspended seller is 404, like an unknown listing. No HTTP here.
 */
export class SellersService {
  constructor(private readonly deps: SellersServiceDependencies) {}

  private get db(): Db {
    return this.deps.db;
  }

  private async row(userId: string): Promise<ProfileRow | undefined> {
    const [row] = await this.db.select().from(sellerProfiles).where(eq(sellerProfiles.userId, userId)).limit(1);
    return row;
  }

  private toProfile(row: ProfileRow | undefined): SellerProfile {
    const profile = {
      display_name: row?.displayName ?? null,
      company: row?.company ?? null,
      country: row?.country ?? null,
      about: row?.about ?? null,
      logo: row?.logoPath ? this.deps.storage.url(row.logoPath) : null,
    };
    return { ...profile, public_name: sellerPublicName(profile) };
  }

  /** The signed-in seller's own profile (empty when never saved). */
  async profile(userId: string): Promise<SellerProfile> {
    return this.toProfile(await this.row(userId));
  }

  /** Saves the whole profile (the logo stays as it is). */
  async updateProfile(userId: string, update: SellerProfileUpdate): Promise<SellerProfile> {
    const now = this.deps.clock.now();
    const fields = { displayName: update.display_name, company: update.company, country: update.country, about: update.about };
    const [row] = await this.db
      .insert(sellerProfiles)
      .values({ userId, ...fields, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: sellerProfiles.userId, set: { ...fields, updatedAt: now } })
      .returning();
    return this.toProfile(row);
  }

  /**
   * Replaces the logo with `webp` (an image the photos pipeline has checked by its content,
   * stripped of metadata and re-encoded). The old file goes after the row changes: a crash in
   * between leaves an unused file, never a broken logo.
   */
  async replaceLogo(userId: string, webp: Buffer): Promise<SellerProfile> {
    // One folder per seller: storage/photo-access.ts serves it while the seller is not suspended.
    const key = `sellers/${userId}/${randomUUID()}.webp`;
    await this.deps.storage.put(key, webp, 'image/webp');
    const previous = (await this.row(userId))?.logoPath ?? null;
    const now = this.deps.clock.now();
    const [row] = await this.db
      .insert(sellerProfiles)
      .values({ userId, logoPath: key, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: sellerProfiles.userId, set: { logoPath: key, updatedAt: now } })
      .returning();
    if (previous) await this.removeFile(previous);
    return this.toProfile(row);
  }

  /** Removes the logo (idempotent). */
  async removeLogo(userId: string): Promise<SellerProfile> {
    const previous = (await this.row(userId))?.logoPath ?? null;
    if (!previous) return this.profile(userId);
    const [row] = await this.db
      .update(sellerProfiles)
      .set({ logoPath: null, updatedAt: this.deps.clock.now() })
      .where(eq(sellerProfiles.userId, userId))
      .returning();
    await this.removeFile(previous);
    return this.toProfile(row);
  }

  private async removeFile(key: string): Promise<void> {
    await this.deps.storage.remove(key).catch((error: unknown) => this.deps.log.warn({ err: error, key }, 'could not remove a logo file'));
  }

  /**
   * GET /sellers/{id}: the public page — name (display name, else 'Seller from {country}'),
   * profile, member since, email verified, live listings (count and the newest
   * SELLER_LISTINGS_LIMIT), completed listing periods (completed payments, paid or free).
   */
  async page(sellerId: string): Promise<SellerPage> {
    const [user] = await this.db
      .select({ id: users.id, createdAt: users.createdAt, isVerified: users.isVerified, suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, sellerId))
      .limit(1);
    if (!user || user.suspendedAt !== null) throw notFound(SELLER_NOT_FOUND, 'seller_not_found');
    const now = this.deps.clock.now();
    const live = and(eq(listings.userId, sellerId), activeListingSql(now));
    const [profileRow, [liveCount], [periods], rows] = await Promise.all([
      this.row(sellerId),
      this.db.select({ n: count() }).from(listings).where(live),
      this.db
        .select({ n: count() })
        .from(payments)
        .where(and(eq(payments.userId, sellerId), eq(payments.status, 'completed'))),
      this.db
        .select(listingColumns)
        .from(listings)
        .where(live)
        .orderBy(desc(listings.createdAt), desc(listings.id))
        .limit(SELLER_LISTINGS_LIMIT),
    ]);
    const profile = this.toProfile(profileRow);
    return {
      id: user.id,
      name: profile.public_name,
      company: profile.company,
      country: profile.country,
      about: profile.about,
      logo: profile.logo,
      member_since: user.createdAt.toISOString(),
      email_verified: user.isVerified,
      live_listings: liveCount?.n ?? 0,
      completed_sales_periods: periods?.n ?? 0,
      // Replies to buyers go by email (reply-to), so none is recorded: docs/decisions/017-seller-pages.md.
      median_reply_minutes: null,
      listings: await this.deps.listings.toListings(rows),
    };
  }
}
