import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations, type Database } from '../src/db/database.js';
import { createPostgresDatabase } from './helpers.js';

/**
 * Issue 17: a deploy starts several API processes at once on one PostgreSQL database, and each
 * runs the migrations on start. Always on PostgreSQL (the embedded database has one process).
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PROCESSES = 4;

let databases: Database[] = [];

let scratch: Awaited<ReturnType<typeof createPostgresDatabase>>;

beforeAll(async () => {
  scratch = await createPostgresDatabase(ADMIN_URL);
  databases = await Promise.all(
    Array.from({ length: PROCESSES }, () => openDatabase({ url: scratch.url, pgliteDir: undefined, poolSize: 3 })),
  );
});

afterAll(async () => {
  for (const database of databases) await database.close();
  await scratch?.drop();
});

describe('migrations on start', () => {
  it('apply once when several processes start together on an empty database', async () => {
    const outcomes = await Promise.allSettled(databases.map((database) => runMigrations(database)));
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);

    const journal = JSON.parse(readFileSync(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] };
    const applied = await databases[0]!.pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied.rows[0]?.n).toBe(journal.entries.length);
    // The lock is released: a later start finds nothing to do and does not wait.
    await runMigrations(databases[1]!);
    const locks = await databases[0]!.pool.query<{ n: number }>(
      "select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
    );
    expect(locks.rows[0]?.n).toBe(0);
  });
});
