import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;
export type PeriodicTask = () => Promise<void>;

type ClaimedJob = {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
};

const LOCK_SECONDS = 120;
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
  private readonly periodic: { name: string; everyMs: number; task: PeriodicTask; lastRun: number }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
  ) {}

  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
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

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One round: due periodic tasks, then every due job. Tests call it directly. */
  async tick(): Promise<void> {
    const now = this.clock.now().getTime();
    for (const entry of this.periodic) {
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
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return done;
      for (const job of batch) {
        await this.run(job);
        done += 1;
      }
    }
  }

  /**
   * Jobs queued "now" carry the database's clock and retries the worker's; a job is due by
   * either, so a job never waits on a few milliseconds of difference between the two.
   */
  private async claim(): Promise<ClaimedJob[]> {
    const now = this.clock.now().toISOString();
    const result = await this.db.execute<ClaimedJob>(sql`
      update jobs set status = 'running', attempts = attempts + 1,
        locked_until = ${now}::timestamptz + make_interval(secs => ${LOCK_SECONDS}), updated_at = now()
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

  private async run(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
      await this.db.execute(sql`update jobs set status = 'done', locked_until = null, last_error = null, updated_at = now() where id = ${job.id}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const finalAttempt = job.attempts >= job.max_attempts;
      const retryAt = new Date(this.clock.now().getTime() + retryDelaySeconds(job.attempts) * 1000).toISOString();
      this.log.warn({ err: error, job: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
      await this.db.execute(sql`
        update jobs set status = ${finalAttempt ? 'failed' : 'pending'}, last_error = ${message.slice(0, 2000)},
          run_at = ${retryAt}::timestamptz, locked_until = null, updated_at = now()
        where id = ${job.id}`);
    }
  }
}
