/**
 * Latency and throughput of GET /api/v1/listings/search under concurrent load.
 *
 *   npm run search:latency -w @benchmarket/perf -- --db postgres --listings 100000 --clients 20 --seconds 20
 *   npx tsx search-latency/run.ts --db pglite --listings 10000 --clients 5 --seconds 20     # from perf/
 *
 * Options: --db pglite|postgres, --listings N, --clients N, --seconds S (per mode),
 * --mode plain|ai|both (default both), --database-url (PostgreSQL server, default
 * postgres://postgres@127.0.0.1:5432/postgres; a database bm_perf_<N> is made on it),
 * --fresh (reload even when the data is there), --load-only (prepare the database and stop),
 * --build (run the compiled API, apps/api/dist, as `npm start` does, with the image's NODE_OPTIONS: `npm run build` first;
 * without it the API runs from its sources through tsx, which costs ~45 MB of memory more),
 * --name N (the loaded database is bm_perf_N, default the number of listings), --json file, --new-searches P (percent of searches made unique, so the API's page cache
 * cannot answer them; SEARCH_CACHE_SECONDS=0 in the environment turns the cache off
 * altogether).
 *
 * 1. Loads N listings (once; reused by later runs) generated from the demo catalog's model
 *    lines, with every condition, ~28 countries, prices around the catalog's, one photo
 *    each, 5% of them expired, unpaid or removed, each with its meaning vector (the local
 *    meaning model's, written with the row as the API writes it); then VACUUM ANALYZE. A
 *    database loaded before meaning vectors existed (or by another model) gets them first
 *    (backfillMeanings): the benchmark never measures a catalog without vectors.
 * 2. Starts the API in its own process (runtime.ts, as production; RATE_LIMITS=off, the
 *    in-process global limit would otherwise cap the load) listening on 127.0.0.1, makes
 *    one AI search (the meaning model and the nearest-neighbour index load on the first)
 *    and waits until the process is idle (the index groups its vectors into cells in the
 *    background).
 * 3. Runs C closed-loop clients (keep-alive HTTP, as a browser sends them, gzip accepted)
 *    for S seconds per mode after a warm-up, cycling through realistic buyer searches: the
 *    labelled queries of search-quality, some with filters, some on page 2, some browsing
 *    without words. Prints p50/p95/p99, throughput, errors, CPU milliseconds per search (the
 *    API process, the database) and the API process's peak resident memory (VmHWM).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCountry, type Condition } from '@benchmarket/shared';
import { and, count, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, runMigrations, type Database } from '../../apps/api/src/db/database.js';
import { listingPhotos, listings, users } from '../../apps/api/src/db/schema.js';
import { AccessTokens } from '../../apps/api/src/modules/auth/tokens.js';
import { backfillMeanings, listingMeaning } from '../../apps/api/src/modules/listings/meaning.js';
import { buildSearchTerms } from '../../apps/api/src/modules/listings/search-terms.js';
import { loadLocalMeaningModel, type LocalMeaningModel } from '../../apps/api/src/providers/embeddings/local-meaning.js';
import { buildDemoCatalog } from '../../apps/api/src/seed/catalog.js';
import { COUNTRY_WEIGHTS } from '../../apps/api/src/seed/catalog-data.js';
import { createRandom } from '../../apps/api/src/seed/random.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const JWT_SECRET = 'search-latency-benchmark-secret-0123456789';
const BUYER_EMAIL = 'buyer@perf.benchmarket.local';
const SELLER_EMAIL = 'seller@perf.benchmarket.local';
const BATCH = 500;
const DAY_MS = 24 * 3600 * 1000;

interface Options {
  db: 'pglite' | 'postgres';
  listings: number;
  clients: number;
  seconds: number;
  modes: ('plain' | 'ai')[];
  databaseUrl: string;
  fresh: boolean;
  /** Prepare (load or backfill) the database and stop. */
  loadOnly: boolean;
  /** Run the compiled API (apps/api/dist) with plain node, as production does, instead of its sources through tsx. */
  build: boolean;
  json?: string;
  /** Diagnostics: load this path instead of searches (e.g. /api/v1/health for the server's own ceiling). */
  path?: string;
  /** Diagnostics: time every search once, one at a time, and print the slowest. */
  profile: boolean;
  /**
   * Percent of searches never made before (a unique price ceiling no listing reaches): what
   * the in-memory page cache cannot answer. 0 = the labelled searches repeat, as buyers do.
   */
  newSearchPercent: number;
  /** The loaded database's name (bm_perf_<name>, and its PGlite directory): default the number of listings. */
  name?: string;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const db = value('db') ?? 'pglite';
  if (db !== 'pglite' && db !== 'postgres') throw new Error('--db must be pglite or postgres');
  const mode = value('mode') ?? 'both';
  return {
    db,
    listings: Number(value('listings') ?? 10_000),
    clients: Number(value('clients') ?? (db === 'pglite' ? 5 : 20)),
    seconds: Number(value('seconds') ?? 20),
    modes: mode === 'both' ? ['plain', 'ai'] : [mode as 'plain' | 'ai'],
    databaseUrl: value('database-url') ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    fresh: argv.includes('--fresh'),
    loadOnly: argv.includes('--load-only'),
    build: argv.includes('--build'),
    json: value('json'),
    path: value('path'),
    profile: argv.includes('--profile'),
    newSearchPercent: Number(value('new-searches') ?? 0),
    name: value('name')?.replace(/[^a-z0-9_]/gi, '_'),
  };
}

