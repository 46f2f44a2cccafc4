import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { jobs } from '../src/db/schema.js';
import { MAIL_JOB } from '../src/modules/mail/plugin.js';
import { renderMail } from '../src/modules/mail/templates.js';
import { createOutboxTransport } from '../src/providers/mail/index.js';
import { testEnv } from './helpers.js';
import { GOOD_PASSWORD, postJson, uniqueEmail } from './support/auth.js';
import { testClock } from './support/clock.js';
import { useSmtpApp } from './support/smtp-app.js';
import { startSmtpServer, tokenFromLink, unusedPort, type TestSmtpServer } from './support/smtp.js';

const clock = testClock();
const setup = useSmtpApp(clock);

const sample = (to: string, subject = 'Your listing is live') => ({
  ...renderMail({
    subject,
    heading: 'Your listing is live',
    paragraphs: ['Buyers can now find your centrifuge.'],
    action: { label: 'View listing', url: 'http://localhost:3000/listings/abc' },
    footnote: 'Small print.',
  }),
  to,
});

/** Another app with other settings on the same database (its worker sees the same jobs table). */
async function appWith(env: Record<string, string>, dataDir = setup.ctx.dataDir): Promise<FastifyInstance> {
  const app = await buildApp({ config: loadConfig(testEnv(dataDir, env)), database: setup.ctx.database, clock });
  await app.ready();
  return app;
}

async function mailJobsTo(to: string) {
  const rows = await setup.ctx.app.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));
  return rows.filter((row) => row.payload.to === to);
}

describe('mail over SMTP (SMTP_URL set)', () => {
  it('queues the mail in the database; the worker sends it with a text and an HTML part', async () => {
    const to = uniqueEmail('seller');
    await setup.ctx.app.mailer.queue({ ...sample(to), replyTo: 'buyer@example.com' });
    expect(setup.smtp.mailsTo(to)).toHaveLength(0);
    expect(await mailJobsTo(to)).toMatchObject([{ status: 'pending' }]);

    await setup.ctx.app.worker.runDueJobs();
    const mail = await setup.smtp.waitForMail(to);
    expect(mail.subject).toBe('Your listing is live');
    expect(mail.parsed.from?.text).toContain('no-reply@benchmarket.local');
    expect(mail.parsed.replyTo?.text).toContain('buyer@example.com');
    expect(mail.text).toContain('View listing: http://localhost:3000/listings/abc');
    expect(mail.html).toContain('<a href="http://localhost:3000/listings/abc"');
    expect(await mailJobsTo(to)).toMatchObject([{ status: 'done' }]);
  });

  it('keeps no reset link in the jobs table once the reset mail is sent: the job keeps only recipient and subject', async () => {
    const email = uniqueEmail('reset');
    const registered = await postJson(setup.ctx.app, '/api/v1/auth/register', { email, password: GOOD_PASSWORD });
    expect(registered.statusCode).toBe(201);
    expect((await postJson(setup.ctx.app, '/api/v1/auth/forgot-password', { email })).statusCode).toBe(200);
    await setup.ctx.app.worker.runDueJobs();

    const mail = await setup.smtp.waitForMail(email, { subject: 'Reset your BenchMarket password' });
    const token = tokenFromLink(mail, `${setup.ctx.app.config.publicUrl}/reset-password`);
    expect(token.length).toBeGreaterThan(20);
    // The whole text of every row of the table: no copy of the token anywhere.
    const rows = await setup.ctx.app.db.execute<{ row: string }>(sql`select j::text as row from jobs j`);
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.filter((r) => r.row.includes(token) || r.row.includes(encodeURIComponent(token)))).toEqual([]);
    const jobsToUser = await mailJobsTo(email);
    expect(jobsToUser.map((job) => job.status)).toEqual(['done', 'done']);
    expect(jobsToUser.map((job) => job.payload)).toContainEqual({ to: email, subject: 'Reset your BenchMarket password', redacted: true });

    // The link still works: it was mailed, not lost.
    const reset = await postJson(setup.ctx.app, '/api/v1/auth/reset-password', { token, password: `${GOOD_PASSWORD}-2` });
    expect(reset.statusCode).toBe(200);
  });

  it('sends nothing for a change whose transaction failed', async () => {
    const to = uniqueEmail('rolled-back');
    await expect(
      setup.ctx.app.db.transaction(async (tx) => {
        await setup.ctx.app.mailer.queue(sample(to), tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await setup.ctx.app.worker.runDueJobs();
    expect(await mailJobsTo(to)).toHaveLength(0);
    expect(setup.smtp.mailsTo(to)).toHaveLength(0);
  });

  it('loses nothing in an SMTP outage: the mail waits, retries, and is delivered once', async () => {
    const port = await unusedPort();
    const app = await appWith({ SMTP_URL: `smtp://127.0.0.1:${port}`, RATE_LIMITS: 'off' });
    let later: TestSmtpServer | undefined;
    try {
      // A user registers while the mail server is down.
      const to = uniqueEmail('outage');
      const registered = await postJson(app, '/api/v1/auth/register', { email: to, password: GOOD_PASSWORD });
      expect(registered.statusCode).toBe(201);

      await app.worker.runDueJobs();
      const [failed] = await mailJobsTo(to);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed?.lastError).toMatch(/ECONNREFUSED|connect/i);

      later = await startSmtpServer({ port });
      await app.worker.runDueJobs(); // still backing off
      expect(later.mails).toHaveLength(0);

      clock.advance(3000);
      await app.worker.runDueJobs();
      const mail = await later.waitForMail(to);
      expect(mail.subject).toBe('Verify your BenchMarket email');
      expect(await mailJobsTo(to)).toMatchObject([{ status: 'done', attempts: 2 }]);

      clock.advance(3600_000);
      await app.worker.runDueJobs();
      expect(later.mailsTo(to)).toHaveLength(1);
    } finally {
      await app.close();
      await later?.close();
    }
  });
});

describe('mail to the outbox (SMTP_URL unset)', () => {
  it('saves each mail as an .eml file in DATA_DIR/outbox with its text and HTML parts', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bm-outbox-'));
    const app = await appWith({ RATE_LIMITS: 'off' }, dataDir);
    try {
      expect(app.mailer.transport.kind).toBe('outbox');
      const to = uniqueEmail('outbox');
      await app.mailer.queue(sample(to, 'Outbox check'));
      await app.worker.runDueJobs();
      const outbox = path.join(dataDir, 'outbox');
      const files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const parsed = await simpleParser(readFileSync(path.join(outbox, files[0]!)));
      expect(parsed.subject).toBe('Outbox check');
      expect(parsed.text).toContain('http://localhost:3000/listings/abc');
      expect(parsed.html).toContain('<a href="http://localhost:3000/listings/abc"');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("logs only the recipient's domain, the subject and the file of each saved mail, never its links or the address", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bm-outbox-log-'));
    const logged: Record<string, unknown>[] = [];
    const log = { info: (fields: Record<string, unknown>) => logged.push(fields) } as unknown as FastifyBaseLogger;
    const transport = createOutboxTransport(dir, 'BenchMarket <no-reply@benchmarket.local>', log);
    try {
      await transport.send({ ...sample('someone@example.com') });
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ toDomain: 'example.com', subject: expect.any(String), id: expect.stringMatching(/\.eml$/) });
      expect(readdirSync(dir)).toContain(logged[0]?.id);
      const line = JSON.stringify(logged);
      expect(line).not.toContain('http://localhost:3000/listings/abc');
      expect(line).not.toContain('someone@');
    } finally {
      transport.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
