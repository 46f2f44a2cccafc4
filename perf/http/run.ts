/**
 * The HTTP ceiling (issue 19): each hot route's requests per second side by side with a bare
 * Fastify hello-world (the same Fastify the API runs), on PostgreSQL and on the embedded
 * database.
 *
 *   npm run http -w @benchmarket/perf                        # 5 s per route and target, both databases
 *   npm run http -w @benchmarket/perf -- --seconds 20 --rounds 3 --db postgres
 *
 * Options: --seconds S (per route and target, default 5), --rounds N (default 1), --connections C
 * (default 50), --db postgres|pglite|both (default both), --routes a,b (names below),
 * --database-url (PostgreSQL server, default postgres://postgres@127.0.0.1:5432/postgres; a
 * database bm_http_<pid> is made there and dropped at the end), --json file.
 *
 * Needs `npm run build` first: the product runs as `npm start` does (apps/api/dist/server.js,
 * the built web app), with demo data, RATE_LIMITS=off (the in-process flood guard would
 * otherwise cap the load; RATE_LIMITS=off is refused with NODE_ENV=production, hence
 * NODE_ENV=development, which changes nothing else on these routes) and the worker off.
 *
 * Text answers are loaded with autocannon; binary ones (the photo, the hashed script) with
 * ./framed-load.ts, which skips bodies instead of decoding them as UTF-8 as autocannon does
 * (that decoding, not the server, bounded those rows before).
 *
 * For those binary routes a third target, "bare", is Node's own HTTP server (no framework)
 * replaying the product's very answer — status, headers, bytes — to every request: what the
 * size of the answer allows on this machine, whatever the server does (decision 033).
 *
 * Runs are interleaved: for each route, hello-world, (bare,) then the product on each database, so a
 * neighbour's load on this shared machine hits the pair alike. CPU per request counts the
 * server process and its database (PGlite's process; PostgreSQL's backends of the database),
 * utime + stime from /proc: the figure that does not depend on the neighbours. "CPU ×hello"
 * (hello-world's CPU per request ÷ the route's) is what the req/s ratio comes to when both are
 * CPU-bound on a quiet machine; on a loaded one the req/s ratio swings with the neighbours.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../crash/api-process.js';
import { framedLoad } from './framed-load.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const SERVER = path.join(ROOT, 'apps/api/dist/server.js');
const WEB_ASSETS = path.join(ROOT, 'apps/web/dist/assets');
const CLOCK_TICKS = 100;
/** What a browser sends: the product's compression answers to it. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: '*/*' };

type Db = 'postgres' | 'pglite';

interface Options {
  seconds: number;
  rounds: number;
  connections: number;
  dbs: Db[];
  routes?: string[];
  databaseUrl: string;
  json?: string;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const db = value('db') ?? 'both';
  if (!['postgres', 'pglite', 'both'].includes(db)) throw new Error('--db is postgres, pglite or both');
  return {
    seconds: Number(value('seconds') ?? 5),
    rounds: Number(value('rounds') ?? 1),
    connections: Number(value('connections') ?? 50),
    dbs: db === 'both' ? ['postgres', 'pglite'] : [db as Db],
    routes: value('routes')?.split(','),
    databaseUrl: value('database-url') ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    json: value('json'),
  };
}

