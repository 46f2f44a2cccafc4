import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { tooManyPhotos } from '@benchmarket/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestDatabase, testEnv } from './helpers.js';
import { createListing } from './support/listings.js';
import { multipartBody, type UploadFile } from './support/photos.js';
import { createUser, type TestUser } from './support/users.js';

/**
 * Uploads over real HTTP (issue 12, defects 2 and 10): what a refused, malformed or aborted
 * upload does to the connection it came on and to the log.
 */

let app: FastifyInstance;
let base: string;
let close: () => Promise<void>;
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bm-uploads-'));
  const config = loadConfig(testEnv(dataDir, { LOG_LEVEL: 'info' }));
  const database = await createTestDatabase();
  database.pool.on('error', () => {});
  app = await buildApp({
    config,
    database,
    logStream: { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
  close = async () => {
    await app.close();
    await database.dropped();
    rmSync(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => close());

/** A photo of about 220 KB: a noisy JPEG compresses badly. */
function noisyJpeg(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 440, height: 440, channels: 3, noise: { type: 'gaussian', mean: 100 + seed, sigma: 60 } } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** POST /listings/{id}/photos with Node's fetch (undici, keep-alive), as a script or another server would. */
async function fetchUpload(listingId: string, user: TestUser, files: readonly Buffer[]): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  files.forEach((data, i) => form.append('files', new Blob([data], { type: 'image/jpeg' }), `photo-${i}.jpg`));
  const response = await fetch(`${base}/listings/${listingId}/photos`, {
    method: 'POST',
    headers: user.headers,
    body: form,
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** One raw request: exactly these bytes, however malformed (on `agent`'s connections when given). */
function rawPost(
  urlPath: string,
  headers: Record<string, string>,
  body: Buffer,
  agent?: http.Agent,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const options = { method: 'POST', agent, headers: { ...headers, 'content-length': String(body.length) }, signal: AbortSignal.timeout(15_000) };
    const request = http.request(`${base}${urlPath}`, options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown> }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('a refused upload and the keep-alive connection it came on (defect 2)', () => {
  it('answers every request that follows a refusal over the same connection, each as a user expects', async () => {
    const seller = await createUser(app);
    const listing = await createListing(app, seller);
    const photos = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8, 9].map(noisyJpeg));
    expect(photos[0]!.length).toBeGreaterThan(150 * 1024);

    expect((await fetchUpload(listing.id, seller, photos.slice(0, 2))).status).toBe(201);

    const refused = await fetchUpload(listing.id, seller, photos.slice(2, 6));
    expect(refused).toMatchObject({ status: 400, body: { detail: tooManyPhotos(2) } });

    // Three more in one request, over the same keep-alive connection: not stuck behind the refused body.
    const added = await fetchUpload(listing.id, seller, photos.slice(6, 9));
    expect(added.status).toBe(201);
    expect(added.body.photos).toHaveLength(5);
    const full = await fetchUpload(listing.id, seller, [photos[0]!]);
    expect(full).toMatchObject({ status: 400, body: { detail: tooManyPhotos(5) } });
  });

  it('answers every request that follows a refusal when all go over one single connection', async () => {
    const seller = await createUser(app);
    const listing = await createListing(app, seller);
    const photos = await Promise.all([11, 12, 13, 14, 15, 16, 17].map(noisyJpeg));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (files: Buffer[]) => {
      const { payload, contentType } = multipartBody(files.map((data) => ({ data })));
      return rawPost(`/listings/${listing.id}/photos`, { ...seller.headers, 'content-type': contentType }, payload, agent);
    };
    try {
      expect((await send(photos.slice(0, 2))).status).toBe(201);
      expect(await send(photos.slice(2, 6))).toMatchObject({ status: 400, body: { detail: tooManyPhotos(2) } });
      const added = await send(photos.slice(6, 7));
      expect(added.status).toBe(201);
      expect(added.body.photos).toHaveLength(3);
    } finally {
      agent.destroy();
    }
  });

  it('answers a request after a refused too-large photo on the same connection', async () => {
    const seller = await createUser(app);
    const listing = await createListing(app, seller);
    const huge = Buffer.concat([await noisyJpeg(1), Buffer.alloc(11 * 1024 * 1024, 7)]);
    const tooLarge = await fetchUpload(listing.id, seller, [huge]);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.detail).toEqual(expect.any(String));
    expect((await fetchUpload(listing.id, seller, [await noisyJpeg(2)])).status).toBe(201);
  });
});

describe('malformed multipart (defect 10)', () => {
  let seller: TestUser;
  let listingId: string;
  let photo: Buffer;
  beforeAll(async () => {
    seller = await createUser(app);
    listingId = (await createListing(app, seller)).id;
    photo = await noisyJpeg(3);
  });
  const upload = (contentType: string, body: Buffer) =>
    rawPost(`/listings/${listingId}/photos`, { ...seller.headers, 'content-type': contentType }, body);
  const files = (): UploadFile[] => [{ data: photo }];

  it('answers 4xx with a detail for a multipart type without a boundary', async () => {
    const { payload } = multipartBody(files());
    const answer = await upload('multipart/form-data', payload);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.detail).toEqual(expect.any(String));
  });

  it('answers 400 with a detail for a body written with another boundary', async () => {
    const { payload } = multipartBody(files());
    const answer = await upload('multipart/form-data; boundary=not-the-one-used', payload);
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toEqual(expect.any(String));
  });

  it('answers 400 with a detail for a truncated body', async () => {
    const { payload, contentType } = multipartBody(files());
    const answer = await upload(contentType, payload.subarray(0, Math.floor(payload.length / 2)));
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/incomplete|cut off/i);
  });

  it('answers 400 with a detail for a body that ends before its closing boundary', async () => {
    const { payload, contentType } = multipartBody(files());
    const answer = await upload(contentType, payload.subarray(0, payload.length - 10));
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toEqual(expect.any(String));
  });

  it('answers 415 with a detail for a body that is not multipart', async () => {
    for (const type of ['application/json', 'image/jpeg', 'text/plain', 'application/octet-stream']) {
      const answer = await upload(type, type === 'application/json' ? Buffer.from('{"files":[]}') : photo);
      expect(answer.status, type).toBe(415);
      expect(answer.body.detail, type).toEqual(expect.any(String));
    }
  });

  it('logs a client that gives up mid-upload at info level, not as an error', async () => {
    const { payload, contentType } = multipartBody(files());
    const before = logLines.length;
    await new Promise<void>((resolve) => {
      const request = http.request(`${base}/listings/${listingId}/photos`, {
        method: 'POST',
        headers: { ...seller.headers, 'content-type': contentType, 'content-length': String(payload.length) },
      });
      request.on('error', () => resolve());
      request.write(payload.subarray(0, 64 * 1024));
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 300);
    });
    // The server notices the closed connection and finishes the request.
    await expect.poll(() => logLines.slice(before).some((line) => line.msg === 'request completed' || line.msg === 'request failed'), { timeout: 5000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const errors = logLines.slice(before).filter((line) => typeof line.level === 'number' && line.level >= 50);
    expect(errors).toEqual([]);
    // And the server still answers.
    expect((await fetchUpload(listingId, seller, [photo])).status).toBe(201);
  });
});
