import { inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { listingPhotos } from '../../db/schema.js';
import { defineOrphanSweep, type OrphanSweepDependencies } from '../../providers/storage/index.js';

/**
 * Photo files nobody points to: an upload writes its files before the transaction that adds
 * the `listing_photos` rows, and a removal deletes the files after its commit; a crash (or a
 * failed clean-up) between the two leaves files with no row. They are never a broken photo,
 * only wasted storage — this sweep (providers/storage/orphan-sweep.ts) deletes them.
 *
 * A file is an orphan when it is older than the grace period and no row names it (as photo or
 * thumbnail).
 */

/** Far longer than any upload takes from writing its files to committing its rows. */
export const ORPHAN_PHOTO_GRACE_MS = 60 * 60_000;

const photoSweep = defineOrphanSweep<OrphanSweepDependencies & { db: Db }>({
  task: 'photos.orphan-sweep',
  prefix: 'listings/',
  fileKind: 'photo',
  graceMs: ORPHAN_PHOTO_GRACE_MS,
  referenced: async ({ db }, keys) => {
    const rows = await db
      .select({ path: listingPhotos.path, thumbnailPath: listingPhotos.thumbnailPath })
      .from(listingPhotos)
      .where(or(inArray(listingPhotos.path, keys), inArray(listingPhotos.thumbnailPath, keys)));
    return new Set(rows.flatMap((row) => [row.path, row.thumbnailPath]));
  },
});

export const sweepOrphanPhotos = photoSweep.sweep;
/** Registers the sweep as a periodic task of the app's job worker: a pass at start, then hourly, in rounds. */
export const registerOrphanPhotoSweep = photoSweep.register;
