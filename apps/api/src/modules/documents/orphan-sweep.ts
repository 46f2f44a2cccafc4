import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { listingDocuments } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { PhotoStorage } from '../../providers/storage/index.js';

/**
 * Document files nobody points to, as for photos (modules/photos/orphan-sweep.ts): an upload
 * stores its files before the transaction that adds the `listing_documents` rows, a removal
 * deletes the file after its commit; a crash between the two leaves a file with no row. Files
 * older than the grace period that no row names are deleted: a pass at start, then hourly, in
 * bounded rounds.
 */
const ORPHAN_DOCUMENT_SWEEP = 'documents.orphan-sweep';
const PASS_EVERY_MS = 60 * 60_000;
const ROUND_FILES = 2000;
const ROUND_EVERY_MS = 60_000;
export const ORPHAN_DOCUMENT_GRACE_MS = 60 * 60_000;
const DOCUMENTS_PREFIX = 'documents/';
const BATCH = 500;

interface Dependencies {
  db: Db;
  storage: PhotoStorage;
  clock: Clock;
  log: FastifyBaseLogger;
}

export async function sweepOrphanDocuments(
  deps: Dependencies,
  options: { graceMs?: number; startAfter?: string; limit?: number } = {},
): Promise<{ checked: number; removed: string[]; next?: string }> {
  const cutoff = deps.clock.now().getTime() - (options.graceMs ?? ORPHAN_DOCUMENT_GRACE_MS);
  const result: { checked: number; removed: string[]; next?: string } = { checked: 0, removed: [] };
  let listed = 0;
  let batch: string[] = [];
  const judge = async (): Promise<void> => {
    const keys = batch;
    batch = [];
    if (keys.length === 0) return;
    result.checked += keys.length;
    const rows = await deps.db.select({ path: listingDocuments.path }).from(listingDocuments).where(inArray(listingDocuments.path, keys));
    const referenced = new Set(rows.map((row) => row.path));
    for (const key of keys) {
      if (referenced.has(key)) continue;
      try {
        await deps.storage.remove(key);
        result.removed.push(key);
      } catch (error) {
        deps.log.warn({ err: error, key }, 'could not remove an orphan document file');
      }
    }
  };
  for await (const object of deps.storage.list(DOCUMENTS_PREFIX, options.startAfter)) {
    listed += 1;
    if (object.modifiedAt.getTime() <= cutoff) batch.push(object.key);
    if (batch.length >= BATCH) await judge();
    if (options.limit !== undefined && listed >= options.limit) {
      result.next = object.key;
      break;
    }
  }
  await judge();
  if (result.removed.length > 0) deps.log.info({ removed: result.removed.length }, 'removed document files no listing uses');
  return result;
}

export function registerOrphanDocumentSweep(
  worker: { every(name: string, everyMs: number, task: () => Promise<void>): void },
  deps: Dependencies,
): void {
  let cursor: string | undefined;
  let passStartedAt = Number.NEGATIVE_INFINITY;
  worker.every(ORPHAN_DOCUMENT_SWEEP, ROUND_EVERY_MS, async () => {
    const now = deps.clock.now().getTime();
    if (cursor === undefined) {
      if (now - passStartedAt < PASS_EVERY_MS) return;
      passStartedAt = now;
    }
    const round = await sweepOrphanDocuments(deps, { startAfter: cursor, limit: ROUND_FILES });
    cursor = round.next;
  });
}
