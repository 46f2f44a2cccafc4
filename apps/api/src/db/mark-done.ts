import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from './database.js';
import type { feedback, supportRequests } from './schema.js';

/** The tables of what the console's inbox lists: an item is done once, at its `doneAt`. */
type InboxTable = typeof feedback | typeof supportRequests;

/**
 * Marks an inbox item done unless it already is, for the module that owns `table`. Answers
 * when it was done — now, or the earlier time, which a second mark leaves as it was — or null
 * for an unknown id.
 */
export async function markDoneOnce(
  db: Pick<Db, 'select' | 'update'>,
  table: InboxTable,
  id: string,
  now: Date,
): Promise<{ doneAt: Date; changed: boolean } | null> {
  const [marked] = await db
    .update(table)
    .set({ doneAt: now })
    .where(and(eq(table.id, id), isNull(table.doneAt)))
    .returning({ doneAt: table.doneAt });
  if (marked?.doneAt) return { doneAt: marked.doneAt, changed: true };
  const [row] = await db.select({ doneAt: table.doneAt }).from(table).where(eq(table.id, id)).limit(1);
  return row?.doneAt ? { doneAt: row.doneAt, changed: false } : null;
}
