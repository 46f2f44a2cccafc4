import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config.js';
import { openDatabase, type Database } from '../../db/database.js';
import { findPublishedSocket } from '../../db/embedded-postgres.js';
import { BackupError } from './manifest.js';

/**
 * The server's database for `npm run backup` / `npm run restore`: PostgreSQL (DATABASE_URL),
 * or the embedded PGlite in DATA_DIR/pglite. PGlite allows one process per data directory and
 * serves a single session, so the commands open it themselves and refuse while a server has
 * it open (the server publishes its socket in DATA_DIR; db/embedded-postgres.ts).
 */
export async function openForBackup(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>, purpose: 'backup' | 'restore'): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ url: config.databaseUrl, pgliteDir: undefined, poolSize: 2 });
  const running = await findPublishedSocket(config.dataDir);
  if (running) {
    throw new BackupError(
      `A BenchMarket server (pid ${running.pid}) is running on the embedded database in ${config.dataDir}: stop it, run the ${purpose}, then start it again.`,
    );
  }
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (purpose === 'backup' && !existsSync(pgliteDir)) {
    throw new BackupError(`There is no embedded database in ${config.dataDir} (no pglite folder): check DATA_DIR, or set DATABASE_URL.`);
  }
  return openDatabase({ url: undefined, pgliteDir, poolSize: 1 });
}
