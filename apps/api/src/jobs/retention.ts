import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';

/** The periodic clean-up's name (worker) and how often it runs. */
export const RETENTION_TASK = 'retention';
export const RETENTION_EVERY_MS = 5 * 60_000;

const DAY_MS = 24 * 3600_000;

/**
 * How long finished work and short-lived rows are kept (issue 12: `jobs`, `rate_limit_counters`,
 * `ai_cache` and `one_time_tokens` grew without bound). Done jobs go after 7 days (a sent mail's
 * payload is already redacted when it is marked done), failed ones after 30 (kept for a look at
 * `last_error`); counters once their window is over; AI answers after 30 days (asked again when
 * needed); one-time tokens (hashes only) a week after they were used or expired (a link clicked in that week
 * still says it was used or expired, not unknown); sessions, login-failure counters and used Google
 * nonces once they have expired or been forgotten.
 */
export const RETENTION = {
  doneJobsMs: 7 * DAY_MS,
  failedJobsMs: 30 * DAY_MS,
  aiCacheMs: 30 * DAY_MS,
  oneTimeTokensMs: 7 * DAY_MS,
} as const;

/** Rows deleted per table per statement, and statements per table per round: a round's work is bounded. */
export const RETENTION_BATCH = 500;
export const RETENTION_BATCHES_PER_ROUND = 4;

export interface RetentionResult {
  jobs: number;
  rateLimitCounters: number;
  aiCache: number;
  oneTimeTokens: number;
  sessions: number;
  loginThrottles: number;
  googleNonces: number;
}

/**
 * Deletes what the retention rules say is old, in bounded batches (a backlog is worked off over
 * several rounds, never in one long statement). "Now" is the earlier of the app's clock and the
 * database's, so a clock set ahead (tests) never deletes what is young by the database's time.
 */
export class Retention {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run(): Promise<RetentionResult> {
    const now = sql`least(${this.clock.now().toISOString()}::timestamptz, now())`;
    const ago = (ms: number): SQL => sql`(${now} - make_interval(secs => ${ms / 1000}))`;
    const result: RetentionResult = {
      jobs: await this.sweep(
        sql`delete from jobs where id in (
          select id from jobs
          where (status = 'done' and updated_at < ${ago(RETENTION.doneJobsMs)})
             or (status = 'failed' and updated_at < ${ago(RETENTION.failedJobsMs)})
          limit ${RETENTION_BATCH}) returning 1`,
      ),
      rateLimitCounters: await this.sweep(
        sql`delete from rate_limit_counters where key in (
          select key from rate_limit_counters where reset_at < ${now} limit ${RETENTION_BATCH}) returning 1`,
      ),
      aiCache: await this.sweep(
        sql`delete from ai_cache where key in (
          select key from ai_cache where created_at < ${ago(RETENTION.aiCacheMs)} limit ${RETENTION_BATCH}) returning 1`,
      ),
      oneTimeTokens: await this.sweep(
        sql`delete from one_time_tokens where id in (
          select id from one_time_tokens
          where used_at < ${ago(RETENTION.oneTimeTokensMs)} or expires_at < ${ago(RETENTION.oneTimeTokensMs)}
          limit ${RETENTION_BATCH}) returning 1`,
      ),
      // An expired token no longer works whether or not its row is there; logins also clear
      // their own user's, this catches users who never come back.
      sessions: await this.sweep(
        sql`delete from sessions where id in (
          select id from sessions where expires_at < ${now} limit ${RETENTION_BATCH}) returning 1`,
      ),
      loginThrottles: await this.sweep(
        sql`delete from login_throttles where key in (
          select key from login_throttles where forget_at < ${now} limit ${RETENTION_BATCH}) returning 1`,
      ),
      googleNonces: await this.sweep(
        sql`delete from used_google_nonces where nonce_hash in (
          select nonce_hash from used_google_nonces where expires_at < ${now} limit ${RETENTION_BATCH}) returning 1`,
      ),
    };
    const total = Object.values(result).reduce((sum, count) => sum + count, 0);
    if (total > 0) this.log.info({ deleted: result }, 'retention clean-up');
    return result;
  }

  private async sweep(statement: SQL): Promise<number> {
    let deleted = 0;
    for (let batch = 0; batch < RETENTION_BATCHES_PER_ROUND; batch += 1) {
      const count = (await this.db.execute(statement)).rows.length;
      deleted += count;
      if (count < RETENTION_BATCH) break;
    }
    return deleted;
  }
}
