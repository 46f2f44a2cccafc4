import { inArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { listingPhotos } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { PhotoStorage } from '../../providers/storage/index.js';

/**
 * Photo files nobody points to: an upload writes its files before the transaction that adds
 * the `listing_photos` rows, and a removal deletes the files after its commit; a crash (or a
 * failed clean-up) between the two leaves files with no row. They are never a broken photo,
 * only wasted storage — this sweep deletes them.
 *
 * A file is an orphan when it is older than the grace period and no row names it (as photo or
 * thumbnail). The grace period covers an upload still between writing its files and
 * committing its rows; keys are random and never reused, so an old file cannot gain a row.
 */

const ORPHAN_PHOTO_SWEEP = 'photos.orphan-sweep';
/** A pass over every photo file starts when the worker starts (after a crash, at once) and then every hour. */
const ORPHAN_PHOTO_SWEEP_EVERY_MS = 60 * 60_000;
/**
 * A pass goes in rounds of at most this many files, one a minute: the worker does its jobs
 * (mail) between rounds, so a large store never holds them up for long.
 */
const ORPHAN_PHOTO_ROUND_FILES = 2000;
const ROUND_EVERY_MS = 60_000;
/** Far longer than any upload takes from writing its files to committing its rows. */
export const ORPHAN_PHOTO_GRACE_MS = 60 * 60_000;

const PHOTOS_PREFIX = 'listings/';
/** Keys looked up in the database per query. */
const BATCH = 500;

interface OrphanSweepDependencies {
  db: Db;
  storage: PhotoStorage;
  clock: Clock;
  log: FastifyBaseLogger;
}

interface OrphanSweepResult {
  /** Files old enough to be judged. */
  checked: number;
  /** Keys of the files removed. */
  removed: string[];
  /** With a `limit` that was reached: the last key listed (the next round starts after it). */
  next?: string;
}

interface OrphanSweepOptions {
  graceMs?: number;
  /** Go on after this key (an earlier round's `next`). */
  startAfter?: string;
  /** List at most this many files. */
  limit?: number;
}

export async function sweepOrphanPhotos(deps: OrphanSweepDependencies, options: OrphanSweepOptions = {}): Promise<OrphanSweepResult> {
  const cutoff = deps.clock.now().getTime() - (options.graceMs ?? ORPHAN_PHOTO_GRACE_MS);
  const result: OrphanSweepResult = { checked: 0, removed: [] };
  let listed = 0;
  let batch: string[] = [];
  const judge = async (): Promise<void> => {
    const keys = batch;
    batch = [];
    if (keys.length === 0) return;
    result.checked += keys.length;
    const rows = await deps.db
      .select({ path: listingPhotos.path, thumbnailPath: listingPhotos.thumbnailPath })
      .from(listingPhotos)
      .where(or(inArray(listingPhotos.path, keys), inArray(listingPhotos.thumbnailPath, keys)));
    const referenced = new Set(rows.flatMap((row) => [row.path, row.thumbnailPath]));
    for (const key of keys) {
      if (referenced.has(key)) continue;
      try {
        await deps.storage.remove(key);
        result.removed.push(key);
      } catch (error) {
        deps.log.warn({ err: error, key }, 'could not remove an orphan photo file');
      }
    }
  };
  for await (const object of deps.storage.list(PHOTOS_PREFIX, options.startAfter)) {
    listed += 1;
    if (object.modifiedAt.getTime() <= cutoff) batch.push(object.key);
    if (batch.length >= BATCH) await judge();
    if (options.limit !== undefined && listed >= options.limit) {
      result.next = object.key;
      break;
    }
  }
  await judge();
  if (result.removed.length > 0) {
    deps.log.info({ removed: result.removed.length, checked: result.checked }, 'removed photo files no listing uses');
  }
  return result;
}

/** Registers the sweep as a periodic task of the app's job worker: a pass at start, then hourly, in rounds. */
export function registerOrphanPhotoSweep(
  worker: { every(name: string, everyMs: number, task: () => Promise<void>): void },
  deps: OrphanSweepDependencies,
): void {
  let cursor: string | undefined;
  let passStartedAt = Number.NEGATIVE_INFINITY;
  worker.every(ORPHAN_PHOTO_SWEEP, ROUND_EVERY_MS, async () => {
    const now = deps.clock.now().getTime();
    if (cursor === undefined) {
      if (now - passStartedAt < ORPHAN_PHOTO_SWEEP_EVERY_MS) return;
      passStartedAt = now;
    }
    const round = await sweepOrphanPhotos(deps, { startAfter: cursor, limit: ORPHAN_PHOTO_ROUND_FILES });
    cursor = round.next;
  });
}
