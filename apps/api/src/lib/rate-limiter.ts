import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import type { Clock } from './clock.js';
import { HttpError } from './http-errors.js';

export interface RateRule {
  /** e.g. `login:ip:1.2.3.4` or `login:account:a@b.c` */
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters in the database, so every API process shares them (ARCHITECTURE:
 * "rate-limit counters live in PostgreSQL"). RATE_LIMITS=off turns them off for load tests.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly enabled: boolean,
  ) {}

  /** Counts one hit against the rule; answers whether it is still within the limit. */
  async hit(rule: RateRule): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    if (!this.enabled) return { allowed: true, retryAfterSeconds: 0 };
    const now = this.clock.now();
    const resetAt = new Date(now.getTime() + rule.windowMs).toISOString();
    const nowIso = now.toISOString();
    const result = await this.db.execute<{ count: number; reset_at: string }>(sql`
      insert into rate_limit_counters (key, count, reset_at) values (${rule.key}, 1, ${resetAt}::timestamptz)
      on conflict (key) do update set
        count = case when rate_limit_counters.reset_at <= ${nowIso}::timestamptz then 1 else rate_limit_counters.count + 1 end,
        reset_at = case when rate_limit_counters.reset_at <= ${nowIso}::timestamptz then excluded.reset_at else rate_limit_counters.reset_at end
      returning count, reset_at`);
    const row = result.rows[0];
    if (!row) return { allowed: true, retryAfterSeconds: 0 };
    const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - now.getTime()) / 1000));
    return { allowed: row.count <= rule.limit, retryAfterSeconds };
  }

  /**
   * Takes back the hit `enforce` counted, for attempts that turned out legitimate (a login
   * with the right password): the limits are there for guessing, not for people who sign in
   * from several devices or share a campus address.
   */
  async forgive(rules: RateRule[]): Promise<void> {
    if (!this.enabled) return;
    const nowIso = this.clock.now().toISOString();
    for (const rule of rules) {
      await this.db.execute(sql`
        update rate_limit_counters set count = greatest(count - 1, 0)
        where key = ${rule.key} and reset_at > ${nowIso}::timestamptz`);
    }
  }

  /** Counts a hit on every rule and refuses with 429 and a `detail` when any is over its limit. */
  async enforce(rules: RateRule[]): Promise<void> {
    const results = await Promise.all(rules.map((rule) => this.hit(rule)));
    const refused = results.filter((result) => !result.allowed);
    if (refused.length === 0) return;
    const wait = Math.max(...refused.map((result) => result.retryAfterSeconds));
    throw tooManyAttempts(wait);
  }
}

/** 429 'Too many attempts. Please try again in N seconds.' with a Retry-After header of N. */
export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, `Too many attempts. Please try again in ${formatWait(seconds)}.`, 'rate_limited', {
    'retry-after': String(seconds),
  });
}

export function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 90 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`;
}
