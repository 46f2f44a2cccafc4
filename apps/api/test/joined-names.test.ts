import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../src/db/schema.js';
import { buildSearchTerms, joinedNamesApart } from '../src/modules/listings/search-terms.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { createUser, type TestUser } from './support/messages-fixtures.js';
import { insertListing, search, type SearchBody } from './support/search-fixtures.js';

/**
 * Issue 11: a name joined to its number in a title ("Mastersizer3000") is one word to the
 * full-text parser; the listing's search terms carry the two apart, for new listings
 * (buildSearchTerms) and, by migration 0026, for those written before.
 */

const MIGRATION = new URL('../drizzle/0026_joined_names_apart.sql', import.meta.url);

describe('joinedNamesApart', () => {
  it.each([
    ['Malvern Mastersizer3000 + Aero S dry dispersion', ['Mastersizer 3000']],
    ['Rigaku MiniFlex600 and SCIEX QTRAP5500', ['MiniFlex 600', 'QTRAP 5500']],
    ['Thermo CO2 incubator, 500ml flasks, XP205 balance', []],
    ['Agilent 7890B GC', []],
    ['Mastersizer3000E with a letter after its number', []],
  ])('%s', (title, apart) => {
    expect(joinedNamesApart(title)).toEqual(apart);
  });

  it('adds them to the search terms', () => {
    expect(buildSearchTerms({ title: 'Malvern Mastersizer3000', condition: 'pre-owned', category: null, location: null })).toContain(
      'Mastersizer 3000',
    );
  });
});

describe('migration 0026: listings written before it', () => {
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

  it('get the same words apart as a new listing, and are found by them', async () => {
    const titles = ['Malvern Mastersizer3000 + Aero S dry dispersion', 'Rigaku MiniFlex600 and SCIEX QTRAP5500', 'Agilent 7890B GC'];
    const ids: string[] = [];
    for (const title of titles) {
      const id = await insertListing(ctx.app, seller.id, { title, price: 1000, location: 'Germany', category: null });
      // As the listing was written before: its search terms without the words apart.
      await ctx.app.db.update(listings).set({ searchTerms: 'Pre-owned Germany DE' }).where(eq(listings.id, id));
      ids.push(id);
    }
    const found = async (query: string) =>
      ((await search(ctx.app, { query, sort: 'newest' }, buyer.token)).json() as SearchBody).items.map((item) => item.id);
    expect(await found('mastersizer 3000')).not.toContain(ids[0]);

    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
      await ctx.app.db.execute(sql.raw(statement));
    }

    for (const [at, title] of titles.entries()) {
      const [row] = await ctx.app.db.select({ searchTerms: listings.searchTerms }).from(listings).where(eq(listings.id, ids[at]!));
      expect(row?.searchTerms).toBe(['Pre-owned Germany DE', ...joinedNamesApart(title)].join(' '));
    }
    expect(await found('mastersizer 3000')).toContain(ids[0]);
    expect(await found('miniflex 600')).toContain(ids[1]);
  });
});
