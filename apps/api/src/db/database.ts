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
  /**
   * Calls `listener` when a statement of this pool that may have written (anything but a
   * SELECT) has finished, so what this process keeps can never hide its own writes.
   */
  observeWrites(listener: () => void): () => void;
  /**
   * Follows NOTIFYs on `channel` (db/catalog-version.ts). PostgreSQL: on a
   * connection of its own. The server's embedded database: nothing to hear, since every change
   * is this process's own (observeWrites). Undefined for a connection to another process's
   * embedded database (the admin command line), which must read what it needs.
   */
  listen?: (channel: string, handlers: NotificationHandlers) => Listening;
}

export type QueryListener = (seconds: number, failed: boolean) => void;

export interface NotificationHandlers {
  /** Listening (again): notifications from now on arrive. */
  onListening(): void;
  onNotification(payload: string): void;
  /** The connection is lost: notifications may have been missed until the next onListening. */
  onLost(): void;
}

export interface Listening {
  stop(): Promise<void>;
}

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

/** The statement's text, whatever form node-postgres was given it in. */
function statementText(first: unknown): string {
  if (typeof first === 'string') return first;
  const text = (first as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

const READ_ONLY_STATEMENT = /^\s*select\b/i;

/**
 * Times every query of the pool's clients (pool.query and transactions alike go through
 * `client.query`) for whoever listens, and tells write observers when a statement that may
 * have written has finished (a COMMIT is such a statement). With no listener a query runs
 * exactly as before.
 */
function observedQueries(pool: pg.Pool): Pick<Database, 'observeQueries' | 'observeWrites'> {
  const listeners = new Set<QueryListener>();
  const writeListeners = new Set<() => void>();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const mayWrite = writeListeners.size > 0 && !READ_ONLY_STATEMENT.test(statementText(args[0]));
      if (listeners.size === 0 && !mayWrite) return query(...args);
      const started = performance.now();
      const report = (failed: boolean) => {
        const seconds = (performance.now() - started) / 1000;
        for (const listener of listeners) listener(seconds, failed);
        if (mayWrite) for (const listener of writeListeners) listener();
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
  return {
    observeQueries: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    observeWrites: (listener) => {
      writeListeners.add(listener);
      return () => writeListeners.delete(listener);
    },
  };
}

const RELISTEN_AFTER_MS = 1_000;

/**
 * LISTEN on a connection of its own, connecting again (after a pause) whenever it is lost.
 * Reports each state change, so a follower trusts what it heard only while it is listening.
 */
function listenOn(connectionString: string): NonNullable<Database['listen']> {
  return (channel, handlers) => {
    let stopped = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const lost = (current: pg.Client) => {
      if (client !== current) return;
      client = undefined;
      handlers.onLost();
      current.removeAllListeners('notification');
      current.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(connect, RELISTEN_AFTER_MS).unref();
    };
    const connect = () => {
      const current = new pg.Client({ connectionString });
      client = current;
      current.on('error', () => lost(current));
      current.on('end', () => lost(current));
      current.on('notification', (message) => handlers.onNotification(message.payload ?? ''));
      current
        .connect()
        .then(() => current.query(`LISTEN ${pg.escapeIdentifier(channel)}`))
        .then(() => {
          if (client === current && !stopped) handlers.onListening();
        })
        .catch(() => lost(current));
    };
    connect();
    return {
      async stop() {
        stopped = true;
        clearTimeout(retry);
        const current = client;
        client = undefined;
        if (current) {
          handlers.onLost();
          await current.end().catch(() => undefined);
        }
      },
    };
  };
}

/**
 * The embedded database has one process (decision 002): the server, its worker and its pool.
 * The only other client, the admin command line, changes roles, never the catalog. So there is
 * no other writer to hear from, and this process's own changes reach followers through
 * observeWrites; listening starts at once and lasts until stopped.
 */
function listenAsSoleWriter(): NonNullable<Database['listen']> {
  return (_channel, handlers) => {
    queueMicrotask(() => handlers.onListening());
    return { stop: async () => handlers.onLost() };
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = survivingIdleErrors(new pg.Pool({ connectionString: options.url, max: options.poolSize }));
    const db = drizzle(pool, { schema });
    allowNamedStatements(db);
    return { db, pool, kind: 'postgres', close: once(() => pool.end()), ...observedQueries(pool), listen: listenOn(options.url) };
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
    ...observedQueries(pool),
    listen: listenAsSoleWriter(),
  };
}

/**
 * A running server's embedded database, through the socket it published (issue 14: PGlite
 * allows one process per data directory). Closing only disconnects: the server owns it.
 */
export function connectToRunningEmbedded(connection: { host: string; port: number; user: string; database: string }): Database {
  const pool = survivingIdleErrors(new pg.Pool({ ...connection, max: 1 }));
  return { db: drizzle(pool, { schema }), pool, kind: 'pglite', close: once(() => pool.end()), ...observedQueries(pool) };
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