// ── Data ────────────────────────────────────────────────────────────────────

const CONDITION_WEIGHTS: readonly (readonly [Condition, number])[] = [
  ['new', 10],
  ['new-other', 9],
  ['certified-refurbished', 11],
  ['excellent-refurbished', 10],
  ['very-good-refurbished', 9],
  ['good-refurbished', 7],
  ['seller-refurbished', 8],
  ['pre-owned', 28],
  ['for-parts', 8],
];

/** The catalog's title without its condition words, which the generated condition replaces. */
function baseTitle(title: string): string {
  return title
    .replace(/^(Used|Refurbished|New|Certified Refurbished)\s+/i, '')
    .replace(/\s*(–|,)\s*(New, Open Box|New|Serviced|Certified Refurbished|For Parts or Repair|Refurbished)$/i, '')
    .replace(/\s*\((Unused|For Parts|\d{4})\)$/i, '')
    .trim();
}

async function load(database: Database, n: number, model: LocalMeaningModel): Promise<void> {
  const { db } = database;
  const now = new Date();
  const templates = buildDemoCatalog(now).filter((p) => p.state === 'active');
  const random = createRandom(`search-latency-${n}`);
  const countries = COUNTRY_WEIGHTS.map(([code, weight]) => [findCountry(code)!, weight] as const);

  const [seller] = await db.insert(users).values({ email: SELLER_EMAIL, isVerified: true }).returning({ id: users.id });
  for (let start = 0; start < n; start += BATCH) {
    const rows: (typeof listings.$inferInsert)[] = [];
    for (let i = start; i < Math.min(n, start + BATCH); i++) {
      const t = templates[i % templates.length]!;
      const condition = random.weighted(CONDITION_WEIGHTS);
      const country = random.weighted(countries);
      const createdAt = new Date(now.getTime() - random.between(0, 120) * DAY_MS);
      const roll = random.next();
      // 95% on sale; the rest expired, unpaid or removed (never shown).
      const state = roll < 0.95 ? 'active' : roll < 0.97 ? 'expired' : roll < 0.99 ? 'unpaid' : 'deleted';
      const year = random.chance(0.4) ? ` (${random.int(2008, 2025)})` : '';
      const title = `${baseTitle(t.title)}${year}`;
      rows.push({
        userId: seller!.id,
        title,
        description: t.description,
        // The meaning vector, as the API writes it with the row (no backfill needed).
        ...listingMeaning(model, { title, description: t.description, category: t.category }),
        priceCents: Math.max(1000, Math.round((t.priceCents * random.between(0.6, 1.4)) / 100) * 100),
        condition,
        location: country.name,
        locationCode: country.code,
        category: t.category,
        searchTerms: buildSearchTerms({ condition, category: t.category, location: country.name }),
        isVerified: true,
        verificationStatus: 'auto_approved',
        isActive: state === 'active' || state === 'expired',
        isDeleted: state === 'deleted',
        paymentStatus: state === 'unpaid' ? 'unpaid' : 'paid',
        durationMonths: 3,
        expiryDate: state === 'expired' ? new Date(now.getTime() - DAY_MS) : new Date(now.getTime() + random.between(5, 365) * DAY_MS),
        createdAt,
        updatedAt: createdAt,
      });
    }
    const inserted = await db.insert(listings).values(rows).returning({ id: listings.id });
    await db.insert(listingPhotos).values(
      inserted.map((row) => ({
        listingId: row.id,
        position: 0,
        path: `listings/${row.id}/photo.webp`,
        thumbnailPath: `listings/${row.id}/photo-thumb.webp`,
        width: 1200,
        height: 900,
        bytes: 80_000,
      })),
    );
    if ((start / BATCH) % 20 === 0) process.stdout.write(`  loaded ${Math.min(n, start + BATCH)} / ${n}\r`);
  }
  process.stdout.write('\n');
  await db.execute(sql`vacuum analyze listings`);
  await db.execute(sql`vacuum analyze listing_photos`);
  await db.execute(sql`vacuum analyze search_words`);
  // Issue 19: search's narrow copy of the live listings (migration 0023), where it exists.
  const narrow = await db.execute<{ exists: boolean }>(sql`select to_regclass('search_listings') is not null as exists`);
  if (narrow.rows[0]?.exists) await db.execute(sql`vacuum analyze search_listings`);
}

