import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface EmbeddedPostgres {
  /** node-postgres connection settings for the socket the child serves. */
  connection: { host: string; port: number; user: string; database: string };
  stop(): Promise<void>;
}

const SOCKET_PORT = 5432;
const START_TIMEOUT_MS = 60_000;
const SOCKET_DIR_PREFIX = 'bm-pg-';
/** In each socket directory: the pids of the API process and of its database process, one a line. */
const OWNERS_FILE = 'owners';

/** Whether a process with this pid exists (one of another user counts: it is not ours to judge). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether something accepts connections on the unix socket (a directory made before owner files). */
export function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * Removes the socket directories (`bm-pg-*` in `tmpDir`) whose processes are gone: both were
 * killed at once (SIGKILL, power loss), so neither could remove its own. A directory is kept
 * while its API or database process runs; one without an owners file only when it is older
 * than a start-up can take and nothing answers on its socket. Answers the directories removed.
 */
async function removeStaleSocketDirs(tmpDir: string = os.tmpdir()): Promise<string[]> {
  let names: string[];
  try {
    names = readdirSync(tmpDir).filter((name) => name.startsWith(SOCKET_DIR_PREFIX));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const dir = path.join(tmpDir, name);
    try {
      let stale: boolean;
      try {
        const pids = readFileSync(path.join(dir, OWNERS_FILE), 'utf8')
          .split('\n')
          .map((line) => Number.parseInt(line, 10))
          .filter((pid) => Number.isInteger(pid) && pid > 0);
        stale = pids.length > 0 && !pids.some(processAlive);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') continue;
        const info = statSync(dir);
        if (!info.isDirectory() || info.uid !== process.getuid?.()) continue;
        stale = Date.now() - info.mtimeMs > START_TIMEOUT_MS && !(await socketAnswers(path.join(dir, `.s.PGSQL.${SOCKET_PORT}`)));
      }
      if (stale) {
        rmSync(dir, { recursive: true, force: true });
        removed.push(dir);
      }
    } catch {
      // Gone already, or not ours: leave it.
    }
  }
  return removed;
}

/**
 * Where a server publishes how to reach its embedded database (issue 14): PGlite allows one
 * process per data directory, so a command-line tool (`npm run admin`) run while the server
 * is up connects through the server's socket instead of opening the directory. The file names
 * the socket's directory and the server's pid; it is removed when the database stops (a
 * killed server leaves it, and its socket then answers nobody).
 */
export const PUBLISHED_SOCKET_FILE = 'embedded-database.json';

export interface PublishedSocket {
  connection: EmbeddedPostgres['connection'];
  pid: number;
}

/** The running server's embedded database, if one published its socket in `dataDir` and it answers. */
export async function findPublishedSocket(dataDir: string): Promise<PublishedSocket | undefined> {
  let published: PublishedSocket;
  try {
    published = JSON.parse(readFileSync(path.join(dataDir, PUBLISHED_SOCKET_FILE), 'utf8')) as PublishedSocket;
  } catch {
    return undefined;
  }
  const { host, port } = published.connection ?? {};
  if (typeof host !== 'string' || typeof port !== 'number') return undefined;
  if (!processAlive(published.pid) || !(await socketAnswers(path.join(host, `.s.PGSQL.${port}`)))) return undefined;
  return published;
}

function publishSocket(dataDir: string, connection: EmbeddedPostgres['connection']): () => void {
  const file = path.join(dataDir, PUBLISHED_SOCKET_FILE);
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, JSON.stringify({ connection, pid: process.pid } satisfies PublishedSocket), { mode: 0o600 });
  renameSync(draft, file);
  return () => {
    try {
      const current = JSON.parse(readFileSync(file, 'utf8')) as PublishedSocket;
      if (current.pid === process.pid && current.connection.host === connection.host) rmSync(file, { force: true });
    } catch {
      // Gone already, or another server's now: leave it.
    }
  };
}

function childEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const extension = path.extname(here);
  const file = path.join(path.dirname(here), `pglite-process${extension}`);
  // Running from TypeScript sources (dev, tests): the child needs the same loader.
  return { file, execArgv: extension === '.ts' ? ['--import', 'tsx'] : [] };
}

/**
 * Starts PGlite in a child process. `dataDir` undefined → an in-memory database (tests).
 * `publishIn`: a directory where the socket is published for command-line tools (the server
 * passes DATA_DIR; see PUBLISHED_SOCKET_FILE).
 */
export async function startEmbeddedPostgres(dataDir: string | undefined, options: { publishIn?: string } = {}): Promise<EmbeddedPostgres> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // What earlier processes killed together left behind (one directory per kill otherwise).
  await removeStaleSocketDirs();
  // A short directory of its own: unix socket paths are limited to ~100 characters.
  const socketDir = mkdtempSync(path.join(os.tmpdir(), SOCKET_DIR_PREFIX));
  const owners = path.join(socketDir, OWNERS_FILE);
  writeFileSync(owners, `${process.pid}\n`);
  const socketPath = path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  const { file, execArgv } = childEntry();
  const child: ChildProcess = fork(file, [dataDir ?? 'memory://', socketPath], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (child.pid) writeFileSync(owners, `${process.pid}\n${child.pid}\n`);

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

  const connection = { host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' };
  const unpublish = options.publishIn ? publishSocket(options.publishIn, connection) : () => undefined;
  return {
    connection,
    async stop() {
      unpublish();
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
