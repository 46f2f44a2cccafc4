import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setupTestApp, type TestContext } from './helpers.js';
import { rawRequest } from './support/api-fuzz/raw-http.js';
import { expectDetail } from './support/responses.js';

let ctx: TestContext;
let webDir: string;

beforeAll(async () => {
  // A stand-in build of the web app, so the test does not depend on `vite build`.
  const { mkdtempSync } = await import('node:fs');
  const os = await import('node:os');
  webDir = mkdtempSync(path.join(os.tmpdir(), 'bm-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>BenchMarket</title><div id="root"></div>');
  writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))})`);
  ctx = await setupTestApp({ env: { WEB_DIST_DIR: webDir } });
});
afterAll(() => ctx.close());

describe('errors', () => {
  it('answers an unknown API path with 404 and a JSON detail', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ detail: 'Not found: GET /api/v1/nope' });
  });

  it('answers text the database cannot store (a NUL byte) with 400, not 500', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/listings?category=%00' });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().detail).toBe('string');
  });

  it('answers a URL with a broken %-encoding, or an over-long id, with a detail (the router refuses them before any route)', async () => {
    const broken = await ctx.app.inject({ method: 'GET', url: '/api/v1/listings/%zz' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      detail: 'The address of this request is not valid: it has a broken %-encoding.',
      code: 'fst_err_bad_url',
    });
    const long = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/messages/${'x'.repeat(500)}` });
    expectDetail(long, 414, 'A part of the address of this request is too long.');
  });

  it('answers HTTP that Node cannot parse with a detail, over a real socket', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as { port: number };
    const huge = await rawRequest(port, `GET /api/v1/listings HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge.status).toBe(431);
    expect(JSON.parse(huge.body)).toEqual({ detail: 'The request headers are too large.', code: 'headers_too_large' });
    const garbage = await rawRequest(port, 'HELLO THERE\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body).detail).toBe('The request could not be read: it is not well-formed HTTP.');
  });

  it('answers bodies it cannot read with a detail saying what is wrong', async () => {
    const register = (payload: string | Buffer, contentType?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload,
        headers: contentType ? { 'content-type': contentType } : {},
      });

    const xml = await register('<a>1</a>', 'application/xml');
    expectDetail(xml, 415, "This address does not accept a body of type 'application/xml'.");
    const bytes = await register(Buffer.from([1, 2, 3]));
    expectDetail(bytes, 415, 'This address does not accept a body without a Content-Type header.');

    const broken = await register('{"email": ', 'application/json');
    expectDetail(broken, 400, 'The request body is not valid JSON.');

    const tooLarge = await register(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1_100_000) }), 'application/json');
    expectDetail(tooLarge, 413, 'The request body is too large.');

    const list = await register('[{"email": "a@example.com"}]', 'application/json');
    expectDetail(list, 400, 'The request body must be a JSON object');
  });

  it('names the field and what it takes in default validation messages', async () => {
    const flag = await ctx.app.inject({ method: 'GET', url: '/api/v1/listings?show_all=maybe' });
    expectDetail(flag, 400, 'show_all must be true or false');
    const fraction = await ctx.app.inject({ method: 'GET', url: '/api/v1/listings?page=1.5' });
    expectDetail(fraction, 400, 'page must be a whole number');
  });

  it('answers an unknown POST with 404 JSON, not the web app', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/listings/abc' });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toContain('Not found');
  });
});

describe('validation and server errors', () => {
  let app: Awaited<ReturnType<typeof setupTestApp>>;
  beforeAll(async () => {
    // Routes defined the way every module defines them, to see what a caller gets.
    const { loadConfig } = await import('../src/config.js');
    const { buildApp } = await import('../src/app.js');
    const { testEnv, createTestDatabase } = await import('./helpers.js');
    const config = loadConfig(testEnv(ctx.dataDir));
    const database = await createTestDatabase();
    const built = await buildApp({ config, database });
    const routes: FastifyPluginAsyncZod = async (instance) => {
      instance.post(
        '/api/v1/echo',
        { schema: { body: z.object({ price: z.number().min(0), title: z.string().min(1, 'Please fill in all required fields') }) } },
        async (request) => request.body,
      );
      instance.post('/api/v1/ping', async (request) => ({ received: request.body ?? null }));
      instance.get('/api/v1/whoami', async (request) => ({ ip: request.ip }));
      instance.get('/api/v1/boom', async () => {
        throw new Error('secret internal database password leaked');
      });
    };
    await built.register(routes);
    await built.ready();
    app = {
      ...ctx,
      app: built,
      database,
      close: async () => {
        await built.close();
        await database.dropped();
      },
    };
  });
  afterAll(() => app.close());

  /** A POST labelled JSON whose body (if any) is sent exactly as written. */
  const postAsJson = (url: string, body?: string) =>
    app.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { payload: body }),
    });

  it('answers a body that fails validation with 400 and a readable detail naming the field', async () => {
    const response = await app.app.inject({ method: 'POST', url: '/api/v1/echo', payload: { price: -1, title: 'x' } });
    expectDetail(response, 400, 'price must be at least 0');
  });

  it('shows a schema message meant for users as it is', async () => {
    const response = await app.app.inject({ method: 'POST', url: '/api/v1/echo', payload: { price: 1, title: '' } });
    expectDetail(response, 400, 'Please fill in all required fields');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await postAsJson('/api/v1/echo', '{"price": ');
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().detail).toBe('string');
  });

  it('accepts a bodyless POST that still says it sends JSON', async () => {
    const response = await postAsJson('/api/v1/ping');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: null });
  });

  it('refuses a JSON body that tries to poison prototypes', async () => {
    const response = await postAsJson('/api/v1/ping', '{"__proto__": {"admin": true}}');
    expect(response.statusCode).toBe(400);
  });

  it('does not let a client choose its address with X-Forwarded-For (per-IP limits hold)', async () => {
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/v1/whoami',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '198.51.100.7',
    });
    expect(response.json().ip).toBe('198.51.100.7');
  });

  it('hides the text of an unexpected error', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/v1/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error' });
    expect(response.body).not.toContain('secret');
  });
});

describe('the web app', () => {
  it('serves index.html for a client-side route on a full page load', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/listings/abc' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets compressed with a long-lived cache header', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('answers a missing asset with 404 rather than the app', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(response.statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
  });

  it.each([
    ['an API answer', '/api/v1/health'],
    ['a refusal', '/api/v1/listings/not-a-listing'],
    ['an unknown API path', '/api/v1/nothing-here'],
  ])('sends the same security headers with %s', async (_what, url) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com https://accounts.google.com");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