async function prepareDatabase(options: Options): Promise<{ env: Record<string, string>; token: string }> {
  const dataDir = path.join(os.tmpdir(), `bm-perf-${options.db}-${options.name ?? options.listings}`);
  mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let url: string | undefined;
  if (options.db === 'postgres') {
    const name = `bm_perf_${options.name ?? options.listings}`;
    const admin = new pg.Client({ connectionString: options.databaseUrl });
    await admin.connect();
    if (options.fresh) await admin.query(`drop database if exists ${name} with (force)`);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(options.databaseUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    env.DATABASE_URL = url;
  } else if (options.fresh) {
    const { rmSync } = await import('node:fs');
    rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
  }
  const database = await openDatabase({ url, pgliteDir: path.join(dataDir, 'pglite'), poolSize: 2 });
  try {
    await runMigrations(database);
    const model = await loadLocalMeaningModel();
    const [{ value: have } = { value: 0 }] = await database.db.select({ value: count() }).from(listings);
    if (have !== options.listings) {
      if (have > 0) throw new Error(`the database has ${have} listings, not ${options.listings}: run with --fresh`);
      const started = performance.now();
      console.log(`loading ${options.listings} listings (with meaning vectors, ${model.id}) into ${options.db}…`);
      await load(database, options.listings, model);
      console.log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } else {
      console.log(`reusing ${have} listings in ${options.db} (--fresh reloads)`);
      // Loaded by an older run (before meaning vectors, or by another model): give them theirs.
      const stale = or(isNull(listings.meaningModel), ne(listings.meaningModel, model.id));
      const [{ value: missing } = { value: 0 }] = await database.db.select({ value: count() }).from(listings).where(stale);
      if (missing > 0) {
        const started = performance.now();
        console.log(`  ${missing} listings without ${model.id} vectors: backfilling…`);
        for (let done = 0; done < missing;) {
          const step = await backfillMeanings(database.db, model, 5_000);
          if (step === 0) break;
          done += step;
          process.stdout.write(`  backfilled ${done} / ${missing}\r`);
        }
        process.stdout.write('\n');
        console.log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      await database.db.execute(sql`vacuum analyze listings`);
      // A narrow table a migration just filled (issue 19) has no visibility map yet.
      const narrow = await database.db.execute<{ exists: boolean }>(sql`select to_regclass('search_listings') is not null as exists`);
      if (narrow.rows[0]?.exists) await database.db.execute(sql`vacuum analyze search_listings`);
    }
    const [{ value: stale } = { value: 0 }] = await database.db
      .select({ value: count() })
      .from(listings)
      .where(or(isNull(listings.meaningModel), ne(listings.meaningModel, model.id)));
    if (stale > 0) throw new Error(`${stale} listings still lack ${model.id} meaning vectors`);
    const [{ value: withVectors } = { value: 0 }] = await database.db
      .select({ value: count() })
      .from(listings)
      .where(and(isNotNull(listings.meaning), eq(listings.meaningModel, model.id)));
    console.log(`  ${withVectors} of ${options.listings} listings have a ${model.id} meaning vector`);
    let [buyer] = await database.db.select().from(users).where(eq(users.email, BUYER_EMAIL));
    if (!buyer) [buyer] = await database.db.insert(users).values({ email: BUYER_EMAIL, isVerified: true }).returning();
    // A token is a session row (issue 12): signed here, while the database is open.
    const token = await new AccessTokens(JWT_SECRET, 24, database.db).sign({ userId: buyer!.id, version: buyer!.tokenVersion });
    return { env, token };
  } finally {
    await database.close();
  }
}

// ── Server ──────────────────────────────────────────────────────────────────

/**
 * server.ts for the compiled API: the same steps, in JavaScript, importing apps/api/dist (plain
 * node, no TypeScript loader in the process — as `npm start` runs it).
 */
function builtServerSource(): string {
  const source = readFileSync(path.join(HERE, 'server.ts'), 'utf8');
  const dist = path.resolve(HERE, '../../apps/api/dist');
  for (const module of ['config', 'runtime']) {
    if (!source.includes(`'../../apps/api/src/${module}.js'`)) throw new Error(`server.ts no longer imports ${module}.js`);
  }
  // Type annotations out (server.ts keeps to the few this handles), imports to the build.
  return source
    .replace(/\/\*\*[\s\S]*?\*\/\n/, '')
    .replaceAll('../../apps/api/src/', `${dist}/`)
    .replace(/\): Promise<void>/g, ')')
    .replace(/\((bytes: number|collect: boolean|text: string)\)/g, (_, parameter: string) => `(${parameter.split(':')[0]})`)
    .replace(/\(error: unknown\)/g, '(error)')
    .replace(/\(globalThis as \{[^}]*\}\)/g, 'globalThis');
}

