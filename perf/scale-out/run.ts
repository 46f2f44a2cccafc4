/**
 * Scale-out benchmark (issue 17; results in docs/performance.md): the throughput of a realistic
 * mix of requests with 1, 2 and 4 API processes on one PostgreSQL database, and the CPU each
 * request costs in the API processes and in PostgreSQL — to show where the next bottleneck is.
 *
 *   npm run build && npm run scale-out -w @benchmarket/perf -- [--processes 1,2,4] [--seconds 20]
 *     [--clients 32] [--database-url postgres://postgres@127.0.0.1:5432/postgres] [--json out.json]
 *
 * The compiled API (`apps/api/dist/server.js`) runs with the demo catalog on a database of its
 * own (created and dropped here). The first process runs the worker (WORKER=on), the others serve
 * only (WORKER=off), as docs/operations.md deploys them. Clients spread their requests over the
 * processes in turn, as a round-robin load balancer would; each client waits for its answer before
 * its next request (closed loop). CPU is read from /proc: the API processes' own, and every
 * `postgres` process's (the database's backends).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ApiProcess, freePort } from '../crash/api-process.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface Options {
  processes: number[];
  seconds: number;
  clients: number;
  databaseUrl: string;
  json: string | undefined;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const processes = (value('processes') ?? '1,2,4').split(',').map(Number);
  if (processes.some((n) => !Number.isInteger(n) || n < 1 || n > 16)) throw new Error('--processes: a list such as 1,2,4 (1–16 each)');
  return {
    processes,
    seconds: Number(value('seconds') ?? 20),
    clients: Number(value('clients') ?? 32),
    databaseUrl: value('database-url') ?? process.env.SCALE_OUT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    json: value('json'),
  };
}

// ── CPU from /proc ──────────────────────────────────────────────────────────

/** user + system CPU of one process, in seconds (0 when it has gone). */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL server process (postmaster, backends, background workers) by pid. */
function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
}

/** CPU seconds per pid now; a later snapshot minus this one is what the run cost. */
function cpuSnapshot(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, cpuSecondsOf(pid)]));
}

function cpuSince(before: Map<number, number>, pids: number[]): number {
  return pids.reduce((sum, pid) => sum + cpuSecondsOf(pid) - (before.get(pid) ?? 0), 0);
}

// ── The mix ─────────────────────────────────────────────────────────────────

type OperationName = 'home page' | 'latest listings' | 'listing page' | 'search' | 'AI search' | 'login' | 'create + publish';

interface Session {
  buyerToken: string;
  sellerToken: string;
  listingIds: string[];
}

const SEARCHES = [
  'centrifuge',
  'refrigerated centrifuge',
  'microscope',
  'inverted microscope under 10000',
  'pipette',
  'autoclave',
  'used incubator in Germany',
  'ultrasound',
  'biosafety cabinet',
  'patient monitor',
  'spectrophotometer',
  'freezer -80',
];

/** How often each operation comes up, out of 100: mostly reading, as on a marketplace. */
const MIX: [OperationName, number][] = [
  ['home page', 10],
  ['latest listings', 15],
  ['listing page', 30],
  ['search', 25],
  ['AI search', 10],
  ['login', 5],
  ['create + publish', 5],
];

const BUYER = { username: 'buyer@benchmarket.local', password: 'demo-buyer-2026' };
const SELLER = { username: 'seller@benchmarket.local', password: 'demo-seller-2026' };

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

