/**
 * Asks the search engine a few queries on the demo catalog and prints what a buyer would see
 * (title, family, price, condition, country and, with AI, the explanation) — for looking at
 * answers by hand, not for scoring (run.ts scores).
 *
 *   npx tsx search-quality/ask.ts "surgical lamp" "theatre lamp" [--plain|--ai] [--limit 5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { openDatabase, runMigrations } from '../../apps/api/src/db/database.js';
import { users } from '../../apps/api/src/db/schema.js';
import { AccessTokens } from '../../apps/api/src/modules/auth/tokens.js';
import { seedDemoData } from '../../apps/api/src/seed/seed.js';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const limitAt = args.indexOf('--limit');
  const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : 5;
  const queries = args.filter((a, i) => !a.startsWith('--') && (limitAt < 0 || i !== limitAt + 1));
  const modes = args.includes('--plain') ? [false] : args.includes('--ai') ? [true] : [false, true];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bm-ask-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'search-quality-secret-that-is-long-enough',
    WORKER: 'off',
    RATE_LIMITS: 'off',
    SEARCH_CACHE_SECONDS: '0',
  });
  const database = await openDatabase({ url: undefined, pgliteDir: undefined, poolSize: 1 });
  await runMigrations(database);
  const app = await buildApp({ config, database });
  await app.ready();
  try {
    await seedDemoData(app, { now: new Date() });
    const [buyer] = await database.db.insert(users).values({ email: 'ask@benchmarket.local', isVerified: true }).returning();
    const token = await new AccessTokens(config.jwt.secret, config.jwt.ttlHours, database.db).sign({
      userId: buyer!.id,
      version: buyer!.tokenVersion,
    });
    for (const query of queries) {
      for (const useRag of modes) {
        const params = new URLSearchParams({ query, use_rag: String(useRag) });
        const response = await app.inject({
          method: 'GET',
          url: `/api/v1/listings/search?${params}`,
          headers: { authorization: `Bearer ${token}` },
        });
        const body = response.json() as {
          total: number;
          items: {
            title: string;
            category: string | null;
            price: number;
            condition: string;
            location: string | null;
            rag_search_response?: { relevance_explanation: string };
          }[];
        };
        console.log(
          `\n${useRag ? 'AI   ' : 'plain'} ${JSON.stringify(query)} → ${response.statusCode}, ${body.total ?? JSON.stringify(body)} results`,
        );
        for (const item of (body.items ?? []).slice(0, limit)) {
          console.log(`  ${item.title} [${item.category ?? '-'}] $${item.price} ${item.condition} ${item.location ?? ''}`);
          if (item.rag_search_response) console.log(`      ${item.rag_search_response.relevance_explanation}`);
        }
      }
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
