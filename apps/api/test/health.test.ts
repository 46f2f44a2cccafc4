import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PING_REUSE_MS, sharedPing } from '../src/modules/health/routes.js';
import { setupTestApp, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/v1/health', () => {
  it('answers 200 with the database up', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.database.status).toBe('up');
    expect(body.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('answers 503 with the database down when it cannot reach it', { timeout: 120_000 }, async () => {
    const { setupTestApp: setup } = await import('./helpers.js');
    const broken = await setup();
    await broken.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json().database.status).toBe('down');
    await broken.close();
  });
});

describe('the health check asks the database at most once a second', () => {
  function countingPing(answers: (() => Promise<unknown>)[]) {
    let clock = 0;
    let asked = 0;
    const check = sharedPing(
      () => answers[Math.min(asked++, answers.length - 1)]!(),
      () => clock,
    );
    return { check, asked: () => asked, advance: (ms: number) => (clock += ms) };
  }

  it('answers checks that arrive together, and within the second, from one ping', async () => {
    const ping = countingPing([() => Promise.resolve()]);
    const together = await Promise.all([ping.check(), ping.check(), ping.check()]);
    ping.advance(PING_REUSE_MS - 1);
    await ping.check();
    expect(ping.asked()).toBe(1);
    expect(together.every((result) => result.up)).toBe(true);
  });

  it("says the last ping's answer only while it stands: none before it comes back, none once a second old", async () => {
    let answer: () => void = () => undefined;
    const ping = countingPing([() => new Promise<void>((resolve) => (answer = resolve))]);
    expect(ping.check.standing()).toBeUndefined();
    const out = ping.check();
    expect(ping.check.standing()).toBeUndefined();
    answer();
    await out;
    expect(ping.check.standing()?.up).toBe(true);
    ping.advance(PING_REUSE_MS - 1);
    expect(ping.check.standing()?.up).toBe(true);
    ping.advance(1);
    expect(ping.check.standing()).toBeUndefined();
  });

  it('asks again once the answer is a second old, and reports a database that stopped answering', async () => {
    const ping = countingPing([() => Promise.resolve(), () => Promise.reject(new Error('connection refused'))]);
    expect((await ping.check()).up).toBe(true);
    ping.advance(PING_REUSE_MS);
    expect((await ping.check()).up).toBe(false);
    expect(ping.asked()).toBe(2);
  });
});

describe('OpenAPI', () => {
  it('publishes the document at /api/docs/json with the health route', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/v1/health');
  });

  it('serves the documentation UI at /api/docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it("lets the documentation UI apply its styles and nothing else inline (its page's Content-Security-Policy)", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/style-src [^;]*'unsafe-inline'/);
    expect(policy).not.toMatch(/script-src [^;]*'unsafe-inline'/);
  });
});

describe('the database connection', () => {
  it('keeps answering after a query fails', async () => {
    await expect(ctx.database.pool.query('select 1/0')).rejects.toThrow(/division by zero/);
    const { rows } = await ctx.database.pool.query('select 1 as answer');
    expect(rows[0].answer).toBe(1);
    const health = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
  });
});
