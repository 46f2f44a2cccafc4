/**
 * Lighthouse scores of /, /search and a listing page, on a freshly started production build
 * with the demo catalog (docs/performance.md, "Lighthouse").
 *
 *   npm run build                                      # from the repository root, first
 *   npm run lighthouse -w @benchmarket/perf            # or, from perf/: npx tsx lighthouse/run.ts
 *     [--preset mobile|desktop|both]  (default both)
 *     [--runs N]                      (default 3; the median run by performance is reported)
 *     [--url http://host:port]        (measure a running server instead of starting one)
 *     [--json out.json]               (every run's scores and metrics)
 *
 * Starts apps/api/dist/server.js with NODE_ENV=production and DEMO_DATA=1 on a free port and a
 * temporary DATA_DIR (serving a copy of apps/web/dist, so a rebuild meanwhile changes nothing), runs Lighthouse 12 in Debian's Chromium (CHROMIUM_PATH to change) with
 * its default simulated throttling, prints the four category scores per page and preset with
 * the Core Web Vitals, names the audits that cost points, and exits 1 when a target is missed:
 * performance ≥ 95, accessibility 100, best practices ≥ 95, SEO ≥ 95. The first-load
 * JavaScript budget (first-load-js.ts) is printed too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { freePort } from '../crash/api-process.js';
import { FIRST_LOAD_BUDGET_KB, measureFirstLoad, WEB_DIST } from './first-load-js.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = path.join(ROOT, 'apps/api/dist/server.js');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;

type Preset = 'mobile' | 'desktop';

interface Options {
  presets: Preset[];
  runs: number;
  url: string | undefined;
  json: string | undefined;
}

function parseArgs(argv: string[]): Options {
  const value = (flag: string) => {
    const index = argv.indexOf(flag);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const preset = value('--preset') ?? 'both';
  if (!['mobile', 'desktop', 'both'].includes(preset)) throw new Error('--preset must be mobile, desktop or both');
  const runs = Number(value('--runs') ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  return {
    presets: preset === 'both' ? ['mobile', 'desktop'] : [preset as Preset],
    runs,
    url: value('--url')?.replace(/\/+$/, ''),
    json: value('--json'),
  };
}

// ── The server ──────────────────────────────────────────────────────────────

interface Server {
  baseUrl: string;
  stop(): Promise<void>;
}

async function startServer(): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bm-lighthouse-'));
  // A copy of the web build: a rebuild while measuring must not swap the assets under the pages.
  const webDist = path.join(dataDir, 'web-dist');
  cpSync(WEB_DIST, webDist, { recursive: true });
  // Issue 19: the server render, found beside the web build (apps/api/src/web/server-render.ts).
  const serverBuild = path.join(WEB_DIST, '..', 'dist-ssr');
  if (existsSync(serverBuild)) cpSync(serverBuild, path.join(dataDir, 'dist-ssr'), { recursive: true });
  const baseUrl = `http://127.0.0.1:${String(port)}`;
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      WEB_DIST_DIR: webDist,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ALLOW_SANDBOX_PAYMENTS: '1',
      ALLOW_OUTBOX_MAIL: '1',
      // Production keeps rate limits on; Lighthouse's page loads (~25 requests each, back to
      // back) would hit the per-IP minute limit of one visitor.
      RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // First start: migrations and the demo seed (with its photos) run before the server listens.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${String(child.exitCode)}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('The server did not become healthy within 5 minutes');
}

/** The newest active listing with a photo: the page a shared link most often shows. */
async function listingPath(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/listings/latest?limit=20`);
  if (!response.ok) throw new Error(`GET /listings/latest answered ${String(response.status)}`);
  const listings = (await response.json()) as Array<{ id: string; photos: string[] }>;
  const listing = listings.find((candidate) => candidate.photos.length > 0) ?? listings[0];
  if (!listing) throw new Error('No active listing: is the demo catalog seeded (DEMO_DATA=1)?');
  return `/listings/${listing.id}`;
}

// ── Lighthouse ──────────────────────────────────────────────────────────────

interface Measurement {
  page: string;
  preset: Preset;
  scores: Record<Category, number>;
  metrics: Record<keyof typeof METRICS, string>;
  /** Audits that cost points: "category: title (score)". */
  losses: string[];
  /**
   * Lighthouse's measure of this machine's speed when it ran (lhr.environment.benchmarkIndex):
   * scores from a slower or busier machine are lower, so a number is reported with it.
   */
  benchmarkIndex: number;
}

function summarise(page: string, preset: Preset, lhr: Result): Measurement {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const metrics = Object.fromEntries(Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.displayValue ?? '?'])) as Record<
    keyof typeof METRICS,
    string
  >;
  const losses: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      losses.push(
        `${category}: ${audit.title} (${String(Math.round(audit.score * 100))}${audit.displayValue ? `, ${audit.displayValue}` : ''})`,
      );
    }
  }
  return { page, preset, scores, metrics, losses, benchmarkIndex: Math.round(lhr.environment.benchmarkIndex) };
}

async function measure(url: string, page: string, preset: Preset, port: number): Promise<Measurement> {
  const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }, config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
  return summarise(page, preset, result.lhr);
}

function median(runs: Measurement[]): Measurement {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? runs[0]!;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const firstLoad = measureFirstLoad();
  const server = options.url ? { baseUrl: options.url, stop: async () => {} } : await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const all: Measurement[] = [];
  const reported: Measurement[] = [];
  try {
    const pages = ['/', '/search', await listingPath(server.baseUrl)];
    // Warm-up: the first request of a fresh server compiles and caches what the rest reuse.
    for (const page of pages) await fetch(`${server.baseUrl}${page}`);
    for (const preset of options.presets) {
      for (const page of pages) {
        const runs: Measurement[] = [];
        for (let run = 0; run < options.runs; run += 1) {
          // One retry: on a busy machine Chromium now and then misses the paint (NO_FCP).
          const once = () => measure(`${server.baseUrl}${page}`, page, preset, chrome.port);
          runs.push(
            await once().catch((error: unknown) => {
              process.stderr.write(`retrying ${preset} ${page}: ${error instanceof Error ? error.message : String(error)}\n`);
              return once();
            }),
          );
        }
        all.push(...runs);
        reported.push(median(runs));
        process.stderr.write(`measured ${preset} ${page}: performance ${runs.map((r) => r.scores.performance).join(', ')}\n`);
      }
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }

  const label = (page: string) => (page.startsWith('/listings/') ? '/listings/:id' : page);
  console.log(
    `\nLighthouse 12, median of ${String(options.runs)} run(s) by performance; targets: performance ≥ 95, accessibility 100, best practices ≥ 95, SEO ≥ 95\n`,
  );
  console.log(
    `${'preset'.padEnd(8)}${'page'.padEnd(15)}${'perf'.padStart(5)}${'a11y'.padStart(6)}${'bp'.padStart(5)}${'seo'.padStart(5)}   FCP      LCP      TBT      CLS      benchmarkIndex`,
  );
  let missed = 0;
  for (const m of reported) {
    const mark = (category: Category) => {
      const ok = m.scores[category] >= TARGETS[category];
      if (!ok) missed += 1;
      return `${String(m.scores[category])}${ok ? ' ' : '!'}`;
    };
    console.log(
      `${m.preset.padEnd(8)}${label(m.page).padEnd(15)}${mark('performance').padStart(5)}${mark('accessibility').padStart(6)}${mark('best-practices').padStart(5)}${mark('seo').padStart(5)}   ${m.metrics.FCP.padEnd(9)}${m.metrics.LCP.padEnd(9)}${m.metrics.TBT.padEnd(9)}${m.metrics.CLS.padEnd(9)}${String(m.benchmarkIndex)}`,
    );
  }
  const losses = reported.filter((m) => m.losses.length > 0);
  if (losses.length > 0) {
    console.log('\nAudits that cost points (score < 90):');
    for (const m of losses) console.log(`  ${m.preset} ${label(m.page)}:\n    ${m.losses.join('\n    ')}`);
  }
  console.log(`\nFirst-load JavaScript of / (gzip): ${firstLoad.totalKb.toFixed(1)} KB (budget ${String(FIRST_LOAD_BUDGET_KB)} KB)`);
  console.log(
    `Load average when done: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} on ${String(os.cpus().length)} CPUs`,
  );
  if (options.json) writeFileSync(options.json, JSON.stringify({ runs: all, reported, firstLoad }, null, 2));
  if (firstLoad.totalKb > FIRST_LOAD_BUDGET_KB) missed += 1;
  process.exitCode = missed > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