/** The image's NODE_OPTIONS (its V8 heap cap), so --build measures the process as production runs it. */
function productionNodeOptions(): string {
  const dockerfile = readFileSync(path.join(HERE, '../../Dockerfile'), 'utf8');
  const found = /NODE_OPTIONS=(\S+)/.exec(dockerfile);
  if (!found) throw new Error('the Dockerfile no longer sets NODE_OPTIONS');
  return found[1]!;
}

async function startServer(env: Record<string, string>, cpuProfile = false, build = false): Promise<{ port: number; child: ChildProcess }> {
  const profiling = cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(os.tmpdir(), 'bm-search-cpu-profile')}`] : [];
  const entry = build ? ['--input-type=module', '-e', builtServerSource()] : ['--import', 'tsx', path.join(HERE, 'server.ts')];
  // --expose-gc: the memory breakdown (SIGUSR2) also tells what a full collection leaves.
  const child = spawn(process.execPath, ['--expose-gc', ...profiling, ...entry], {
    env: {
      ...process.env,
      ...(build ? { NODE_OPTIONS: productionNodeOptions() } : {}),
      ...env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      RATE_LIMITS: 'off',
      WORKER: 'off',
      DEMO_DATA: '0',
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the server exited (code ${code})`)));
  });
  return { port, child };
}

type MemoryBreakdown = Record<'rss' | 'heapTotal' | 'heapUsed' | 'external' | 'arrayBuffers', number> & { heapLive?: number };

/**
 * Where the API process's memory is (its process.memoryUsage(), MB), asked on its stdin (server.ts);
 * `collect`: also what a full collection leaves (it changes what follows: only after the last run).
 */
function memoryBreakdown(child: ChildProcess, collect = false): Promise<MemoryBreakdown | undefined> {
  return new Promise((resolve) => {
    let out = '';
    const done = (value: MemoryBreakdown | undefined) => {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /memory (\{.*\})\n/.exec(out);
      if (match) done(JSON.parse(match[1]!) as MemoryBreakdown);
    };
    const timer = setTimeout(() => done(undefined), 5000);
    child.stdout!.on('data', onData);
    child.stdin!.write(collect ? 'memory gc\n' : 'memory\n');
  });
}

