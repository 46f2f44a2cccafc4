import { findFamily } from '@benchmarket/shared';
import { enqueueJob, type DbOrTx } from '../../jobs/queue.js';
import type { AiEngine } from '../../providers/ai/index.js';
import { LISTING_EMBED_JOB, type ListingsService } from '../listings/index.js';

/**
 * The AI endpoint's embeddings of listings (only with AI_BASE_URL): computed by the worker
 * (`listings.embed` jobs, queued when a listing is created or edited, and a backfill sweep)
 * and stored in `listings.embedding` through the listings module; search's nearest-neighbour
 * retrieval reads them (meaning-search.ts; decision 009).
 */
export const EMBED_JOB = LISTING_EMBED_JOB;
const EMBED_BACKFILL_TASK = 'listings.embed-backfill';
const EMBED_BACKFILL_EVERY_MS = 60_000;
const EMBED_BATCH = 32;
/** Characters of a listing sent to the embedding model. */
const EMBED_TEXT_LIMIT = 2000;

type ListingEmbeddings = Pick<ListingsService, 'embeddingInputs' | 'withoutEmbedding' | 'storeEmbedding'>;

/**
 * Queues the embedding of a listing, in the transaction that creates or edits it (for the
 * listings module). The job does nothing when no AI endpoint is configured.
 */
export async function enqueueEmbedding(tx: DbOrTx, listingId: string): Promise<void> {
  await enqueueJob(tx, EMBED_JOB, { listingId }, { maxAttempts: 5 });
}

/** The text of a listing the embedding represents. */
function embeddingText(listing: { title: string; description: string; category: string | null }): string {
  const family = findFamily(listing.category)?.name;
  return [listing.title, family, listing.description].filter(Boolean).join('\n').slice(0, EMBED_TEXT_LIMIT);
}

/** Embeds listings (by id) and stores the vectors. */
async function embedListings(engine: AiEngine, listings: ListingEmbeddings, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await listings.embeddingInputs(ids);
  if (rows.length === 0) return 0;
  const vectors = await engine.embed(rows.map(embeddingText));
  for (const [i, row] of rows.entries()) {
    const vector = vectors[i];
    if (!vector) continue;
    await listings.storeEmbedding(row.id, vector);
  }
  return rows.length;
}

/** The worker's part: embedding jobs and the backfill sweep of active listings without one (only with an AI endpoint). */
export function registerEmbeddingWork(
  worker: {
    handle(kind: string, handler: (payload: Record<string, unknown>) => Promise<void>): void;
    every(name: string, everyMs: number, task: () => Promise<void>): void;
  },
  engine: AiEngine | undefined,
  listings: ListingEmbeddings,
): void {
  worker.handle(EMBED_JOB, async (payload) => {
    const listingId = typeof payload.listingId === 'string' ? payload.listingId : undefined;
    if (!engine || !listingId) return;
    await embedListings(engine, listings, [listingId]);
  });
  if (engine) {
    worker.every(EMBED_BACKFILL_TASK, EMBED_BACKFILL_EVERY_MS, async () => {
      await embedListings(engine, listings, await listings.withoutEmbedding(EMBED_BATCH));
    });
  }
}
