/**
 * The API as production runs it (runtime.ts), listening on 127.0.0.1 for the latency
 * benchmark — in its own process, so the load generator does not share its event loop.
 * Configuration comes from the environment the harness sets; prints `ready <port>`, and on
 * SIGUSR2 a line `memory {rss, heapTotal, heapUsed, external, arrayBuffers}` (MB).
 */
import { loadConfig } from '../../apps/api/src/config.js';
import { startRuntime } from '../../apps/api/src/runtime.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const runtime = await startRuntime(config);
  await runtime.app.listen({ host: '127.0.0.1', port: 0 });
  const address = runtime.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`ready ${port}\n`);
  const stop = async () => {
    await runtime.stop();
    process.exit(0);
  };
  // The harness asks where the memory is (V8 heap, buffers and typed arrays, the rest): one JSON line on stdout.
  process.on('SIGUSR2', () => {
    const mb = (bytes: number) => Math.round(bytes / 104_857.6) / 10;
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const usage = { rss: mb(rss), heapTotal: mb(heapTotal), heapUsed: mb(heapUsed), external: mb(external), arrayBuffers: mb(arrayBuffers) };
    process.stdout.write(`memory ${JSON.stringify(usage)}\n`);
  });
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.on('disconnect', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
