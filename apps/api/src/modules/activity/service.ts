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
 * Daily counters (issue 14): one row per UTC day and name in `daily_counters`, bumped by one
 * upsert — cheap enough for every search, and correct across API processes.
 */
export class ActivityCounters {
  constructor(private readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger }) {}

  /** Counts one `name` today; a failure is logged and swallowed (a chart must never fail a search). */
  async count(name: CounterName): Promise<void> {
    try {
      await this.deps.db
        .insert(dailyCounters)
        .values({ day: utcDay(this.deps.clock.now()), name, count: 1 })
        .onConflictDoUpdate({ target: [dailyCounters.day, dailyCounters.name], set: { count: sql`${dailyCounters.count} + 1` } });
    } catch (error) {
      this.deps.log.warn({ err: error, counter: name }, 'could not count activity');
    }
  }
}
