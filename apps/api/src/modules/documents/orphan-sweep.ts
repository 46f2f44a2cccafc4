import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { listingDocuments } from '../../db/schema.js';
import { defineOrphanSweep, type OrphanSweepDependencies } from '../../providers/storage/index.js';

/**
 * Document files nobody points to, as for photos (providers/storage/orphan-sweep.ts): an upload
 * stores its files before the transaction that adds the `listing_documents` rows, a removal
 * deletes the file after its commit; a crash between the two leaves a file with no row. Files
 * older than the grace period that no row names are deleted: a pass at start, then hourly, in
 * bounded rounds.
 */
const ORPHAN_DOCUMENT_GRACE_MS = 60 * 60_000;

const documentSweep = defineOrphanSweep<OrphanSweepDependencies & { db: Db }>({
  task: 'documents.orphan-sweep',
  prefix: 'documents/',
  fileKind: 'document',
  graceMs: ORPHAN_DOCUMENT_GRACE_MS,
  referenced: async ({ db }, keys) => {
    const rows = await db.select({ path: listingDocuments.path }).from(listingDocuments).where(inArray(listingDocuments.path, keys));
    return new Set(rows.map((row) => row.path));
  },
});

export const sweepOrphanDocuments = documentSweep.sweep;
export const registerOrphanDocumentSweep = documentSweep.register;
