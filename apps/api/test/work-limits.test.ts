import { MAX_LIST_PAGE, SEARCH_MAX_PAGE, SEARCH_PAGE_OUT_OF_RANGE } from '@benchmarket/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_WRITES_PER_HOUR } from '../src/modules/listings/routes.js';
import { AI_SEARCHES_PER_WINDOW, AI_SEARCH_WINDOW_MS } from '../src/modules/search/routes.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { testClock } from './support/clock.js';
import { call, createListing, GOOD_LISTING } from './support/listings.js';
import { search } from './support/search-fixtures.js';
import { createUser, type TestUser } from './support/users.js';

/**
 * Issue 12, defect 6: bounded work. A search page beyond the last counted result is refused
 * (a huge page made the database rank every match); AI searches and listing creates/edits,
 * each of which can be a paid model call, are limited per account (429 with Retry-After and
 * a sentence saying when to try again), and one account's limit is not another's.
 */

let ctx: TestContext;
const clock = testClock();
let buyer: TestUser;
let other: TestUser;

beforeAll(async () => {
  ctx = await setupTestApp({ clock });
  [buyer, other] = await Promise.all([createUser(ctx.app, { verified: true }), createUser(ctx.app, { verified: true })]);
});
afterAll(() => ctx?.close());

describe('search pages', () => {
  it(`answers pages 1 to ${SEARCH_MAX_PAGE} and refuses a larger, negative or fractional page with a 400 and a detail`, async () => {
    expect(SEARCH_MAX_PAGE).toBe(84);
    const last = await search(ctx.app, { query: 'centrifuge', page: SEARCH_MAX_PAGE }, buyer.token);
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ page: SEARCH_MAX_PAGE, items: [] });
    for (const page of [SEARCH_MAX_PAGE + 1, 1_000_000, 1e308, -1, 0, 2.5, 'abc']) {
      const response = await search(ctx.app, { query: 'centrifuge', page }, buyer.token);
      expect(response.statusCode, `page=${page}`).toBe(400);
      expect(response.json().detail, `page=${page}`).toBe(SEARCH_PAGE_OUT_OF_RANGE);
    }
  });
});

describe('list pages', () => {
  it(`answers a user's listings up to page ${MAX_LIST_PAGE} and refuses a larger page with a 400 and a detail`, async () => {
    const last = await call(ctx.app, 'GET', `/listings?page=${MAX_LIST_PAGE}`, { user: other });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ page: MAX_LIST_PAGE, items: [] });
    for (const page of [MAX_LIST_PAGE + 1, 1e15]) {
      const response = await call(ctx.app, 'GET', `/listings?page=${page}`, { user: other });
      expect(response.statusCode, `page=${page}`).toBe(400);
      expect(response.json().detail).toMatch(/Page must be a whole number from 1 to 10,000\./);
    }
  });
});

describe('AI search per account', () => {
  it(`allows ${AI_SEARCHES_PER_WINDOW} AI searches per ${AI_SEARCH_WINDOW_MS / 60_000} minutes, then 429 until the window passes; plain search and other accounts go on`, async () => {
    for (let i = 0; i < AI_SEARCHES_PER_WINDOW; i += 1) {
      const response = await search(ctx.app, { query: `microscope ${i}`, use_rag: true }, buyer.token);
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await search(ctx.app, { query: 'microscope', use_rag: true }, buyer.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(
      /^You have made too many AI searches in a short time\. Please try again in \d+ (seconds|minutes), or search without AI meanwhile\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    expect((await search(ctx.app, { query: 'microscope' }, buyer.token)).statusCode).toBe(200);
    expect((await search(ctx.app, { query: 'microscope', use_rag: true }, other.token)).statusCode).toBe(200);

    clock.advance(AI_SEARCH_WINDOW_MS + 1000);
    expect((await search(ctx.app, { query: 'microscope', use_rag: true }, buyer.token)).statusCode).toBe(200);
  });
});

describe('listing creates and edits per account', () => {
  it(`allows ${LISTING_WRITES_PER_HOUR} creates and edits an hour, then 429 with a detail; another seller goes on`, async () => {
    const seller = await createUser(ctx.app, { verified: true });
    const first = await createListing(ctx.app, seller);
    for (let i = 1; i < LISTING_WRITES_PER_HOUR; i += 1) {
      const response =
        i % 2 === 0
          ? await call(ctx.app, 'POST', '/listings', { user: seller, payload: { ...GOOD_LISTING, title: `Centrifuge ${i}` } })
          : await call(ctx.app, 'PUT', `/listings/${first.id}`, {
              user: seller,
              payload: { ...GOOD_LISTING, title: `Centrifuge edit ${i}` },
            });
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    const created = await call(ctx.app, 'POST', '/listings', { user: seller, payload: GOOD_LISTING });
    expect(created.statusCode).toBe(429);
    expect(created.json().detail).toMatch(
      /^You have created or edited too many listings in the last hour\. Please try again in \d+ (seconds|minutes)\.$/,
    );
    expect(created.headers['retry-after']).toBeDefined();
    const edited = await call(ctx.app, 'PUT', `/listings/${first.id}`, { user: seller, payload: GOOD_LISTING });
    expect(edited.statusCode).toBe(429);

    // Someone else's listing is still 403 (who owns it comes first), and other sellers go on.
    expect((await call(ctx.app, 'PUT', `/listings/${first.id}`, { user: other, payload: GOOD_LISTING })).statusCode).toBe(403);
    expect((await call(ctx.app, 'POST', '/listings', { user: other, payload: GOOD_LISTING })).statusCode).toBe(201);

    clock.advance(3600_000 + 1000);
    expect((await call(ctx.app, 'POST', '/listings', { user: seller, payload: GOOD_LISTING })).statusCode).toBe(201);
  });
});
