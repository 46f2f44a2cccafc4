/**
 * Search quality on the demo catalog: NDCG@10 and MRR of plain and AI-enhanced search over
 * the labelled queries in queries.json (graded by the rules written there).
 *
 *   npm run search:quality -w @benchmarket/perf            # from the repository root
 *   npx tsx search-quality/run.ts [--json out.json] [--verbose]   # from perf/
 *
 * Starts the API in-process on a fresh in-memory PGlite with the demo seed, asks every query
 * in both modes as a verified user (through app.inject, the real routes), and exits 1 when a
 * query returns nothing or the targets are missed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Condition } from '@benchmarket/shared';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { openDatabase, runMigrations } from '../../apps/api/src/db/database.js';
import { listings, users } from '../../apps/api/src/db/schema.js';
import { AccessTokens } from '../../apps/api/src/modules/auth/tokens.js';
import type { PlannedListing } from '../../apps/api/src/seed/catalog.js';
import { demoListingsPlan, seedDemoData } from '../../apps/api/src/seed/seed.js';
import { K, ndcgAt10, reciprocalRank, shownInOrder } from './metrics.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TARGET_AI_NDCG = 0.85;
const TARGET_GAIN = 0.05;

type ConditionRule = 'refurbished' | 'used' | 'new' | Condition[];

interface Rules {
  family?: string[];
  title?: string;
  manufacturer?: string;
  condition?: ConditionRule;
  minPrice?: number;
  maxPrice?: number;
  country?: string;
}

interface Want extends Rules {
  cost: number;
}

interface LabelledQuery {
  id: string;
  type: string;
  query: string;
  must: Rules;
  wants?: Want[];
}

const REFURBISHED: Condition[] = [
  'certified-refurbished',
  'excellent-refurbished',
  'very-good-refurbished',
  'good-refurbished',
  'seller-refurbished',
];

function conditionsOf(rule: ConditionRule): Condition[] {
  if (rule === 'refurbished') return REFURBISHED;
  if (rule === 'used') return ['pre-owned', ...REFURBISHED];
  if (rule === 'new') return ['new', 'new-other'];
  return rule;
}

/** Every rule of `rules` holds for the listing. */
function holds(rules: Rules, listing: PlannedListing): boolean {
  if (rules.family && !rules.family.includes(listing.category)) return false;
  if (rules.title && !new RegExp(rules.title, 'i').test(listing.title)) return false;
  if (rules.manufacturer && !new RegExp(rules.manufacturer, 'i').test(listing.manufacturer)) return false;
  if (rules.condition && !conditionsOf(rules.condition).includes(listing.condition)) return false;
  const price = listing.priceCents / 100;
  if (rules.minPrice !== undefined && price < rules.minPrice) return false;
  if (rules.maxPrice !== undefined && price > rules.maxPrice) return false;
  if (rules.country && listing.location !== rules.country) return false;
  return true;
}

/** The grade of a listing for a query (queries.json, "grading"). */
export function grade(query: LabelledQuery, listing: PlannedListing): number {
  if (!holds(query.must, listing)) return 0;
  const missed = (query.wants ?? []).reduce((sum, want) => sum + (holds(want, listing) ? 0 : want.cost), 0);
  return Math.max(1, 3 - missed);
}

