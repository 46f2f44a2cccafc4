import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { listingDocuments } from '../../db/schema.js';
import {
  registerOrphanSweepRounds,
  sweepUnreferencedFiles,
  type OrphanSweepDependencies,
  type OrphanSweepResult,
  type OrphanSweepRound,
  type PeriodicWorker,
} from '../../providers/storage/index.js';

/**
 * Document files nobody points to, as for photos (providers/storage/orphan-sweep.ts): an upload
 * stores its files before the transaction that adds the `listing_documents` rows, a removal
 * deletes the file after its commit; a crash between the two leaves a file with no row. Files
 * older than the grace period that no row names are deleted: a pass at start, then hourly, in
 * bounded rounds.
 */
const ORPHAN_DOCUMENT_SWEEP = 'documents.orphan-sweep';
export const ORPHAN_DOCUMENT_GRACE_MS = 60 * 60_000;
const DOCUMENTS_PREFIX = 'documents/';

type Dependencies = OrphanSweepDependencies & { db: Db };

export async function sweepOrphanDocuments(
  deps: Dependencies,
  options: OrphanSweepRound & { graceMs?: number } = {},
): Promise<OrphanSweepResult> {
  const result = await sweepUnreferencedFiles(
    {
      ...deps,
      prefix: DOCUMENTS_PREFIX,
      fileKind: 'document',
      graceMs: options.graceMs ?? ORPHAN_DOCUMENT_GRACE_MS,
      referenced: async (keys) => {
        const rows = await deps.db
          .select({ path: listingDocuments.path })
          .from(listingDocuments)
          .where(inArray(listingDocuments.path, keys));
        return new Set(rows.map((row) => row.path));
      },
    },
    options,
  );
  if (result.removed.length > 0) deps.log.info({ removed: result.removed.length }, 'removed document files no listing uses');
  return result;
}

export function registerOrphanDocumentSweep(worker: PeriodicWorker, deps: Dependencies): void {
  registerOrphanSweepRounds(worker, ORPHAN_DOCUMENT_SWEEP, deps.clock, (round) => sweepOrphanDocuments(deps, round));
}
