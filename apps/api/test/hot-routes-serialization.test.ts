import { ListingListSchema, ListingSchema } from '@benchmarket/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type z } from 'zod';
import { sellerProfiles } from '../src/db/schema.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { call, createActiveListing, createListing } from './support/listings.js';
import { jpeg, RED, uploadPhotos } from './support/photos.js';
import { createUser, type TestUser } from './support/users.js';

// Issue 19: the hot reads (health, one listing, the latest listings) are written by a
// serializer compiled from their response schema instead of a zod parse per request. The
// answer must be byte for byte what the zod serializer wrote: the same fields, in the same
// order, optional ones absent as before.

let ctx: TestContext;
let seller: TestUser;
let listingId: string;

/** What the app's zod serializer writes for `body` (parse, then JSON.stringify). */
function asZodWrites(schema: z.ZodType, body: string): string {
  return JSON.stringify(schema.parse(JSON.parse(body)));
}

beforeAll(async () => {
  ctx = await setupTestApp();
  seller = await createUser(ctx.app);
  await ctx.app.db.insert(sellerProfiles).values({ userId: seller.id, displayName: 'Porto Lab Supply', country: 'Portugal' });
  const listing = await createActiveListing(ctx.app, seller, {
    title: 'Beckman Optima XPN-100 ultracentrifuge',
    manufacturer: 'Beckman Coulter',
    serial_number: 'SN-12345',
  });
  listingId = listing.id;
  expect((await uploadPhotos(ctx.app, listingId, [{ data: await jpeg(RED) }], seller)).statusCode).toBe(201);
  await createListing(ctx.app, seller, { title: 'An unpaid draft' });
});
afterAll(() => ctx.close());

describe('hot reads written by compiled serializers', () => {
  it('GET /listings/{id} writes what the zod serializer wrote, for a visitor and for the owner', async () => {
    const visitor = await call(ctx.app, 'GET', `/listings/${listingId}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toBe(asZodWrites(ListingSchema, visitor.body));
    const seen = visitor.json();
    expect(seen).toMatchObject({ id: listingId, seller_name: 'Porto Lab Supply', documents: [], moderation: null });
    expect(seen).not.toHaveProperty('serial_number');
    expect(seen.photos).toHaveLength(1);

    const owner = await call(ctx.app, 'GET', `/listings/${listingId}`, { user: seller });
    expect(owner.body).toBe(asZodWrites(ListingSchema, owner.body));
    expect(owner.json().serial_number).toBe('SN-12345');
  });

  it('GET /listings/latest writes what the zod serializer wrote', async () => {
    const response = await call(ctx.app, 'GET', '/listings/latest?limit=10');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(asZodWrites(ListingListSchema, response.body));
    expect(response.json().map((listing: { id: string }) => listing.id)).toContain(listingId);
  });

  it('GET /health writes what the zod serializer wrote', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body)).toEqual(['status', 'database']);
    expect(Object.keys(body.database)).toEqual(['status', 'kind', 'latency_ms']);
    expect(typeof body.database.latency_ms).toBe('number');
  });

  it('a missing listing still answers 404 with its detail', async () => {
    const response = await call(ctx.app, 'GET', '/listings/0b7a9c1e-1111-4111-8111-111111111111');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Listing not found' });
  });
});
