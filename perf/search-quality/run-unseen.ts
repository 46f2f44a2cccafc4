/**
 * Search quality on a catalog the engine was never tuned on (unseen/: 206 listings in 16
 * families the demo catalog does not have, 72 queries graded before any search ran, split
 * into a tuning half and a test half). Reports NDCG@10 and MRR of plain and AI search per
 * half and per query kind, and exits 1 when a target is missed on the half asked for.
 *
 *   npx tsx search-quality/run-unseen.ts [--split test|tuning|all] [--verbose [--top N]] [--json out.json] [--query WORDS]
 *   npx tsx search-quality/run-unseen.ts --set holdout      # the second blind set (all of it held out)
 *   npx tsx search-quality/run-unseen.ts --set fresh|novel --split test|tuning   # the third and fourth
 *
 * A page is scored as a buyer sees it: the matches, then plain search's similar listings.
 *
 * The listings are created the way sellers create them — POST /api/v1/listings as a verified
 * seller (categorised, checked and embedded by the real service) — then switched on as a
 * payment would (paid, active, a year to run). Queries go through GET /api/v1/listings/search.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { openDatabase, runMigrations } from '../../apps/api/src/db/database.js';
import { listings, users } from '../../apps/api/src/db/schema.js';
import { AccessTokens } from '../../apps/api/src/modules/auth/tokens.js';
import { ndcgAt10, reciprocalRank, shownInOrder, K } from './metrics.js';
import { gradesFor, loadUnseenSet, type UnseenQuery } from './unseen/load.js';

const TARGET_AI_NDCG = 0.92;
const TARGET_PLAIN_NDCG = 0.85;
const TARGET_GAIN = 0.05;

interface ModeResult {
  ndcg: number;
  rr: number;
  count: number;
  top: string[];
  /** The page's listings by the set's ids, in order (for --json: to study fusions offline). */
  ids: string[];
  status: number;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
  const split = args.includes('--split') ? args[args.indexOf('--split') + 1]! : 'test';
  const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
  const setName = args.includes('--set') ? args[args.indexOf('--set') + 1]! : 'unseen';
  const set = loadUnseenSet(path.join(path.dirname(fileURLToPath(import.meta.url)), setName));
  // --query WORDS: only the queries of the half that contain WORDS (looking at one with --verbose).
  const only = args.includes('--query') ? args[args.indexOf('--query') + 1]!.toLowerCase() : undefined;
  // --top N: how many of each page --verbose prints (3 unless told).
  const shownTop = args.includes('--top') ? Number(args[args.indexOf('--top') + 1]) : 3;
  const queries = set.queries.filter((q) => (split === 'all' || q.split === split) && (!only || q.query.toLowerCase().includes(only)));

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bm-unseen-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'search-quality-secret-that-is-long-enough',
    WORKER: 'off',
    RATE_LIMITS: 'off',
    SEARCH_CACHE_SECONDS: '0',
    DEMO_DATA: '0',
  });
  const database = await openDatabase({ url: undefined, pgliteDir: undefined, poolSize: 1 });
  await runMigrations(database);
  const app = await buildApp({ config, database });
  await app.ready();
  try {
    const tokens = new AccessTokens(config.jwt.secret, config.jwt.ttlHours, database.db);
    const [seller, buyer] = await database.db
      .insert(users)
      .values([
        { email: 'unseen-seller@benchmarket.local', isVerified: true },
        { email: 'unseen-buyer@benchmarket.local', isVerified: true },
      ])
      .returning();
    const sellerToken = await tokens.sign({ userId: seller!.id, version: seller!.tokenVersion });
    const buyerToken = await tokens.sign({ userId: buyer!.id, version: buyer!.tokenVersion });

    const started = performance.now();
    const idOf = new Map<string, string>();
    for (const listing of set.listings) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/listings',
        headers: { authorization: `Bearer ${sellerToken}` },
        payload: {
          title: listing.title,
          description: listing.description,
          price: listing.price,
          condition: listing.condition,
          location: listing.location,
          duration_months: 12,
        },
      });
      if (response.statusCode !== 201 && response.statusCode !== 200)
        throw new Error(`${listing.id}: ${response.statusCode} ${response.body}`);
      idOf.set((response.json() as { id: string }).id, listing.id);
    }
    const expiry = new Date(Date.now() + 365 * 24 * 3600 * 1000);
    await database.db
      .update(listings)
      .set({ isActive: true, paymentStatus: 'paid', expiryDate: expiry })
      .where(inArray(listings.id, [...idOf.keys()]));
    await database.db.execute(`analyze listings`);
    const [sample] = await database.db
      .select({ category: listings.category })
      .from(listings)
      .where(eq(listings.userId, seller!.id))
      .limit(1);
    console.log(
      `unseen catalog: ${idOf.size} listings created through the API in ${Math.round(performance.now() - started)} ms (e.g. category ${sample?.category ?? 'none'})`,
    );

    const ask = async (query: UnseenQuery, useRag: boolean): Promise<ModeResult> => {
      const params = new URLSearchParams({ query: query.query, use_rag: String(useRag) });
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/listings/search?${params}`,
        headers: { authorization: `Bearer ${buyerToken}` },
      });
      if (response.statusCode !== 200)
        return { ndcg: 0, rr: 0, count: 0, top: [response.body.slice(0, 200)], ids: [], status: response.statusCode };
      type Item = { id: string; title: string; rag_search_response?: { relevance_explanation: string } };
      const shown = shownInOrder(response.json() as { items: Item[]; similar?: Item[] });
      const all = set.listings.map((l) => gradesFor(query, l.id));
      const grades = shown.slice(0, K).map((item) => gradesFor(query, idOf.get(item.id) ?? ''));
      return {
        ndcg: ndcgAt10(grades, all),
        rr: reciprocalRank(grades),
        count: shown.length,
        top: shown
          .slice(0, shownTop)
          .map(
            (item, i) =>
              `${grades[i]}·${item.title}${verbose && item.rag_search_response ? ` — ${item.rag_search_response.relevance_explanation}` : ''}`,
          ),
        ids: shown.map((item) => idOf.get(item.id) ?? ''),
        status: 200,
      };
    };

    const results: { query: UnseenQuery; plain: ModeResult; ai: ModeResult }[] = [];
    for (const query of queries) results.push({ query, plain: await ask(query, false), ai: await ask(query, true) });

    const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
    const pad = (text: string, n: number) => (text.length >= n ? text.slice(0, n) : text + ' '.repeat(n - text.length));
    const fmt = (x: number) => x.toFixed(3);
    console.log(`\n${pad('query', 46)} ${pad('type', 13)} ${pad('split', 7)} plain    AI     results (plain/AI)`);
    for (const { query, plain, ai } of results) {
      console.log(
        `${pad(JSON.stringify(query.query), 46)} ${pad(query.type, 13)} ${pad(query.split, 7)} ${pad(fmt(plain.ndcg), 8)} ${pad(fmt(ai.ndcg), 6)} ${plain.count}/${ai.count}`,
      );
      if (verbose) {
        const list = (top: string[]) => (shownTop > 3 ? top.map((t) => `\n      ${t}`).join('') : top.join(' | '));
        console.log(`    plain: ${list(plain.top)}`);
        console.log(`    AI:    ${list(ai.top)}`);
      }
    }
    const byType = Object.fromEntries(
      [...new Set(results.map((r) => r.query.type))].map((type) => {
        const of = results.filter((r) => r.query.type === type);
        return [type, { queries: of.length, plain: mean(of.map((r) => r.plain.ndcg)), ai: mean(of.map((r) => r.ai.ndcg)) }];
      }),
    );
    const summary = {
      split,
      queries: results.length,
      listings: set.listings.length,
      plain: { ndcg10: mean(results.map((r) => r.plain.ndcg)), mrr: mean(results.map((r) => r.plain.rr)) },
      ai: { ndcg10: mean(results.map((r) => r.ai.ndcg)), mrr: mean(results.map((r) => r.ai.rr)) },
      byType,
    };
    console.log(`\n${results.length} queries (${setName}, ${split}) over ${set.listings.length} listings`);
    console.log(`plain search: NDCG@10 ${fmt(summary.plain.ndcg10)}  MRR ${fmt(summary.plain.mrr)}`);
    console.log(`AI search:    NDCG@10 ${fmt(summary.ai.ndcg10)}  MRR ${fmt(summary.ai.mrr)}`);
    for (const [type, s] of Object.entries(byType))
      console.log(`  ${pad(type, 14)} ${s.queries} queries   plain ${fmt(s.plain)}   AI ${fmt(s.ai)}`);

    const failures: string[] = [];
    for (const { query, plain, ai } of results) {
      if (plain.status !== 200 || ai.status !== 200) failures.push(`${JSON.stringify(query.query)} answered ${plain.status}/${ai.status}`);
      if (ai.count === 0) failures.push(`AI search returned nothing for ${JSON.stringify(query.query)}`);
    }
    if (summary.ai.ndcg10 < TARGET_AI_NDCG) failures.push(`AI NDCG@10 ${fmt(summary.ai.ndcg10)} is below ${TARGET_AI_NDCG}`);
    if (summary.plain.ndcg10 < TARGET_PLAIN_NDCG) failures.push(`plain NDCG@10 ${fmt(summary.plain.ndcg10)} is below ${TARGET_PLAIN_NDCG}`);
    if (summary.ai.ndcg10 - summary.plain.ndcg10 < TARGET_GAIN)
      failures.push(`AI is only ${fmt(summary.ai.ndcg10 - summary.plain.ndcg10)} above plain (target ${TARGET_GAIN})`);
    for (const [type, s] of Object.entries(byType))
      if (s.ai < s.plain) failures.push(`AI is below plain on ${type} queries (${fmt(s.ai)} < ${fmt(s.plain)})`);
    if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ ...summary, perQuery: results }, null, 2));
    if (failures.length > 0) {
      console.log(`\nFAILED:\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log('\nall targets met');
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
