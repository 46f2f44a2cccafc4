/**
 * The crash test (issue 12; docs/crash-test.md). A workload of registrations (verified from the
 * mail), listings, photo uploads, sandbox payments and messages runs against the compiled API
 * while the API is killed with SIGKILL at random moments and started again. Afterwards, on the
 * database and the storage directory:
 *   - every write a client got a 2xx for is there (accounts, verifications, listings, exactly
 *     the photos the last answer listed, payments, messages);
 *   - nothing was applied twice: no listing activated by two payments, no second charge;
 *   - every queued mail was delivered, and how many were delivered twice (counted at the SMTP
 *     stand-in);
 *   - photo files no row names: how many, and that the orphan sweep removes them and nothing else;
 *   - embedded database (--database pglite): both processes are killed at once; the data must
 *     open intact, and no `bm-pg-*` socket directory of a killed process may remain.
 *
 *   npm run crash -w @benchmarket/perf -- --database postgres --kills 3
 *
 * Options: --database postgres|pglite (postgres), --database-url <admin URL> (CRASH_DATABASE_URL,
 * else postgres://postgres@127.0.0.1:5432/postgres; a database of its own is created and
 * dropped), --kills N (20), --users N (4), --gap-ms MIN-MAX (1500-6000: time from healthy to the
 * next kill), --seed N, --source (run apps/api/src through tsx instead of apps/api/dist),
 * --strict-mail (a mail delivered twice fails the run), --keep (keep the data directory), --json FILE.
 * Exit code 1 when a check fails.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { systemClock } from '../../apps/api/src/lib/clock.js';
import { sweepOrphanPhotos } from '../../apps/api/src/modules/photos/orphan-sweep.js';
import { createLocalStorage } from '../../apps/api/src/modules/storage/plugin.js';
import { ApiProcess, freePort } from './api-process.js';
import { startMailCatcher, type CaughtMail } from './mail-catcher.js';
import { MESSAGE_SUBJECT, PAYMENT_SUBJECT, VERIFY_SUBJECT, Workload } from './workload.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const JWT_SECRET = 'crash-test-secret-that-is-long-enough-for-hs256';

interface Options {
  database: 'postgres' | 'pglite';
  databaseUrl: string;
  kills: number;
  users: number;
  gapMs: [number, number];
  seed: number;
  source: boolean;
  strictMail: boolean;
  keep: boolean;
  json: string | undefined;
  mailTimeoutMs: number;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const database = value('database') ?? 'postgres';
  if (database !== 'postgres' && database !== 'pglite') throw new Error('--database is postgres or pglite');
  const [min, max] = (value('gap-ms') ?? '1500-6000').split('-').map(Number);
  return {
    database,
    databaseUrl: value('database-url') ?? process.env.CRASH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    kills: Number(value('kills') ?? 20),
    users: Number(value('users') ?? 4),
    gapMs: [min ?? 1500, max ?? min ?? 6000],
    seed: Number(value('seed') ?? Date.now() % 1_000_000),
    source: argv.includes('--source'),
    strictMail: argv.includes('--strict-mail'),
    keep: argv.includes('--keep'),
    json: value('json'),
    mailTimeoutMs: Number(value('mail-timeout-ms') ?? 180_000),
  };
}

/** mulberry32: a small seeded generator, so a run can be repeated. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stats = (values: number[]) =>
  values.length === 0
    ? { n: 0, median: 0, max: 0 }
    : { n: values.length, median: [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!, max: Math.max(...values) };

async function photos(): Promise<Buffer[]> {
  const colours = [
    { r: 200, g: 30, b: 30 },
    { r: 30, g: 160, b: 60 },
    { r: 40, g: 60, b: 200 },
  ];
  return Promise.all(
    colours.map((background, i) =>
      sharp({ create: { width: 480 + i * 40, height: 360, channels: 3, background } })
        .jpeg({ quality: 85 })
        .toBuffer(),
    ),
  );
}

/** Socket directories (`bm-pg-*`) whose owners file names one of `pids`. */
function socketDirsOf(pids: number[]): string[] {
  const tmp = os.tmpdir();
  return readdirSync(tmp)
    .filter((name) => name.startsWith('bm-pg-'))
    .filter((name) => {
      try {
        const owners = readFileSync(path.join(tmp, name, 'owners'), 'utf8')
          .split('\n')
          .map(Number);
        return owners.some((pid) => pids.includes(pid));
      } catch {
        return false;
      }
    });
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const random = seeded(options.seed);
  const runId = randomBytes(4).toString('hex');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bm-crash-'));
  console.log(
    `crash test ${runId}: ${options.kills} kills, ${options.users} users, database ${options.database}, seed ${options.seed}, data ${dataDir}`,
  );

  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (options.database === 'postgres') {
    const name = `bm_crash_${runId}`;
    const admin = new pg.Client({ connectionString: options.databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(options.databaseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: options.databaseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  }

  const mail = await startMailCatcher();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SMTP_URL: mail.url,
    JWT_SECRET,
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
    DEMO_DATA: '0',
    // Payments cost money (no free first month), so each one is a charge at the sandbox.
    PROMO_FREE_UNTIL: '2000-06-01',
    WORKER_POLL_MS: '250',
  };
  const api = new ApiProcess({ root: ROOT, env, baseUrl, logFile: path.join(dataDir, 'api.log'), source: options.source });
  const failures: string[] = [];
  const report: Record<string, unknown> = {
    runId,
    seed: options.seed,
    database: options.database,
    kills: options.kills,
    users: options.users,
  };

  try {
    const firstStart = await api.start();
    console.log(`API healthy in ${firstStart} ms on ${baseUrl}`);

    const workload = new Workload({
      baseUrl,
      publicUrl: baseUrl,
      runId,
      mail,
      photos: await photos(),
      random,
      mailTimeoutMs: options.mailTimeoutMs,
    });
    const running = workload.run(options.users);

    // The killer: a random moment after each start, SIGKILL (both processes on the embedded database).
    const restarts: number[] = [];
    const killedDatabasePids: number[] = [];
    const started = Date.now();
    for (let kill = 1; kill <= options.kills; kill++) {
      const [min, max] = options.gapMs;
      await sleep(min + random() * (max - min));
      const children = await api.kill(options.database === 'pglite');
      killedDatabasePids.push(...children);
      const restart = await api.start();
      restarts.push(restart);
      console.log(
        `kill ${kill}/${options.kills}: SIGKILL${children.length ? ` (and database process ${children.join(', ')})` : ''}, healthy again in ${restart} ms; ` +
          `${workload.stats.journeys} journeys, ${workload.stats.requests} requests, ${workload.stats.unanswered} unanswered`,
      );
    }
    workload.stop();
    await running;
    const workloadMs = Date.now() - started;
    const { acked } = workload;

    // Drain: wait for every mail the acknowledged writes queued (a crash can hold one for the job lock).
    const drainStarted = Date.now();
    const expected = expectedMails(workload.acked);
    let missing = expected.filter((want) => !mail.mails.some(want.matches));
    while (missing.length > 0 && Date.now() - drainStarted < options.mailTimeoutMs) {
      await sleep(500);
      missing = missing.filter((want) => !mail.mails.some(want.matches));
    }
    const drainMs = Date.now() - drainStarted;
    await sleep(2000); // A duplicate in flight still arrives.
    await api.stop();

    // The data, after a clean stop: the embedded database is opened again here (it must open intact).
    const database = await openDatabase({ url: databaseUrl, pgliteDir: path.join(dataDir, 'pglite'), poolSize: 2 });
    const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      (await database.pool.query<T>(text, values)).rows;
    try {
      // Accounts.
      const emails = [...acked.registered];
      const users = await q<{ email: string; is_verified: boolean }>('select email, is_verified from users where email = any($1)', [
        emails,
      ]);
      const byEmail = new Map(users.map((row) => [row.email, row]));
      const lostAccounts = emails.filter((email) => !byEmail.has(email));
      const lostVerifications = [...acked.verified].filter((email) => !byEmail.get(email)?.is_verified);
      if (lostAccounts.length) failures.push(`${lostAccounts.length} acknowledged registrations are missing`);
      if (lostVerifications.length) failures.push(`${lostVerifications.length} acknowledged verifications are missing`);

      // Listings and their photos.
      const listingIds = [...acked.listings.keys()];
      const listings = await q<{ id: string; title: string; payment_status: string; is_active: boolean; expiry_date: Date | null }>(
        'select id, title, payment_status, is_active, expiry_date from listings where id = any($1)',
        [listingIds],
      );
      const listingById = new Map(listings.map((row) => [row.id, row]));
      const photoRows = await q<{ listing_id: string; path: string; thumbnail_path: string }>(
        'select listing_id, path, thumbnail_path from listing_photos where listing_id = any($1)',
        [listingIds],
      );
      let lostListings = 0;
      let photoMismatches = 0;
      for (const listing of acked.listings.values()) {
        const row = listingById.get(listing.id);
        if (!row || row.title !== listing.title) {
          lostListings += 1;
          continue;
        }
        const keys = photoRows
          .filter((photo) => photo.listing_id === listing.id)
          .map((photo) => photo.path)
          .sort();
        if (JSON.stringify(keys) !== JSON.stringify(listing.photoKeys)) photoMismatches += 1;
      }
      if (lostListings) failures.push(`${lostListings} acknowledged listings are missing`);
      if (photoMismatches) failures.push(`${photoMismatches} listings do not have exactly the photos their last acknowledged change left`);
      const uploadsRoot = path.join(dataDir, 'uploads');
      const allRows = await q<{ path: string; thumbnail_path: string }>('select path, thumbnail_path from listing_photos');
      const referenced = new Set(allRows.flatMap((row) => [row.path, row.thumbnail_path]));
      const brokenPhotos = [...referenced].filter((key) => !existsSync(path.join(uploadsRoot, key)));
      if (brokenPhotos.length) failures.push(`${brokenPhotos.length} photo rows name a file that is missing`);

      // Payments: one activation per listing, one charge per listing.
      const completed = await q<{ listing_id: string; n: number }>(
        "select listing_id, count(*)::int as n from payments where status = 'completed' and listing_id = any($1) group by listing_id",
        [listingIds],
      );
      const charges = await q<{ listing_id: string; n: number }>(
        "select metadata->>'listing_id' as listing_id, count(*)::int as n from sandbox_payment_intents where status = 'succeeded' group by 1",
      );
      const openIntents = await q<{ listing_id: string; n: number }>(
        "select metadata->>'listing_id' as listing_id, count(*)::int as n from sandbox_payment_intents where status = 'requires_payment_method' group by 1",
      );
      const paymentStates = await q<{ status: string; n: number }>('select status, count(*)::int as n from payments group by status');
      const chargedNotCompleted = await q<{ n: number }>(
        `select count(*)::int as n from payments p join sandbox_payment_intents i on i.id = p.provider_payment_id
         where i.status = 'succeeded' and p.status <> 'completed'`,
      );
      const activatedTwice = completed.filter((row) => row.n > 1).length;
      const chargedTwice = charges.filter((row) => row.n > 1).length;
      if (activatedTwice) failures.push(`${activatedTwice} listings have more than one completed payment`);
      if (chargedTwice) failures.push(`${chargedTwice} listings were charged more than once`);
      const paidAcked = [...acked.listings.values()].filter((listing) => listing.paid);
      const notActive = paidAcked.filter((listing) => {
        const row = listingById.get(listing.id);
        return !row || row.payment_status !== 'paid' || !row.is_active;
      });
      if (notActive.length) failures.push(`${notActive.length} listings whose payment was acknowledged are not active`);
      // One month paid → expiry about a month away (not two: activated once).
      const overExtended = paidAcked.filter((listing) => {
        const expiry = listingById.get(listing.id)?.expiry_date;
        return expiry && expiry.getTime() - Date.now() > 32 * 24 * 3600 * 1000;
      });
      if (overExtended.length) failures.push(`${overExtended.length} listings expire more than one paid month from now`);

      // Messages.
      const messageRows = await q<{ message: string }>('select message from messages where message = any($1)', [
        acked.messages.map((m) => m.text),
      ]);
      const messageCounts = new Map<string, number>();
      for (const row of messageRows) messageCounts.set(row.message, (messageCounts.get(row.message) ?? 0) + 1);
      const lostMessages = acked.messages.filter((m) => !messageCounts.has(m.text)).length;
      const messagesStoredTwice = [...messageCounts.values()].filter((n) => n > 1).length;
      if (lostMessages) failures.push(`${lostMessages} acknowledged messages are missing`);

      // Mails.
      const deliveries = new Map<string, CaughtMail[]>();
      for (const caught of mail.mails) deliveries.set(caught.key, [...(deliveries.get(caught.key) ?? []), caught]);
      const uniqueKinds = [VERIFY_SUBJECT, PAYMENT_SUBJECT, MESSAGE_SUBJECT];
      const duplicated = [...deliveries.values()].filter(
        (copies) => copies.length > 1 && uniqueKinds.some((s) => copies[0]!.subject.startsWith(s)),
      );
      const duplicateDelays = duplicated.map((copies) => copies.at(-1)!.receivedAt - copies[0]!.receivedAt);
      if (missing.length) failures.push(`${missing.length} queued mails were never delivered (waited ${Math.round(drainMs / 1000)} s)`);
      if (duplicated.length && options.strictMail) failures.push(`${duplicated.length} mails were delivered more than once`);
      const jobStates = await q<{ status: string; n: number }>(
        "select status, count(*)::int as n from jobs where kind = 'mail.send' group by status",
      );

      // Orphan files, then the sweep (the API is stopped: no upload is in flight, so no grace period).
      const listFiles = async () => {
        const storage = createLocalStorage(uploadsRoot);
        const keys: string[] = [];
        for await (const object of storage.list('listings/')) keys.push(object.key);
        return keys;
      };
      const before = await listFiles();
      const orphansBefore = before.filter((key) => !referenced.has(key));
      const sweep = await sweepOrphanPhotos(
        { db: database.db, storage: createLocalStorage(uploadsRoot), clock: systemClock, log: silentLog },
        { graceMs: 0 },
      );
      const after = await listFiles();
      const orphansAfter = after.filter((key) => !referenced.has(key));
      const sweptInUse = sweep.removed.filter((key) => referenced.has(key));
      if (orphansAfter.length) failures.push(`${orphansAfter.length} orphan photo files remain after the sweep`);
      if (sweptInUse.length) failures.push(`the sweep removed ${sweptInUse.length} files a photo row names`);

      // Embedded database: socket directories of killed processes.
      const staleSocketDirs = options.database === 'pglite' ? socketDirsOf([...api.pids, ...killedDatabasePids]) : [];
      if (staleSocketDirs.length) failures.push(`${staleSocketDirs.length} socket directories of killed processes remain`);

      Object.assign(report, {
        workload: {
          seconds: Math.round(workloadMs / 1000),
          journeys: workload.stats.journeys,
          requests: workload.stats.requests,
          unanswered: workload.stats.unanswered,
          serverErrors: workload.stats.serverErrors,
          unexpected: workload.stats.unexpected,
        },
        restartMs: stats(restarts),
        acknowledged: {
          registrations: acked.registered.size,
          verifications: acked.verified.size,
          listings: acked.listings.size,
          photos: [...acked.listings.values()].reduce((sum, listing) => sum + listing.photoKeys.length, 0),
          payments: paidAcked.length,
          messages: acked.messages.length,
        },
        lost: {
          registrations: lostAccounts.length,
          verifications: lostVerifications.length,
          listings: lostListings,
          photoMismatches,
          brokenPhotos: brokenPhotos.length,
          messages: lostMessages,
        },
        appliedTwice: { activations: activatedTwice, charges: chargedTwice, overExtended: overExtended.length },
        payments: {
          byStatus: Object.fromEntries(paymentStates.map((row) => [row.status, row.n])),
          chargedButNotCompleted: chargedNotCompleted[0]?.n ?? 0,
          listingsWithSeveralOpenIntents: openIntents.filter((row) => row.n > 1).length,
        },
        messages: { storedTwiceByClientRetry: messagesStoredTwice },
        mail: {
          received: mail.mails.length,
          expected: expected.length,
          undelivered: missing.length,
          deliveredTwice: duplicated.length,
          duplicateDelayMs: stats(duplicateDelays),
          verificationMailWaitMs: stats(workload.stats.verificationMailWaits),
          drainAfterLastKillMs: drainMs,
          jobsByStatus: Object.fromEntries(jobStates.map((row) => [row.status, row.n])),
        },
        photoFiles: {
          files: before.length,
          orphansBeforeSweep: orphansBefore.length,
          removedBySweep: sweep.removed.length,
          orphansAfterSweep: orphansAfter.length,
        },
        ...(options.database === 'pglite'
          ? { embedded: { databaseProcessesKilled: killedDatabasePids.length, staleSocketDirs: staleSocketDirs.length } }
          : {}),
      });
    } finally {
      await database.close();
    }
  } catch (error) {
    failures.push(`the run stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    await api.kill(true).catch(() => []);
    api.close();
    await mail.close();
    await dropDatabase().catch((error: unknown) => console.error(`could not drop the crash test database: ${String(error)}`));
    if (!options.keep && failures.length === 0) rmSync(dataDir, { recursive: true, force: true });
  }

  report.failures = failures;
  console.log(JSON.stringify(report, null, 2));
  if (options.json) writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
  if (failures.length) {
    console.error(`crash test FAILED (data kept in ${dataDir}):\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log('crash test passed');
}

interface ExpectedMail {
  what: string;
  matches: (mail: CaughtMail) => boolean;
}

/** The mails the acknowledged writes queued, each recognisable by its recipient and content. */
function expectedMails(acked: Workload['acked']): ExpectedMail[] {
  const wanted: ExpectedMail[] = [];
  for (const listing of acked.listings.values()) {
    if (!listing.paid || listing.cardPayments === 0) continue;
    wanted.push({
      what: `payment receipt for ${listing.id}`,
      matches: (mail) => mail.to.includes(listing.ownerEmail) && mail.subject === `${PAYMENT_SUBJECT}${listing.title}`,
    });
  }
  for (const message of acked.messages) {
    wanted.push({
      what: `message to ${message.to}`,
      matches: (mail) => mail.to.includes(message.to) && mail.subject.startsWith(MESSAGE_SUBJECT) && mail.text.includes(message.text),
    });
  }
  return wanted;
}

const silentLog = {
  level: 'silent',
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  fatal: () => undefined,
  silent: () => undefined,
  child: () => silentLog,
} as unknown as Parameters<typeof sweepOrphanPhotos>[0]['log'];

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
