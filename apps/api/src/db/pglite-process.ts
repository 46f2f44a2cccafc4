/**
 * The embedded database in its own process: PGlite runs queries on the thread that calls it,
 * so in-process a slow query would block every request. Here it serves the PostgreSQL wire
 * protocol on a unix socket and the API talks to it with node-postgres, exactly as it talks
 * to a real PostgreSQL (one code path; ARCHITECTURE: Data).
 *
 * Started by `startEmbeddedPostgres` with: <dataDir or memory://> <socket path>.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

async function main(): Promise<void> {
  const [dataDir, socketPath] = process.argv.slice(2);
  if (!dataDir || !socketPath) throw new Error('usage: pglite-process <dataDir|memory://> <socketPath>');

  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  // The API's pool keeps one connection, but node-postgres replaces a connection after a
  // failed query: the new one can arrive while the old one is still closing, so allow a few.
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 8 });
  await server.start();

  let closing = false;
  const shutdown = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    await server.stop().catch(() => undefined);
    // Closing PGlite flushes its files: without it a restart could lose the last writes.
    await db.close().catch(() => undefined);
    // The socket's own directory (made for this process by embedded-postgres.ts): when the API
    // was killed, nobody else removes it. Killed together, the next start removes it.
    const socketDir = path.dirname(socketPath);
    if (path.basename(socketDir).startsWith('bm-pg-')) rmSync(socketDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  // The parent went away (crash or normal exit): never outlive it.
  process.on('disconnect', () => void shutdown());
  process.on('message', (message) => {
    if (message === 'shutdown') void shutdown();
  });
  process.send?.({ ready: true });
}

main().catch((error: unknown) => {
  process.send?.({ error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