function pickOperation(): OperationName {
  let roll = Math.random() * 100;
  for (const [name, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return 'listing page';
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: HTTP ${String(response.status)} ${(await response.text()).slice(0, 200)}`);
  return response;
}

async function logIn(baseUrl: string, account: typeof BUYER): Promise<string> {
  const response = await expectOk(
    await fetch(`${baseUrl}/api/v1/auth/login`, { method: 'POST', body: new URLSearchParams(account) }),
    'login',
  );
  return ((await response.json()) as { access_token: string }).access_token;
}

/** One operation against `baseUrl`: the number of HTTP requests it made (an error throws). */
async function runOperation(name: OperationName, baseUrl: string, session: Session): Promise<number> {
  const api = `${baseUrl}/api/v1`;
  const asBuyer = { Authorization: `Bearer ${session.buyerToken}` };
  switch (name) {
    case 'home page':
      await (await expectOk(await fetch(`${baseUrl}/`), name)).arrayBuffer();
      return 1;
    case 'latest listings':
      await (await expectOk(await fetch(`${api}/listings/latest?limit=10`), name)).arrayBuffer();
      return 1;
    case 'listing page':
      await (await expectOk(await fetch(`${api}/listings/${pick(session.listingIds)}`), name)).arrayBuffer();
      return 1;
    case 'search':
    case 'AI search': {
      const params = new URLSearchParams({ query: pick(SEARCHES), ...(name === 'AI search' ? { use_rag: 'true' } : {}) });
      await (await expectOk(await fetch(`${api}/listings/search?${params.toString()}`, { headers: asBuyer }), name)).arrayBuffer();
      return 1;
    }
    case 'login':
      await logIn(baseUrl, BUYER);
      return 1;
    case 'create + publish': {
      const headers = { Authorization: `Bearer ${session.sellerToken}`, 'Content-Type': 'application/json' };
      const created = await expectOk(
        await fetch(`${api}/listings`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            title: `Benchmark Eppendorf 5424 microcentrifuge ${randomBytes(3).toString('hex')}`,
            description: 'Microcentrifuge with its 24-place rotor and lid, serviced last year; runs quietly at full speed.',
            price: 1400,
            condition: 'pre-owned',
            location: 'Germany',
            duration_months: 1,
          }),
        }),
        'create listing',
      );
      const { id } = (await created.json()) as { id: string };
      await (
        await expectOk(
          await fetch(`${api}/payments/create-intent`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ listing_id: id, duration_months: 1 }),
          }),
          'publish (free promotion)',
        )
      ).arrayBuffer();
      return 2;
    }
  }
}

interface OperationStats {
  count: number;
  errors: number;
  latenciesMs: number[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

// ── A run with N processes ──────────────────────────────────────────────────

interface RunResult {
  processes: number;
  seconds: number;
  operations: number;
  requests: number;
  errors: number;
  operationsPerSecond: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  apiCpuMsPerRequest: number;
  postgresCpuMsPerRequest: number;
  apiCpuCores: number;
  postgresCpuCores: number;
  byOperation: Record<string, { count: number; errors: number; p50Ms: number; p95Ms: number }>;
  firstErrors: string[];
}

async function startProcesses(count: number, databaseUrl: string, dataDir: string): Promise<{ apis: ApiProcess[]; baseUrls: string[] }> {
  const apis: ApiProcess[] = [];
  const baseUrls: string[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${String(port)}`;
    const api = new ApiProcess({
      root: ROOT,
      baseUrl,
      logFile: path.join(dataDir, `api-${String(count)}-${String(i)}.log`),
      source: false,
      env: {
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        JWT_SECRET: 'scale-out-benchmark-secret-long-enough-for-hs256',
        LOG_LEVEL: 'warn',
        RATE_LIMITS: 'off',
        DEMO_DATA: '1',
        PROMO_FREE_UNTIL: '2099-06-01',
        WORKER: i === 0 ? 'on' : 'off',
      },
    });
    apis.push(api);
    baseUrls.push(baseUrl);
  }
  // One at a time: the first start seeds the demo catalog.
  for (const api of apis) await api.start();
  return { apis, baseUrls };
}

async function runWith(count: number, options: Options, databaseUrl: string, dataDir: string): Promise<RunResult> {
  const { apis, baseUrls } = await startProcesses(count, databaseUrl, dataDir);
  try {
    const session: Session = {
      buyerToken: await logIn(baseUrls[0]!, BUYER),
      sellerToken: await logIn(baseUrls[0]!, SELLER),
      listingIds: ((await (await fetch(`${baseUrls[0]!}/api/v1/listings/latest?limit=50`)).json()) as { id: string }[]).map((l) => l.id),
    };
    if (session.listingIds.length === 0) throw new Error('the demo catalog has no listings');

    const stats = new Map<OperationName, OperationStats>(MIX.map(([name]) => [name, { count: 0, errors: 0, latenciesMs: [] }]));
    const errors: string[] = [];
    let requests = 0;
    let next = 0;
    let measuring = false;
    let running = true;
    const client = async () => {
      while (running) {
        const name = pickOperation();
        const baseUrl = baseUrls[next++ % baseUrls.length]!;
        const started = performance.now();
        try {
          const made = await runOperation(name, baseUrl, session);
          if (!measuring) continue;
          requests += made;
          const entry = stats.get(name)!;
          entry.count += 1;
          entry.latenciesMs.push(performance.now() - started);
        } catch (error) {
          if (!measuring) continue;
          stats.get(name)!.errors += 1;
          if (errors.length < 5) errors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    };
    const clients = Array.from({ length: options.clients }, () => client());

    await new Promise((resolve) => setTimeout(resolve, 3000)); // warm-up: caches, JIT, pools
    const apiPids = apis.flatMap((api) => api.pids.slice(-1));
    const pgPids = postgresPids();
    const apiBefore = cpuSnapshot(apiPids);
    const pgBefore = cpuSnapshot(pgPids);
    measuring = true;
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
    measuring = false;
    const elapsed = (performance.now() - started) / 1000;
    const apiCpu = cpuSince(apiBefore, apiPids);
    const pgCpu = cpuSince(pgBefore, postgresPids());
    running = false;
    await Promise.all(clients);

    const all = [...stats.values()].flatMap((entry) => entry.latenciesMs).sort((a, b) => a - b);
    const operations = all.length;
    const errorCount = [...stats.values()].reduce((sum, entry) => sum + entry.errors, 0);
    const byOperation = Object.fromEntries(
      [...stats.entries()].map(([name, entry]) => {
        const sorted = [...entry.latenciesMs].sort((a, b) => a - b);
        return [
          name,
          { count: entry.count, errors: entry.errors, p50Ms: round(percentile(sorted, 50)), p95Ms: round(percentile(sorted, 95)) },
        ];
      }),
    );
    return {
      processes: count,
      seconds: round(elapsed),
      operations,
      requests,
      errors: errorCount,
      operationsPerSecond: round(operations / elapsed),
      requestsPerSecond: round(requests / elapsed),
      p50Ms: round(percentile(all, 50)),
      p95Ms: round(percentile(all, 95)),
      p99Ms: round(percentile(all, 99)),
      apiCpuMsPerRequest: round((apiCpu * 1000) / Math.max(1, requests)),
      postgresCpuMsPerRequest: round((pgCpu * 1000) / Math.max(1, requests)),
      apiCpuCores: round(apiCpu / elapsed),
      postgresCpuCores: round(pgCpu / elapsed),
      byOperation,
      firstErrors: errors,
    };
  } finally {
    for (const api of apis) {
      await api.stop();
      api.close();
    }
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

async function withDatabase<T>(adminUrl: string, use: (url: string) => Promise<T>): Promise<T> {
  const name = `bm_scale_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bm-scale-out-'));
  console.log(
    `scale-out: ${options.processes.join(', ')} API processes, ${String(options.clients)} clients, ${String(options.seconds)} s each, ` +
      `${String(os.cpus().length)} cores; mix: ${MIX.map(([name, weight]) => `${name} ${String(weight)}%`).join(', ')}`,
  );
  try {
    const results = await withDatabase(options.databaseUrl, async (databaseUrl) => {
      const done: RunResult[] = [];
      for (const count of options.processes) {
        const result = await runWith(count, options, databaseUrl, dataDir);
        done.push(result);
        console.log(
          `${String(count)} process${count > 1 ? 'es' : ''}: ${String(result.requestsPerSecond)} req/s (${String(result.operationsPerSecond)} operations/s), ` +
            `p50 ${String(result.p50Ms)} ms, p95 ${String(result.p95Ms)} ms, p99 ${String(result.p99Ms)} ms, ${String(result.errors)} errors; ` +
            `CPU per request: API ${String(result.apiCpuMsPerRequest)} ms, PostgreSQL ${String(result.postgresCpuMsPerRequest)} ms ` +
            `(cores busy: API ${String(result.apiCpuCores)}, PostgreSQL ${String(result.postgresCpuCores)})`,
        );
        for (const [name, entry] of Object.entries(result.byOperation)) {
          console.log(
            `    ${name.padEnd(17)} ${String(entry.count).padStart(6)}  p50 ${String(entry.p50Ms).padStart(7)} ms  p95 ${String(entry.p95Ms).padStart(7)} ms  errors ${String(entry.errors)}`,
          );
        }
        for (const error of result.firstErrors) console.log(`    error: ${error}`);
      }
      return done;
    });
    if (options.json) writeFileSync(options.json, JSON.stringify({ options, cores: os.cpus().length, results }, null, 2));
    if (results.some((result) => result.errors > 0)) process.exitCode = 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
