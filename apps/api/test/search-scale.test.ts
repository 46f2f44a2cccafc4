import { SEARCH_PAGE_SIZE } from '@benchmarket/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../src/db/schema.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { createUser, type TestUser } from './support/messages-fixtures.js';
import { insertListing, search, type SearchBody } from './support/search-fixtures.js';

/**
 * Issue 19: candidate selection reads search_listings, a narrow copy of the live listings
 * kept by a trigger; matches are counted up to 1,000 and the answer says when there are more.
 */

let ctx: TestContext;
let buyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  ctx = await setupTestApp();
  buyer = await createUser(ctx.app, { verified: true });
  seller = await createUser(ctx.app, { verified: true });
});

afterAll(async () => {
  await ctx.close();
});

async function searchOk(params: Record<string, string | number | boolean>): Promise<SearchBody & { total_is_lower_bound?: boolean }> {
  const response = await search(ctx.app, params, buyer.token);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const COLUMNS = sql.raw(`id, title, price_cents, condition, location, category, manufacturer, year_of_manufacture, warranty, shipping,
  is_active, payment_status, is_deleted, expiry_date, featured_until, went_live_at, created_at, search_vector::text as search_vector`);

/** The narrow table's rows, and what they must be: the live listings' columns. */
async function narrowAndExpected(): Promise<[unknown[], unknown[]]> {
  const narrow = await ctx.app.db.execute(sql`select ${COLUMNS} from search_listings order by id`);
  const expected = await ctx.app.db.execute(
    sql`select ${COLUMNS} from listings where is_active and payment_status = 'paid' and not is_deleted order by id`,
  );
  return [narrow.rows, expected.rows];
}

describe('search_listings, the narrow copy of the live listings', () => {
  it('follows every write to listings in the same transaction: create, edit, switch off and on, remove, delete', async () => {
    const live = await insertListing(ctx.app, seller.id, { title: 'Harvard Apparatus Syringe Pump', price: 900 });
    const unpaid = await insertListing(ctx.app, seller.id, {
      title: 'Unpaid Syringe Pump',
      price: 800,
      paymentStatus: 'unpaid',
      isActive: false,
    });
    let [narrow, expected] = await narrowAndExpected();
    expect(narrow).toEqual(expected);
    expect(narrow.map((r) => (r as { id: string }).id)).toContain(live);
    expect(narrow.map((r) => (r as { id: string }).id)).not.toContain(unpaid);

    const { db } = ctx.app;
    await db.update(listings).set({ title: 'Harvard Apparatus PHD Ultra Syringe Pump', priceCents: 95_000 }).where(eq(listings.id, live));
    await db.update(listings).set({ paymentStatus: 'paid', isActive: true }).where(eq(listings.id, unpaid));
    [narrow, expected] = await narrowAndExpected();
    expect(narrow).toEqual(expected);
    expect((await searchOk({ query: 'phd ultra' })).items.map((i) => i.id)).toEqual([live]);
    expect((await searchOk({ query: 'syringe pump' })).total).toBe(2);

    // A write search does not read (the meaning vector, a reminder) leaves the row as it was.
    await db.update(listings).set({ expiryReminderSentAt: new Date() }).where(eq(listings.id, live));
    await db.update(listings).set({ isActive: false }).where(eq(listings.id, unpaid));
    [narrow, expected] = await narrowAndExpected();
    expect(narrow).toEqual(expected);
    expect((await searchOk({ query: 'syringe pump' })).items.map((i) => i.id)).toEqual([live]);

    await db.update(listings).set({ isDeleted: true }).where(eq(listings.id, live));
    await db.delete(listings).where(eq(listings.id, unpaid));
    [narrow, expected] = await narrowAndExpected();
    expect(narrow).toEqual(expected);
    expect((await searchOk({ query: 'syringe pump' })).total).toBe(0);

    // A failed transaction leaves both as they were.
    await expect(
      db.transaction(async (tx) => {
        await tx.update(listings).set({ isDeleted: false }).where(eq(listings.id, live));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    [narrow, expected] = await narrowAndExpected();
    expect(narrow).toEqual(expected);
    expect((await searchOk({ query: 'syringe pump' })).total).toBe(0);
  });

  it('leaves expired listings to the search-time test of expiry', async () => {
    const expired = await insertListing(ctx.app, seller.id, {
      title: 'Expired Rotary Evaporator',
      price: 500,
      expiryDate: new Date(Date.now() - 1000),
    });
    const [narrow, expected] = await narrowAndExpected();
    expect(narrow).toEqual(expected);
    expect((await searchOk({ query: 'rotary evaporator' })).items.map((i) => i.id)).not.toContain(expired);
  });
});

describe('totals beyond 1,000 (issue 19)', () => {
  beforeAll(async () => {
    const count = 1005;
    await ctx.app.db.execute(sql`
      insert into listings (user_id, title, description, price_cents, condition, location, location_code, category, search_terms,
        duration_months, is_verified, verification_status, is_active, payment_status, expiry_date, created_at, updated_at)
      select ${seller.id}::uuid, 'Zorbatron Plate Washer ' || n, 'A zorbatron washer for microplates, unit ' || n, 100000 + n,
        case when n % 2 = 0 then 'new' else 'pre-owned' end, 'Germany', 'DE', null, 'Germany DE', 1, true, 'auto_approved', true,
        'paid', now() + interval '30 days', now() - n * interval '1 minute', now()
      from generate_series(1, ${count}) as n`);
  });

  it('counts up to 1,000, says there are more, and still pages to the last page (84)', async () => {
    const first = await searchOk({ query: 'zorbatron' });
    expect(first).toMatchObject({ total: 1000, total_is_lower_bound: true, page: 1, page_size: SEARCH_PAGE_SIZE });
    expect(first.items).toHaveLength(SEARCH_PAGE_SIZE);
    const last = await searchOk({ query: 'zorbatron', page: 84 });
    expect(last.items.length).toBeGreaterThan(0);
    expect(last).toMatchObject({ total: 1000, total_is_lower_bound: true, page: 84 });
    const ids = new Set([...first.items, ...last.items].map((i) => i.id));
    expect(ids.size).toBe(first.items.length + last.items.length);
    // A word this common is found by walking the newest listings: still the newest matches first.
    const newest = Array.from({ length: SEARCH_PAGE_SIZE }, (_, i) => `Zorbatron Plate Washer ${i + 1}`);
    expect(first.items.map((i) => i.title)).toEqual(newest);
    // So with a misspelling read as the word ('zorbatrn'): no listing has it as typed.
    expect((await searchOk({ query: 'zorbatrn' })).items.map((i) => i.title)).toEqual(newest);

    const ai = await searchOk({ query: 'zorbatron', use_rag: true });
    expect(ai).toMatchObject({ total: 1000, total_is_lower_bound: true });
    const browsing = await searchOk({});
    expect(browsing).toMatchObject({ total: 1000, total_is_lower_bound: true });
  });

  it('says the exact total, not a lower bound, when fewer match', async () => {
    const few = await searchOk({ query: 'zorbatron', max_price: 1000.03 });
    expect(few).toMatchObject({ total: 3, total_is_lower_bound: false });
    const sorted = await searchOk({ query: 'zorbatron', sort: 'price_asc', max_price: 1000.05 });
    expect(sorted).toMatchObject({ total: 5, total_is_lower_bound: false });
    expect(sorted.items.map((i) => i.price)).toEqual([1000.01, 1000.02, 1000.03, 1000.04, 1000.05]);
  });
});
