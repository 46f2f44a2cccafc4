import { LISTING_NOT_FOUND } from '@benchmarket/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../src/db/schema.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { call, createActiveListing, createListing } from './support/listings.js';
import { expectDetail } from './support/responses.js';
import { createUser } from './support/users.js';

/** Issue 16: GET /listings/{id}/related — up to 6 live listings of the same family, nearest in price, never itself. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupTestApp({ env: { RATE_LIMITS: 'off' } });
});
afterAll(async () => {
  await ctx?.close();
});

const centrifuge = (price: number) => ({ title: `Eppendorf 5810R refrigerated centrifuge no. ${price}`, price });

describe('GET /api/v1/listings/:id/related', () => {
  it('answers the 6 live listings of the same family nearest in price, without the listing itself', async () => {
    const seller = await createUser(ctx.app);
    const other = await createUser(ctx.app);
    const listing = await createActiveListing(ctx.app, seller, centrifuge(4500));
    expect(listing.category).toBe('centrifuges');
    const near = [];
    for (const price of [4600, 4000, 5100, 100, 9000, 4450]) near.push(await createActiveListing(ctx.app, other, centrifuge(price)));
    const far = await createActiveListing(ctx.app, other, centrifuge(20000));
    const unpaid = await createListing(ctx.app, other, centrifuge(4500));
    const microscope = await createActiveListing(ctx.app, other, {
      title: 'Olympus CX23 microscope',
      description: 'Binocular microscope.',
      price: 4500,
    });
    expect(microscope.category).not.toBe('centrifuges');

    const response = await call(ctx.app, 'GET', `/listings/${listing.id}/related`);
    expect(response.statusCode).toBe(200);
    const related: { id: string; price: number; category: string }[] = response.json();
    expect(related.map((item) => item.price)).toEqual([4450, 4600, 4000, 5100, 100, 9000]);
    expect(related.every((item) => item.category === 'centrifuges')).toBe(true);
    const ids = related.map((item) => item.id);
    for (const left of [listing.id, far.id, unpaid.id, microscope.id]) expect(ids).not.toContain(left);
  });

  it("answers 404 for a listing the caller may not see, and the owner's own draft its relatives", async () => {
    const seller = await createUser(ctx.app);
    const draft = await createListing(ctx.app, seller, centrifuge(4500));
    expectDetail(await call(ctx.app, 'GET', `/listings/${draft.id}/related`), 404, LISTING_NOT_FOUND);
    expectDetail(await call(ctx.app, 'GET', '/listings/not-an-id/related'), 404, LISTING_NOT_FOUND);
    const own = await call(ctx.app, 'GET', `/listings/${draft.id}/related`, { user: seller });
    expect(own.statusCode).toBe(200);
    expect(own.json().length).toBeGreaterThan(0);
  });

  it("tells others a listing whose time ran out has ended (404, code 'listing_ended') and still answers its relatives (issue 18)", async () => {
    const seller = await createUser(ctx.app);
    const buyer = await createUser(ctx.app);
    const ended = await createActiveListing(ctx.app, seller, centrifuge(4700));
    const removed = await createActiveListing(ctx.app, seller, centrifuge(4800));
    await ctx.app.db
      .update(listings)
      .set({ expiryDate: new Date(ctx.app.clock.now().getTime() - 86_400_000) })
      .where(eq(listings.id, ended.id));
    expect((await call(ctx.app, 'DELETE', `/listings/${removed.id}`, { user: seller })).statusCode).toBeLessThan(300);

    const endedPage = await call(ctx.app, 'GET', `/listings/${ended.id}`, { user: buyer });
    expectDetail(endedPage, 404, LISTING_NOT_FOUND);
    expect(endedPage.json().code).toBe('listing_ended');
    const relatives = await call(ctx.app, 'GET', `/listings/${ended.id}/related`);
    expect(relatives.statusCode).toBe(200);
    expect(relatives.json().length).toBeGreaterThan(0);

    // A removed listing simply does not exist for others.
    const removedPage = await call(ctx.app, 'GET', `/listings/${removed.id}`, { user: buyer });
    expectDetail(removedPage, 404, LISTING_NOT_FOUND);
    expect(removedPage.json().code).not.toBe('listing_ended');
    expectDetail(await call(ctx.app, 'GET', `/listings/${removed.id}/related`), 404, LISTING_NOT_FOUND);
  });
});