const describeMemory = (m: MemoryBreakdown | undefined) =>
  m
    ? `V8 heap ${m.heapUsed} of ${m.heapTotal} MB${m.heapLive !== undefined ? ` (${m.heapLive} MB live after a full GC)` : ''}, array buffers ${m.arrayBuffers} MB, other external ${Math.round((m.external - m.arrayBuffers) * 10) / 10} MB`
    : 'breakdown unavailable';

// ── Load ────────────────────────────────────────────────────────────────────

function searches(): string[] {
  const { queries } = JSON.parse(readFileSync(path.join(HERE, '../search-quality/queries.json'), 'utf8')) as {
    queries: { query: string }[];
  };
  const specs: string[] = [];
  const filters = [
    '',
    '',
    '',
    '&max_price=10000',
    '&location=United%20States',
    '&condition=pre-owned',
    '&page=2',
    '&min_price=1000&max_price=50000',
  ];
  queries.forEach((q, i) => specs.push(`query=${encodeURIComponent(q.query)}${filters[i % filters.length]}`));
  // Browsing without words: newest first, with and without filters.
  specs.push('', 'condition=new', 'location=Germany', 'max_price=2000', 'page=3');
  return specs;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on every Linux this runs on). */
const CLOCK_TICKS = 100;

/** CPU seconds used so far by a process, all its threads (utime + stime, Linux /proc), or undefined elsewhere. */
function processCpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** A process's resident memory now (VmRSS) and at its peak so far (VmHWM), in MB, from /proc. */
function processMemory(pid: number): { rssMb: number; peakMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    const round = (x: number) => Math.round(x / 102.4) / 10;
    return { rssMb: round(kb('VmRSS')), peakMb: round(kb('VmHWM')) };
  } catch {
    return undefined;
  }
}

/** The processes the API process started (PGlite's database runs in one). */
function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * CPU time of everything serving the benchmark: the API process and the database backends
 * (PostgreSQL: this database's connections; PGlite: its process). On a machine shared with
 * other work, CPU per request is the figure that does not depend on the neighbours.
 */
async function serverCpuSeconds(serverPid: number, databaseUrl: string | undefined): Promise<number | undefined> {
  const pids = [serverPid];
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const result = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await client.end();
    pids.push(...result.rows.map((r) => r.pid));
  } else {
    // The embedded database runs in a child of the API process.
    const children = childPids(serverPid);
    if (children.length === 0) return undefined;
    pids.push(...children);
  }
  const seconds = pids.map(processCpuSeconds);
  if (seconds.some((s) => s === undefined)) return undefined;
  lastSplit = { server: seconds[0]!, database: seconds.slice(1).reduce((a: number, b) => a + (b ?? 0), 0) };
  return seconds.reduce((a: number, b) => a + (b ?? 0), 0);
}

/** The last reading of serverCpuSeconds, split (API process, database). */
let lastSplit: { server: number; database: number } | undefined;