// ── Processes ───────────────────────────────────────────────────────────────

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server for ${url} exited before answering`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** The bare hello-world, on the Fastify the API itself resolves. */
async function startHello(): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const source = `
    import { createRequire } from 'node:module';
    const require = createRequire(${JSON.stringify(path.join(ROOT, 'apps/api/package.json'))});
    const Fastify = require('fastify');
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ host: '127.0.0.1', port: ${port} });
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/`, child);
  return { child, base };
}

/**
 * What the bytes allow: Node's own HTTP server, no framework, sending the product's very answer
 * to `url` (its status, every header, the same bytes) to every request. Started for the
 * binary routes, whose rate the size of the answer bounds as much as the server.
 */
async function startReplay(url: string, dir: string): Promise<{ child: ChildProcess; base: string }> {
  const answer = await new Promise<{ headers: string[]; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_HEADERS }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.rawHeaders, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
  const pairs: string[] = [];
  for (let i = 0; i < answer.headers.length; i += 2) {
    if (!/^(date|connection|keep-alive|transfer-encoding)$/i.test(answer.headers[i]!))
      pairs.push(answer.headers[i]!, answer.headers[i + 1]!);
  }
  const bodyFile = path.join(dir, `replay-${Math.random().toString(36).slice(2)}.bin`);
  writeFileSync(bodyFile, answer.body);
  const port = await freePort();
  const source = `
    import http from 'node:http';
    import { readFileSync } from 'node:fs';
    const body = readFileSync(${JSON.stringify(bodyFile)});
    const headers = ${JSON.stringify(pairs)};
    http.createServer((request, response) => { response.writeHead(200, headers); response.end(body); })
      .listen(${port}, '127.0.0.1');
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/`, child);
  return { child, base };
}

function fastifyVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'node_modules/fastify/package.json'), 'utf8')) as { version: string }).version;
}

interface Product {
  db: Db;
  child: ChildProcess;
  base: string;
  dataDir: string;
  databaseUrl?: string;
}

async function startProduct(db: Db, options: Options): Promise<Product> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bm-http-${db}-`));
  let databaseUrl: string | undefined;
  if (db === 'postgres') {
    const name = `bm_http_${process.pid}`;
    await adminQuery(options.databaseUrl, `drop database if exists ${name}`);
    await adminQuery(options.databaseUrl, `create database ${name}`);
    const url = new URL(options.databaseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'http-ceiling-benchmark-secret-0123456789',
      RATE_LIMITS: 'off',
      WORKER: 'off',
      DEMO_DATA: '1',
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/v1/health`, child);
  await waitUntilIdle(child.pid!);
  return { db, child, base, dataDir, databaseUrl };
}

async function adminQuery(databaseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function stopProduct(product: Product, options: Options): Promise<void> {
  await stop(product.child);
  rmSync(product.dataDir, { recursive: true, force: true });
  if (product.databaseUrl) {
    const name = new URL(product.databaseUrl).pathname.slice(1);
    await adminQuery(options.databaseUrl, `drop database if exists ${name} with (force)`);
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
  });
}

// ── CPU ─────────────────────────────────────────────────────────────────────

function processCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The server process, its children (PGlite's process) and PostgreSQL's backends of its database. */
async function cpuPids(pid: number, databaseUrl: string | undefined): Promise<number[]> {
  const pids = [pid, ...childPids(pid)];
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const result = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await client.end();
    pids.push(...result.rows.map((row) => row.pid));
  }
  return pids;
}

/**
 * The demo data's photos and the start-up's background work (meaning vectors, the search
 * index) run after the server answers: measuring then would count them. Waits until the
 * server and its database use under a tenth of a core for two seconds (at most two minutes).
 */
async function waitUntilIdle(pid: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  let quiet = 0;
  while (Date.now() < deadline && quiet < 2) {
    const pids = [pid, ...childPids(pid)];
    const before = pids.reduce((sum, p) => sum + processCpuSeconds(p), 0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const used = pids.reduce((sum, p) => sum + processCpuSeconds(p), 0) - before;
    quiet = used < 0.1 ? quiet + 1 : 0;
  }
}

// ── Routes ──────────────────────────────────────────────────────────────────

interface Route {
  name: string;
  /** The path on the product (the hello-world always answers /). */
  path: string;
  /** A binary body: read by its framing (./framed-load.ts), for this route and its hello-world alike. */
  binary?: boolean;
}

async function discoverRoutes(base: string): Promise<Route[]> {
  const latest = (await (await fetch(`${base}/api/v1/listings/latest?limit=10`)).json()) as { id: string; photos: string[] }[];
  const withPhoto = latest.find((listing) => listing.photos.length > 0);
  if (!withPhoto) throw new Error('the demo data has no listing with a photo');
  const photo = new URL(withPhoto.photos[0]!, base).pathname;
  // The largest hashed script: the one whose per-request compression cost the most (issue 19).
  const scripts = readdirSync(WEB_ASSETS)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, size: statSync(path.join(WEB_ASSETS, file)).size }))
    .sort((a, b) => b.size - a.size);
  if (scripts.length === 0) throw new Error('apps/web/dist has no built script: run `npm run build` first');
  return [
    { name: 'health', path: '/api/v1/health' },
    { name: 'listing', path: `/api/v1/listings/${withPhoto.id}` },
    { name: 'latest', path: '/api/v1/listings/latest?limit=10' },
    // Its answer is brotli bytes too (Accept-Encoding: br): autocannon's decoding bounded it (0.38× either way).
    { name: 'shell', path: '/', binary: true },
    { name: 'photo', path: photo, binary: true },
    { name: 'asset', path: `/assets/${scripts[0]!.file}`, binary: true },
  ];
}

// ── Load ────────────────────────────────────────────────────────────────────

interface Measure {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  cpuMsPerRequest?: number;
  bytesPerResponse: number;
}

/** Text bodies with autocannon; binary ones with a client that does not decode them (./framed-load.ts). */
async function measured(url: string, seconds: number, connections: number, binary: boolean) {
  if (binary) return framedLoad({ url, connections, seconds, headers: BROWSER_HEADERS });
  const result = await autocannon({ url, connections, duration: seconds, headers: BROWSER_HEADERS });
  return {
    total: result.requests.total,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytes: result.throughput.total,
  };
}

async function load(url: string, seconds: number, connections: number, binary: boolean, cpu?: () => Promise<number[]>): Promise<Measure> {
  const pids = cpu ? await cpu() : [];
  const before = pids.map(processCpuSeconds);
  const result = await measured(url, seconds, connections, binary);
  // A PostgreSQL backend that ended meanwhile reads 0: its share is left out rather than subtracted.
  const used = pids.reduce((sum, pid, i) => sum + Math.max(0, processCpuSeconds(pid) - before[i]!), 0);
  const total = result.total;
  return {
    requestsPerSecond: total / seconds,
    p99Ms: result.p99Ms,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMsPerRequest: cpu && total > 0 ? (used * 1000) / total : undefined,
    bytesPerResponse: total > 0 ? result.bytes / total : 0,
  };
}

interface Row {
  round: number;
  route: string;
  path: string;
  hello: Measure;
  /** Node's own server sending the same answer (binary routes): what the bytes allow. */
  bare?: Measure;
  product: Partial<Record<Db, Measure>>;
}

const fixed = (x: number, digits: number) => x.toFixed(digits);

function printRow(row: Row): void {
  const parts = [`${row.route.padEnd(8)} hello ${fixed(row.hello.requestsPerSecond, 0).padStart(6)}/s`];
  if (row.bare)
    parts.push(
      `bare ${fixed(row.bare.requestsPerSecond, 0).padStart(5)}/s ${fixed(row.bare.requestsPerSecond / row.hello.requestsPerSecond, 3)}×`,
    );
  for (const [db, m] of Object.entries(row.product) as [Db, Measure][]) {
    const flags = m.non2xx || m.errors ? ` (${m.non2xx} non-2xx, ${m.errors} errors)` : '';
    parts.push(
      `${db} ${fixed(m.requestsPerSecond, 0).padStart(5)}/s ${fixed(m.requestsPerSecond / row.hello.requestsPerSecond, 3)}× ` +
        `p99 ${fixed(m.p99Ms, 0)} ms, ${m.cpuMsPerRequest === undefined ? '?' : fixed(m.cpuMsPerRequest, 2)} ms CPU/req ` +
        `(${fixed((row.hello.cpuMsPerRequest ?? NaN) / (m.cpuMsPerRequest ?? NaN), 3)}× hello's), ` +
        `${fixed(m.bytesPerResponse / 1024, 1)} KB/resp${flags}`,
    );
  }
  console.log(parts.join(' | '));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function printSummary(rows: Row[], options: Options): void {
  console.log(
    '\n| route | hello req/s | hello CPU ms/req | bare ×hello | ' +
      options.dbs.map((db) => `${db} req/s | ×hello | p99 ms | CPU ms/req | CPU ×hello`).join(' | ') +
      ' |',
  );
  console.log('|---|---|---|---|' + options.dbs.map(() => '---|---|---|---|---').join('|') + '|');
  const names = [...new Set(rows.map((row) => row.route))];
  for (const name of names) {
    const of = rows.filter((row) => row.route === name);
    const cells = [
      name,
      fixed(median(of.map((row) => row.hello.requestsPerSecond)), 0),
      fixed(median(of.map((row) => row.hello.cpuMsPerRequest ?? NaN)), 3),
      of[0]!.bare ? fixed(median(of.map((row) => row.bare!.requestsPerSecond / row.hello.requestsPerSecond)), 3) : '—',
    ];
    for (const db of options.dbs) {
      const ms = of.map((row) => ({ m: row.product[db]!, hello: row.hello.requestsPerSecond }));
      cells.push(
        fixed(median(ms.map(({ m }) => m.requestsPerSecond)), 0),
        fixed(median(ms.map(({ m, hello }) => m.requestsPerSecond / hello)), 3),
        fixed(median(ms.map(({ m }) => m.p99Ms)), 0),
        fixed(median(ms.map(({ m }) => m.cpuMsPerRequest ?? NaN)), 2),
        fixed(median(of.map((row) => (row.hello.cpuMsPerRequest ?? NaN) / (row.product[db]!.cpuMsPerRequest ?? NaN))), 3),
      );
    }
    console.log(`| ${cells.join(' | ')} |`);
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const load1 = os.loadavg()[0]!;
  console.log(
    `HTTP ceiling: Fastify ${fastifyVersion()}, ${options.connections} connections, ${options.seconds} s per route and target, ` +
      `${options.rounds} round(s), ${os.cpus().length} cores, load average ${load1.toFixed(2)} at start`,
  );
  const hello = await startHello();
  const replayDir = mkdtempSync(path.join(os.tmpdir(), 'bm-http-replay-'));
  const replays = new Map<string, { child: ChildProcess; base: string }>();
  const products: Product[] = [];
  const rows: Row[] = [];
  try {
    for (const db of options.dbs) products.push(await startProduct(db, options));
    // Ids differ per database: each product's own listing and photo.
    const routesOf = new Map<Product, Route[]>();
    for (const product of products) routesOf.set(product, await discoverRoutes(product.base));
    const routes = routesOf.get(products[0]!)!.filter((route) => !options.routes || options.routes.includes(route.name));
    const pathOn = (product: Product, name: string) => routesOf.get(product)!.find((route) => route.name === name)!.path;
    for (const route of routes) {
      if (route.binary) replays.set(route.name, await startReplay(products[0]!.base + pathOn(products[0]!, route.name), replayDir));
    }
    // Warm-up: JIT, the database's caches, the connection pool.
    for (const route of routes) {
      const binary = route.binary === true;
      await load(`${hello.base}/`, 1, options.connections, binary);
      const replay = replays.get(route.name);
      if (replay) await load(`${replay.base}/`, 1, options.connections, binary);
      for (const product of products) await load(product.base + pathOn(product, route.name), 1, options.connections, binary);
    }
    for (let round = 1; round <= options.rounds; round += 1) {
      for (const route of routes) {
        const row: Row = {
          round,
          route: route.name,
          path: route.path,
          hello: await load(`${hello.base}/`, options.seconds, options.connections, route.binary === true, () =>
            Promise.resolve([hello.child.pid!]),
          ),
          product: {},
        };
        const replay = replays.get(route.name);
        if (replay) {
          row.bare = await load(`${replay.base}/`, options.seconds, options.connections, true, () => Promise.resolve([replay.child.pid!]));
        }
        for (const product of products) {
          row.product[product.db] = await load(
            product.base + pathOn(product, route.name),
            options.seconds,
            options.connections,
            route.binary === true,
            () => cpuPids(product.child.pid!, product.databaseUrl),
          );
        }
        printRow(row);
        rows.push(row);
      }
    }
    printSummary(rows, options);
    console.log(
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' / ')} at the end (1 / 5 / 15 min)`,
    );
    if (options.json) writeFileSync(options.json, JSON.stringify({ options, fastify: fastifyVersion(), rows }, null, 2));
  } finally {
    await stop(hello.child);
    for (const replay of replays.values()) await stop(replay.child);
    rmSync(replayDir, { recursive: true, force: true });
    for (const product of products) await stopProduct(product, options);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
