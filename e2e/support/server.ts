import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
  /** SIGTERM, then (after 20 s) SIGKILL; answers the exit code (null when it had to be killed). */
  stop(): Promise<number | null>;
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

/** Answers whether the process is up: it answers its health check, or (WORKER=only, no HTTP) logged that its worker runs. */
type ReadyCheck = (baseUrl: string, logFile: string) => Promise<boolean>;

const answersHealthCheck: ReadyCheck = async (baseUrl) => {
  try {
    return (await fetch(`${baseUrl}/api/v1/health`)).ok;
  } catch {
    return false; // not listening yet
  }
};

const loggedWorkerRunning: ReadyCheck = async (_baseUrl, logFile) =>
  existsSync(logFile) && readFileSync(logFile, 'utf8').includes('worker is running with no HTTP');

async function waitUntilReady(baseUrl: string, child: ChildProcess, logFile: string, ready: ReadyCheck): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}; see ${logFile}`);
    if (await ready(baseUrl, logFile)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become ready in time; see ${logFile}`);
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
    await waitUntilReady(baseUrl, child, logFile, env.WORKER === 'only' ? loggedWorkerRunning : answersHealthCheck);
  };

  const stopChild = async (): Promise<number | null> => {
    if (child.exitCode !== null) return child.exitCode;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    return child.exitCode;
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
      const code = await stopChild();
      if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
