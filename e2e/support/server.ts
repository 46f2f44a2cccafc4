import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = path.join(ROOT, 'apps/api/dist/server.js');
const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
  /**
   * Stops and starts the same server again on the same data (restart survival); `between`
   * runs while it is stopped (e.g. a change made directly in its database).
   */
  restart(between?: () => Promise<void>): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}; see ${logFile}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy in time; see ${logFile}`);
}

/**
 * The real built server (`npm run build` first) on a free port with a temporary DATA_DIR:
 * embedded database, outbox mail unless `env.SMTP_URL` is given, no demo data unless asked.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY) || !existsSync(WEB_INDEX)) {
    throw new Error('Build the product first: npm run build');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bm-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess;

  const launch = async (): Promise<void> => {
    const log = createWriteStream(logFile, { flags: 'a' });
    child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        DEMO_DATA: '0',
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
        WORKER_POLL_MS: '100',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    await waitForHealth(baseUrl, child, logFile);
  };

  const stopChild = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };

  await launch();
  return {
    baseUrl,
    dataDir,
    logFile,
    restart: async (between) => {
      await stopChild();
      await between?.();
      await launch();
    },
    stop: async () => {
      await stopChild();
      if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
