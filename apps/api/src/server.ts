import { setTimeout as delay } from 'node:timers/promises';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import type { Database } from './db/database.js';
import { startRuntime, type Runtime } from './runtime.js';
import { demoDataWanted } from './seed/seed.js';

/** The ready line waits at most this long for the first worker round. */
const READY_LINE_WAIT_MS = 10_000;
/** After the grace period, closing the worker and the pool gets this long before the process exits anyway. */
const FORCED_EXIT_AFTER_GRACE_MS = 15_000;

function readyLine(config: AppConfig, databaseKind: Database['kind']): string {
  const database = databaseKind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  if (!config.worker.serves) return `BenchMarket's worker is running with no HTTP (WORKER=only) on ${database}.`;
  const accounts = demoDataWanted(config, databaseKind) ? ' Demo accounts to sign in with are listed in the README.' : '';
  const worker = config.worker.enabled ? '' : ' This process runs no background jobs (WORKER=off).';
  return `BenchMarket is ready: open ${config.publicUrl} (${database}).${accounts}${worker}`;
}

/**
 * SIGTERM (a deploy) or SIGINT: stop accepting connections, let the requests in flight finish
 * (Fastify answers 503 to new requests on kept-alive connections meanwhile), cut what is still
 * open after SHUTDOWN_GRACE_MS, hand the worker's claimed jobs back, close the pool.
 */
function shutDownOnSignals(runtime: Runtime, config: AppConfig): void {
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    runtime.app.log.info(`${signal} received: finishing requests in flight (at most ${config.shutdownGraceMs} ms), then stopping`);
    const cut = setTimeout(() => {
      runtime.app.log.warn('shutdown grace period over: closing the connections still open');
      runtime.app.server.closeAllConnections();
    }, config.shutdownGraceMs);
    cut.unref();
    const forced = setTimeout(() => process.exit(1), config.shutdownGraceMs + FORCED_EXIT_AFTER_GRACE_MS);
    forced.unref();
    try {
      await runtime.stop();
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
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
  shutDownOnSignals(runtime, config);
  if (config.worker.serves) await runtime.app.listen({ host: config.host, port: config.port });
  // The first worker round (mails the seed made due, sweeps) logs its lines before the ready
  // line, so that line is the last one a person starting the server sees (issue 18).
  await Promise.race([runtime.app.worker.settled(), delay(READY_LINE_WAIT_MS)]);
  runtime.app.log.info(readyLine(config, runtime.database.kind));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
