import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.js';

/**
 * Issue 12, defect 11: the embedded database talks over a unix socket in a `bm-pg-*`
 * directory of its own. Killed together (SIGKILL), the API and its database process left
 * that directory behind, one per kill. The next start removes the ones whose processes are
 * gone, and only those.
 */

const MODULE = pathToFileURL(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db/embedded-postgres.ts')).href;

interface Started {
  apiPid: number;
  socketDir: string;
  dbPid: number;
}

/** An API-like process that starts the embedded database and waits (as server.ts would). */
function startApiProcess(): Promise<Started> {
  const script = `
    import { startEmbeddedPostgres } from ${JSON.stringify(MODULE)};
    const db = await startEmbeddedPostgres(undefined);
    process.stdout.write(JSON.stringify({ socketDir: db.connection.host }) + '\\n');
    setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('\n')) return;
      const { socketDir } = JSON.parse(out.split('\n')[0]!) as { socketDir: string };
      const pids = readFileSync(path.join(socketDir, 'owners'), 'utf8').trim().split('\n').map(Number);
      resolve({ apiPid: child.pid!, socketDir, dbPid: pids[1]! });
    });
    child.once('exit', (code) => reject(new Error(`the API process exited (${code})`)));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilGone(pid: number): Promise<void> {
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(alive(pid)).toBe(false);
}

async function answers(connection: pg.ClientConfig): Promise<boolean> {
  const client = new pg.Client(connection);
  await client.connect();
  const result = await client.query<{ one: number }>('select 1 as one');
  await client.end();
  return result.rows[0]?.one === 1;
}

// Each case starts one or two whole database processes (through tsx); on a busy 2-core machine
// that alone has taken over 30 s.
describe('embedded database socket directories', { timeout: 120_000 }, () => {
  it('the next start removes the directory of an API and database process killed together', async () => {
    const killed = await startApiProcess();
    process.kill(killed.dbPid, 'SIGKILL');
    process.kill(killed.apiPid, 'SIGKILL');
    await waitUntilGone(killed.dbPid);
    await waitUntilGone(killed.apiPid);
    expect(existsSync(killed.socketDir)).toBe(true);

    const next = await startEmbeddedPostgres(undefined);
    try {
      expect(existsSync(killed.socketDir)).toBe(false);
      expect(await answers(next.connection)).toBe(true);
    } finally {
      await next.stop();
    }
    expect(existsSync(next.connection.host)).toBe(false);
  });

  it('a database process whose API was killed removes its own directory', async () => {
    const orphaned = await startApiProcess();
    process.kill(orphaned.apiPid, 'SIGKILL');
    await waitUntilGone(orphaned.dbPid);
    expect(existsSync(orphaned.socketDir)).toBe(false);
  });

  it('keeps the directory of a database that is still running', async () => {
    const running = await startApiProcess();
    try {
      const next = await startEmbeddedPostgres(undefined);
      await next.stop();
      expect(existsSync(running.socketDir)).toBe(true);
      expect(await answers({ host: running.socketDir, port: 5432, user: 'postgres', database: 'postgres' })).toBe(true);
    } finally {
      process.kill(running.apiPid, 'SIGKILL');
      await waitUntilGone(running.dbPid);
    }
  });
});
