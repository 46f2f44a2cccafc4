import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.js';
import { users } from '../src/db/schema.js';
import { bannerText, localStandIns } from '../src/lib/startup-banner.js';
import { startRuntime } from '../src/runtime.js';
import { findDemoAccounts } from '../src/seed/demo-accounts.js';
import { createPostgresDatabase, testEnv } from './helpers.js';

/**
 * Issue 12, defect 8 (fail-open defaults): a start names every local stand-in it runs with
 * in one loud banner (an error with NODE_ENV=production), and a database reached through
 * DATABASE_URL never gets the demo accounts (published passwords) unless DEMO_DATA=1.
 */

const SLOW = 120_000;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function freshDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bm-banner-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface LogLine {
  level: number;
  msg: string;
  standIns?: string[];
}

function capture(): { stream: { write(line: string): void }; lines: LogLine[] } {
  const lines: LogLine[] = [];
  return { stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) }, lines };
}

const banners = (lines: readonly LogLine[]) => lines.filter((line) => Array.isArray(line.standIns));

/**
 * A database reachable through DATABASE_URL: a new PostgreSQL database when TEST_DATABASE_URL
 * is set, else an embedded one served on its socket (the API then treats it as PostgreSQL).
 */
async function databaseUrl(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const scratch = await createPostgresDatabase(adminUrl);
    cleanups.push(() => scratch.drop());
    return scratch.url;
  }
  const embedded = await startEmbeddedPostgres(undefined);
  cleanups.push(() => embedded.stop());
  const { host, user, database } = embedded.connection;
  return `postgres://${user}@localhost/${database}?host=${encodeURIComponent(host)}`;
}

describe('the start-up banner', () => {
  it(
    'names every local stand-in of a default local start: sandbox payments, outbox mail, the embedded database with fsync off, local AI and storage, the generated secret',
    async () => {
      const { stream, lines } = capture();
      const env = testEnv(freshDir(), { LOG_LEVEL: 'info', DEMO_DATA: '0' });
      delete (env as Record<string, string | undefined>).JWT_SECRET;
      const runtime = await startRuntime(loadConfig(env), { logStream: stream });
      await runtime.stop();

      const [banner, ...more] = banners(lines);
      expect(more).toHaveLength(0);
      expect(banner?.level).toBe(40);
      expect(banner?.standIns).toEqual([
        'sandbox-payments',
        'outbox-mail',
        'embedded-database',
        'local-ai',
        'local-storage',
        'generated-jwt-secret',
      ]);
      const text = banner!.msg;
      expect(text.split('\n').length).toBeGreaterThanOrEqual(8);
      expect(text).toContain('for local use only');
      expect(text).toMatch(/Payments: the local SANDBOX/);
      expect(text).toMatch(/Mail: written to files in .*outbox/);
      expect(text).toMatch(/Database: the EMBEDDED database .* with fsync off — a crash or power loss can lose or corrupt committed data/);
      expect(text).toMatch(/AI: the local engine/);
      expect(text).toMatch(/Photos: stored as local files/);
      expect(text).toMatch(/Sign-in tokens: signed with a secret generated into/);
      expect(text).not.toMatch(/DEMO accounts/);
    },
    SLOW,
  );

  it(
    'is an error, and says this is not a safe production set-up, with NODE_ENV=production',
    async () => {
      const { stream, lines } = capture();
      const env = testEnv(freshDir(), {
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
        ALLOW_SANDBOX_PAYMENTS: '1',
        ALLOW_OUTBOX_MAIL: '1',
      });
      const runtime = await startRuntime(loadConfig(env), { logStream: stream });
      const [demo] = await runtime.database.db.select({ n: count() }).from(users);
      await runtime.stop();

      const [banner] = banners(lines);
      expect(banner?.level).toBe(50);
      expect(banner?.msg).toMatch(/NODE_ENV=production is running with 5 LOCAL STAND-INS — this is not a safe production set-up/);
      expect(banner?.standIns).toEqual(['sandbox-payments', 'outbox-mail', 'embedded-database', 'local-ai', 'local-storage']);
      // Production seeds no demo accounts, even on the embedded database, unless DEMO_DATA=1.
      expect(demo?.n).toBe(0);
    },
    SLOW,
  );
});

describe('demo accounts and DATABASE_URL', () => {
  it(
    'a database reached through DATABASE_URL gets no demo accounts without DEMO_DATA=1, and the banner names no embedded database',
    async () => {
      const url = await databaseUrl();
      for (const demoData of [undefined, '0']) {
        const { stream, lines } = capture();
        const env = testEnv(freshDir(), { LOG_LEVEL: 'info', DATABASE_URL: url, ...(demoData ? { DEMO_DATA: demoData } : {}) });
        const runtime = await startRuntime(loadConfig(env), { logStream: stream });
        expect(runtime.database.kind).toBe('postgres');
        const demo = await findDemoAccounts(runtime.database.db);
        await runtime.stop();
        expect(demo).toEqual([]);
        const [banner] = banners(lines);
        expect(banner?.standIns).not.toContain('demo-accounts');
        expect(banner?.standIns).not.toContain('embedded-database');
        expect(lines.some((line) => line.msg.startsWith('Seeded the demo catalog'))).toBe(false);
      }
    },
    SLOW,
  );
});

describe('localStandIns', () => {
  it('names demo accounts present in the database, PostgreSQL without fsync, and rate limits that are off', () => {
    const config = loadConfig(testEnv(freshDir(), { RATE_LIMITS: 'off' }));
    const ids = localStandIns(config, { kind: 'postgres', fsync: 'off', demoAccounts: 4 }, false).map((standIn) => standIn.id);
    expect(ids).toEqual([
      'sandbox-payments',
      'outbox-mail',
      'database-fsync-off',
      'demo-accounts',
      'local-ai',
      'local-storage',
      'rate-limits-off',
    ]);
    const text = bannerText(config, localStandIns(config, { kind: 'postgres', fsync: 'off', demoAccounts: 4 }, false));
    expect(text).toMatch(/4 DEMO accounts whose passwords are published in the README can sign in/);
  });

  it('is empty, and there is no banner, for a set-up with real services', () => {
    const config = loadConfig(
      testEnv(freshDir(), {
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        SMTP_URL: 'smtp://mail.example.com:587',
        AI_BASE_URL: 'https://ai.example.com/v1',
        S3_BUCKET: 'photos',
      }),
    );
    const standIns = localStandIns(config, { kind: 'postgres', fsync: 'on', demoAccounts: 0 }, false);
    expect(standIns).toEqual([]);
    expect(bannerText(config, standIns)).toBeUndefined();
  });
});
