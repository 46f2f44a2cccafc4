/**
 * The API as production runs it (runtime.ts), listening on 127.0.0.1 for the latency
 * benchmark — in its own process, so the load generator does not share its event loop.
 * Configuration comes from the environment the harness sets; prints `ready <port>`, and
 * `memory {rss, heapTotal, heapUsed, heapLive?, external, arrayBuffers}` (MB) when asked on stdin.
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
  // The harness asks where the memory is (V8 heap, buffers and typed arrays) with a line on stdin,
  // `memory` or `memory gc` (then also what a full collection leaves: node runs with --expose-gc);
  // the answer is one line `memory {…}` (MB) on stdout. stdin closing means the harness is gone.
  const report = (collect: boolean) => {
    const mb = (bytes: number) => Math.round(bytes / 104_857.6) / 10;
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const gc = collect ? (globalThis as { gc?: () => void }).gc : undefined;
    gc?.();
    const heapLive = gc ? mb(process.memoryUsage().heapUsed) : undefined;
    const usage = {
      rss: mb(rss),
      heapTotal: mb(heapTotal),
      heapUsed: mb(heapUsed),
      heapLive,
      external: mb(external),
      arrayBuffers: mb(arrayBuffers),
    };
    process.stdout.write(`memory ${JSON.stringify(usage)}\n`);
  };
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (text: string) => {
    for (const line of text.split('\n')) if (line.startsWith('memory')) report(line.includes('gc'));
  });
  process.stdin.on('end', () => void stop());
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.on('disconnect', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
