/**
 * Issue 17: several API processes on one PostgreSQL database, as a scaled-out deploy runs them
 * (docs/operations.md). Real built servers, a real SMTP server, real HTTP; the database is one
 * of its own on the PostgreSQL at TEST_DATABASE_URL (default 127.0.0.1:5432), dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, callApi, registerVerifiedByMail, verifyByMailAndLogIn, type TestUser, uniqueEmail } from './support/api.js';
import { createPublishedListing, SMALL_PNG } from './support/listing-fixtures.js';
import { startMailCatcher, type MailCatcher } from './support/mail.js';
import { startServer, type RunningServer } from './support/server.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE_NAME = `bm_processes_${randomBytes(5).toString('hex')}`;
const PASSWORD = 'several-processes-2026';
/** The registrations one address may make in an hour, counted in the database for every process. */
const REGISTRATIONS_PER_HOUR = 8;

let mail: MailCatcher;
let databaseUrl: string;
let first: RunningServer;
let second: RunningServer;
const others: RunningServer[] = [];

/** What every process of this deploy shares: the database, the mail server, the signing secret. */
function deployEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    SMTP_URL: mail.smtpUrl,
    JWT_SECRET: 'several-processes-share-this-secret-of-32-chars',
    PROMO_FREE_UNTIL: '2099-06-01',
    ALERTS_EVERY_SECONDS: '1',
    RATE_LIMITS: 'on',
    RATE_LIMIT_REGISTER_PER_HOUR: String(REGISTRATIONS_PER_HOUR),
    SEARCH_CACHE_SECONDS: '600',
    ...extra,
  };
}

async function onAdminDatabase<T>(run: (client: pg.Client) => Promise<T>, url = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await onAdminDatabase((client) => client.query(`create database ${DATABASE_NAME}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE_NAME}`;
  databaseUrl = url.toString();
  mail = await startMailCatcher();
  // Both start at once on an empty database: each runs the migrations, one after the other.
  [first, second] = await Promise.all([startServer(deployEnv()), startServer(deployEnv())]);
}, 240_000);

afterAll(async () => {
  for (const server of [first, second, ...others]) await server?.stop();
  await mail?.stop();
  await onAdminDatabase((client) => client.query(`drop database if exists ${DATABASE_NAME} with (force)`));
});

/** The migrations the code ships (drizzle's journal): each must have been applied exactly once. */
function migrationsInTheRepository(): number {
  const journalPath = fileURLToPath(new URL('../apps/api/drizzle/meta/_journal.json', import.meta.url));
  return (JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] }).entries.length;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function mailsTo(email: string, subject: RegExp): number {
  return mail.mails.filter((received) => received.to.includes(email) && subject.test(received.subject)).length;
}

/** A port nothing listens on now, for a process's METRICS_PORT. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One series of Prometheus' text format, e.g. `benchmarket_mail_total{result="sent"}`; absent: 0. */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

async function searchIds(server: RunningServer, user: TestUser, query: string, ai = false): Promise<string[]> {
  const params = new URLSearchParams({ query, ...(ai ? { use_rag: 'true' } : {}) });
  const page = await api<{ items: { id: string }[] }>(server.baseUrl, `/listings/search?${params.toString()}`, { token: user.token });
  return page.items.map((item) => item.id);
}

