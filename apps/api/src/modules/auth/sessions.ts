import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sessions, users } from '../../db/schema.js';

/**
 * Server-side sessions (issue 12): every access token names its `sessions` row in `jti`, and
 * the current-user query joins that row, so a token whose row is gone stops working at once.
 */

/** Logout: the presented token stops working. */
export async function endSession(db: Db, userId: string, sessionId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
}

/**
 * 'Log out everywhere' (and a password reset): every token of the user stops working — the
 * rows go and the token version moves on, which also covers tokens from before sessions existed.
 */
export async function endAllSessions(db: Pick<Db, 'delete' | 'update'>, userId: string, now: Date): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, userId));
}

/** The user's sessions that have expired anyway (kept tidy at each login, by the user index). */
export async function pruneExpiredSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
}
