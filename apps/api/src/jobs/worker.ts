import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';

type JobHandler = (payload: Record<string, unknown>) => Promise<void>;
type PeriodicTask = () => Promise<void>;

interface JobKindOptions {
  /**
   * What of the payload stays once the job is done or has finally failed (issue 12: a sent
   * mail's text with its reset link stayed in `jobs.payload` for ever). Written in the same
   * statement that marks the job done.
   */
  redact?: (payload: Record<string, unknown>) => Record<string, unknown>;
}

type ClaimedJob = {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
};

/**
 * A claimed job is locked this long, and the lock is extended every HEARTBEAT_MS while its
 * handler runs: a job of a crashed worker is picked up again after at most 30 s (it was 120 s),
 * and a slow job is never taken over by a second worker while its own is alive.
 */
export const LOCK_SECONDS = 30;
const HEARTBEAT_MS = 10_000;
const BATCH = 10;

/** Exponential back-off: 2 s, 4 s, 8 s … capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(2 ** attempts, 3600);
}

/**
 * Does the work written to the `jobs` table (mail, reminders, embeddings) with retries, and
 * runs periodic sweeps. Rows are claimed with SKIP LOCKED, so several API processes can each
 * run a worker without doing a job twice.
 */
export class Worker {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly kindOptions = new Map<string, JobKindOptions>();
  private readonly periodic: { name: string; everyMs: number; task: PeriodicTask; lastRun: number }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** Set by `stop()`: the round under way finishes its job in hand and hands the rest back. */
  private draining = false;

  private readonly lockSeconds: number;
  private readonly heartbeatMs: number;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
    options: { lockSeconds?: number; heartbeatMs?: number } = {},
  ) {
    this.lockSeconds = options.lockSeconds ?? LOCK_SECONDS;
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  }

  handle(kind: string, handler: JobHandler, options: JobKindOptions = {}): void {
    this.handlers.set(kind, handler);
    this.kindOptions.set(kind, options);
  }

  every(name: string, everyMs: number, task: PeriodicTask): void {
    this.periodic.push({ name, everyMs, task, lastRun: 0 });
  }

  start(pollMs: number): void {
    this.stopped = false;
    const loop = (): void => {
      if (this.stopped) return;
      this.running = this.tick()
        .catch((error: unknown) => this.log.error({ err: error }, 'worker tick failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, pollMs);
        });
    };
    loop();
  }

  /** Settles when the round under way is over (right after `start`, the first one). */
  async settled(): Promise<void> {
    await this.running;
  }

  /**
   * Stops polling and waits for the job in hand (a deploy's SIGTERM, issue 17); the jobs claimed
   * with it and not started yet are handed back at once, not left locked for LOCK_SECONDS.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.draining = true;
    if (this.timer) clearTimeout(this.timer);
    try {
      await this.running;
    } finally {
      // A stopped worker's rounds run whole again when called directly (tests, the admin CLI).
      this.draining = false;
    }
  }

  /** One round: due periodic tasks, then every due job. Tests call it directly. */
  async tick(): Promise<void> {
    const now = this.clock.now().getTime();
    for (const entry of this.periodic) {
      if (this.draining) return;
      if (now - entry.lastRun < entry.everyMs) continue;
      entry.lastRun = now;
      try {
        await entry.task();
      } catch (error) {
        this.log.error({ err: error, task: entry.name }, 'periodic task failed');
      }
    }
    await this.runDueJobs();
  }

  async runDueJobs(): Promise<number> {
    let done = 0;
    while (!this.draining) {
      const batch = await this.claim();
      if (batch.length === 0) return done;
      for (const [index, job] of batch.entries()) {
        if (this.draining) {
          await this.release(batch.slice(index));
          return done;
        }
        await this.run(job);
        done += 1;
      }
    }
    return done;
  }

  /** Claimed jobs that never started go back to the queue as they were, due at once. */
  private async release(jobs: ClaimedJob[]): Promise<void> {
    const ids = jobs.map((job) => job.id);
    await this.db.execute(sql`
      update jobs set status = 'pending', attempts = greatest(attempts - 1, 0), locked_until = null, updated_at = now()
      where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and status = 'running'`);
    this.log.info({ jobs: ids.length }, 'worker stopping: handed claimed jobs back to the queue');
  }

  /**
   * Jobs queued "now" carry the database's clock and retries the worker's; a job is due by
   * either, so a job never waits on a few milliseconds of difference between the two.
   */
  private async claim(): Promise<ClaimedJob[]> {
    const now = this.clock.now().toISOString();
    const result = await this.db.execute<ClaimedJob>(sql`
      update jobs set status = 'running', attempts = attempts + 1,
        locked_until = ${now}::timestamptz + make_interval(secs => ${this.lockSeconds}), updated_at = now()
      where id in (
        select id from jobs
        where (status = 'pending' and run_at <= greatest(${now}::timestamptz, now()))
           or (status = 'running' and locked_until < ${now}::timestamptz)
        order by run_at
        limit ${BATCH}
        for update skip locked
      )
      returning id, kind, payload, attempts, max_attempts`);
    return result.rows;
  }

  /** The payload to keep once the job is finished (all of it unless its kind redacts). */
  private finishedPayload(job: ClaimedJob): string {
    const redact = this.kindOptions.get(job.kind)?.redact;
    return JSON.stringify(redact ? redact(job.payload) : job.payload);
  }

  /** Keeps the job's lock ahead while its handler runs (a crash stops it, and the lock runs out). */
  private heartbeat(job: ClaimedJob): () => void {
    const timer = setInterval(() => {
      const lockedUntil = new Date(this.clock.now().getTime() + this.lockSeconds * 1000).toISOString();
      this.db
        .execute(
          sql`update jobs set locked_until = greatest(locked_until, ${lockedUntil}::timestamptz) where id = ${job.id} and status = 'running'`,
        )
        .catch((error: unknown) => this.log.warn({ err: error, job: job.id }, 'could not extend a job lock'));
    }, this.heartbeatMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  private async run(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.kind);
    const stopHeartbeat = this.heartbeat(job);
    let succeeded = false;
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
      succeeded = true;
    } catch (error) {
      stopHeartbeat();
      const message = error instanceof Error ? error.message : String(error);
      const finalAttempt = job.attempts >= job.max_attempts;
      const retryAt = new Date(this.clock.now().getTime() + retryDelaySeconds(job.attempts) * 1000).toISOString();
      this.log.warn({ err: error, job: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
      // A job that finally failed keeps only what its kind allows, as a done one does.
      const payload = finalAttempt ? this.finishedPayload(job) : JSON.stringify(job.payload);
      await this.db.execute(sql`
        update jobs set status = ${finalAttempt ? 'failed' : 'pending'}, last_error = ${message.slice(0, 2000)},
          run_at = ${retryAt}::timestamptz, locked_until = null, updated_at = now(), payload = ${payload}::jsonb
        where id = ${job.id}`);
    }
    if (!succeeded) return;
    // Marked done right after the handler returns (for mail: the moment the SMTP server accepted
    // the message), with the payload redacted in the same statement. A crash between the two is
    // the one window left in which the job runs again (at-least-once; see docs/security.md).
    try {
      await this.db.execute(sql`
        update jobs set status = 'done', locked_until = null, last_error = null, updated_at = now(),
          payload = ${this.finishedPayload(job)}::jsonb
        where id = ${job.id}`);
    } finally {
      stopHeartbeat();
    }
  }
}