describe('two API processes on one PostgreSQL database', () => {
  it('send each mail once, see each other’s writes at once, and count a rate limit together', async () => {
    // Registrations alternate between the processes; both workers poll the same jobs table.
    const emails = Array.from({ length: REGISTRATIONS_PER_HOUR }, (_, i) => uniqueEmail(`shared-${String(i)}`));
    for (const [i, email] of emails.entries()) {
      await api((i % 2 === 0 ? first : second).baseUrl, '/auth/register', { json: { email, password: PASSWORD } });
    }
    // The limit is counted across both: the next registration is refused, whichever process takes it.
    const refused = await callApi<{ detail: string }>(second.baseUrl, '/auth/register', {
      json: { email: uniqueEmail('one-too-many'), password: PASSWORD },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toEqual(expect.any(String));

    const seller = await verifyByMailAndLogIn(first.baseUrl, mail, emails[0]!, PASSWORD);
    const buyer = await verifyByMailAndLogIn(second.baseUrl, mail, emails[1]!, PASSWORD);
    for (const email of emails.slice(2)) await mail.waitForMail(email, /verif/i);

    // A search through the second process (its page now cached there) …
    await api(second.baseUrl, '/saved-searches', {
      token: buyer.token,
      json: { name: 'Microtomes', criteria: { query: 'microtome' }, frequency: 'instant' },
    });
    expect(await searchIds(second, buyer, 'microtome')).toEqual([]);
    // … then a listing published through the first is found through the second on the next request.
    const listing = await createPublishedListing(
      { baseUrl: first.baseUrl, dataDir: first.dataDir },
      seller,
      { title: 'Leica RM2235 rotary microtome', price: 6400 },
      { photo: false },
    );
    expect(await searchIds(second, buyer, 'microtome')).toEqual([listing.id]);
    expect(await searchIds(second, buyer, 'microtome', true)).toEqual([listing.id]);
    expect((await api<{ title: string }>(second.baseUrl, `/listings/${listing.id}`)).title).toBe('Leica RM2235 rotary microtome');

    // The saved search's alert: once, though both workers look for new matches every second.
    const alert = await mail.waitForMail(buyer.email, /Microtomes/, 30_000);
    expect(alert.text).toContain('Leica RM2235 rotary microtome');
    await sleep(4000);
    expect(mailsTo(buyer.email, /Microtomes/)).toBe(1);
    for (const email of emails) expect(mailsTo(email, /verif/i), email).toBe(1);
    // Started together, the two processes migrated once.
    const applied = await onAdminDatabase(
      (client) => client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations'),
      databaseUrl,
    );
    expect(applied.rows[0]?.n).toBe(migrationsInTheRepository());
  });

  it('WORKER=off serves and leaves the jobs; two WORKER=only processes do them with no HTTP, each mail and the expiry reminder once', async () => {
    // The shared workers stop (SIGTERM: each exits 0); from here only the processes below run.
    expect(await first.stop()).toBe(0);
    expect(await second.stop()).toBe(0);

    const servesOnly = await startServer(deployEnv({ WORKER: 'off', RATE_LIMIT_REGISTER_PER_HOUR: '100' }));
    others.push(servesOnly);
    const email = uniqueEmail('later');
    await api(servesOnly.baseUrl, '/auth/register', { json: { email, password: PASSWORD } });
    await sleep(3000);
    expect(mailsTo(email, /verif/i)).toBe(0);

    // A listing in its last week: the expiry sweep of the worker-only process reminds its seller.
    const reminded = await onAdminDatabase(async (client) => {
      const row = await client.query<{ title: string; email: string }>(
        `update listings set expiry_date = now() + interval '3 days', expiry_reminder_sent_at = null
         where is_active returning title, (select email from users where users.id = listings.user_id) as email`,
      );
      return row.rows[0]!;
    }, databaseUrl);

    // Two worker-only processes start together: both sweep at once, the reminder goes out once.
    // Each serves its metrics on a port of its own (METRICS_PORT), behind the deploy's token.
    const metricsToken = 'worker-metrics-token-for-this-deploy';
    const metricsPorts = [await freePort(), await freePort()] as const;
    const workerEnv = (metricsPort: number) =>
      deployEnv({ WORKER: 'only', LOG_LEVEL: 'info', METRICS_PORT: String(metricsPort), METRICS_TOKEN: metricsToken });
    const mailsBefore = mail.mails.length;
    const [workerOnly, secondWorker] = await Promise.all([
      startServer(workerEnv(metricsPorts[0])),
      startServer(workerEnv(metricsPorts[1])),
    ]);
    others.push(workerOnly, secondWorker);
    await mail.waitForMail(email, /verif/i, 30_000);
    const reminder = await mail.waitForMail(reminded.email, /expires soon/i, 30_000);
    expect(reminder.subject).toContain(reminded.title);
    // No API: nothing listens on its PORT.
    await expect(fetch(`${workerOnly.baseUrl}/api/v1/health`)).rejects.toThrow();
    await sleep(2000);
    expect(mailsTo(reminded.email, /expires soon/i)).toBe(1);
    expect(mailsTo(email, /verif/i)).toBe(1);

    // The mail only the workers sent is counted by them, each mail once, and scraped from their metrics ports.
    const metricsUrls = metricsPorts.map((port) => `http://127.0.0.1:${String(port)}`);
    const scrapes = await Promise.all(
      metricsUrls.map((url) => fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })),
    );
    expect(scrapes.map((scrape) => scrape.status)).toEqual([200, 200]);
    const texts = await Promise.all(scrapes.map((scrape) => scrape.text()));
    for (const text of texts) expect(text).toContain('benchmarket_mail_total');
    const sent = texts.reduce((sum, text) => sum + seriesValue(text, 'benchmarket_mail_total{result="sent"}'), 0);
    expect(sent).toBeGreaterThanOrEqual(2);
    expect(sent).toBe(mail.mails.length - mailsBefore);
    const metricsUrl = metricsUrls[0];
    const withoutToken = await fetch(`${metricsUrl}/metrics`);
    expect(withoutToken.status).toBe(401);
    expect(await withoutToken.json()).toMatchObject({ code: 'metrics_token' });
    expect((await fetch(`${metricsUrl}/metrics`, { headers: { Authorization: 'Bearer not-the-token-at-all' } })).status).toBe(401);
    const health = await fetch(`${metricsUrl}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { status: 'up', kind: 'postgres' } });
    // Only those two: the worker is not a second API behind nobody's load balancer.
    expect((await fetch(`${metricsUrl}/api/v1/listings/latest`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: 'POST', headers: { Authorization: `Bearer ${metricsToken}` } })).status).toBe(
      404,
    );

    expect(await workerOnly.stop()).toBe(0);
    expect(await secondWorker.stop()).toBe(0);
    await expect(fetch(`${metricsUrl}/api/v1/health`)).rejects.toThrow();
    expect(await servesOnly.stop()).toBe(0);
  });
});

interface Outcome {
  startedAt: number;
  /** The answer's status; undefined when none arrived. */
  status: number | undefined;
  /** The whole body arrived (as long as its Content-Length said). */
  complete: boolean;
  /** The code of the socket error that ended it (ECONNREFUSED, ECONNRESET, …), if one did. */
  error: string | undefined;
  /** The server's side had accepted the TCP connection. */
  connected: boolean;
  /** The whole request had been written to that connection. */
  sent: boolean;
  /** This end's port: the server logs it as `remotePort` for each request it reads. */
  localPort: number | undefined;
}

/** A GET with a fresh connection; the outcome, with how far it got, instead of a throw. */
function timedGet(url: string, token: string): Promise<Outcome> {
  const startedAt = Date.now();
  let connected = false;
  let sent = false;
  let localPort: number | undefined;
  let status: number | undefined;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (complete: boolean, error?: NodeJS.ErrnoException) => {
      if (settled) return;
      settled = true;
      resolve({ startedAt, status, complete, error: error ? (error.code ?? error.message) : undefined, connected, sent, localPort });
    };
    const request = http.get(url, { agent: false, headers: { Authorization: `Bearer ${token}` } }, (response) => {
      status = response.statusCode;
      const length = Number(response.headers['content-length'] ?? Number.NaN);
      let received = 0;
      response.on('data', (chunk: Buffer) => (received += chunk.length));
      response.on('end', () => settle(Number.isNaN(length) || received === length));
      response.on('error', (error) => settle(false, error));
      // Cut off without an error event: still not complete.
      response.on('close', () => settle(false));
    });
    request.on('socket', (socket) =>
      socket.once('connect', () => {
        connected = true;
        localPort = socket.localPort;
      }),
    );
    request.on('finish', () => (sent = true));
    request.on('error', (error) => settle(false, error));
  });
}

/** The client ports of the requests a server read, from its log (Fastify's 'incoming request' lines at info). */
function portsOfRequestsRead(log: string): Set<number> {
  const ports = new Set<number>();
  for (const line of log.split('\n')) {
    if (!line.includes('"msg":"incoming request"')) continue;
    const port = /"remotePort":(\d+)/.exec(line)?.[1];
    if (port !== undefined) ports.add(Number(port));
  }
  return ports;
}

/**
 * Never reached the server's HTTP layer, so there was nothing to answer: its connection was
 * refused, or reset before this client had connected (nothing sent), or reset with no answer
 * though the kernel had completed the handshake — the listening socket's queue, which closing
 * it resets — while the server's log shows no request from that port.
 */
function neverReachedTheServer(outcome: Outcome, portsRead: Set<number>): boolean {
  if (outcome.status !== undefined) return false;
  if (outcome.error === 'ECONNREFUSED') return !outcome.connected;
  if (outcome.error !== 'ECONNRESET') return false;
  return !outcome.connected || (outcome.localPort !== undefined && !portsRead.has(outcome.localPort));
}

/**
 * A photo upload whose body arrives slowly over `ms`: a request the server has accepted and is
 * still reading when the signal comes. Answers its status.
 */
function slowPhotoUpload(baseUrl: string, token: string, listingId: string, ms: number): Promise<number | string> {
  const boundary = `----bm${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, SMALL_PNG, tail]);
  return new Promise((resolve) => {
    const request = http.request(
      `${baseUrl}/api/v1/listings/${listingId}/photos`,
      {
        method: 'POST',
        agent: false,
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(body.length),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    const pieces = 10;
    const size = Math.ceil(body.length / pieces);
    let sent = 0;
    const timer = setInterval(() => {
      request.write(body.subarray(sent * size, (sent + 1) * size));
      sent += 1;
      if (sent === pieces) {
        clearInterval(timer);
        request.end();
      }
    }, ms / pieces);
  });
}

describe('a deploy’s SIGTERM', () => {
  it('answers every request it had accepted, refuses the rest cleanly, and exits 0', async () => {
    const server = await startServer(
      deployEnv({ SHUTDOWN_GRACE_MS: '10000', RATE_LIMIT_REGISTER_PER_HOUR: '100', RATE_LIMITS: 'off', LOG_LEVEL: 'info' }),
    );
    others.push(server);
    const seller = await registerVerifiedByMail(server.baseUrl, mail, uniqueEmail('under-load'), PASSWORD);
    const listing = await api<{ id: string }>(server.baseUrl, '/listings', {
      token: seller.token,
      json: {
        title: 'Sakura Tissue-Tek VIP 6 tissue processor',
        description: 'Tissue processor, serviced last year, with its original manual, power cord and a service report.',
        price: 9800,
        condition: 'pre-owned',
        location: 'Germany',
        duration_months: 1,
      },
    });

    // Load: eight clients, each a new connection per request, searching and reading the listing.
    const outcomes: Outcome[] = [];
    let loading = true;
    const client = async (n: number) => {
      while (loading) {
        const path = n % 2 === 0 ? `/api/v1/listings/search?query=tissue%20processor&use_rag=true` : `/api/v1/listings/${listing.id}`;
        outcomes.push(await timedGet(`${server.baseUrl}${path}`, seller.token));
      }
    };
    const clients = Array.from({ length: 8 }, (_, n) => client(n));
    const upload = slowPhotoUpload(server.baseUrl, seller.token, listing.id, 3000);
    await sleep(1500);

    // Read after the stop, which deletes the file: an open descriptor still reads it.
    const log = openSync(server.logFile, 'r');
    const signalledAt = Date.now();
    const exitCode = server.stop();
    await sleep(2500);
    loading = false;
    await Promise.all(clients);

    // The upload was being read when the signal came: it finishes and is kept.
    expect(await upload).toBe(201);
    expect(await exitCode).toBe(0);
    const before = outcomes.filter((outcome) => outcome.startedAt < signalledAt - 200);
    expect(before.length).toBeGreaterThan(5);
    expect(before.filter((outcome) => outcome.status !== 200 || !outcome.complete)).toEqual([]);
    // After the signal a request is answered whole, refused with 503, or never reached the server
    // (its connection refused, or reset in the listening socket's queue). A request the server
    // read and then cut, or a connection reset after the server read from it, is a failure.
    const after = outcomes.filter((outcome) => outcome.startedAt >= signalledAt - 200);
    const answeredWhole = (outcome: Outcome) => outcome.complete && (outcome.status === 200 || outcome.status === 503);
    const portsRead = portsOfRequestsRead(readFileSync(log, 'utf8'));
    closeSync(log);
    // The log is the evidence below: every request served (200) is in it. (A 503 while closing is
    // logged without the request's fields.)
    const served = outcomes.filter((outcome) => outcome.status === 200);
    expect(served.filter((outcome) => outcome.localPort === undefined || !portsRead.has(outcome.localPort))).toEqual([]);
    expect(after.filter((outcome) => !answeredWhole(outcome) && !neverReachedTheServer(outcome, portsRead))).toEqual([]);
    const photos = await onAdminDatabase(
      (db) => db.query<{ n: number }>('select count(*)::int as n from listing_photos where listing_id = $1', [listing.id]),
      databaseUrl,
    );
    expect(photos.rows[0]?.n).toBe(1);
  });
});