interface Stats {
  mode: string;
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
  /** CPU milliseconds per request: API process + database, and the load generator. */
  cpuMsPerRequest?: number;
  clientCpuMsPerRequest?: number;
  /** …of which the API process (utime + stime of /proc/<pid>/stat over the run, ÷ requests)… */
  apiCpuMsPerRequest?: number;
  /** …and the database. */
  databaseCpuMsPerRequest?: number;
  /** The API process's resident memory at the end of the run and its peak since it started (VmHWM), MB. */
  apiRssMb?: number;
  apiPeakRssMb?: number;
  /** PGlite: its process's peak (VmHWM), MB. */
  databasePeakRssMb?: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function runLoad(
  port: number,
  token: string,
  mode: 'plain' | 'ai',
  clients: number,
  seconds: number,
  cpu: () => Promise<number | undefined>,
  serverPid: number,
  fixedPath?: string,
  newSearchPercent = 0,
): Promise<Stats> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const specs = searches();
  let unique = 0;
  // A ceiling no listing reaches; a spec with a ceiling of its own gets it raised by a few cents.
  const uniqueCeiling = (spec: string) => {
    unique += 1;
    const own = /max_price=(\d+)/.exec(spec);
    if (own) return spec.replace(own[0], `max_price=${(Number(own[1]) + unique / 100).toFixed(2)}`);
    return `${spec}${spec ? '&' : ''}max_price=${90_000_000 + unique}`;
  };
  const maybeUnique = (spec: string) => (Math.random() * 100 < newSearchPercent ? uniqueCeiling(spec) : spec);
  const get = (spec: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          agent,
          path: fixedPath ?? `/api/v1/listings/search?${spec}${spec ? '&' : ''}use_rag=${mode === 'ai'}`,
          headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
    });

  const run = async (durationMs: number, record: boolean) => {
    const latencies: number[] = [];
    let errors = 0;
    const deadline = performance.now() + durationMs;
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        let i = client * 7;
        while (performance.now() < deadline) {
          const spec = maybeUnique(specs[i++ % specs.length]!);
          const started = performance.now();
          try {
            const status = await get(spec);
            if (status !== 200) errors += 1;
          } catch {
            errors += 1;
          }
          if (record) latencies.push(performance.now() - started);
        }
      }),
    );
    return { latencies, errors };
  };

  await run(Math.min(5000, seconds * 250), false);
  const cpuBefore = await cpu();
  const splitBefore = lastSplit;
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const { latencies, errors } = await run(seconds * 1000, true);
  const elapsed = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = await cpu();
  const splitAfter = lastSplit;
  agent.destroy();
  const memory = processMemory(serverPid);
  const databaseMemory = childPids(serverPid).map(processMemory)[0];
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  const perRequest = (before: number | undefined, after: number | undefined) =>
    before !== undefined && after !== undefined ? round(((after - before) * 1000) / Math.max(1, latencies.length)) : undefined;
  return {
    mode,
    requests: latencies.length,
    errors,
    seconds: round(elapsed),
    rps: round(latencies.length / elapsed),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    mean: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)),
    max: round(sorted[sorted.length - 1] ?? 0),
    cpuMsPerRequest: perRequest(cpuBefore, cpuAfter),
    clientCpuMsPerRequest: round((client.user + client.system) / 1000 / Math.max(1, latencies.length)),
    apiCpuMsPerRequest: perRequest(splitBefore?.server, splitAfter?.server),
    databaseCpuMsPerRequest: perRequest(splitBefore?.database, splitAfter?.database),
    apiRssMb: memory?.rssMb,
    apiPeakRssMb: memory?.peakMb,
    databasePeakRssMb: databaseMemory?.peakMb,
  };
}

/**
 * Makes the API ready as it is after its first AI search: one AI search (the meaning model and
 * the nearest-neighbour index load on the first), then waits until the process has been idle
 * for a second (from 12,000 listings the index groups its vectors into cells in the background).
 */
