import { randomUUID } from 'node:crypto';
import { tooManyPhotos, type Listing } from '@benchmarket/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { listingPhotos, listings } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import type { ListingsService } from '../listings/index.js';
import type { PhotoStorage } from '../../providers/storage/index.js';
import type { ProcessedPhoto } from './image-processing.js';
import { MAX_PHOTOS_PER_LISTING } from './limits.js';
import { PHOTO_NOT_FOUND } from './texts.js';

interface PhotosServiceDependencies {
  db: Db;
  storage: PhotoStorage;
  listings: ListingsService;
  log: FastifyBaseLogger;
}

/**
 * A listing's photos: at most MAX_PHOTOS_PER_LISTING, in order (`position` 0…n-1), files
 * through the storage port under `listings/<listingId>/<uuid>.webp` and `-thumb.webp`.
 * Only the owner may add or remove them (the listings service's ownership rule).
 */
export class PhotosService {
  constructor(private readonly deps: PhotosServiceDependencies) {}

  /** How many photos the listing `userId` may change has now (404/403/409 as for an edit). */
  async countForOwner(listingId: string, userId: string): Promise<number> {
    await this.deps.listings.findOwnedForChange(listingId, userId);
    const [row] = await this.deps.db.select({ n: count() }).from(listingPhotos).where(eq(listingPhotos.listingId, listingId));
    return row?.n ?? 0;
  }

  /**
   * Stores processed photos after the listing's current ones. The count is checked again
   * under a lock on the listing, so two uploads at once cannot pass five together.
   */
  async add(listingId: string, userId: string, photos: readonly ProcessedPhoto[]): Promise<Listing> {
    const { db, storage } = this.deps;
    const stored = photos.map((photo) => {
      const base = `listings/${listingId}/${randomUUID()}`;
      return { ...photo, key: `${base}.webp`, thumbnailKey: `${base}-thumb.webp` };
    });
    await Promise.all(
      stored.flatMap((photo) => [
        storage.put(photo.key, photo.photo, 'image/webp'),
        storage.put(photo.thumbnailKey, photo.thumbnail, 'image/webp'),
      ]),
    );
    try {
      return await db.transaction(async (tx) => {
        await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, listingId)).for('update');
        const listing = await this.deps.listings.findOwnedForChange(listingId, userId, tx);
        const [current] = await tx.select({ n: count() }).from(listingPhotos).where(eq(listingPhotos.listingId, listingId));
        const existing = current?.n ?? 0;
        if (existing + stored.length > MAX_PHOTOS_PER_LISTING) throw badRequest(tooManyPhotos(existing), 'too_many_photos');
        await tx.insert(listingPhotos).values(
          stored.map((photo, i) => ({
            listingId,
            position: existing + i,
            path: photo.key,
            thumbnailPath: photo.thumbnailKey,
            width: photo.width,
            height: photo.height,
            bytes: photo.photo.length,
          })),
        );
        const [mapped] = await this.deps.listings.toListings([listing], { viewerId: userId }, tx);
        return mapped!;
      });
    } catch (error) {
      await this.removeFiles(stored.flatMap((photo) => [photo.key, photo.thumbnailKey]));
      throw error;
    }
  }

  /** Removes the photo at `index` (0-based, as the dashboard counts) and renumbers the rest. */
  async remove(listingId: string, userId: string, index: number): Promise<Listing> {
    const { db } = this.deps;
    const { listing, removed } = await db.transaction(async (tx) => {
      await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, listingId)).for('update');
      const owned = await this.deps.listings.findOwnedForChange(listingId, userId, tx);
      const photos = await tx
        .select()
        .from(listingPhotos)
        .where(eq(listingPhotos.listingId, listingId))
        .orderBy(asc(listingPhotos.position), asc(listingPhotos.createdAt));
      const target = photos[index];
      if (!target) throw notFound(PHOTO_NOT_FOUND, 'photo_not_found');
      await tx.delete(listingPhotos).where(and(eq(listingPhotos.id, target.id), eq(listingPhotos.listingId, listingId)));
      await tx.execute(sql`
        update ${listingPhotos} set position = ordered.rn - 1
        from (
          select id, row_number() over (order by position, created_at) as rn
          from ${listingPhotos} where listing_id = ${listingId}
        ) as ordered
        where ${listingPhotos}.id = ordered.id`);
      const [mapped] = await this.deps.listings.toListings([owned], { viewerId: userId }, tx);
      return { listing: mapped!, removed: target };
    });
    // After the commit: a file left behind by a crash here is garbage, never a broken photo.
    await this.removeFiles([removed.path, removed.thumbnailPath]);
    return listing;
  }

  private async removeFiles(keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys.map((key) =>
        this.deps.storage.remove(key).catch((error: unknown) => this.deps.log.warn({ err: error, key }, 'could not remove a photo file')),
      ),
    );
  }
}
