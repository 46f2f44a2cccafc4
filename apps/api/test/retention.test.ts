import { eq, inArray, like, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiCache, jobs, loginThrottles, oneTimeTokens, rateLimitCounters, sessions, usedGoogleNonces } from '../src/db/schema.js';
import { Retention, RETENTION_BATCH, RETENTION_BATCHES_PER_ROUND } from '../src/jobs/retention.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { testClock } from './support/clock.js';
import { createUser } from './support/users.js';

/**
 * Issue 12, defect 6: `jobs`, `rate_limit_counters`, `ai_cache` and `one_time_tokens` grew
 * without bound. The worker's retention round deletes finished jobs after 7 days (failed after
 * 30), counters whose window is over, AI answers after 30 days and one-time tokens a week after
 * use or expiry — and keeps everything younger — in bounded batches.
 */

let ctx: TestContext;
const clock = testClock();
const DAY = 24 * 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/** What the run left of one table's test rows: the values of its text `column` that match `pattern` (LIKE). */
async function valuesLike(column: PgColumn, pattern: string): Promise<unknown[]> {
  const rows = await ctx.app.db.select({ value: column }).from(column.table).where(like(column, pattern));
  return rows.map((row) => row.value);
}

beforeAll(async () => {
  ctx = await setupTestApp({ clock });
});
afterAll(() => ctx?.close());

describe('the retention round', () => {
  it('deletes old finished jobs, expired counters, old AI answers and spent tokens, and keeps the rest', async () => {
    const user = await createUser(ctx.app);
    const tag = `retention-${Date.now()}`;
    await ctx.app.db.insert(jobs).values([
      { kind: `${tag}.done-old`, status: 'done', updatedAt: ago(8 * DAY) },
      { kind: `${tag}.done-new`, status: 'done', updatedAt: ago(6 * DAY) },
      { kind: `${tag}.failed-old`, status: 'failed', updatedAt: ago(31 * DAY) },
      { kind: `${tag}.failed-new`, status: 'failed', updatedAt: ago(8 * DAY) },
      // Work still to do is never deleted, however old.
      { kind: `${tag}.pending-old`, status: 'pending', updatedAt: ago(90 * DAY), runAt: new Date(Date.now() + DAY) },
    ]);
    await ctx.app.db.insert(rateLimitCounters).values([
      { key: `${tag}:expired`, count: 5, resetAt: ago(1000) },
      { key: `${tag}:current`, count: 5, resetAt: new Date(Date.now() + 60_000) },
    ]);
    await ctx.app.db.insert(aiCache).values([
      { key: `${tag}:old`, value: { a: 1 }, createdAt: ago(31 * DAY) },
      { key: `${tag}:new`, value: { a: 2 }, createdAt: ago(29 * DAY) },
    ]);
    await ctx.app.db.insert(oneTimeTokens).values([
      { userId: user.id, purpose: 'reset_password', tokenHash: `${tag}-used-old`, expiresAt: ago(7 * DAY), usedAt: ago(8 * DAY) },
      { userId: user.id, purpose: 'reset_password', tokenHash: `${tag}-expired-old`, expiresAt: ago(8 * DAY) },
      {
        userId: user.id,
        purpose: 'verify_email',
        tokenHash: `${tag}-used-recent`,
        expiresAt: new Date(Date.now() + DAY),
        usedAt: ago(DAY),
      },
      { userId: user.id, purpose: 'verify_email', tokenHash: `${tag}-live`, expiresAt: new Date(Date.now() + DAY) },
    ]);

    const [expiredSession, liveSession] = [crypto.randomUUID(), crypto.randomUUID()];
    await ctx.app.db.insert(sessions).values([
      { id: expiredSession, userId: user.id, expiresAt: ago(1000) },
      { id: liveSession, userId: user.id, expiresAt: new Date(Date.now() + DAY) },
    ]);
    await ctx.app.db.insert(loginThrottles).values([
      { key: `${tag}:forgotten`, account: null, failures: 9, forgetAt: ago(1000) },
      { key: `${tag}:remembered`, account: null, failures: 9, forgetAt: new Date(Date.now() + DAY) },
    ]);
    await ctx.app.db.insert(usedGoogleNonces).values([
      { nonceHash: `${tag}:expired`, expiresAt: ago(1000) },
      { nonceHash: `${tag}:live`, expiresAt: new Date(Date.now() + DAY) },
    ]);

    await new Retention(ctx.app.db, ctx.app.clock, ctx.app.log).run();

    const userSessions = await ctx.app.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, [expiredSession, liveSession]));
    expect(userSessions.map((r) => r.id)).toEqual([liveSession]);
    expect(await valuesLike(loginThrottles.key, `${tag}:%`)).toEqual([`${tag}:remembered`]);
    expect(await valuesLike(usedGoogleNonces.nonceHash, `${tag}:%`)).toEqual([`${tag}:live`]);

    const jobKinds = (await valuesLike(jobs.kind, `${tag}.%`)).sort();
    expect(jobKinds).toEqual([`${tag}.done-new`, `${tag}.failed-new`, `${tag}.pending-old`]);
    expect(await valuesLike(rateLimitCounters.key, `${tag}:%`)).toEqual([`${tag}:current`]);
    expect(await valuesLike(aiCache.key, `${tag}:%`)).toEqual([`${tag}:new`]);
    const tokens = await ctx.app.db.select({ hash: oneTimeTokens.tokenHash }).from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(tokens.map((r) => r.hash).sort()).toEqual([`${tag}-live`, `${tag}-used-recent`]);
  });

  it('runs in the worker, and works off a backlog in bounded batches, round by round', async () => {
    const tag = `backlog-${Date.now()}`;
    const perRound = RETENTION_BATCH * RETENTION_BATCHES_PER_ROUND;
    const backlog = perRound + 300;
    await ctx.app.db.execute(sql`
      insert into jobs (kind, status, updated_at)
      select ${tag}, 'done', now() - interval '10 days' from generate_series(1, ${backlog})`);
    const left = async () =>
      (
        await ctx.app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(eq(jobs.kind, tag))
      )[0]?.n ?? 0;

    const first = await new Retention(ctx.app.db, ctx.app.clock, ctx.app.log).run();
    expect(first.jobs).toBe(perRound);
    expect(await left()).toBe(300);

    // The worker's own round (the task runs when it is due) finishes the rest.
    clock.advance(10 * 60_000);
    await ctx.app.worker.tick();
    expect(await left()).toBe(0);
    await ctx.app.db.delete(jobs).where(inArray(jobs.kind, [tag]));
  });
});
