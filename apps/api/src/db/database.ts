import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { allowNamedStatements } from './prepared.js';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
  /** Calls `listener` after every query with its duration (the metrics module); answers how to stop. */
  observeQueries(listener: QueryListener): () => void;
}

export type QueryListener = (seconds: number, failed: boolean) => void;

interface DatabaseOptions {
  /** postgres://… → PostgreSQL; undefined → embedded PGlite. */
  url: string | undefined;
  /** Where PGlite keeps its files; undefined → in memory. */
  pgliteDir: string | undefined;
  /** PGlite: publish its socket in this directory, for `npm run admin` while the server runs. */
  publishSocketIn?: string;
  poolSize: number;
}

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// node-postgres returns bigint (int8) as strings by default; our bigints (job ids, counts) fit a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Runs `close` once, however many times it is called. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/**
 * An idle connection can fail (database restart, network): node-postgres then emits 'error' on
 * the pool, which would crash the process without a listener. The pool replaces the client.
 */
function survivingIdleErrors(pool: pg.Pool): pg.Pool {
  pool.on('error', (error) => {
    console.error(`database connection lost: ${error.message}`);
  });
  return pool;
}

/**
 * Times every query of the pool's clients (pool.query and transactions alike go through
 * `client.query`) for whoever listens; with no listener a query runs exactly as before.
 */
function timedQueries(pool: pg.Pool): Database['observeQueries'] {
  const listeners = new Set<QueryListener>();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      if (listeners.size === 0) return query(...args);
      const started = performance.now();
      const report = (failed: boolean) => {
        const seconds = (performance.now() - started) / 1000;
        for (const listener of listeners) listener(seconds, failed);
      };
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (error: unknown, result: unknown) => {
          report(Boolean(error));
          return (callback as (error: unknown, result: unknown) => unknown)(error, result);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result instanceof Promise)
        result.then(
          () => report(false),
          () => report(true),
        );
      return result;
    };
  });
  return (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = survivingIdleErrors(new pg.Pool({ connectionString: options.url, max: options.poolSize }));
    const db = drizzle(pool, { schema });
    allowNamedStatements(db);
    return { db, pool, kind: 'postgres', close: once(() => pool.end()), observeQueries: timedQueries(pool) };
  }
  const embedded = await startEmbeddedPostgres(options.pgliteDir, { publishIn: options.publishSocketIn });
  // PGlite is a single-session database: one connection, queries queue in the pool.
  const pool = survivingIdleErrors(new pg.Pool({ ...embedded.connection, max: 1 }));
  return {
    db: drizzle(pool, { schema }),
    pool,
    kind: 'pglite',
    close: once(async () => {
      await pool.end();
      await embedded.stop();
    }),
    observeQueries: timedQueries(pool),
  };
}

/**
 * A running server's embedded database, through the socket it published (issue 14: PGlite
 * allows one process per data directory). Closing only disconnects: the server owns it.
 */
export function connectToRunningEmbedded(connection: { host: string; port: number; user: string; database: string }): Database {
  const pool = survivingIdleErrors(new pg.Pool({ ...connection, max: 1 }));
  return { db: drizzle(pool, { schema }), pool, kind: 'pglite', close: once(() => pool.end()), observeQueries: timedQueries(pool) };
}

/** `pg_advisory_lock` key of the migrations (any constant the app uses for nothing else). */
export const MIGRATIONS_LOCK_KEY = 4_207_311_017;

/**
 * Applies the migrations not applied yet. On PostgreSQL several processes may start together
 * (a deploy of N API processes): each waits for an advisory lock held on the connection that
 * migrates, so the first applies them and the others find nothing left to do (issue 17).
 * The embedded database has one process by construction (decision 002).
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK_KEY]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
