import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { listingPhotos, listings } from '../src/db/schema.js';
import { SearchService } from '../src/modules/search/service.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { testClock } from './support/clock.js';
import { createUser, type TestUser } from './support/messages-fixtures.js';
import { insertListing, search, type SearchBody } from './support/search-fixtures.js';

/**
 * Search pages are kept in memory (SEARCH_CACHE_SECONDS, on by default). A buyer must never
 * notice: whatever changed — a new listing, an edit, a removal, a photo, an expiry, a write
 * by another API process — the next search shows it.
 */

const clock = testClock();
let ctx: TestContext;
let otherProcess: FastifyInstance;
let buyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  ctx = await setupTestApp({ clock });
  // A second API process on the same database, with its own memory.
  otherProcess = await buildApp({ config: ctx.config, database: ctx.database, clock });
  await otherProcess.ready();
  buyer = await createUser(ctx.app, { verified: true });
  seller = await createUser(ctx.app, { verified: true });
});
afterAll(async () => {
  await otherProcess?.close();
  await ctx?.close();
});
afterEach(() => {
  clock.reset();
  vi.restoreAllMocks();
});

/** How many searches the engine itself runs from here on (the rest came from memory). */
function countEngineSearches(): () => number {
  const spy = vi.spyOn(SearchService.prototype, 'search');
  return () => spy.mock.calls.length;
}

async function titlesFor(query: string, app: FastifyInstance = ctx.app): Promise<string[]> {
  const response = await search(app, { query }, buyer.token);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('application/json');
  return (response.json() as SearchBody).items.map((item) => item.title);
}

describe('search pages kept in memory', () => {
  it('answers a repeated search with the same page, byte for byte', async () => {
    await insertListing(ctx.app, seller.id, { title: 'Sartorius Cubis II Analytical Balance', price: 5200 });
    const engineSearches = countEngineSearches();
    const first = await search(ctx.app, { query: 'analytical balance', page: 1 }, buyer.token);
    const again = await search(ctx.app, { page: '1', query: ' analytical balance' }, buyer.token);
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(engineSearches()).toBe(1);
    expect((first.json() as SearchBody).items.map((item) => item.title)).toEqual(['Sartorius Cubis II Analytical Balance']);
  });

  it('shows a listing added after the same search was made', async () => {
    await insertListing(ctx.app, seller.id, { title: 'Waters Alliance e2695 HPLC Separations Module', price: 14000 });
    expect(await titlesFor('hplc')).toEqual(['Waters Alliance e2695 HPLC Separations Module']);
    await insertListing(ctx.app, seller.id, { title: 'Agilent 1260 Infinity II HPLC System', price: 21000 });
    expect((await titlesFor('hplc')).sort()).toEqual([
      'Agilent 1260 Infinity II HPLC System',
      'Waters Alliance e2695 HPLC Separations Module',
    ]);
  });

  it('leaves out a listing removed by its seller, even through another API process', async () => {
    const id = await insertListing(ctx.app, seller.id, { title: 'Olympus CKX53 Inverted Microscope', price: 3100 });
    expect(await titlesFor('inverted microscope')).toContain('Olympus CKX53 Inverted Microscope');
    const removed = await otherProcess.inject({
      method: 'DELETE',
      url: `/api/v1/listings/${id}`,
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect(await titlesFor('inverted microscope')).not.toContain('Olympus CKX53 Inverted Microscope');
  });

  it('shows an edited title and a new photo at once', async () => {
    const id = await insertListing(ctx.app, seller.id, { title: 'Heidolph Hei-VAP Rotary Evaporator', price: 4600 });
    expect(await titlesFor('rotary evaporator')).toEqual(['Heidolph Hei-VAP Rotary Evaporator']);
    await ctx.app.db.update(listings).set({ title: 'Heidolph Hei-VAP Expert Rotary Evaporator' }).where(eq(listings.id, id));
    expect(await titlesFor('rotary evaporator')).toEqual(['Heidolph Hei-VAP Expert Rotary Evaporator']);

    await ctx.app.db.insert(listingPhotos).values({
      listingId: id,
      position: 0,
      path: `listings/${id}/a.webp`,
      thumbnailPath: `listings/${id}/a-thumb.webp`,
      width: 1600,
      height: 1200,
      bytes: 120_000,
    });
    const response = await search(ctx.app, { query: 'rotary evaporator' }, buyer.token);
    const [item] = (response.json() as { items: { photos: string[] }[] }).items;
    expect(item?.photos).toHaveLength(1);
  });

  it('stops showing a listing the moment it expires, though nothing was written', async () => {
    // Expires well within a page's 60 s in memory: only the next-expiry bound can drop it.
    await insertListing(ctx.app, seller.id, {
      title: 'Binder CB 170 CO2 Incubator',
      price: 7400,
      expiryDate: new Date(Date.now() + 10_000),
    });
    expect(await titlesFor('co2 incubator')).toEqual(['Binder CB 170 CO2 Incubator']);
    clock.advance(11_000);
    expect(await titlesFor('co2 incubator')).toEqual([]);
  });

  it('keeps its pages through writes that change nothing a search shows', async () => {
    const id = await insertListing(ctx.app, seller.id, { title: 'Labconco Purifier Logic+ Biosafety Cabinet', price: 8800 });
    expect(await titlesFor('biosafety cabinet')).toEqual(['Labconco Purifier Logic+ Biosafety Cabinet']);
    const engineSearches = countEngineSearches();
    // The expiry sweep's statements that match nothing, a reminder marked as sent, an embedding.
    await ctx.app.db.update(listings).set({ isActive: false }).where(eq(listings.title, 'no such listing'));
    await ctx.app.db.update(listings).set({ expiryReminderSentAt: new Date() }).where(eq(listings.id, id));
    await ctx.app.db
      .update(listings)
      .set({ embedding: [0.6, 0.8] })
      .where(eq(listings.id, id));
    expect(await titlesFor('biosafety cabinet')).toEqual(['Labconco Purifier Logic+ Biosafety Cabinet']);
    expect(engineSearches()).toBe(0);

    await ctx.app.db.update(listings).set({ priceCents: 790_000 }).where(eq(listings.id, id));
    const response = await search(ctx.app, { query: 'biosafety cabinet' }, buyer.token);
    expect((response.json() as SearchBody).items.map((item) => item.price)).toEqual([7900]);
    expect(engineSearches()).toBe(1);
  });

  it('can be turned off with SEARCH_CACHE_SECONDS=0', async () => {
    const uncached = await setupTestApp({ env: { SEARCH_CACHE_SECONDS: '0' } });
    try {
      const user = await createUser(uncached.app, { verified: true });
      const owner = await createUser(uncached.app, { verified: true });
      await insertListing(uncached.app, owner.id, { title: 'Mettler Toledo SevenExcellence pH Meter', price: 1900 });
      const engineSearches = countEngineSearches();
      for (let i = 0; i < 2; i += 1) {
        const response = await search(uncached.app, { query: 'ph meter' }, user.token);
        expect(response.statusCode).toBe(200);
        expect((response.json() as SearchBody).items.map((item) => item.title)).toEqual(['Mettler Toledo SevenExcellence pH Meter']);
      }
      expect(engineSearches()).toBe(2);
    } finally {
      await uncached.close();
    }
  });

  it('still refuses a visitor and an unverified user before anything else', async () => {
    const unverified = await createUser(ctx.app, { verified: false });
    expect((await search(ctx.app, { query: 'hplc' })).statusCode).toBe(403);
    expect((await search(ctx.app, { query: 'hplc' }, unverified.token)).statusCode).toBe(403);
  });
});
