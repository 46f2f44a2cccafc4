import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
