import { ConfigError, loadConfig } from './config.js';
import { startRuntime } from './runtime.js';

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
  runtime.app.log.info(`BenchMarket is serving on ${config.publicUrl} (database: ${runtime.database.kind})`);

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
