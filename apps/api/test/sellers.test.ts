import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, users } from '../src/db/schema.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { call, createActiveListing, createListing } from './support/listings.js';
import { jpeg, multipartBody, type UploadFile } from './support/photos.js';
import { createUser, type TestUser } from './support/users.js';

/** Issue 15: seller pages (GET /sellers/{id}) and the seller's profile (/account/profile, /account/logo). */

const PROFILE = {
  display_name: 'Northlab Instruments',
  company: 'Northlab GmbH',
  country: 'DE',
  about: 'We refurbish centrifuges and incubators.\nPickup in Hamburg.',
};

let ctx: TestContext;

beforeAll(async () => {
  ctx = await setupTestApp();
});
afterAll(() => ctx.close());

function putProfile(user: TestUser | undefined, payload: unknown) {
  return call(ctx.app, 'PUT', '/account/profile', { user, payload });
}

function uploadLogo(user: TestUser | undefined, files: readonly UploadFile[]) {
  const { payload, contentType } = multipartBody(files);
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/account/logo',
    payload,
    headers: { ...(user?.headers ?? {}), 'content-type': contentType },
  });
}

describe('PUT /api/v1/account/profile', () => {
  it('answers 401 to a visitor', async () => {
    const response = await putProfile(undefined, PROFILE);
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toEqual(expect.any(String));
  });

  it('saves the profile, the country as its canonical name, and GET /account/profile answers it', async () => {
    const seller = await createUser(ctx.app);
    const response = await putProfile(seller, PROFILE);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      display_name: 'Northlab Instruments',
      company: 'Northlab GmbH',
      country: 'Germany',
      about: PROFILE.about,
      logo: null,
      public_name: 'Northlab Instruments',
    });
    const read = await call(ctx.app, 'GET', '/account/profile', { user: seller });
    expect(read.json()).toEqual(response.json());
  });

  it('refuses an about longer than 1000 characters', async () => {
    const seller = await createUser(ctx.app);
    const response = await putProfile(seller, { ...PROFILE, about: 'a'.repeat(1001) });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('About must be at most 1000 characters');
    expect((await putProfile(seller, { ...PROFILE, about: 'a'.repeat(1000) })).statusCode).toBe(200);
  });

  it('refuses a country that is not on the list', async () => {
    const seller = await createUser(ctx.app);
    const response = await putProfile(seller, { ...PROFILE, country: 'Atlantis' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Please choose a country from the list');
  });

  it('refuses a display name that is too long or holds text-direction characters', async () => {
    const seller = await createUser(ctx.app);
    const long = await putProfile(seller, { ...PROFILE, display_name: 'x'.repeat(81) });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toBe('Display name must be at most 80 characters');
    const bidi = await putProfile(seller, { ...PROFILE, display_name: 'Lab\u202Eevil' });
    expect(bidi.statusCode).toBe(400);
    expect(bidi.json().detail).toBe('Display name must not contain control or text-direction characters.');
  });

  it('clears blank fields', async () => {
    const seller = await createUser(ctx.app);
    await putProfile(seller, PROFILE);
    const response = await putProfile(seller, { display_name: '  ', company: '', country: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      display_name: null,
      company: null,
      country: null,
      about: null,
      public_name: 'BenchMarket seller',
    });
  });
});

describe('PUT and DELETE /api/v1/account/logo', () => {
  it('stores an image, checked by its content, as a WebP served from /uploads; DELETE removes it', async () => {
    const seller = await createUser(ctx.app);
    const response = await uploadLogo(seller, [{ data: await jpeg(), field: 'file', filename: 'logo.jpg' }]);
    expect(response.statusCode).toBe(200);
    const logo: string = response.json().logo;
    expect(logo).toMatch(new RegExp(`^/uploads/sellers/${seller.id}/[0-9a-f-]+\\.webp$`));
    const file = await ctx.app.inject({ method: 'GET', url: logo });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');

    const page = await call(ctx.app, 'GET', `/sellers/${seller.id}`);
    expect(page.json().logo).toBe(logo);

    const removed = await call(ctx.app, 'DELETE', '/account/logo', { user: seller });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().logo).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: logo })).statusCode).toBe(404);
  });

  it("refuses a file that is not an image whatever its name and type say: 415 'Please drop image files only'", async () => {
    const seller = await createUser(ctx.app);
    const response = await uploadLogo(seller, [
      { data: Buffer.from('<html><script>alert(1)</script></html>'), field: 'file', filename: 'logo.png', contentType: 'image/png' },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().detail).toBe('Please drop image files only');
    expect((await call(ctx.app, 'GET', '/account/profile', { user: seller })).json().logo).toBeNull();
  });

  it('answers 400 to a form without a file and 401 to a visitor', async () => {
    const seller = await createUser(ctx.app);
    const empty = await uploadLogo(seller, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe("Please choose an image for your logo (multipart field 'file').");
    expect((await uploadLogo(undefined, [{ data: await jpeg(), field: 'file' }])).statusCode).toBe(401);
  });

  it("hides a suspended seller's logo", async () => {
    const seller = await createUser(ctx.app);
    const logo: string = (await uploadLogo(seller, [{ data: await jpeg(), field: 'file' }])).json().logo;
    await ctx.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, seller.id));
    expect((await ctx.app.inject({ method: 'GET', url: logo })).statusCode).toBe(404);
  });
});

