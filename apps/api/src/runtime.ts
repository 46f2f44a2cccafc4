import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { AppConfig } from './config.js';
import { openDatabase, runMigrations, type Database } from './db/database.js';
import { logStartupBanner } from './lib/startup-banner.js';
import { demoDataWanted, seedDemoData } from './seed/seed.js';

export interface Runtime {
  app: FastifyInstance;
  database: Database;
  stop(): Promise<void>;
}

interface RuntimeOptions {
  /** Where log lines go (default: stdout). */
  logStream?: { write(line: string): void };
}

/**
 * Everything a running server needs, in order: database (migrated), app, background work.
 * Shared by `server.ts` and the e2e/perf harnesses so they run exactly what production runs.
 */
export async function startRuntime(config: AppConfig, options: RuntimeOptions = {}): Promise<Runtime> {
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    publishSocketIn: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  try {
    await runMigrations(database);
    const app = await buildApp({ config, database, logStream: options.logStream });
    await app.ready();
    // DEMO_DATA: on by default for the embedded database, forced by 1, off by 0; the seed
    // itself only runs on a database with no users and no listings.
    if (demoDataWanted(config, database.kind)) {
      try {
        const seed = await seedDemoData(app);
        if (seed.seeded) {
          app.log.info(seed, `Seeded the demo catalog: ${seed.activeListings} listings, ${seed.users} demo accounts (${seed.ms} ms)`);
        }
      } catch (error) {
        // The seed is one transaction: nothing was kept, and the next start tries again.
        app.log.error({ err: error }, 'Seeding the demo catalog failed');
      }
    }
    // One loud banner naming every local stand-in (sandbox payments, outbox mail, the
    // embedded database, demo accounts, …), an error with NODE_ENV=production.
    await logStartupBanner(app.log, config, database);
    if (config.worker.enabled) app.worker.start(config.worker.pollMs);
    return {
      app,
      database,
      async stop() {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