interface ModeResult {
  ndcg: number;
  rr: number;
  count: number;
  total: number;
  top: string[];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
  const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
  const { queries } = JSON.parse(readFileSync(path.join(HERE, 'queries.json'), 'utf8')) as { queries: LabelledQuery[] };

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bm-search-quality-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'search-quality-secret-that-is-long-enough',
    WORKER: 'off',
    RATE_LIMITS: 'off',
  });
  const database = await openDatabase({ url: undefined, pgliteDir: undefined, poolSize: 1 });
  await runMigrations(database);
  const app = await buildApp({ config, database });
  await app.ready();
  try {
    const now = new Date();
    const started = performance.now();
    const seeded = await seedDemoData(app, { now });
    console.log(`demo catalog: ${seeded.activeListings} active listings seeded in ${Math.round(performance.now() - started)} ms`);

    // The judged listings: every active listing the demo writes (the catalog's, and those of the
    // moderation and payments demos, which a buyer finds too), matched to its row by title and price.
    const planned = demoListingsPlan(now).filter((p) => p.state === 'active');
    const rows = await database.db.select({ id: listings.id, title: listings.title, priceCents: listings.priceCents }).from(listings);
    const byKey = new Map(planned.map((p) => [`${p.title}|${p.priceCents}`, p]));
    const plannedById = new Map<string, PlannedListing>();
    for (const row of rows) {
      const match = byKey.get(`${row.title}|${row.priceCents}`);
      if (match) plannedById.set(row.id, match);
    }

    const [buyer] = await database.db.insert(users).values({ email: 'quality@benchmarket.local', isVerified: true }).returning();
    const token = await new AccessTokens(config.jwt.secret, config.jwt.ttlHours, database.db).sign({
      userId: buyer!.id,
      version: buyer!.tokenVersion,
    });

    const ask = async (query: LabelledQuery, useRag: boolean): Promise<ModeResult> => {
      const params = new URLSearchParams({ query: query.query, use_rag: String(useRag) });
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/listings/search?${params}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode !== 200) throw new Error(`${query.id}: ${response.statusCode} ${response.body}`);
      const body = response.json() as { items: { id: string; title: string }[]; similar?: { id: string; title: string }[]; total: number };
      const shown = shownInOrder(body);
      const all = planned.map((p) => grade(query, p));
      const grades = shown.slice(0, K).map((item) => {
        const listing = plannedById.get(item.id);
        return listing ? grade(query, listing) : 0;
      });
      return {
        ndcg: ndcgAt10(grades, all),
        rr: reciprocalRank(grades),
        count: shown.length,
        total: body.total,
        top: shown.slice(0, 3).map((item, i) => `${grades[i]}·${item.title}`),
      };
    };

    const results: { query: LabelledQuery; plain: ModeResult; ai: ModeResult }[] = [];
    for (const query of queries) {
      results.push({ query, plain: await ask(query, false), ai: await ask(query, true) });
    }

    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const pad = (text: string, n: number) => (text.length >= n ? text.slice(0, n) : text + ' '.repeat(n - text.length));
    const fmt = (x: number) => x.toFixed(3);
    console.log(`\n${pad('query', 44)} ${pad('type', 17)} plain NDCG  AI NDCG  plain RR  AI RR  results (plain/AI)`);
    for (const { query, plain, ai } of results) {
      console.log(
        `${pad(JSON.stringify(query.query), 44)} ${pad(query.type, 17)} ${pad(fmt(plain.ndcg), 11)} ${pad(fmt(ai.ndcg), 8)} ${pad(fmt(plain.rr), 9)} ${pad(fmt(ai.rr), 6)} ${plain.total}/${ai.total}`,
      );
      if (verbose) {
        console.log(`    plain: ${plain.top.join(' | ')}`);
        console.log(`    AI:    ${ai.top.join(' | ')}`);
      }
    }
    const summary = {
      queries: results.length,
      listings: planned.length,
      plain: { ndcg10: mean(results.map((r) => r.plain.ndcg)), mrr: mean(results.map((r) => r.plain.rr)) },
      ai: { ndcg10: mean(results.map((r) => r.ai.ndcg)), mrr: mean(results.map((r) => r.ai.rr)) },
      byType: Object.fromEntries(
        [...new Set(results.map((r) => r.query.type))].map((type) => {
          const of = results.filter((r) => r.query.type === type);
          return [type, { queries: of.length, plain: mean(of.map((r) => r.plain.ndcg)), ai: mean(of.map((r) => r.ai.ndcg)) }];
        }),
      ),
    };
    console.log(`\n${results.length} queries over ${planned.length} active listings`);
    console.log(`plain search: NDCG@10 ${fmt(summary.plain.ndcg10)}  MRR ${fmt(summary.plain.mrr)}`);
    console.log(`AI search:    NDCG@10 ${fmt(summary.ai.ndcg10)}  MRR ${fmt(summary.ai.mrr)}`);
    for (const [type, s] of Object.entries(summary.byType)) {
      console.log(`  ${pad(type, 18)} ${s.queries} queries   plain ${fmt(s.plain)}   AI ${fmt(s.ai)}`);
    }

    const failures: string[] = [];
    for (const { query, plain, ai } of results) {
      if (plain.count === 0) failures.push(`plain search returned nothing for ${JSON.stringify(query.query)}`);
      if (ai.count === 0) failures.push(`AI search returned nothing for ${JSON.stringify(query.query)}`);
    }
    if (summary.ai.ndcg10 < TARGET_AI_NDCG) failures.push(`AI NDCG@10 ${fmt(summary.ai.ndcg10)} is below ${TARGET_AI_NDCG}`);
    if (summary.ai.ndcg10 - summary.plain.ndcg10 < TARGET_GAIN) {
      failures.push(`AI NDCG@10 is only ${fmt(summary.ai.ndcg10 - summary.plain.ndcg10)} above plain (target ${TARGET_GAIN})`);
    }
    if (jsonOut) {
      writeFileSync(
        jsonOut,
        JSON.stringify(
          { ...summary, perQuery: results.map((r) => ({ id: r.query.id, query: r.query.query, plain: r.plain, ai: r.ai })) },
          null,
          2,
        ),
      );
    }
    if (failures.length > 0) {
      console.log(`\nFAILED:\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log('\nall targets met; every query returned results in both modes');
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