describe('GET /api/v1/sellers/:id', () => {
  it('answers the profile, member since, email verified, live listings and completed periods', async () => {
    const seller = await createUser(ctx.app);
    await putProfile(seller, PROFILE);
    const live = await createActiveListing(ctx.app, seller, { title: 'Thermo Heraeus Megafuge 16R centrifuge' });
    await createListing(ctx.app, seller, { title: 'An unpaid draft nobody sees' });
    const now = new Date();
    // Three payments of the live listing: a free activation, a paid extension and a failed one.
    const paymentOfLive = (
      payment: Pick<typeof payments.$inferInsert, 'kind' | 'durationMonths' | 'amountCents' | 'status' | 'provider' | 'completedAt'>,
    ) => ({
      listingId: live.id,
      userId: seller.id,
      currency: 'usd',
      ...payment,
    });
    await ctx.app.db.insert(payments).values([
      paymentOfLive({ kind: 'activation', durationMonths: 3, amountCents: 0, status: 'completed', provider: 'free', completedAt: now }),
      paymentOfLive({
        kind: 'extension',
        durationMonths: 1,
        amountCents: 3900,
        status: 'completed',
        provider: 'sandbox',
        completedAt: now,
      }),
      paymentOfLive({ kind: 'extension', durationMonths: 1, amountCents: 3900, status: 'failed', provider: 'sandbox' }),
    ]);

    const response = await call(ctx.app, 'GET', `/sellers/${seller.id}`);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({
      id: seller.id,
      name: 'Northlab Instruments',
      company: 'Northlab GmbH',
      country: 'Germany',
      about: PROFILE.about,
      email_verified: true,
      live_listings: 1,
      completed_sales_periods: 2,
      median_reply_minutes: null,
    });
    expect(Date.parse(page.member_since)).not.toBeNaN();
    expect(page.listings.map((listing: { title: string }) => listing.title)).toEqual(['Thermo Heraeus Megafuge 16R centrifuge']);
    expect(page.listings[0].seller_name).toBe('Northlab Instruments');
  });

  it("names a seller without a display name 'Seller from {country}'", async () => {
    const seller = await createUser(ctx.app);
    await putProfile(seller, { country: 'FR' });
    expect((await call(ctx.app, 'GET', `/sellers/${seller.id}`)).json().name).toBe('Seller from France');
  });

  it('answers 404 {detail} for an unknown id, a malformed id and a suspended seller', async () => {
    for (const id of [randomUUID(), 'not-a-seller']) {
      const response = await call(ctx.app, 'GET', `/sellers/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Seller not found', code: 'seller_not_found' });
    }
    const suspended = await createUser(ctx.app);
    await ctx.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    expect((await call(ctx.app, 'GET', `/sellers/${suspended.id}`)).statusCode).toBe(404);
  });
});

describe("the seller's email in public responses", () => {
  it('is never in the seller page, a listing, the latest listings or search results; the name is', async () => {
    const seller = await createUser(ctx.app, { email: `centrifuge.owner.${randomUUID().slice(0, 8)}@example.org` });
    const buyer = await createUser(ctx.app);
    await putProfile(seller, { country: 'Germany' });
    const listing = await createActiveListing(ctx.app, seller, { title: 'Sartorius Cubis II analytical balance' });

    const responses = await Promise.all([
      call(ctx.app, 'GET', `/sellers/${seller.id}`),
      call(ctx.app, 'GET', `/listings/${listing.id}`),
      call(ctx.app, 'GET', `/listings/${listing.id}`, { user: buyer }),
      call(ctx.app, 'GET', '/listings/latest'),
      call(ctx.app, 'GET', '/listings'),
      call(ctx.app, 'GET', '/listings/search?query=Cubis%20balance', { user: buyer }),
      call(ctx.app, 'GET', '/listings/search?query=Cubis%20balance&use_rag=true', { user: buyer }),
    ]);
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(seller.email);
      expect(response.body).toContain('Seller from Germany');
    }
    const found = responses[5]!.json().items.find((item: { id: string }) => item.id === listing.id);
    expect(found.seller_name).toBe('Seller from Germany');
  });

  it('has no place in the OpenAPI document of the seller page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json();
    const schema = document.paths['/api/v1/sellers/{id}'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(schema)).not.toMatch(/email"/);
    expect(Object.keys(schema.properties)).toContain('name');
  });
});
