import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../jobs/queue.js';
import { oneTimeTokens } from '../../db/schema.js';

/**
 * Links sent by mail (verify email, reset password): 32 random bytes, base64url. Only their
 * SHA-256 is stored, so a copy of the database does not let anyone verify or reset.
 */
type TokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Makes a token for `userId`, valid until `expiresAt`; answers the token to put in the link. */
export async function issueToken(db: DbOrTx, userId: string, purpose: TokenPurpose, expiresAt: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(oneTimeTokens).values({ userId, purpose, tokenHash: hashToken(token), expiresAt });
  return token;
}

/**
 * Uses a token: one atomic update that succeeds only while the token is unused and unexpired,
 * so two requests racing with the same link cannot both succeed. Answers the owner, or null.
 */
export async function consumeToken(
  db: DbOrTx,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<{ id: string; userId: string } | null> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ id: oneTimeTokens.id, userId: oneTimeTokens.userId });
  return row ?? null;
}

/** What a token that could not be used was: for a message that says why. */
export async function findToken(
  db: DbOrTx,
  token: string,
  purpose: TokenPurpose,
): Promise<{ userId: string; usedAt: Date | null; expiresAt: Date } | null> {
  const [row] = await db
    .select({ userId: oneTimeTokens.userId, usedAt: oneTimeTokens.usedAt, expiresAt: oneTimeTokens.expiresAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  return row ?? null;
}

/** Marks every outstanding token of the user for `purpose` used (all of them, or all but `exceptId`). */
export async function revokeTokens(db: DbOrTx, userId: string, purpose: TokenPurpose, now: Date, exceptId?: string): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        exceptId ? ne(oneTimeTokens.id, exceptId) : undefined,
      ),
    );
}
