import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { users } from '../src/db/schema.js';
import type { Database } from '../src/db/database.js';
import { redactUrl } from '../src/lib/log-redaction.js';
import { createTestDatabase, testEnv } from './helpers.js';
import { GOOD_PASSWORD, login, postJson, uniqueEmail } from './support/auth.js';

/**
 * Issue 12, defect 1: what the server logs never lets a reader into an account or shows
 * what users typed — no live token from a mail link, no address, no password hash, no SQL
 * parameter. The app logs at debug level into a buffer read here, exactly as it logs to stdout.
 */

let app: FastifyInstance;
let dataDir: string;
let database: Database;
let dropDatabase: () => Promise<void>;
const lines: string[] = [];
const logged = () => lines.join('');

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bm-logs-'));
  const config = loadConfig(testEnv(dataDir, { LOG_LEVEL: 'debug', RATE_LIMITS: 'off' }));
  const created = await createTestDatabase();
  database = created;
  dropDatabase = () => created.dropped();
  app = await buildApp({ config, database, logStream: { write: (line: string) => void lines.push(line) } });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const seenMails = new Set<string>();

/** The worker sends what is queued to the outbox; the token of the newest mail's link. */
async function tokenFromOutbox(linkPath: string): Promise<string> {
  await app.worker.runDueJobs();
  const outbox = path.join(dataDir, 'outbox');
  for (const file of readdirSync(outbox).sort()) {
    if (seenMails.has(file)) continue;
    seenMails.add(file);
    const mail = await simpleParser(readFileSync(path.join(outbox, file)));
    const match = new RegExp(`${linkPath}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text ?? '');
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  throw new Error(`no ${linkPath} mail in the outbox`);
}

describe('the log', () => {
  it('never holds a live token, address, password or password hash after registering, verifying, resetting and a failing query', async () => {
    const email = uniqueEmail('logged');
    expect((await postJson(app, '/api/v1/auth/register', { email, password: GOOD_PASSWORD })).statusCode).toBe(201);

    // The verification mail goes through the outbox; its link is opened, then used.
    const verifyToken = await tokenFromOutbox('/verify-email');
    expect((await app.inject({ method: 'GET', url: `/verify-email?token=${encodeURIComponent(verifyToken)}` })).statusCode).toBe(200);
    const verified = await postJson(app, '/api/v1/auth/verify-email', { token: verifyToken });
    expect(verified.json()).toMatchObject({ is_verified: true });

    // A reset: the link is opened on the web app and as an API URL, then the new password is set.
    expect((await postJson(app, '/api/v1/auth/forgot-password', { email })).statusCode).toBe(200);
    const resetToken = await tokenFromOutbox('/reset-password');
    await app.inject({ method: 'GET', url: `/reset-password?token=${encodeURIComponent(resetToken)}&from=mail` });
    await app.inject({ method: 'GET', url: `/api/v1/auth/me?token=${encodeURIComponent(resetToken)}&state=s3cr3t-state-value` });
    const newPassword = 'Microtome-77-Cuvette';
    const reset = await postJson(app, '/api/v1/auth/reset-password', { token: resetToken, password: newPassword });
    expect(reset.statusCode).toBe(200);
    expect((await login(app, email, newPassword)).statusCode).toBe(200);

    // A failing query carrying the address and the password hash as parameters.
    const [row] = await app.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
    const passwordHash = row?.passwordHash ?? '';
    expect(passwordHash.length).toBeGreaterThan(20);
    const failure = await app.db
      .insert(users)
      .values({ email, passwordHash, isVerified: true })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    app.log.error({ err: failure }, 'a query failed');

    const log = logged();
    // The requests were logged, with their URLs — only not the secrets in them.
    expect(log).toContain('/verify-email?token=[redacted]');
    expect(log).toContain('/reset-password?token=[redacted]&from=mail');
    expect(log).toContain('/api/v1/auth/me?token=[redacted]&state=[redacted]');
    expect(log).toContain('mail saved to the outbox');
    expect(log).toContain('"toDomain":"example.com"');
    // The failed query is logged with its statement and SQLSTATE, not its values.
    expect(log).toContain('Failed query: insert into');
    expect(log).toContain('"code":"23505"');

    for (const secret of [
      verifyToken,
      resetToken,
      encodeURIComponent(resetToken),
      email,
      GOOD_PASSWORD,
      newPassword,
      passwordHash,
      's3cr3t-state-value',
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/https?:\/\/[^"\s]*\?token=[A-Za-z0-9]/);
  });
});

describe('the log of a request', () => {
  /**
   * A second process on this file's database with one more route, logging as a module does:
   * through a logger made at start-up. Its log lines are collected in `written`.
   */
  async function appLoggingAsAModule(message: string, queryFirst: boolean) {
    const written: string[] = [];
    const other = await buildApp({
      config: loadConfig(testEnv(dataDir, { LOG_LEVEL: 'info', RATE_LIMITS: 'off' })),
      database,
      logStream: { write: (line: string) => void written.push(line) },
    });
    const moduleLog = other.log.child({ module: 'example' });
    other.post('/api/v1/log-example', async (request) => {
      if (queryFirst) await other.db.select({ id: users.id }).from(users).limit(1);
      moduleLog.info({ size: JSON.stringify(request.body).length }, message);
      return { ok: true };
    });
    return { written, other };
  }

  it("carries the request id on every line written while it runs, those of a module's start-up logger too", async () => {
    // After its JSON body was read and a query answered.
    const { written, other } = await appLoggingAsAModule('module line while a request runs', true);
    await other.ready();
    try {
      const from = written.length;
      expect((await postJson(other, '/api/v1/log-example', { some: 'body' })).statusCode).toBe(200);
      // A wrong password: the auth module and the error handler log too.
      expect((await login(other, uniqueEmail('nobody'), 'Wrong-password-1')).statusCode).toBe(401);
      const lines = written.slice(from).map((line) => JSON.parse(line) as { reqId?: string; msg?: string; module?: string });

      const incoming = lines.find((line) => line.msg === 'incoming request');
      expect(incoming?.reqId).toMatch(/./);
      expect(lines.find((line) => line.msg === 'module line while a request runs')).toMatchObject({
        module: 'example',
        reqId: incoming?.reqId,
      });
      expect(lines.filter((line) => line.reqId === undefined).map((line) => line.msg)).toEqual([]);
      // Once: a request logger's own line does not get a second reqId.
      for (const line of written.slice(from)) expect(line.match(/"reqId"/g)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('carries it on the lines of a request whose body arrives after its headers, over a real connection', async () => {
    const { written, other } = await appLoggingAsAModule('module line after a slow body', false);
    await other.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = other.server.address() as AddressInfo;
      const body = JSON.stringify({ some: 'body' });
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            `POST /api/v1/log-example HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
              `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
          );
          // The body comes in a later packet: it is read from the socket's events, not the request's hooks.
          setTimeout(() => socket.write(body), 100);
        });
        let received = '';
        socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
        socket.on('end', () => resolve(received));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      const lines = written.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
      const incoming = lines.find((line) => line.msg === 'incoming request');
      expect(incoming?.reqId).toMatch(/./);
      expect(lines.find((line) => line.msg === 'module line after a slow body')?.reqId).toBe(incoming?.reqId);
    } finally {
      await other.close();
    }
  });
});

describe('redactUrl', () => {
  it('redacts secret query values and credential-like path segments, and keeps the rest', () => {
    expect(redactUrl('/reset-password?token=abc')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/auth/callback?code=xyz&state=q&next=%2Fdashboard')).toBe(
      '/auth/callback?code=[redacted]&state=[redacted]&next=%2Fdashboard',
    );
    expect(redactUrl('/pay?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2')).toBe(
      '/pay?payment_intent=pi_1&payment_intent_client_secret=[redacted]',
    );
    expect(redactUrl('/x?ID_TOKEN=a&Password=b&reset%5Ftoken=c')).toBe(
      '/x?ID_TOKEN=[redacted]&Password=[redacted]&reset%5Ftoken=[redacted]',
    );
    expect(redactUrl('/api/v1/listings/0b6f1b2e-8f4f-4d8e-9d1a-2c7c6b1f0a11?page=2')).toBe(
      '/api/v1/listings/0b6f1b2e-8f4f-4d8e-9d1a-2c7c6b1f0a11?page=2',
    );
    expect(redactUrl('/links/Hq3xkT0V9bq1mZr8Yy2p4Lw6sNdQe7fGh1JkAaBbCc')).toBe('/links/[redacted]');
    expect(redactUrl('/x?Hq3xkT0V9bq1mZr8Yy2p4Lw6sNdQe7fGh1JkAaBbCc')).toBe('/x?[redacted]');
    expect(redactUrl('/assets/index-4f9a2c.js')).toBe('/assets/index-4f9a2c.js');
    expect(redactUrl('/search?q=centrifuge+rotor')).toBe('/search?q=centrifuge+rotor');
  });
});
