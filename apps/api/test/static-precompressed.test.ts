import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from './helpers.js';
import { activate, createListing } from './support/listings.js';
import { jpeg, RED, uploadPhotos } from './support/photos.js';
import { createUser } from './support/users.js';

// Issue 19: the web build's files are compressed once, at build time (.br and .gz beside each
// one), and sent as they are; photos answer conditional requests with 304. Over real HTTP,
// so the bytes checked are the bytes a browser receives.

const ASSET = 'assets/react-abc123.js';
const ASSET_BODY = `export const data = ${JSON.stringify('BenchMarket '.repeat(400))};\n`;
/** Marked, so the test knows the server sent the build's file rather than compressing anew. */
const ASSET_BR = brotliCompressSync(`${ASSET_BODY}// from the .br file\n`);
const ASSET_GZ = gzipSync(`${ASSET_BODY}// from the .gz file\n`);
const SMALL_ASSET = 'assets/small-abc123.css';
const INDEX_HTML = `<!doctype html><html><head><title>BenchMarket</title></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;

let ctx: TestContext;
let webDir: string;
let base: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'bm-web-precompressed-'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, ASSET), ASSET_BODY);
  writeFileSync(path.join(webDir, `${ASSET}.br`), ASSET_BR);
  writeFileSync(path.join(webDir, `${ASSET}.gz`), ASSET_GZ);
  writeFileSync(path.join(webDir, SMALL_ASSET), 'body{margin:0}');
  mkdirSync(path.join(webDir, '.vite'));
  writeFileSync(path.join(webDir, '.vite', 'manifest.json'), '{}');
  ctx = await setupTestApp({ env: { WEB_DIST_DIR: webDir } });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** A GET over HTTP, the body as received (not decoded). */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('hashed assets compressed at build time', () => {
  it('are sent as the .br file to a browser that takes brotli, cached for a year', async () => {
    const response = await get(`/${ASSET}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body.equals(ASSET_BR)).toBe(true);
  });

  it('are sent as the .gz file to a client that takes gzip only', async () => {
    const response = await get(`/${ASSET}`, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body.equals(ASSET_GZ)).toBe(true);
  });

  it('are sent as they are to a client that takes no compression', async () => {
    const response = await get(`/${ASSET}`);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body.toString()).toBe(ASSET_BODY);
  });

  it('serve a file the build left without compressed copies, and the copies are no pages of their own', async () => {
    const small = await get(`/${SMALL_ASSET}`, { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const body = small.headers['content-encoding'] === 'br' ? brotliDecompressSync(small.body) : small.body;
    expect(body.toString()).toBe('body{margin:0}');
    expect((await get(`/${ASSET}.br`)).status).toBe(404);
    // The build's own files (its manifest) are not the site's.
    expect((await get('/.vite/manifest.json')).status).toBe(404);
  });

  it('answer a revalidation with 304 and no body, and HEAD with the headers alone', async () => {
    const first = await get(`/${ASSET}`, { 'accept-encoding': 'br' });
    const etag = first.headers.etag!;
    expect(etag).toBeTruthy();
    const byTag = await get(`/${ASSET}`, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(byTag.status).toBe(304);
    expect(byTag.body.length).toBe(0);
    expect((await get(`/${ASSET}`, { 'if-modified-since': first.headers['last-modified']! })).status).toBe(304);
    expect((await get(`/${ASSET}`, { 'if-none-match': '"another-file"' })).status).toBe(200);

    const head = await ctx.app.inject({ method: 'HEAD', url: `/${ASSET}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/javascript/);
    expect(head.body).toBe('');
  });

  it('still compress the API’s JSON on the fly', async () => {
    const seller = await createUser(ctx.app);
    const listing = await createListing(ctx.app, seller, { description: 'A well kept centrifuge. '.repeat(60) });
    await activate(ctx.app, listing.id);
    const response = await get(`/api/v1/listings/${listing.id}`, { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.body).toString())).toMatchObject({ id: listing.id });
  });
});

describe('the app shell', () => {
  it('sends the same page compressed (brotli or gzip) or as text, whatever the client takes', async () => {
    const plain = await get('/search');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The same URL answers differently by Accept-Encoding: a shared cache must know, for the text too.
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = plain.body.toString();
    expect(html).toContain('<div id="root">');
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(html));
    expect((await get('/search')).body.toString()).toBe(html);
    for (let i = 0; i < 2; i += 1) {
      const br = await get('/search', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.body).toString()).toBe(html);
    }
    const gzip = await get('/search', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(html);
  });
});

describe('photos under /uploads/', () => {
  it('answer a conditional request (If-None-Match or If-Modified-Since) with 304 and no body', async () => {
    const seller = await createUser(ctx.app);
    const listing = await createListing(ctx.app, seller);
    const upload = await uploadPhotos(ctx.app, listing.id, [{ data: await jpeg(RED) }], seller);
    expect(upload.statusCode).toBe(201);
    await activate(ctx.app, listing.id);
    const url = (upload.json() as { photos: string[] }).photos[0]!.split('?')[0]!;

    const first = await get(url);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toMatch(/^public/);
    const etag = first.headers.etag!;
    const lastModified = first.headers['last-modified']!;
    expect(etag).toBeTruthy();
    expect(lastModified).toBeTruthy();

    const byTag = await get(url, { 'if-none-match': etag });
    expect(byTag.status).toBe(304);
    expect(byTag.body.length).toBe(0);
    const byDate = await get(url, { 'if-modified-since': lastModified });
    expect(byDate.status).toBe(304);
    // Another file's tag is no match.
    expect((await get(url, { 'if-none-match': '"other"' })).status).toBe(200);
  });
});
