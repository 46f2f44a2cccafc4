import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase, runMigrations, type Db } from '../src/db/database.js';
import { PUBLISHED_SOCKET_FILE } from '../src/db/embedded-postgres.js';
import { auditLog, users } from '../src/db/schema.js';
import { startRuntime } from '../src/runtime.js';
import { createPostgresDatabase, testEnv } from './helpers.js';

/**
 * Issue 14: `npm run admin -- grant|revoke <email>`, the only way to make an administrator,
 * run as an operator runs it — the root script, a child process, the server's configuration —
 * against the embedded database while the server runs (through the socket it publishes) and
 * while it does not (the data directory itself), and against PostgreSQL when
 * TEST_DATABASE_URL is set.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SLOW = 240_000;
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function freshDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bm-admin-cli-'));
  dirs.push(dir);
  return dir;
}

/** The server's environment on a data directory of its own, with the embedded database and no demo accounts. */
function embeddedServerEnv(): { dataDir: string; env: Record<string, string> } {
  const dataDir = freshDir();
  return { dataDir, env: testEnv(dataDir, { DEMO_DATA: '0' }) };
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- …args` from the repository's root, with the server's environment. */
function admin(env: Record<string, string>, ...args: string[]): Promise<Run> {
  const { DATABASE_URL: _url, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'admin', '--', ...args],
      { cwd: ROOT, env: { ...inherited, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() });
      },
    );
  });
}

async function roleOf(db: Db, email: string) {
  const [row] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
  return row;
}

async function cliAudit(db: Db, userId: string) {
  const rows = await db.select().from(auditLog).where(eq(auditLog.objectId, userId));
  return rows.sort((a, b) => a.id - b.id).map((row) => ({ actor: row.actor, action: row.action, before: row.before, after: row.after }));
}

const cliActor = expect.stringMatching(/^cli \(.+@.+\)$/);

describe('npm run admin on the embedded database', () => {
  it(
    'grants and revokes through the running server’s socket, with clear messages and audit rows',
    async () => {
      const { dataDir, env } = embeddedServerEnv();
      const runtime = await startRuntime(loadConfig(env));
      try {
        expect(existsSync(path.join(dataDir, PUBLISHED_SOCKET_FILE))).toBe(true);
        const { db } = runtime.database;
        await db.insert(users).values({ email: 'ops@example.com', isVerified: true });

        const granted = await admin(env, 'grant', 'Ops@Example.com');
        expect(granted).toMatchObject({ code: 0, stdout: 'ops@example.com is now an administrator (the console is at /admin).' });
        const user = (await roleOf(db, 'ops@example.com'))!;
        expect(user.role).toBe('admin');
        const token = await runtime.app.tokens.sign({ userId: user.id, version: 0 });
        const me = await runtime.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
        expect(me.json()).toMatchObject({ role: 'admin' });

        expect(await admin(env, 'grant', 'ops@example.com')).toMatchObject({
          code: 0,
          stdout: 'ops@example.com is already an administrator: nothing changed.',
        });
        expect(await admin(env, 'revoke', 'ops@example.com')).toMatchObject({
          code: 0,
          stdout: 'ops@example.com is no longer an administrator.',
        });
        expect((await roleOf(db, 'ops@example.com'))!.role).toBe('user');
        expect(await admin(env, 'revoke', 'ops@example.com')).toMatchObject({
          code: 0,
          stdout: 'ops@example.com is not an administrator: nothing changed.',
        });

        expect(await cliAudit(db, user.id)).toEqual([
          { actor: cliActor, action: 'role.grant', before: { role: 'user' }, after: { role: 'admin' } },
          { actor: cliActor, action: 'role.revoke', before: { role: 'admin' }, after: { role: 'user' } },
        ]);

        const unknown = await admin(env, 'grant', 'nobody@example.com');
        expect(unknown.code).toBe(1);
        expect(unknown.stderr).toContain('No account uses the email nobody@example.com. They must register on BenchMarket first.');
        for (const args of [[], ['promote', 'ops@example.com'], ['grant'], ['grant', 'not-an-email'], ['grant', 'a@b.c', 'extra']]) {
          const usage = await admin(env, ...args);
          expect(usage.code, args.join(' ')).toBe(2);
          expect(usage.stderr).toContain('Usage: npm run admin -- grant <email>');
        }
      } finally {
        await runtime.stop();
      }
      // Stopped, the server no longer publishes its socket.
      expect(existsSync(path.join(dataDir, PUBLISHED_SOCKET_FILE))).toBe(false);
    },
    SLOW,
  );

  it(
    'opens the data directory itself when no server runs',
    async () => {
      const { env } = embeddedServerEnv();
      const first = await startRuntime(loadConfig(env));
      await first.database.db.insert(users).values({ email: 'founder@example.com', isVerified: true });
      await first.stop();

      expect(await admin(env, 'grant', 'founder@example.com')).toMatchObject({
        code: 0,
        stdout: 'founder@example.com is now an administrator (the console is at /admin).',
      });

      const second = await startRuntime(loadConfig(env));
      try {
        const user = (await roleOf(second.database.db, 'founder@example.com'))!;
        expect(user.role).toBe('admin');
        expect(await cliAudit(second.database.db, user.id)).toEqual([
          { actor: cliActor, action: 'role.grant', before: { role: 'user' }, after: { role: 'admin' } },
        ]);
      } finally {
        await second.stop();
      }
    },
    SLOW,
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run admin on PostgreSQL (DATABASE_URL)', () => {
  it(
    'grants and revokes in the database the server is configured with',
    async () => {
      const scratch = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      const database = await openDatabase({ url: scratch.url, pgliteDir: undefined, poolSize: 2 });
      try {
        await runMigrations(database);
        await database.db.insert(users).values({ email: 'pg-ops@example.com', isVerified: true });
        const env = { ...testEnv(freshDir()), DATABASE_URL: scratch.url };
        expect((await admin(env, 'grant', 'pg-ops@example.com')).code).toBe(0);
        expect((await roleOf(database.db, 'pg-ops@example.com'))!.role).toBe('admin');
        expect((await admin(env, 'revoke', 'pg-ops@example.com')).code).toBe(0);
        const user = (await roleOf(database.db, 'pg-ops@example.com'))!;
        expect(user.role).toBe('user');
        expect((await cliAudit(database.db, user.id)).map((row) => row.action)).toEqual(['role.grant', 'role.revoke']);
      } finally {
        await database.close();
        await scratch.drop();
      }
    },
    SLOW,
  );
});
