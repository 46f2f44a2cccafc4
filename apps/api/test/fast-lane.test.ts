import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { PING_REUSE_MS } from '../src/modules/health/routes.js';
import { createTestDatabase, setupTestApp, testEnv, type TestContext } from './helpers.js';
import { activate, call, createListing, GOOD_LISTING } from './support/listings.js';
import { BLUE, jpeg, RED, uploadPhotos } from './support/photos.js';
import { createUser, type TestUser } from './support/users.js';

// Issue 19 (docs/decisions/033): answers already in memory — the web build's files, public
// photos, kept pages — are sent by a lane in front of Fastify. Over real HTTP they must be the
// very answers Fastify's own path gives (app.inject never passes through the lane), and the
// lane must leave alone whatever is not public or no longer current.

const ASSET = '/assets/app-abc123.js';
const ASSET_BODY = `export const text = ${JSON.stringify('BenchMarket '.repeat(300))};\n`;
const ICON = '/favicon.png';
const INDEX_HTML = `<!doctype html><html><head><title>BenchMarket</title></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
/**
 * Headers that differ between two answers of the same server by nature (the clock, the
 * connection), and the flood guard's count, which a page sent from memory is not part of
 * (decision 033: sending it costs less than counting it).
 */
const NOT_COMPARED = /^(date|connection|keep-alive|transfer-encoding|x-ratelimit-.*)$/;

let ctx: TestContext;
let webDir: string;
let base: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'bm-fast-lane-'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, ASSET), ASSET_BODY);
  writeFileSync(path.join(webDir, `${ASSET}.br`), brotliCompressSync(ASSET_BODY));
  writeFileSync(path.join(webDir, `${ASSET}.gz`), gzipSync(ASSET_BODY));
  writeFileSync(path.join(webDir, ICON), Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
  ctx = await setupTestApp({ env: { WEB_DIST_DIR: webDir } });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function comparable(headers: http.IncomingHttpHeaders | Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !NOT_COMPARED.test(name.toLowerCase()))
      .map(([name, value]) => [name.toLowerCase(), String(value)])
      .sort(([a], [b]) => a!.localeCompare(b!)),
  );
}

/** Over a real connection: what a browser gets (the lane, when it answers). */
function overHttp(method: 'GET' | 'HEAD', url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(`${base}${url}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: comparable(response.headers), body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

/** Through Fastify's own path (inject never passes through the lane). */
async function throughFastify(method: 'GET' | 'HEAD', url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await ctx.app.inject({ method, url, headers });
  return { status: response.statusCode, headers: comparable(response.headers), body: response.rawPayload };
}

/** Asks over HTTP and through Fastify; answers both and how many of the HTTP asks the lane answered. */
async function bothWays(method: 'GET' | 'HEAD', url: string, headers: Record<string, string> = {}) {
  const before = ctx.app.fastLane.answers;
  const lane = await overHttp(method, url, headers);
  const byLane = ctx.app.fastLane.answers - before;
  return { lane, fastify: await throughFastify(method, url, headers), byLane };
}

async function publicPhoto(seller: TestUser): Promise<{ listingId: string; url: string }> {
  const listing = await createListing(ctx.app, seller);
  const upload = await uploadPhotos(ctx.app, listing.id, [{ data: await jpeg(RED) }, { data: await jpeg(BLUE) }], seller);
  expect(upload.statusCode).toBe(201);
  await activate(ctx.app, listing.id);
  const listed = await call(ctx.app, 'GET', `/listings/${listing.id}`);
  return { listingId: listing.id, url: (listed.json() as { photos: string[] }).photos[0]! };
}

