import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { loginThrottles } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { tooManyAttempts } from '../../lib/rate-limiter.js';

/**
 * Limits password guessing without letting anyone lock the owner out (issue 12, defect 5).
 *
 * Failed logins are counted in three scopes, each with a number of free failures and then a
 * delay that doubles with every further failure ('Too many attempts. Please try again in N
 * seconds.', 429, Retry-After: N):
 * - account-and-address: the attacker's own address is slowed down; the owner, from any other
 *   address, is not affected at all;
 * - address, across accounts (looser): one address trying many accounts;
 * - account, across addresses (loosest, and with a short maximum delay): a distributed attacker
 *   who rotates addresses. Trade-off: this is the one scope an attacker can make the owner feel.
 *   It only starts after ACCOUNT_FACTOR times the per-address allowance — more than any single
 *   address can reach, since its own delays stop it first — and its delay never exceeds
 *   ACCOUNT_MAX_DELAY_S, so at worst the owner waits a minute, while the attacker, however many
 *   addresses it has, gets about one guess a minute on the account. A lock-out would instead
 *   hand every stranger the power to shut the owner out, which is defect 5 itself.
 *
 * An attempt reserves its failure before the password is checked (one atomic upsert per scope),
 * so parallel bursts cannot slip past a delay; a right password gives the reservation back.
 * Attempts refused during a delay are not counted. Failures are forgotten WINDOW_MS after the
 * last delay ended; a password reset forgets the account's counters at once.
 */

const WINDOW_MS = 15 * 60_000;
/** First delay once a scope's free failures are used up; each further failure doubles it. */
const BASE_DELAY_S = 15;
const MAX_DELAY_S = 60 * 60;
const ACCOUNT_FACTOR = 5;
const ACCOUNT_BASE_DELAY_S = 2;
const ACCOUNT_MAX_DELAY_S = 60;

interface LoginThrottleSettings {
  enabled: boolean;
  /** Free failed logins per account and address (RATE_LIMIT_LOGIN_PER_15_MIN). */
  perAccountAndAddress: number;
  /** Free failed logins per address, across accounts (RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN). */
  perAddress: number;
}

interface Scope {
  key: string;
  account: string | null;
  free: number;
  baseDelayS: number;
  maxDelayS: number;
}

export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: LoginThrottleSettings,
  ) {}

  private scopes(email: string, ip: string): Scope[] {
    const { perAccountAndAddress, perAddress } = this.settings;
    return [
      { key: `pair:${ip}:${email}`, account: email, free: perAccountAndAddress, baseDelayS: BASE_DELAY_S, maxDelayS: MAX_DELAY_S },
      { key: `ip:${ip}`, account: null, free: perAddress, baseDelayS: BASE_DELAY_S, maxDelayS: MAX_DELAY_S },
      {
        key: `account:${email}`,
        account: email,
        free: perAccountAndAddress * ACCOUNT_FACTOR,
        baseDelayS: ACCOUNT_BASE_DELAY_S,
        maxDelayS: ACCOUNT_MAX_DELAY_S,
      },
    ];
  }

  /**
   * Runs `attempt` (the password check) unless a delay is in force for this account and address;
   * a failed attempt (it throws) stays counted, a successful one is forgiven.
   */
  async guard<T>(email: string, ip: string, attempt: () => Promise<T>): Promise<T> {
    if (!this.settings.enabled) return attempt();
    const scopes = this.scopes(email, ip);
    const reserved: Scope[] = [];
    for (const scope of scopes) {
      const wait = await this.reserve(scope);
      if (wait > 0) {
        for (const done of reserved) await this.release(done);
        throw tooManyAttempts(wait);
      }
      reserved.push(scope);
    }
    const result = await attempt();
    // The right password: this address has proved itself for this account.
    const [pair, ...others] = scopes;
    if (pair) await this.db.delete(loginThrottles).where(eq(loginThrottles.key, pair.key));
    for (const scope of others) await this.release(scope);
    return result;
  }

  /** A password reset: the account's counters (every address) are forgotten. */
  async clearAccount(email: string): Promise<void> {
    await this.db.delete(loginThrottles).where(eq(loginThrottles.account, email));
  }

  /** Counts one failure in advance; answers the seconds to wait instead when a delay is in force. */
  private async reserve(scope: Scope): Promise<number> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const windowS = WINDOW_MS / 1000;
    const failures = sql`(case when t.forget_at <= ${nowIso}::timestamptz then 1 else t.failures + 1 end)`;
    const delay = sql`least(${scope.maxDelayS}::float8, ${scope.baseDelayS}::float8 * power(2::float8, (${failures} - ${scope.free})::float8))`;
    const firstLock = scope.free <= 1 ? new Date(now.getTime() + scope.baseDelayS * 1000).toISOString() : null;
    const firstForget = new Date((firstLock ? new Date(firstLock).getTime() : now.getTime()) + WINDOW_MS).toISOString();
    const result = await this.db.execute<{ failures: number }>(sql`
      insert into login_throttles as t (key, account, failures, locked_until, forget_at)
      values (${scope.key}, ${scope.account}, 1, ${firstLock}::timestamptz, ${firstForget}::timestamptz)
      on conflict (key) do update set
        failures = ${failures},
        locked_until = case when ${failures} >= ${scope.free}
          then ${nowIso}::timestamptz + ${delay} * interval '1 second' else null end,
        forget_at = case when ${failures} >= ${scope.free}
          then ${nowIso}::timestamptz + (${delay} + ${windowS}::float8) * interval '1 second'
          else ${nowIso}::timestamptz + ${windowS}::float8 * interval '1 second' end
      where t.locked_until is null or t.locked_until <= ${nowIso}::timestamptz
      returning t.failures`);
    if (result.rows.length > 0) return 0;
    const [row] = await this.db
      .select({ lockedUntil: loginThrottles.lockedUntil })
      .from(loginThrottles)
      .where(eq(loginThrottles.key, scope.key))
      .limit(1);
    if (!row?.lockedUntil) return 0;
    return Math.max(1, Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000));
  }

  /** Gives back a reserved failure (the attempt was right, or refused by another scope). */
  private async release(scope: Scope): Promise<void> {
    await this.db.execute(sql`
      update login_throttles set
        failures = greatest(failures - 1, 0),
        locked_until = case when failures - 1 < ${scope.free} then null else locked_until end
      where key = ${scope.key}`);
  }
}
