import { setTimeout as delay } from 'node:timers/promises';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { listenForMetrics, type MetricsPort } from './ops/metrics-port.js';
import { readyLine } from './ready-line.js';
import { startRuntime, type Runtime } from './runtime.js';

/** The ready line waits at most this long for the first worker round. */
const READY_LINE_WAIT_MS = 10_000;
/** After the grace period, closing the worker and the pool gets this long before the process exits anyway. */
const FORCED_EXIT_AFTER_GRACE_MS = 15_000;

/**
 * SIGTERM (a deploy) or SIGINT: stop accepting connections, let the requests in flight finish
 * (Fastify answers 503 to new requests on kept-alive connections meanwhile), cut what is still
 * open after SHUTDOWN_GRACE_MS, hand the worker's claimed jobs back, close the pool.
 */
function shutDownOnSignals(runtime: Runtime, config: AppConfig, metricsPort: () => MetricsPort | undefined): void {
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
      await metricsPort()?.close();
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
  let metricsPort: MetricsPort | undefined;
  shutDownOnSignals(runtime, config, () => metricsPort);
  if (config.worker.serves) {
    await runtime.app.listen({ host: config.host, port: config.port });
  } else if (config.metricsPort !== undefined) {
    metricsPort = await listenForMetrics(runtime.app, config.host, config.metricsPort);
    runtime.app.log.info(`WORKER=only: /metrics and /api/v1/health answer on ${config.host}:${String(metricsPort.port)} (METRICS_PORT)`);
  } else {
    runtime.app.log.info('WORKER=only without METRICS_PORT: nothing scrapes this worker’s metrics (mail, refunds, reconciliation)');
  }
  // The first worker round (mails the seed made due, sweeps) logs its lines before the ready
  // line, so that line is the last one a person starting the server sees (issue 18).
  await Promise.race([runtime.app.worker.settled(), delay(READY_LINE_WAIT_MS)]);
  process.stdout.write(`\n${readyLine(config, runtime.database.kind)}\n\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
