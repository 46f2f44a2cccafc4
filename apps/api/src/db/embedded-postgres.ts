import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface EmbeddedPostgres {
  /** node-postgres connection settings for the socket the child serves. */
  connection: { host: string; port: number; user: string; database: string };
  stop(): Promise<void>;
}

const SOCKET_PORT = 5432;
const START_TIMEOUT_MS = 60_000;

function childEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const extension = path.extname(here);
  const file = path.join(path.dirname(here), `pglite-process${extension}`);
  // Running from TypeScript sources (dev, tests): the child needs the same loader.
  return { file, execArgv: extension === '.ts' ? ['--import', 'tsx'] : [] };
}

/**
 * Starts PGlite in a child process. `dataDir` undefined → an in-memory database (tests).
 */
export async function startEmbeddedPostgres(dataDir: string | undefined): Promise<EmbeddedPostgres> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // A short directory of its own: unix socket paths are limited to ~100 characters.
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'bm-pg-'));
  const socketPath = path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  const { file, execArgv } = childEntry();
  const child: ChildProcess = fork(file, [dataDir ?? 'memory://', socketPath], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('The embedded database did not start in time'));
    }, START_TIMEOUT_MS);
    child.once('message', (message: { ready?: boolean; error?: string }) => {
      clearTimeout(timer);
      if (message.ready) resolve();
      else reject(new Error(`The embedded database failed to start: ${message.error ?? 'unknown error'}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The embedded database exited during start-up (code ${code ?? 'none'})`));
    });
  });

  return {
    connection: { host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' },
    async stop() {
      if (child.exitCode === null && child.connected) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.send('shutdown');
        const timeout = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
        await Promise.race([exited, timeout]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