async function readyMeaning(port: number, token: string, pid: number): Promise<{ firstSearchMs: number; idleAfterMs: number }> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/listings/search?query=benchtop%20centrifuge&use_rag=true`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`the first AI search failed: ${response.status} ${body.slice(0, 300)}`);
  const firstSearchMs = performance.now() - started;
  const deadline = performance.now() + 180_000;
  let before = processCpuSeconds(pid);
  while (before !== undefined && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = processCpuSeconds(pid);
    if (now === undefined || now - before < 0.05) break;
    before = now;
  }
  return { firstSearchMs, idleAfterMs: performance.now() - started };
}

/** Every search once, sequentially (twice: the first warms up), slowest first. */
async function profile(port: number, token: string, modes: ('plain' | 'ai')[]): Promise<void> {
  const timings: { mode: string; spec: string; ms: number; status: number; body: string }[] = [];
  for (const mode of modes) {
    for (const round of [0, 1]) {
      for (const spec of searches()) {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/listings/search?${spec}${spec ? '&' : ''}use_rag=${mode === 'ai'}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = await response.text();
        if (round === 1)
          timings.push({
            mode,
            spec: decodeURIComponent(spec),
            ms: performance.now() - started,
            status: response.status,
            body: response.ok ? '' : body.slice(0, 300),
          });
      }
    }
  }
  timings.sort((a, b) => b.ms - a.ms);
  for (const t of timings.slice(0, 25))
    console.log(`${t.ms.toFixed(1).padStart(7)} ms  ${t.mode.padEnd(5)} ${t.status} ${t.spec} ${t.body}`);
  for (const mode of modes) {
    const of = timings
      .filter((t) => t.mode === mode)
      .map((t) => t.ms)
      .sort((a, b) => a - b);
    console.log(
      `${mode}: median ${percentile(of, 50).toFixed(1)} ms, p90 ${percentile(of, 90).toFixed(1)} ms, mean ${(of.reduce((a, b) => a + b, 0) / of.length).toFixed(1)} ms, errors ${timings.filter((t) => t.mode === mode && t.status !== 200).length}`,
    );
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  console.log(
    `search latency: ${options.db}, ${options.listings} listings, ${options.clients} clients, ${options.seconds} s per mode; ` +
      `${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)} before the run; ` +
      `page cache ${process.env.SEARCH_CACHE_SECONDS === '0' ? 'off' : 'on'}, ${options.newSearchPercent}% new searches`,
  );
  const { env, token } = await prepareDatabase(options);
  if (options.loadOnly) return;
  const { port, child } = await startServer(env, process.argv.includes('--cpu-profile'), options.build);
  console.log(
    `API: ${options.build ? `compiled (apps/api/dist), plain node, NODE_OPTIONS=${productionNodeOptions()} as in the image` : 'sources through tsx'}`,
  );
  const results: Stats[] = [];
  let ready:
    { firstSearchMs: number; idleAfterMs: number; memory?: { rssMb: number; peakMb: number }; breakdown?: MemoryBreakdown } | undefined;
  const breakdowns: Record<string, MemoryBreakdown | undefined> = {};
  try {
    const startedMemory = processMemory(child.pid!);
    ready = {
      ...(await readyMeaning(port, token, child.pid!)),
      memory: processMemory(child.pid!),
      breakdown: await memoryBreakdown(child),
    };
    console.log(
      `API process: ${startedMemory?.rssMb ?? '?'} MB resident when ready; first AI search (meaning model + index) ` +
        `${ready.firstSearchMs.toFixed(0)} ms, idle ${(ready.idleAfterMs / 1000).toFixed(1)} s after it; ` +
        `then ${ready.memory?.rssMb ?? '?'} MB resident (peak ${ready.memory?.peakMb ?? '?'} MB): ${describeMemory(ready.breakdown)}`,
    );
    if (options.profile) {
      await profile(port, token, options.modes);
      return;
    }
    for (const mode of options.modes) {
      const cpu = () => serverCpuSeconds(child.pid!, env.DATABASE_URL);
      const stats = await runLoad(
        port,
        token,
        mode,
        options.clients,
        options.seconds,
        cpu,
        child.pid!,
        options.path,
        options.newSearchPercent,
      );
      results.push(stats);
      console.log(
        `${mode.padEnd(5)}  p50 ${stats.p50} ms  p95 ${stats.p95} ms  p99 ${stats.p99} ms  mean ${stats.mean} ms  max ${stats.max} ms  ` +
          `${stats.rps} req/s  ${stats.requests} requests  ${stats.errors} errors  ` +
          `cpu/request: API ${stats.apiCpuMsPerRequest ?? '?'} ms + database ${stats.databaseCpuMsPerRequest ?? '?'} ms = ${stats.cpuMsPerRequest ?? '?'} ms, ` +
          `load generator ${stats.clientCpuMsPerRequest} ms  ` +
          `API RSS ${stats.apiRssMb ?? '?'} MB (peak ${stats.apiPeakRssMb ?? '?'} MB)` +
          (stats.databasePeakRssMb !== undefined ? `, PGlite peak ${stats.databasePeakRssMb} MB` : ''),
      );
      breakdowns[mode] = await memoryBreakdown(child, mode === options.modes[options.modes.length - 1]);
      console.log(`       after ${mode}: ${describeMemory(breakdowns[mode])}`);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  if (options.json) {
    writeFileSync(options.json, JSON.stringify({ ...options, cpus: os.cpus().length, ready, results, memory: breakdowns }, null, 2));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
