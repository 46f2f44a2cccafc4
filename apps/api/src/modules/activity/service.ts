import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { dailyCounters } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';

/** What is counted per day (the console's charts). */
export type CounterName = 'search.plain' | 'search.ai';

/** A UTC day as counters and charts name it: '2026-11-24'. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * How long counts wait in the process before one upsert writes them all. A write per search
 * took a row lock on the day's one row and a commit (a WAL flush) per search: under load the
 * searches queued behind each other on that row (issue 11's cost targets).
 */
const COUNTER_FLUSH_MS = 1_000;

/** A count not yet in the table: `day|name` → how many. */
type Pending = Map<string, number>;

/**
 * Daily counters (issue 14): one row per UTC day and name in `daily_counters`. Counts are
 * gathered in the process and added to the rows by one upsert at most every COUNTER_FLUSH_MS
 * and when the app closes — correct across API processes (each adds what it counted). A
 * failed write keeps its counts for the next one; a chart must never fail a search.
 */
export class ActivityCounters {
  private pending: Pending = new Map();
  private writing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger }) {}

  /** Counts one `name` today. */
  count(name: CounterName): void {
    const key = `${utcDay(this.deps.clock.now())}|${name}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), COUNTER_FLUSH_MS);
    // Counting never keeps the process alive: the close hook writes what is left.
    this.timer.unref();
  }

  /** Writes every count gathered so far (one statement): the app's close hook, and the overview before it reads. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.writing;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.writing = this.write(batch);
    await this.writing;
    this.writing = undefined;
  }

  private async write(batch: Pending): Promise<void> {
    try {
      await this.deps.db
        .insert(dailyCounters)
        .values(
          [...batch].map(([key, count]) => {
            const [day, name] = key.split('|') as [string, CounterName];
            return { day, name, count };
          }),
        )
        .onConflictDoUpdate({
          target: [dailyCounters.day, dailyCounters.name],
          set: { count: sql`${dailyCounters.count} + excluded.count` },
        });
    } catch (error) {
      // Kept for the next write: nothing counted is lost to a failed one.
      for (const [key, count] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + count);
      this.scheduleFlush();
      this.deps.log.warn({ err: error, counters: batch.size }, 'could not write activity counters; will try again');
    }
  }
}
