import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations, type Database } from '../src/db/database.js';

/**
 * Issue 17: a deploy starts several API processes at once on one PostgreSQL database, and each
 * runs the migrations on start. Always on PostgreSQL (the embedded database has one process).
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = `bm_migrate_${randomBytes(5).toString('hex')}`;
const PROCESSES = 4;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let databases: Database[] = [];

beforeAll(async () => {
  await admin(`create database ${NAME}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${NAME}`;
  databases = await Promise.all(
    Array.from({ length: PROCESSES }, () => openDatabase({ url: url.toString(), pgliteDir: undefined, poolSize: 3 })),
  );
});

afterAll(async () => {
  for (const database of databases) await database.close();
  await admin(`drop database if exists ${NAME} with (force)`);
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
