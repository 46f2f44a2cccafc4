import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { RunningServer } from './server.js';

/**
 * Makes an existing account an administrator the way the command line does (`npm run
 * admin -- grant …`: never through the API): the server stops, its embedded database
 * (DATA_DIR/pglite, opened as the server opens it) gets the role, and the server starts again
 * on the same data. Sessions live in the database, so the account's token stays valid.
 */
export async function grantAdmin(server: RunningServer, email: string): Promise<void> {
  await server.restart(async () => {
    const db = await PGlite.create({ dataDir: path.join(server.dataDir, 'pglite'), extensions: { pg_trgm } });
    try {
      const result = await db.query("UPDATE users SET role = 'admin' WHERE lower(email) = lower($1)", [email]);
      if (result.affectedRows !== 1) throw new Error(`No account ${email} to make an administrator`);
    } finally {
      await db.close();
    }
  });
}
