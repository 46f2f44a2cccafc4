import { setTimeout as delay } from 'node:timers/promises';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import type { Database } from './db/database.js';
import { startRuntime } from './runtime.js';
import { demoDataWanted } from './seed/seed.js';

/** The ready line waits at most this long for the first worker round. */
const READY_LINE_WAIT_MS = 10_000;

function readyLine(config: AppConfig, databaseKind: Database['kind']): string {
  const database = databaseKind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const accounts = demoDataWanted(config, databaseKind) ? ' Demo accounts to sign in with are listed in the README.' : '';
  return `BenchMarket is ready: open ${config.publicUrl} (${database}).${accounts}`;
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const runtime = await startRuntime(config);
  await runtime.app.listen({ host: config.host, port: config.port });
  // The first worker round (mails the seed made due, sweeps) logs its lines before the ready
  // line, so that line is the last one a person starting the server sees (issue 18).
  await Promise.race([runtime.app.worker.settled(), delay(READY_LINE_WAIT_MS)]);
  runtime.app.log.info(readyLine(config, runtime.database.kind));

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    runtime.app.log.info(`${signal} received, shutting down`);
    const forced = setTimeout(() => process.exit(1), 15_000);
    forced.unref();
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
