import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { tooManyPhotos } from '@benchmarket/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestDatabase, testEnv } from './helpers.js';
import { GOOD_PASSWORD, uniqueEmail } from './support/auth.js';
import { createListing } from './support/listings.js';
import { multipartBody, type UploadFile } from './support/photos.js';
import { createUser, type TestUser } from './support/users.js';

/**
 * Uploads over real HTTP (issue 12, defects 2 and 10): what a refused, malformed or aborted
 * upload does to the connection it came on and to the log.
 */

interface Server {
  app: FastifyInstance;
  base: string;
  logLines: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** The app as production builds it, listening on a free port, its log lines kept. */
async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bm-uploads-'));
  const config = loadConfig(testEnv(dataDir, { LOG_LEVEL: 'info', ...env }));
  const database = await createTestDatabase();
  const logLines: Array<Record<string, unknown>> = [];
  const started = await buildApp({
    config,
    database,
    logStream: { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  await started.listen({ host: '127.0.0.1', port: 0 });
  return {
    app: started,
    base: `http://127.0.0.1:${(started.server.address() as AddressInfo).port}/api/v1`,
    logLines,
    async close() {
      await started.close();
      await database.dropped();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let server: Server;
let app: FastifyInstance;
let base: string;
let logLines: Array<Record<string, unknown>>;

beforeAll(async () => {
  server = await startServer();
  ({ app, base, logLines } = server);
});
afterAll(() => server.close());

/** A photo of about 220 KB: a noisy JPEG compresses badly. */
function noisyJpeg(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 440,
      height: 440,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 100 + seed, sigma: 60 },
    },
  })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** POST /listings/{id}/photos with Node's fetch (undici, keep-alive), as a script or another server would. */
async function fetchUpload(
  listingId: string,
  user: TestUser,
  files: readonly Buffer[],
  on: string = base,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const form = new FormData();
  files.forEach((data, i) => form.append('files', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), `photo-${i}.jpg`));
  const response = await fetch(`${on}/listings/${listingId}/photos`, {
    method: 'POST',
    headers: user.headers,
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

/** One raw request: exactly these bytes, however malformed (on `agent`'s connections when given). */
function rawPost(
  urlPath: string,
  headers: Record<string, string>,
  body: Buffer,
  agent?: http.Agent,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const options = {
      method: 'POST',
      agent,
      headers: { ...headers, 'content-length': String(body.length) },
      signal: AbortSignal.timeout(15_000),
    };
    const request = http.request(`${base}${urlPath}`, options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>,
        }),
      );
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
    await expect
      .poll(() => logLines.slice(before).some((line) => line.msg === 'request completed' || line.msg === 'request failed'), {
        timeout: 5000,
      })
      .toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const errors = logLines.slice(before).filter((line) => typeof line.level === 'number' && line.level >= 50);
    expect(errors).toEqual([]);
    // And the server still answers.
    expect((await fetchUpload(listingId, seller, [photo])).status).toBe(201);
  });
});

/** A 24-megapixel camera frame: a small file whose decode costs as much as any real photo's. */
function cameraFrame(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 6000, height: 4000, channels: 3, background: { r: 40 + seed, g: 90, b: 140 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Registers and logs in an account over HTTP, as the web app does; answers the login's status. */
async function registerAndLogIn(on: string): Promise<{ status: number; loggedInAt: number }> {
  const email = uniqueEmail('buyer');
  const registered = await fetch(`${on}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: GOOD_PASSWORD }),
  });
  expect(registered.status).toBe(201);
  const response = await fetch(`${on}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: GOOD_PASSWORD }).toString(),
  });
  await response.arrayBuffer();
  return { status: response.status, loggedInAt: Date.now() };
}

describe("one account's burst of large uploads (defect 3)", () => {
  it('leaves other users answered while it runs, and refuses a third upload at once from the same account', async () => {
    const seller = await createUser(app);
    const [first, second, third] = await Promise.all([createListing(app, seller), createListing(app, seller), createListing(app, seller)]);
    const frames = await Promise.all([1, 2, 3, 4, 5].map(cameraFrame));

    let burstDoneAt = 0;
    const burst = Promise.all([fetchUpload(first!.id, seller, frames), fetchUpload(second!.id, seller, frames)]).then((answers) => {
      burstDoneAt = Date.now();
      return answers;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [login, third429] = await Promise.all([registerAndLogIn(base), fetchUpload(third!.id, seller, frames.slice(0, 1))]);
    const answers = await burst;

    expect(login.status).toBe(200);
    // The login did not wait for the burst: it was answered while the burst was still decoding.
    expect(login.loggedInAt).toBeLessThan(burstDoneAt);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers[0]!.body.photos).toHaveLength(5);
    expect(third429.status).toBe(429);
    expect(third429.body.detail).toBe('You are already uploading photos. Please wait until those uploads have finished, then try again.');
  });
});

describe('uploads with tight limits (defect 3)', () => {
  let tight: Server;
  beforeAll(async () => {
    tight = await startServer({ REQUEST_TIMEOUT_SECONDS: '2', RATE_LIMIT_PHOTOS_PER_HOUR: '3' });
  });
  afterAll(() => tight.close());

  it('answers 429 with a detail and Retry-After when an account has uploaded its photos for the hour, and stores none of the refused upload', async () => {
    const seller = await createUser(tight.app);
    const listing = await createListing(tight.app, seller);
    const photos = await Promise.all([21, 22, 23, 24].map(noisyJpeg));
    expect((await fetchUpload(listing.id, seller, photos.slice(0, 2), tight.base)).status).toBe(201);

    const refused = await fetchUpload(listing.id, seller, photos.slice(2, 4), tight.base);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe('You can upload up to 3 photos an hour. Please try again in 60 minutes.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    const stored = await fetch(`${tight.base}/listings/${listing.id}`, { headers: seller.headers });
    expect(((await stored.json()) as { photos: string[] }).photos).toHaveLength(2);

    // Another account is not affected by this one's quota.
    const other = await createUser(tight.app);
    const otherListing = await createListing(tight.app, other);
    expect((await fetchUpload(otherListing.id, other, photos.slice(0, 1), tight.base)).status).toBe(201);
  });

  it('cuts off an upload that trickles in at 100 bytes a second', async () => {
    const seller = await createUser(tight.app);
    const listing = await createListing(tight.app, seller);
    const { port } = new URL(tight.base);
    const started = Date.now();
    const { answer, elapsedMs } = await new Promise<{ answer: string; elapsedMs: number }>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let answer = '';
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write(
          `POST /api/v1/listings/${listing.id}/photos HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
            `Authorization: ${seller.headers.authorization}\r\n` +
            'Content-Type: multipart/form-data; boundary=slow\r\nContent-Length: 1000000\r\n\r\n' +
            '--slow\r\nContent-Disposition: form-data; name="files"; filename="slow.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
        );
        // 10 bytes every 100 ms: 100 bytes a second, 1 MB would take almost three hours.
        timer = setInterval(() => socket.write(Buffer.alloc(10, 0xff)), 100);
      });
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, elapsedMs: Date.now() - started });
      });
      // A bound far above the 2 s timeout, so the test ends even if nothing cuts the upload off.
      setTimeout(() => socket.destroy(), 20_000).unref();
    });
    expect(elapsedMs).toBeLessThan(10_000);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });
});