describe('the fast lane sends what Fastify would', () => {
  it.each([
    ['a hashed script, brotli', 'GET', ASSET, { 'accept-encoding': 'gzip, deflate, br' }],
    ['a hashed script, gzip', 'GET', ASSET, { 'accept-encoding': 'gzip' }],
    ['a hashed script, no compression', 'GET', ASSET, {}],
    ['a hashed script with a query string', 'GET', `${ASSET}?v=2`, { 'accept-encoding': 'br' }],
    ['a file that is not text', 'GET', ICON, { 'accept-encoding': 'br' }],
    ['a HEAD of a hashed script', 'HEAD', ASSET, { 'accept-encoding': 'br' }],
  ] as const)('%s', async (_name, method, url, headers) => {
    const { lane, fastify, byLane } = await bothWays(method, url, headers);
    expect(byLane).toBe(1);
    expect(lane.status).toBe(200);
    expect(lane.headers).toEqual(fastify.headers);
    expect(lane.body.equals(fastify.body)).toBe(true);
    if (method === 'GET') expect(lane.body.length).toBe(Number(lane.headers['content-length']));
    else expect(lane.body.length).toBe(0);
  });

  it('a built file the browser already has: 304 with the same headers, If-None-Match or If-Modified-Since', async () => {
    const first = await overHttp('GET', ASSET, { 'accept-encoding': 'br' });
    for (const condition of [{ 'if-none-match': first.headers.etag! }, { 'if-modified-since': first.headers['last-modified']! }] as Record<
      string,
      string
    >[]) {
      const { lane, fastify, byLane } = await bothWays('GET', ASSET, { 'accept-encoding': 'br', ...condition });
      expect(byLane).toBe(1);
      expect(lane.status).toBe(304);
      expect(fastify.status).toBe(304);
      expect(lane.headers).toEqual(fastify.headers);
      expect(lane.body.length).toBe(0);
    }
  });

  it("a public listing's photo, 200 and 304, once its listing was checked", async () => {
    const { url } = await publicPhoto(await createUser(ctx.app));
    // The first visit reads the listing and the file (Fastify's path); the next ones are the lane's.
    expect((await overHttp('GET', url)).status).toBe(200);
    const { lane, fastify, byLane } = await bothWays('GET', url, { 'accept-encoding': 'br' });
    expect(byLane).toBe(1);
    expect(lane.status).toBe(200);
    expect(lane.headers).toEqual(fastify.headers);
    expect(lane.headers['cache-control']).toBe('public, max-age=600');
    expect(lane.body.equals(fastify.body)).toBe(true);
    const notModified = await bothWays('GET', url, { 'if-none-match': lane.headers.etag! });
    expect(notModified.byLane).toBe(1);
    expect(notModified.lane.status).toBe(304);
    expect(notModified.lane.headers).toEqual(notModified.fastify.headers);
  });

  it('a page kept since its last visit, in each encoding', async () => {
    const seller = await createUser(ctx.app);
    const listing = await createListing(ctx.app, seller, { title: 'Thermo Sorvall ST16 benchtop centrifuge' });
    await activate(ctx.app, listing.id);
    for (const url of ['/', `/listings/${listing.id}`, '/search?q=centrifuge']) {
      for (const headers of [{ 'accept-encoding': 'gzip, deflate, br' }, { 'accept-encoding': 'gzip' }, {}] as Record<string, string>[]) {
        expect((await overHttp('GET', url, headers)).status).toBe(200);
        const { lane, fastify, byLane } = await bothWays('GET', url, headers);
        expect(byLane, `${url} ${JSON.stringify(headers)}`).toBe(1);
        expect(lane.status).toBe(200);
        expect(lane.headers).toEqual(fastify.headers);
        expect(lane.body.equals(fastify.body)).toBe(true);
      }
    }
  });
});

