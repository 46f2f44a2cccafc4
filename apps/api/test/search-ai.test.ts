import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, listings } from '../src/db/schema.js';
import { EMBED_JOB, enqueueEmbedding } from '../src/modules/search/embedding-work.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { createUser, type TestUser } from './support/messages-fixtures.js';
import { EMBEDDING_DIMENSIONS, startOpenAiStandIn, type OpenAiStandIn } from './support/openai-stand-in.js';
import { insertListing, search, type SearchBody } from './support/search-fixtures.js';

/**
 * AI-enhanced search with an OpenAI-compatible endpoint (AI_BASE_URL) — here a local
 * stand-in of the OpenAI API: embeddings by the worker, hybrid re-ranking, explanations
 * written by the model and cached, and the fall-back to the local engine when the endpoint
 * hangs, fails or answers nonsense.
 */

const TIMEOUT_MS = 500;
let standIn: OpenAiStandIn;
let ctx: TestContext;
let buyer: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  standIn = await startOpenAiStandIn();
  ctx = await setupTestApp({ env: { AI_BASE_URL: standIn.url, AI_TIMEOUT_MS: String(TIMEOUT_MS) } });
  buyer = await createUser(ctx.app, { verified: true });
  const seller = await createUser(ctx.app, { verified: true });
  ids.cycler = await insertListing(ctx.app, seller.id, {
    title: 'Bio-Rad C1000 Touch Thermal Cycler',
    description: 'Gradient PCR thermal cycler with a 96-well block.',
    price: 4200,
    condition: 'certified-refurbished',
    location: 'Germany',
  });
  ids.qpcr = await insertListing(ctx.app, seller.id, {
    title: 'Applied Biosystems QuantStudio 5 Real-Time PCR System',
    description: 'qPCR system, 5 colours, 96-well.',
    price: 18500,
    condition: 'pre-owned',
    location: 'United States',
  });
  ids.centrifuge = await insertListing(ctx.app, seller.id, {
    title: 'Eppendorf 5810R Refrigerated Centrifuge',
    description: 'Benchtop centrifuge with swing-bucket rotor.',
    price: 6900,
    condition: 'pre-owned',
    location: 'France',
  });
});
afterAll(async () => {
  await ctx?.close();
  await standIn?.close();
});
beforeEach(() => {
  standIn.mode = 'ok';
});

async function searchOk(params: Record<string, string | number | boolean>): Promise<{ body: SearchBody; ms: number }> {
  const started = performance.now();
  const response = await search(ctx.app, params, buyer.token);
  const ms = performance.now() - started;
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json() as SearchBody, ms };
}

describe('AI search with an AI endpoint: embeddings', () => {
  it('the listings.embed job stores a unit-length embedding of the listing', async () => {
    await enqueueEmbedding(ctx.app.db, ids.centrifuge!);
    await ctx.app.worker.runDueJobs();
    const [row] = await ctx.app.db.select({ embedding: listings.embedding }).from(listings).where(eq(listings.id, ids.centrifuge!));
    expect(row?.embedding).toHaveLength(EMBEDDING_DIMENSIONS);
    const norm = Math.sqrt(row!.embedding!.reduce((sum, x) => sum + x * x, 0));
    expect(norm).toBeCloseTo(1, 4);
    expect(standIn.calls.embeddedTexts.some((text) => text.startsWith('Eppendorf 5810R Refrigerated Centrifuge\nCentrifuges\n'))).toBe(
      true,
    );
    const [job] = await ctx.app.db.select().from(jobs).where(eq(jobs.kind, EMBED_JOB));
    expect(job?.status).toBe('done');
  });

  it('the worker backfills listings that have no embedding yet', async () => {
    await ctx.app.worker.tick();
    const rows = await ctx.app.db.select({ id: listings.id, embedding: listings.embedding }).from(listings);
    expect(rows.every((row) => row.embedding?.length === EMBEDDING_DIMENSIONS)).toBe(true);
  });
});

describe('AI search with an AI endpoint: ranking and explanations', () => {
  it('has the model write the explanations, with the spec prefixes, and keeps the local ranking', async () => {
    const embeddingsBefore = standIn.calls.embeddings;
    const { body } = await searchOk({ query: 'pcr machine', use_rag: true });
    expect(
      body.items
        .map((item) => item.id)
        .slice(0, 2)
        .sort(),
    ).toEqual([ids.cycler, ids.qpcr].sort());
    const [first, second] = body.items;
    expect(first!.rag_search_response!.relevance_explanation).toMatch(/^Relevant: the model read "pcr machine"/);
    expect(first!.rag_search_response!.relevance_score).toBe(0.93);
    // The model forgot the prefix of the second: the API adds the one it chose.
    expect(second!.rag_search_response!.relevance_explanation).toMatch(/^Somewhat relevant: the model finds /);
    expect(standIn.calls.embeddings).toBe(embeddingsBefore + 1);
  });

  it('answers a repeated search from the cache, by rag_response_key, without calling the model', async () => {
    const first = await searchOk({ query: 'thermal cycler', use_rag: true });
    const calls = { ...standIn.calls };
    const again = await searchOk({ query: 'thermal cycler', use_rag: true });
    expect(standIn.calls.chat).toBe(calls.chat);
    expect(standIn.calls.embeddings).toBe(calls.embeddings);
    expect(again.body.items.map((i) => i.rag_search_response)).toEqual(first.body.items.map((i) => i.rag_search_response));
  });

  it('never calls the AI endpoint for plain search', async () => {
    const calls = { ...standIn.calls };
    await searchOk({ query: 'centrifuge' });
    expect(standIn.calls.chat).toBe(calls.chat);
    expect(standIn.calls.embeddings).toBe(calls.embeddings);
  });
});

describe('AI search with an AI endpoint: fall-back to the local engine', () => {
  const LOCAL = /^(Relevant|Somewhat relevant|Not relevant): .*(as asked|family matches)/;

  it('answers with the local engine when the endpoint times out — no error page, no long wait', async () => {
    standIn.mode = 'hang';
    const { body, ms } = await searchOk({ query: 'refurbished pcr machine under $5k in Germany', use_rag: true });
    expect(body.items[0]!.id).toBe(ids.cycler);
    expect(body.items[0]!.rag_search_response!.relevance_explanation).toMatch(/^Relevant: .*refurbished as asked/);
    for (const item of body.items)
      expect(item.rag_search_response!.relevance_explanation).toMatch(/^(Relevant|Somewhat relevant|Not relevant): /);
    // One deadline for the query embedding; the model is not asked once the endpoint failed.
    expect(ms).toBeLessThan(TIMEOUT_MS * 2 + 1500);
  });

  it('answers with the local engine when the endpoint fails with 500', async () => {
    standIn.mode = 'error';
    const { body } = await searchOk({ query: 'centrifuge in France', use_rag: true });
    expect(body.items[0]!.id).toBe(ids.centrifuge);
    expect(body.items[0]!.rag_search_response!.relevance_explanation).toMatch(LOCAL);
  });

  it('keeps the local explanations when the model answers something that is not the JSON asked for', async () => {
    // The embedding endpoint answers; only the chat answer is garbage.
    standIn.mode = 'garbage';
    const { body } = await searchOk({ query: 'eppendorf centrifuge', use_rag: true });
    expect(body.items[0]!.id).toBe(ids.centrifuge);
    expect(body.items[0]!.rag_search_response!.relevance_explanation).toMatch(/^Relevant: a centrifuge as asked; Eppendorf as asked/);
  });
});
