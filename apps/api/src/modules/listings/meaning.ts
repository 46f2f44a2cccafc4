import { findFamily } from '@benchmarket/shared';
import { eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { listings } from '../../db/schema.js';
import type { LocalMeaningModel } from '../../providers/embeddings/local-meaning.js';

/**
 * A listing's meaning vector (the local model's; search finds listings by it) and the model
 * that made it, derived from what the seller wrote like its category and search terms, and
 * written in the same statement.
 */
export function listingMeaning(
  model: LocalMeaningModel,
  listing: { title: string; description: string; category: string | null },
): { meaning: number[] | null; meaningModel: string } {
  const vector = model.embedListing({
    title: listing.title,
    description: listing.description,
    family: findFamily(listing.category)?.name,
  });
  return { meaning: vector ? Array.from(vector, (x) => Math.round(x * 1e6) / 1e6) : null, meaningModel: model.id };
}

/** Whether any listing lacks the current model's meaning (one indexed probe; no model needed). */
export async function needsMeaning(db: Db, modelId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(or(isNull(listings.meaningModel), ne(listings.meaningModel, modelId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The job that asks the AI endpoint (when one is configured) for a listing's embedding; the
 * search module handles it. Queued on create and edit so an edited listing is found by its
 * new meaning within a worker round, not at the next backfill sweep.
 */
export const LISTING_EMBED_JOB = 'listings.embed';

/** Rows re-embedded per statement by the backfill. */
const BACKFILL_BATCH = 200;

/**
 * Gives every listing made before the current model (or by other rules) its meaning, a batch
 * at a time. Resumable by construction: a done row carries the current model and is not read
 * again, so a crash or a stop loses at most the batch in flight. Returns how many were done.
 */
export async function backfillMeanings(db: Db, model: LocalMeaningModel, maxRows = Number.POSITIVE_INFINITY): Promise<number> {
  if (!(await needsMeaning(db, model.id))) return 0;
  let done = 0;
  while (done < maxRows) {
    const rows = await db
      .select({ id: listings.id, title: listings.title, description: listings.description, category: listings.category })
      .from(listings)
      .where(or(isNull(listings.meaningModel), ne(listings.meaningModel, model.id)))
      .orderBy(listings.id)
      .limit(Math.min(BACKFILL_BATCH, maxRows - done));
    if (rows.length === 0) break;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        await tx.update(listings).set(listingMeaning(model, row)).where(eq(listings.id, row.id));
      }
    });
    done += rows.length;
  }
  return done;
}
