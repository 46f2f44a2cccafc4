import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { openDatabase, runMigrations, type Database } from '../src/db/database.js';
import type { Clock } from '../src/lib/clock.js';

/**
 * A new, empty PostgreSQL database on the server of `adminUrl` (TEST_DATABASE_URL): its URL,
 * and `drop()`, which removes it even while connections to it are open.
 */
export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bm_test_${randomBytes(6).toString('hex')}`;
  const asAdmin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await asAdmin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(`drop database if exists ${name} with (force)`) };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * PostgreSQL database (created here, dropped at the end) when TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<Database & { dropped(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ url: undefined, pgliteDir: undefined, poolSize: 1 });
    await runMigrations(database);
    return { ...database, dropped: () => database.close() };
  }
  const scratch = await createPostgresDatabase(adminUrl);
  const database = await openDatabase({ url: scratch.url, pgliteDir: undefined, poolSize: 5 });
  await runMigrations(database);
  return {
    ...database,
    async dropped() {
      await database.close();
      await scratch.drop();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export function testEnv(dataDir: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: 'http://localhost:3000',
    WORKER: 'off',
    ...overrides,
  };
}

/** An app on a fresh database, built exactly as production builds it. */
export async function setupTestApp(options: { env?: Record<string, string>; clock?: Clock } = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bm-api-test-'));
  const config = loadConfig(testEnv(dataDir, options.env));
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, clock: options.clock });
  await app.ready();
  return {
    app,
    config,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.dropped();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `use` against another API process on the test file's database (no second migration),
 * whose environment adds `options.env` to the test one, and closes that process after, passed or not.
 */
export async function withOtherProcess(
  ctx: TestContext,
  options: { env: Record<string, string>; clock?: Clock },
  use: (app: FastifyInstance) => Promise<void>,
): Promise<void> {
  const app = await buildApp({ config: loadConfig(testEnv(ctx.dataDir, options.env)), database: ctx.database, clock: options.clock });
  await app.ready();
  try {
    await use(app);
  } finally {
    await app.close();
  }
}
