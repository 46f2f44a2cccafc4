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
const RETENTION = {
  doneJobsMs: 7 * DAY_MS,
  failedJobsMs: 30 * DAY_MS,
  aiCacheMs: 30 * DAY_MS,
  oneTimeTokensMs: 7 * DAY_MS,
} as const;

/** Rows deleted per table per statement, and statements per table per round: a round's work is bounded. */
export const RETENTION_BATCH = 500;
export const RETENTION_BATCHES_PER_ROUND = 4;

interface RetentionResult {
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
    // Each rule: the table, the column that names a row, and which rows are old.
    const rules: Record<keyof RetentionResult, { table: string; key: string; old: SQL }> = {
      jobs: {
        table: 'jobs',
        key: 'id',
        old: sql`(status = 'done' and updated_at < ${ago(RETENTION.doneJobsMs)})
             or (status = 'failed' and updated_at < ${ago(RETENTION.failedJobsMs)})`,
      },
      rateLimitCounters: { table: 'rate_limit_counters', key: 'key', old: sql`reset_at < ${now}` },
      aiCache: { table: 'ai_cache', key: 'key', old: sql`created_at < ${ago(RETENTION.aiCacheMs)}` },
      oneTimeTokens: {
        table: 'one_time_tokens',
        key: 'id',
        old: sql`used_at < ${ago(RETENTION.oneTimeTokensMs)} or expires_at < ${ago(RETENTION.oneTimeTokensMs)}`,
      },
      // An expired token no longer works whether or not its row is there; logins also clear
      // their own user's, this catches users who never come back.
      sessions: { table: 'sessions', key: 'id', old: sql`expires_at < ${now}` },
      loginThrottles: { table: 'login_throttles', key: 'key', old: sql`forget_at < ${now}` },
      googleNonces: { table: 'used_google_nonces', key: 'nonce_hash', old: sql`expires_at < ${now}` },
    };
    const result = {} as RetentionResult;
    for (const [name, { table, key, old }] of Object.entries(rules) as [keyof RetentionResult, (typeof rules)[keyof RetentionResult]][]) {
      const [t, k] = [sql.identifier(table), sql.identifier(key)];
      result[name] = await this.sweep(
        sql`delete from ${t} where ${k} in (select ${k} from ${t} where ${old} limit ${RETENTION_BATCH}) returning 1`,
      );
    }
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