describe('the fast lane answers the health check while its last ping stands', () => {
  it.each(['GET', 'HEAD'] as const)('%s /api/v1/health: the answer Fastify gives, from the same ping', async (method) => {
    // The first check asks the database (Fastify's path); the next, within the second, are the lane's.
    expect((await overHttp('GET', '/api/v1/health')).status).toBe(200);
    const { lane, fastify, byLane } = await bothWays(method, '/api/v1/health');
    expect(byLane).toBe(1);
    expect(lane.status).toBe(200);
    expect(lane.headers).toEqual(fastify.headers);
    expect(lane.body.equals(fastify.body)).toBe(true);
    if (method === 'GET') expect(JSON.parse(lane.body.toString())).toMatchObject({ status: 'ok', database: { status: 'up' } });
  });

  it('a database that stopped answering: 503 "degraded" on every check, none from the lane', { timeout: 120_000 }, async () => {
    const broken = await setupTestApp();
    await broken.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(broken.app.server.address() as AddressInfo).port}/api/v1/health`;
    try {
      expect((await fetch(url)).status).toBe(200);
      await broken.database.close();
      await new Promise((resolve) => setTimeout(resolve, PING_REUSE_MS));
      const before = broken.app.fastLane.answers;
      for (let check = 0; check < 3; check += 1) {
        const answer = await fetch(url);
        expect(answer.status).toBe(503);
        expect((await answer.json()).status).toBe('degraded');
      }
      expect(broken.app.fastLane.answers).toBe(before);
    } finally {
      await broken.close();
    }
  });
});

describe('the fast lane leaves to Fastify', () => {
  it("a photo of a listing that is not public: 404 without its signed URL, the owner's signed URL served privately", async () => {
    const seller = await createUser(ctx.app);
    const listing = await createListing(ctx.app, seller);
    const upload = await uploadPhotos(ctx.app, listing.id, [{ data: await jpeg(RED) }], seller);
    const signed = (upload.json() as { photos: string[] }).photos[0]!;
    expect(signed).toContain('?access=');
    const bare = signed.split('?')[0]!;
    for (let visit = 0; visit < 3; visit += 1) {
      const refused = await bothWays('GET', bare);
      expect(refused.byLane).toBe(0);
      expect(refused.lane.status).toBe(404);
      expect(JSON.parse(refused.lane.body.toString()).detail).toBe('Photo not found');
      const owner = await bothWays('GET', signed);
      expect(owner.byLane).toBe(0);
      expect(owner.lane.status).toBe(200);
      expect(owner.lane.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    }
  });

  it('a photo removed from its listing answers 404 on the next visit', async () => {
    const seller = await createUser(ctx.app);
    const { listingId, url } = await publicPhoto(seller);
    expect((await overHttp('GET', url)).status).toBe(200);
    expect((await bothWays('GET', url)).byLane).toBe(1);
    expect((await call(ctx.app, 'DELETE', `/listings/${listingId}/photos/0`, { user: seller })).statusCode).toBe(200);
    const gone = await overHttp('GET', url);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body.toString()).detail).toBe('Photo not found');
  });

  it("a listing's page shows its edit on the next visit, not the kept page", async () => {
    const seller = await createUser(ctx.app);
    const listing = await createListing(ctx.app, seller, { title: 'Eppendorf 5424 microcentrifuge' });
    await activate(ctx.app, listing.id);
    const url = `/listings/${listing.id}`;
    expect((await overHttp('GET', url)).body.toString()).toContain('Eppendorf 5424 microcentrifuge');
    expect((await bothWays('GET', url)).byLane).toBe(1);
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1${url}`,
      headers: seller.headers,
      payload: { ...GOOD_LISTING, title: 'Eppendorf 5424 R refrigerated microcentrifuge' },
    });
    expect(edited.statusCode).toBe(200);
    const next = await overHttp('GET', url);
    expect(next.body.toString()).toContain('Eppendorf 5424 R refrigerated microcentrifuge');
  });

  it('anything but GET and HEAD, and paths it does not hold', async () => {
    const before = ctx.app.fastLane.answers;
    expect((await overHttp('GET', '/api/v1/listings/latest?limit=1')).status).toBe(200);
    expect((await overHttp('GET', '/api/v1/health/')).status).toBe(404);
    expect((await overHttp('GET', '/assets/missing-abc123.js')).status).toBe(404);
    const posted = await new Promise<number>((resolve, reject) => {
      http
        .request(`${base}${ASSET}`, { method: 'POST' }, (response) => {
          response.resume();
          resolve(response.statusCode!);
        })
        .on('error', reject)
        .end();
    });
    expect(posted).toBe(404);
    expect(ctx.app.fastLane.answers).toBe(before);
  });

  it('counts its answers in the request metrics under the route Fastify would name', async () => {
    const metric = async () => {
      const text = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
      const line = text
        .split('\n')
        .find((l) => l.startsWith('benchmarket_http_requests_total{method="GET",route="/assets/*",status_code="200"}'));
      return Number(line?.split(' ').pop() ?? 0);
    };
    const before = await metric();
    await overHttp('GET', ASSET);
    await overHttp('GET', ASSET, { 'accept-encoding': 'br' });
    expect(await metric()).toBe(before + 2);
  });
});

