import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { findDemoAccounts } from '../seed/demo-accounts.js';

/**
 * Issue 12, defect 8 (fail-open defaults): every local stand-in a start runs with, named in
 * one loud banner — a warning, or an error with NODE_ENV=production, where each of them is
 * a way to lose money, mail, data or accounts.
 */

interface StandIn {
  /** A stable id for tests and log search. */
  id: string;
  /** One line: what runs instead of the real thing, and what to set to replace it. */
  text: string;
}

interface DatabaseFacts {
  kind: Database['kind'];
  /** `SHOW fsync`: 'off' means a crash can lose or corrupt committed data. */
  fsync: string | undefined;
  /** Demo accounts (published passwords) present in the database. */
  demoAccounts: number;
}

/** What this configuration and database run on that is meant for local use only. */
export function localStandIns(config: AppConfig, facts: DatabaseFacts, jwtSecretGenerated: boolean): StandIn[] {
  const standIns: StandIn[] = [];
  if (!config.stripe.secretKey) {
    standIns.push({
      id: 'sandbox-payments',
      text: 'Payments: the local SANDBOX — no card is charged and any test card "pays" (set STRIPE_SECRET_KEY).',
    });
  }
  if (!config.mail.smtpUrl) {
    standIns.push({ id: 'outbox-mail', text: `Mail: written to files in ${config.dataDir}/outbox, nothing is delivered (set SMTP_URL).` });
  }
  if (facts.kind === 'pglite') {
    standIns.push({
      id: 'embedded-database',
      text: `Database: the EMBEDDED database (PGlite, one process, files in ${config.dataDir}/pglite) with fsync ${facts.fsync ?? 'unknown'}${facts.fsync === 'off' ? ' — a crash or power loss can lose or corrupt committed data' : ''} (set DATABASE_URL).`,
    });
  } else if (facts.fsync === 'off') {
    standIns.push({
      id: 'database-fsync-off',
      text: 'Database: PostgreSQL runs with fsync off — a crash or power loss can lose or corrupt committed data.',
    });
  }
  if (facts.demoAccounts > 0) {
    standIns.push({
      id: 'demo-accounts',
      text: `Accounts: ${facts.demoAccounts} DEMO accounts whose passwords are published in the README can sign in (start on an empty database with DEMO_DATA=0).`,
    });
  }
  if (!config.ai.baseUrl) {
    standIns.push({ id: 'local-ai', text: 'AI: the local engine ranks searches and checks listings (set AI_BASE_URL for a model).' });
  }
  if (!config.s3) {
    standIns.push({
      id: 'local-storage',
      text: `Photos: stored as local files in ${config.dataDir}/uploads, on this machine only (set S3_BUCKET).`,
    });
  }
  if (jwtSecretGenerated) {
    standIns.push({
      id: 'generated-jwt-secret',
      text: `Sign-in tokens: signed with a secret generated into ${config.dataDir}/jwt-secret (set JWT_SECRET).`,
    });
  }
  if (!config.rateLimits.enabled) {
    standIns.push({
      id: 'rate-limits-off',
      text: 'Rate limits: OFF — logins, registrations and messages are not limited (unset RATE_LIMITS).',
    });
  }
  return standIns;
}

/** Whether the JWT secret is the one generated into DATA_DIR for local runs (config.ts), not JWT_SECRET. */
function jwtSecretIsGenerated(config: AppConfig): boolean {
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    return existsSync(file) && readFileSync(file, 'utf8').trim() === config.jwt.secret;
  } catch {
    return false;
  }
}

/** The facts about the database the banner needs; unknown ones stay undefined or 0. */
async function databaseFacts(database: Database): Promise<DatabaseFacts> {
  let fsync: string | undefined;
  let demoAccounts = 0;
  try {
    const result = await database.db.execute<{ fsync: string }>(sql`select current_setting('fsync') as fsync`);
    fsync = result.rows[0]?.fsync;
  } catch {
    fsync = undefined;
  }
  try {
    demoAccounts = (await findDemoAccounts(database.db)).length;
  } catch {
    demoAccounts = 0;
  }
  return { kind: database.kind, fsync, demoAccounts };
}

/** The banner's text: one line per stand-in under a headline; undefined when there are none. */
export function bannerText(config: AppConfig, standIns: readonly StandIn[]): string | undefined {
  if (standIns.length === 0) return undefined;
  const headline = config.isProduction
    ? `NODE_ENV=production is running with ${standIns.length} LOCAL STAND-IN${standIns.length > 1 ? 'S' : ''} — this is not a safe production set-up:`
    : `This server runs with ${standIns.length} local stand-in${standIns.length > 1 ? 's' : ''}, for local use only (not for production):`;
  const rule = '='.repeat(78);
  return [rule, headline, ...standIns.map((standIn) => `  * ${standIn.text}`), rule].join('\n');
}

/** Logs the banner once: error level with NODE_ENV=production, warning otherwise. */
export async function logStartupBanner(log: FastifyBaseLogger, config: AppConfig, database: Database): Promise<StandIn[]> {
  const standIns = localStandIns(config, await databaseFacts(database), jwtSecretIsGenerated(config));
  const text = bannerText(config, standIns);
  if (text) {
    const fields = { standIns: standIns.map((standIn) => standIn.id) };
    if (config.isProduction) log.error(fields, text);
    else log.warn(fields, text);
  }
  return standIns;
}
