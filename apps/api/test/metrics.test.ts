import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.js';
import { enqueueJob } from '../src/jobs/queue.js';
import { renderMail } from '../src/modules/mail/templates.js';
import { setupTestApp, withOtherProcess, type TestContext } from './helpers.js';
import { uniqueEmail } from './support/auth.js';
import { createUser, type TestUser } from './support/messages-fixtures.js';
import { createListing, createSeller, createIntent, sandboxCard } from './support/payments-fixtures.js';
import { insertListing, search } from './support/search-fixtures.js';

/**
 * Issue 17: GET /metrics (Prometheus text) and GET /api/v1/ready, read as a scraper and a
 * load balancer read them. Each test compares a scrape before and after what it does, since
 * the file's app is shared.
 */

let ctx: TestContext;
let buyer: TestUser;
beforeAll(async () => {
  // The promotion is over: an activation is a paid payment.
  ctx = await setupTestApp({ env: { RATE_LIMITS: 'off', PROMO_FREE_UNTIL: '2020-01-01' } });
  buyer = await createUser(ctx.app, { verified: true });
});
afterAll(() => ctx?.close());

async function scrape(app: FastifyInstance = ctx.app): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one series (`name{label="value",…}`); 0 when absent. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([label, v]) => `${label}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(/,(?=[a-z_]+=")/);
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return 0;
}

describe('GET /metrics', () => {
  it('answers Prometheus text with the process metrics of Node', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(response.body).toContain('# TYPE nodejs_heap_size_used_bytes gauge');
    expect(response.body).toContain('# TYPE benchmarket_http_request_duration_seconds histogram');
  });

  it('counts requests by route pattern, method and status code, never by the URL a client typed', async () => {
    const before = await scrape();
    const id = randomUUID();
    await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    const missing = await ctx.app.inject({ method: 'GET', url: `/api/v1/listings/${id}` });
    expect(missing.statusCode).toBe(404);
    await ctx.app.inject({ method: 'GET', url: `/api/v1/no-such-thing/${id}` });
    const after = await scrape();

    const health = { method: 'GET', route: '/api/v1/health', status_code: '200' };
    expect(value(after, 'benchmarket_http_requests_total', health) - value(before, 'benchmarket_http_requests_total', health)).toBe(2);
    expect(
      value(after, 'benchmarket_http_request_duration_seconds_count', health) -
        value(before, 'benchmarket_http_request_duration_seconds_count', health),
    ).toBe(2);
    expect(value(after, 'benchmarket_http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(
      value(after, 'benchmarket_http_request_duration_seconds_count', health),
    );
    const listing = { method: 'GET', route: '/api/v1/listings/:id', status_code: '404' };
    expect(value(after, 'benchmarket_http_requests_total', listing) - value(before, 'benchmarket_http_requests_total', listing)).toBe(1);
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    expect(value(after, 'benchmarket_http_requests_total', unmatched) - value(before, 'benchmarket_http_requests_total', unmatched)).toBe(
      1,
    );
    // No raw URL, and the scrapes themselves are not counted.
    expect(after).not.toContain(id);
    expect(after).not.toContain('route="/metrics"');
  });

  it('shows the database: its kind, the pool, and query times', async () => {
    const text = await scrape();
    const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
    expect(value(text, 'benchmarket_db_info', { kind })).toBe(1);
    expect(value(text, 'benchmarket_db_up')).toBe(1);
    expect(value(text, 'benchmarket_db_pool_connections', { state: 'max' })).toBe(kind === 'pglite' ? 1 : 5);
    expect(value(text, 'benchmarket_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^benchmarket_db_pool_waiting_requests \d+$/m);
    expect(value(text, 'benchmarket_db_query_duration_seconds_count', { result: 'ok' })).toBeGreaterThan(0);

    const failedBefore = value(text, 'benchmarket_db_query_duration_seconds_count', { result: 'error' });
    await expect(ctx.app.db.execute(sql`select 1/0`)).rejects.toThrow();
    expect(value(await scrape(), 'benchmarket_db_query_duration_seconds_count', { result: 'error' })).toBe(failedBefore + 1);
  });

  it('counts a mail the worker sent', async () => {
    const before = await scrape();
    const mail = renderMail({ subject: 'Counted', heading: 'Counted', paragraphs: ['A mail for the metrics.'] });
    await ctx.app.mailer.queue({ ...mail, to: uniqueEmail('metrics') });
    await ctx.app.worker.runDueJobs();
    const after = await scrape();
    expect(value(after, 'benchmarket_mail_total', { result: 'sent' }) - value(before, 'benchmarket_mail_total', { result: 'sent' })).toBe(
      1,
    );
    expect(value(after, 'benchmarket_mail_total', { result: 'failed' })).toBe(0);
  });

  it('shows the depth of the job queue and how long its oldest due job has waited', async () => {
    const before = await scrape();
    await enqueueJob(ctx.app.db, 'metrics.test', {}, { runAt: new Date(Date.now() - 120_000), dedupeKey: 'metrics-test-due' });
    await enqueueJob(ctx.app.db, 'metrics.test', {}, { runAt: new Date(Date.now() + 3600_000), dedupeKey: 'metrics-test-later' });
    try {
      const after = await scrape();
      const depth = (text: string, state: string) => value(text, 'benchmarket_job_queue_depth', { state });
      expect(depth(after, 'pending') - depth(before, 'pending')).toBe(2);
      expect(depth(after, 'due') - depth(before, 'due')).toBe(1);
      expect(value(after, 'benchmarket_job_queue_oldest_due_age_seconds')).toBeGreaterThanOrEqual(119);
    } finally {
      await ctx.app.db.delete(jobs).where(eq(jobs.kind, 'metrics.test'));
    }
    expect(value(await scrape(), 'benchmarket_job_queue_oldest_due_age_seconds')).toBeLessThan(119);
  });

  it('times searches by mode and counts the page cache hits and misses', async () => {
    const seller = await createUser(ctx.app, { verified: true });
    await insertListing(ctx.app, seller.id, { title: 'Thermo Sorvall Legend centrifuge', price: 3100 });
    const before = await scrape();
    const searches: Record<string, string | boolean>[] = [
      { query: 'sorvall centrifuge' },
      { query: 'sorvall centrifuge' },
      { query: 'centrifuge under 5000', use_rag: true },
    ];
    for (const params of searches) {
      expect((await search(ctx.app, params, buyer.token)).statusCode).toBe(200);
    }
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => value(after, name, labels) - value(before, name, labels);
    expect(delta('benchmarket_search_duration_seconds_count', { mode: 'plain' })).toBe(1);
    expect(delta('benchmarket_search_duration_seconds_count', { mode: 'ai' })).toBe(1);
    expect(delta('benchmarket_search_cache_requests_total', { result: 'miss' })).toBe(2);
    expect(delta('benchmarket_search_cache_requests_total', { result: 'hit' })).toBe(1);
  });

  it('counts payments by outcome: a declined card, then a paid one', async () => {
    const seller = await createSeller(ctx.app);
    const listing = await createListing(ctx.app, seller.id);
    const created = await createIntent(ctx.app, seller.token, { listing_id: listing.id, duration_months: 1 });
    expect(created.statusCode).toBe(200);
    const secret = created.json().client_secret as string;
    const before = await scrape();
    expect((await sandboxCard(ctx.app, secret, '4000000000000002')).statusCode).toBe(402);
    expect((await sandboxCard(ctx.app, secret, '4242424242424242')).statusCode).toBe(200);
    const after = await scrape();
    const delta = (outcome: string) =>
      value(after, 'benchmarket_payments_total', { outcome }) - value(before, 'benchmarket_payments_total', { outcome });
    expect({ completed: delta('completed'), failed: delta('failed'), refunded: delta('refunded') }).toEqual({
      completed: 1,
      failed: 1,
      refunded: 0,
    });
  });

  it('asks for the bearer token when METRICS_TOKEN is set: 401 with a detail without it or with another', async () => {
    const token = 'metrics-token-for-the-scraper-0123';
    await withOtherProcess(ctx, { env: { METRICS_TOKEN: token } }, async (app) => {
      const none = await app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ detail: expect.stringContaining('bearer token') });
      const wrong = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-for-the-scraper-0124' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().detail).toEqual(none.json().detail);
      const right = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(right.statusCode).toBe(200);
      expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(right.body).toContain('benchmarket_http_requests_total');
    });
  });

  it('is left out of the OpenAPI document and disallowed in robots.txt', async () => {
    const paths = Object.keys((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    expect(paths).toContain('/api/v1/ready');
    expect(paths).not.toContain('/metrics');
    const robots = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body.split('\n')).toContain('Disallow: /metrics');
  });
});

describe('GET /api/v1/ready', () => {
  it('answers 200 on a migrated database', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'up', migrations: 'current' });
  });

  it('answers 503 when a migration is missing, then when the database is closed', { timeout: 120_000 }, async () => {
    const other = await setupTestApp();
    try {
      await other.app.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const pending = await other.app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toMatchObject({ status: 'not_ready', database: 'up', migrations: 'pending' });
      expect(pending.json().detail).toMatch(/^1 migration not applied: \d{4}_/);
      // Liveness is another question: the process is up.
      expect((await other.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);

      await other.database.close();
      const down = await other.app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        status: 'not_ready',
        database: 'down',
        migrations: 'unknown',
        detail: 'The database does not answer.',
      });
      // The scrape still answers, saying the database is down.
      expect(value(await scrape(other.app), 'benchmarket_db_up')).toBe(0);
    } finally {
      await other.close();
    }
  });
});
