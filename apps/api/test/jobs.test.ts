import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.js';
import { enqueueJob } from '../src/jobs/queue.js';
import { LOCK_SECONDS, retryDelaySeconds, Worker } from '../src/jobs/worker.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { testClock } from './support/clock.js';

let ctx: TestContext;
const clock = testClock();
const SECOND = 1000;

beforeAll(async () => {
  ctx = await setupTestApp({ clock });
});
afterAll(() => ctx?.close());
afterEach(() => clock.reset());

let kinds = 0;
/** A job kind of its own for each test, so no test runs another's jobs. */
const newKind = (name: string) => `test.${name}.${(kinds += 1)}`;

/** Handles `kind` by counting its runs (then `onRun(run)`, which may throw); answers how many so far. */
function countRuns(kind: string, onRun: (run: number) => void = () => {}): () => number {
  let runs = 0;
  ctx.app.worker.handle(kind, async () => {
    runs += 1;
    onRun(runs);
  });
  return () => runs;
}

async function jobsOf(kind: string) {
  return ctx.app.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.id);
}
async function onlyJob(kind: string) {
  const rows = await jobsOf(kind);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** A worker round now does not run the job; one `seconds` later runs it once. */
async function expectRunOnlyAfter(ran: () => number, seconds: number): Promise<void> {
  await ctx.app.worker.runDueJobs();
  expect(ran()).toBe(0);
  clock.advance(seconds * SECOND);
  await ctx.app.worker.runDueJobs();
  expect(ran()).toBe(1);
}

/** A job as a worker that claimed it and was killed leaves it: running, its lock `seconds` from now. */
async function insertAbandonedJob(kind: string, seconds: number): Promise<void> {
  await ctx.app.db.insert(jobs).values({
    kind,
    status: 'running',
    attempts: 1,
    lockedUntil: new Date(clock.now().getTime() + seconds * SECOND),
  });
}

describe('the worker', () => {
  it('runs a due job once and marks it done', async () => {
    const kind = newKind('once');
    const seen: unknown[] = [];
    ctx.app.worker.handle(kind, async (payload) => {
      seen.push(payload);
    });
    await enqueueJob(ctx.app.db, kind, { n: 1 });
    await ctx.app.worker.runDueJobs();
    await ctx.app.worker.runDueJobs();
    expect(seen).toEqual([{ n: 1 }]);
    expect(await onlyJob(kind)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
  });

  it('runs a job enqueued for now at once, even within the same millisecond', async () => {
    const kind = newKind('immediate');
    const calls = countRuns(kind);
    for (let round = 1; round <= 40; round += 1) {
      await enqueueJob(ctx.app.db, kind, {});
      await ctx.app.worker.runDueJobs();
      expect(calls()).toBe(round);
    }
  });

  it('retries a failing job with exponential back-off (2 s, then 4 s) until it succeeds', async () => {
    const kind = newKind('flaky');
    const calls = countRuns(kind, (run) => {
      if (run <= 2) throw new Error(`SMTP said no (${run})`);
    });
    await enqueueJob(ctx.app.db, kind, {});

    const firstRun = clock.now().getTime();
    await ctx.app.worker.runDueJobs();
    let row = await onlyJob(kind);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP said no (1)' });
    expect(row.runAt.getTime() - firstRun).toBeGreaterThanOrEqual(2 * SECOND);
    expect(row.runAt.getTime() - firstRun).toBeLessThan(3 * SECOND);

    await ctx.app.worker.runDueJobs(); // not due yet
    expect(calls()).toBe(1);

    clock.advance(2.1 * SECOND);
    await ctx.app.worker.runDueJobs();
    expect(calls()).toBe(2);
    row = await onlyJob(kind);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastError: 'SMTP said no (2)' });

    clock.advance(3 * SECOND); // the second delay is 4 s
    await ctx.app.worker.runDueJobs();
    expect(calls()).toBe(2);

    clock.advance(1.1 * SECOND);
    await ctx.app.worker.runDueJobs();
    expect(calls()).toBe(3);
    expect(await onlyJob(kind)).toMatchObject({ status: 'done', attempts: 3, lastError: null });
  });

  it('gives up after max_attempts and keeps the last error', async () => {
    const kind = newKind('broken');
    const calls = countRuns(kind, () => {
      throw new Error('always fails');
    });
    await enqueueJob(ctx.app.db, kind, {}, { maxAttempts: 2 });
    await ctx.app.worker.runDueJobs();
    clock.advance(3 * SECOND);
    await ctx.app.worker.runDueJobs();
    expect(await onlyJob(kind)).toMatchObject({ status: 'failed', attempts: 2, lastError: 'always fails' });
    clock.advance(2 * 3600 * SECOND);
    await ctx.app.worker.runDueJobs();
    expect(calls()).toBe(2);
  });

  it('keeps a job without a handler, and runs it once a handler exists', async () => {
    const kind = newKind('later-handler');
    await enqueueJob(ctx.app.db, kind, {});
    await ctx.app.worker.runDueJobs();
    expect(await onlyJob(kind)).toMatchObject({ status: 'pending', lastError: `no handler for job kind ${kind}` });

    const ran = countRuns(kind);
    clock.advance(3 * SECOND);
    await ctx.app.worker.runDueJobs();
    expect(ran()).toBe(1);
    expect((await onlyJob(kind)).status).toBe('done');
  });

  it('waits until the time a job is scheduled for', async () => {
    const kind = newKind('scheduled');
    const ran = countRuns(kind);
    await enqueueJob(ctx.app.db, kind, {}, { runAt: new Date(clock.now().getTime() + 60 * SECOND) });
    await expectRunOnlyAfter(ran, 61);
  });

  it('picks up a job that a crashed worker left running, once its lock has expired', async () => {
    const kind = newKind('orphaned');
    const ran = countRuns(kind);
    await insertAbandonedJob(kind, 60);
    await expectRunOnlyAfter(ran, 61);
    expect(await onlyJob(kind)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it("picks up a crashed worker's job within 30 s of its last heartbeat (the lock was 120 s)", async () => {
    expect(LOCK_SECONDS).toBe(30);
    const kind = newKind('crashed');
    const ran = countRuns(kind);
    await insertAbandonedJob(kind, LOCK_SECONDS);
    clock.advance(29 * SECOND);
    await expectRunOnlyAfter(ran, 2);
  });

  it('keeps extending the lock of a job that runs longer than the lock, so no second worker takes it', async () => {
    const kind = newKind('slow');
    const first = new Worker(ctx.app.db, ctx.app.log, clock, { lockSeconds: 30, heartbeatMs: 20 });
    const second = new Worker(ctx.app.db, ctx.app.log, clock, { lockSeconds: 30 });
    let runs = 0;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    first.handle(kind, async () => {
      runs += 1;
      await released;
    });
    second.handle(kind, async () => {
      runs += 1;
    });
    await enqueueJob(ctx.app.db, kind, {});
    const running = first.runDueJobs();
    await expect.poll(() => runs).toBe(1);
    // A minute passes while the job runs: the heartbeat moved its lock along.
    for (let step = 0; step < 6; step += 1) {
      clock.advance(10 * SECOND);
      await new Promise((resolve) => setTimeout(resolve, 60));
      await second.runDueJobs();
    }
    expect(runs).toBe(1);
    expect((await onlyJob(kind)).lockedUntil!.getTime()).toBeGreaterThan(clock.now().getTime());
    release();
    await running;
    expect(await onlyJob(kind)).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null });
  });

  it('keeps only what a job kind allows of a payload once the job is done or finally failed', async () => {
    const kind = newKind('redacted');
    const secret = 'token-' + 'x'.repeat(20);
    ctx.app.worker.handle(
      kind,
      async (payload) => {
        if (payload.fail) throw new Error('refused');
      },
      { redact: (payload) => ({ to: payload.to }) },
    );
    await enqueueJob(ctx.app.db, kind, { to: 'a@example.com', link: secret });
    await enqueueJob(ctx.app.db, kind, { to: 'b@example.com', link: secret, fail: true }, { maxAttempts: 1 });
    await ctx.app.worker.runDueJobs();
    const rows = await jobsOf(kind);
    expect(rows.map((row) => [row.status, row.payload])).toEqual([
      ['done', { to: 'a@example.com' }],
      ['failed', { to: 'b@example.com' }],
    ]);
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('adds a job with a dedupe key only once', async () => {
    const kind = newKind('dedupe');
    await enqueueJob(ctx.app.db, kind, { n: 1 }, { dedupeKey: `${kind}:listing-1` });
    await enqueueJob(ctx.app.db, kind, { n: 2 }, { dedupeKey: `${kind}:listing-1` });
    expect((await onlyJob(kind)).payload).toEqual({ n: 1 });
    ctx.app.worker.handle(kind, async () => {});
    await ctx.app.worker.runDueJobs();
  });

  it('does each job once when two workers run at the same time', async () => {
    const kind = newKind('shared');
    const runs = new Map<number, number>();
    const handler = async (payload: Record<string, unknown>) => {
      const n = payload.n as number;
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    const other = new Worker(ctx.app.db, ctx.app.log, clock);
    ctx.app.worker.handle(kind, handler);
    other.handle(kind, handler);
    for (let n = 0; n < 30; n += 1) await enqueueJob(ctx.app.db, kind, { n });
    await Promise.all([ctx.app.worker.runDueJobs(), other.runDueJobs()]);
    expect(runs.size).toBe(30);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect((await jobsOf(kind)).every((row) => row.status === 'done')).toBe(true);
  });

  it('polls by itself once started, and stops', async () => {
    const kind = newKind('polled');
    let resolveRan: () => void = () => {};
    const ran = new Promise<void>((resolve) => {
      resolveRan = resolve;
    });
    ctx.app.worker.handle(kind, async () => resolveRan());
    ctx.app.worker.start(50);
    try {
      await enqueueJob(ctx.app.db, kind, {});
      await ran;
    } finally {
      await ctx.app.worker.stop();
    }
    await expect.poll(async () => (await onlyJob(kind)).status).toBe('done');
  });

  it('on stop, finishes the job in hand and hands the rest of its batch back, due at once and unlocked (issue 17)', async () => {
    const kind = newKind('draining');
    const started: number[] = [];
    let releaseFirst: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstStarted: () => void = () => {};
    const firstRunning = new Promise<void>((resolve) => {
      firstStarted = resolve;
    });
    const stopping = new Worker(ctx.app.db, ctx.app.log, clock);
    stopping.handle(kind, async (payload) => {
      started.push(payload.n as number);
      firstStarted();
      await firstHeld;
    });
    for (let n = 0; n < 5; n += 1) await enqueueJob(ctx.app.db, kind, { n });

    stopping.start(50);
    await firstRunning;
    const stopped = stopping.stop();
    releaseFirst();
    await stopped;

    expect(started).toHaveLength(1);
    const rows = await jobsOf(kind);
    const finished = rows.filter((row) => row.payload.n === started[0]);
    const handedBack = rows.filter((row) => row.payload.n !== started[0]);
    expect(finished.map((row) => [row.status, row.attempts, row.lockedUntil])).toEqual([['done', 1, null]]);
    expect(handedBack.map((row) => [row.status, row.attempts, row.lockedUntil])).toEqual(
      Array.from({ length: 4 }, () => ['pending', 0, null]),
    );
    // Another process's worker takes them on its next round, without waiting for a lock to run out.
    const ran = countRuns(kind);
    await ctx.app.worker.runDueJobs();
    expect(ran()).toBe(4);
  });
});

describe('retryDelaySeconds', () => {
  it('doubles from 2 seconds and stops at one hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([2, 4, 8, 16]);
    expect(retryDelaySeconds(12)).toBe(3600);
    expect(retryDelaySeconds(50)).toBe(3600);
  });
});