describe('the fast lane in the request log', () => {
  it('writes "incoming request" and "request completed" for its answers at info, under a request id of its own, secrets redacted', async () => {
    const written: string[] = [];
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bm-fast-lane-log-'));
    const database = await createTestDatabase();
    const config = loadConfig(testEnv(dataDir, { LOG_LEVEL: 'info', WEB_DIST_DIR: webDir, TRUST_PROXY: '1' }));
    const app = await buildApp({ config, database, logStream: { write: (line: string) => void written.push(line) } });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const before = app.fastLane.answers;
      for (const url of [ASSET, `${ASSET}?token=secret-in-a-link`]) {
        await new Promise<void>((resolve, reject) => {
          http.get(`http://127.0.0.1:${port}${url}`, (response) => response.resume().on('end', resolve)).on('error', reject);
        });
      }
      expect(app.fastLane.answers - before).toBe(2);
      const lines = written.map(
        (line) =>
          JSON.parse(line) as { msg?: string; reqId?: string; req?: { url?: string; method?: string }; res?: { statusCode?: number } },
      );
      const incoming = lines.filter((line) => line.msg === 'incoming request' && line.req?.url?.startsWith(ASSET));
      expect(incoming.map((line) => line.req)).toMatchObject([
        { method: 'GET', url: ASSET },
        { method: 'GET', url: `${ASSET}?token=[redacted]` },
      ]);
      expect(new Set(incoming.map((line) => line.reqId)).size).toBe(2);
      for (const { reqId } of incoming) {
        expect(reqId).toMatch(/^req-/);
        expect(lines.find((line) => line.msg === 'request completed' && line.reqId === reqId)?.res).toEqual({ statusCode: 200 });
      }
      expect(written.join('')).not.toContain('secret-in-a-link');

      // Behind a trusted proxy (TRUST_PROXY=1) the lane names the client as Fastify does.
      const behindProxy = async (url: string) => {
        await new Promise<void>((resolve, reject) => {
          http
            .get(`http://127.0.0.1:${port}${url}`, { headers: { 'x-forwarded-for': '198.51.100.9, 203.0.113.7' } }, (response) =>
              response.resume().on('end', resolve),
            )
            .on('error', reject);
        });
        const line = written
          .map((text) => JSON.parse(text) as { msg?: string; req?: { url?: string; remoteAddress?: string } })
          .filter((entry) => entry.msg === 'incoming request' && entry.req?.url === url)
          .pop();
        return line?.req?.remoteAddress;
      };
      const laneBefore = app.fastLane.answers;
      expect(await behindProxy(ASSET)).toBe('203.0.113.7');
      expect(app.fastLane.answers).toBe(laneBefore + 1);
      expect(await behindProxy('/api/v1/health')).toBe('203.0.113.7');
    } finally {
      await app.close();
      await database.dropped();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
