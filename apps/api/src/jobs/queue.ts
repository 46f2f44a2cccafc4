import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { jobs } from '../db/schema.js';

interface EnqueueOptions {
  runAt?: Date;
  /** A second job with the same key is not added: "do this once" work (the expiry reminder). */
  dedupeKey?: string;
  maxAttempts?: number;
}

/** Any drizzle handle: the app's db or a transaction, so a job commits with the change that needs it. */
export type DbOrTx = Pick<Db, 'insert' | 'execute' | 'select' | 'update'>;

export async function enqueueJob(db: DbOrTx, kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<void> {
  await db
    .insert(jobs)
    .values({
      kind,
      payload,
      // Milliseconds, like the worker's clock: a job due "now" must not look 0.5 ms in its future.
      runAt: options.runAt ?? sql`date_trunc('milliseconds', now())`,
      dedupeKey: options.dedupeKey,
      maxAttempts: options.maxAttempts,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}
