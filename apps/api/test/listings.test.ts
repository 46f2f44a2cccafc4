import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listings } from '../src/db/schema.js';
import { addMonths, extendListing } from '../src/modules/listings/lifecycle.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { testClock, type TestClock } from './support/clock.js';
import { activate, call, createActiveListing, createListing, GOOD_LISTING } from './support/listings.js';
import { createUser, type TestUser } from './support/users.js';
import { expectDetail } from './support/responses.js';

const DAY_MS = 24 * 3600 * 1000;
const NO_PERMISSION = 'You do not have permission to edit this listing';
const REQUIRED = 'Please fill in all required fields';

let ctx: TestContext;
let clock: TestClock;
let seller: TestUser;
let other: TestUser;

beforeAll(async () => {
  clock = testClock();
  ctx = await setupTestApp({ clock });
  [seller, other] = await Promise.all([createUser(ctx.app), createUser(ctx.app)]);
});
afterAll(() => ctx.close());
beforeEach(() => clock.advance(1000)); // distinct created_at per test, so "newest first" is well defined

const ids = (body: { id: string }[]) => body.map((listing) => listing.id);

describe('POST /api/v1/listings', () => {
  it('creates an unpaid, inactive listing with every field of the spec', async () => {
    const response = await call(ctx.app, 'POST', '/listings', { user: seller, payload: GOOD_LISTING });
    expect(response.statusCode).toBe(201);
    const listing = response.json();
    expect(listing).toMatchObject({
      user_id: seller.id,
      title: GOOD_LISTING.title,
      description: GOOD_LISTING.description,
      price: 4500.5,
      condition: 'pre-owned',
      location: 'Germany',
      photos: [],
      thumbnails: [],
      is_verified: true,
      is_deleted: false,
      is_active: false,
      payment_status: 'unpaid',
      expiry_date: null,
      duration_months: 3,
      category: 'centrifuges',
      verification: { status: 'auto_approved', verification_notes: expect.any(String) },
    });
    expect(listing.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(listing.created_at).toISOString()).toBe(listing.created_at);
  });

  it('refuses a caller who is not logged in', async () => {
    const response = await call(ctx.app, 'POST', '/listings', { payload: GOOD_LISTING });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBeTruthy();
  });

  it.each([
    ['no title', { title: undefined }, REQUIRED],
    ['a blank title', { title: '   ' }, REQUIRED],
    ['no description', { description: undefined }, REQUIRED],
    ['a blank description', { description: '' }, REQUIRED],
    ['no price', { price: undefined }, REQUIRED],
    ['a blank price', { price: '' }, REQUIRED],
    ['nothing at all', { title: undefined, description: undefined, price: undefined, condition: undefined }, REQUIRED],
    ['a negative price', { price: -1 }, 'Price must be 0 or more'],
    ['a price with 3 decimals', { price: 10.005 }, 'Price can have at most 2 decimal places'],
    ['a price that is not a number', { price: 'cheap' }, 'Price must be a number'],
    ['a price beyond the maximum', { price: 100_000_000.01 }, 'Price must be at most 100,000,000'],
    ['no condition', { condition: undefined }, 'Please select a condition'],
    ['an unknown condition', { condition: 'used' }, 'Please select a condition'],
    ['a duration of 2 months', { duration_months: 2 }, 'Duration must be 1, 3, 6 or 12 months'],
    ['no duration', { duration_months: undefined }, 'Duration must be 1, 3, 6 or 12 months'],
    ['a location that is not a country', { location: 'Gotham' }, 'Please choose a country from the list'],
    ['a title over 150 characters', { title: 'x'.repeat(151) }, 'Title must be at most 150 characters'],
    ['a description over 5000 characters', { description: 'x'.repeat(5001) }, 'Description must be at most 5000 characters'],
  ])('answers 400 for %s with the form’s message', async (_case, overrides, detail) => {
    const response = await call(ctx.app, 'POST', '/listings', { user: seller, payload: { ...GOOD_LISTING, ...overrides } });
    expectDetail(response, 400, detail);
  });

  it('answers a body that is not an object with the required-fields message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/listings',
      headers: { ...seller.headers, 'content-type': 'application/json' },
      payload: '[1, 2]',
    });
    expectDetail(response, 400, REQUIRED);
  });

  it('accepts a country by name or ISO code and stores its canonical name; blank is none', async () => {
    const cases: [string | null, string | null][] = [
      ['us', 'United States'],
      ['United Kingdom', 'United Kingdom'],
      ['GB', 'United Kingdom'],
      ['deutschland', 'Germany'],
      ['', null],
      [null, null],
    ];
    for (const [location, stored] of cases) {
      const listing = await createListing(ctx.app, seller, { location });
      expect(listing.location, String(location)).toBe(stored);
    }
  });

  it('accepts price 0, a price sent as text, and the largest price', async () => {
    expect((await createListing(ctx.app, seller, { price: 0, condition: 'for-parts' })).price).toBe(0);
    expect((await createListing(ctx.app, seller, { price: '1250.50' })).price).toBe(1250.5);
    expect((await createListing(ctx.app, seller, { price: 100_000_000 })).price).toBe(100_000_000);
    expect((await createListing(ctx.app, seller, { price: 19.99 })).price).toBe(19.99);
  });

  it('fills search terms with the condition label, category names and synonyms, and the country', async () => {
    const listing = await createListing(ctx.app, seller);
    const [row] = await ctx.app.db
      .select({ searchTerms: listings.searchTerms, priceCents: listings.priceCents, locationCode: listings.locationCode })
      .from(listings)
      .where(eq(listings.id, listing.id));
    expect(row?.priceCents).toBe(450_050);
    expect(row?.locationCode).toBe('DE');
    expect(row?.searchTerms).toContain('Pre-owned');
    expect(row?.searchTerms).toContain('Centrifuges');
    expect(row?.searchTerms).toContain('microcentrifuge');
    expect(row?.searchTerms).toContain('Germany');
    expect(row?.searchTerms).toMatch(/\bDE\b/);
  });

  it.each([
    [
      'Thermo Revco ULT freezer, -86 °C, 700 L',
      'Upright ultra low temperature freezer, holds -80 steady, new compressor in 2022, five racks included. Pick-up only from our lab.',
      6500,
      'freezers-refrigerators',
    ],
    [
      'Assorted items',
      'A box of miscellaneous things left over from our move, all in working order, collection from the loading bay only.',
      50,
      null,
    ],
  ])('categorises "%s" from the title and description with the equipment taxonomy', async (title, description, price, category) => {
    expect((await createListing(ctx.app, seller, { title, description, price })).category).toBe(category);
  });
});

describe('automatic verification on create and edit', () => {
  it('rejects a listing that offers a radioactive source, with a note saying what to fix', async () => {
    const listing = await createListing(ctx.app, seller, {
      title: 'Gamma counter with Cs-137 check source',
      description:
        'Packard gamma counter, working when removed from service. Includes the Cs-137 sealed source for calibration and the original manuals and racks.',
      price: 3000,
    });
    expect(listing.is_verified).toBe(false);
    expect(listing.verification).toEqual({
      status: 'auto_rejected',
      verification_notes: expect.stringContaining('Radioactive sources and materials cannot be sold'),
    });
    // The owner still sees it, with the notes.
    const owner = await call(ctx.app, 'GET', `/listings/${listing.id}`, { user: seller });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().verification.status).toBe('auto_rejected');
  });

  it('rejects contact details pasted into the description', async () => {
    const listing = await createListing(ctx.app, seller, {
      description: `${GOOD_LISTING.description} Email me at seller@example.com or call +44 20 7946 0958.`,
    });
    expect(listing.verification).toMatchObject({ status: 'auto_rejected' });
    const notes = (listing.verification as { verification_notes: string }).verification_notes;
    expect(notes).toContain('Remove the email address');
    expect(notes).toContain('Remove the phone number');
  });

  it('rejects a description too thin to judge the item', async () => {
    const listing = await createListing(ctx.app, seller, { description: 'Centrifuge, works.' });
    expect(listing.is_verified).toBe(false);
    expect((listing.verification as { verification_notes: string }).verification_notes).toContain('Describe the equipment in more detail');
  });

  it('leaves an implausible price pending', async () => {
    const listing = await createListing(ctx.app, seller, { price: 5 });
    expect(listing.verification).toMatchObject({ status: 'pending' });
    expect(listing.is_verified).toBe(false);
    expect((listing.verification as { verification_notes: string }).verification_notes).toContain('far below');
  });

  it('re-checks on every edit: fixing the problem approves the listing', async () => {
    const listing = await createListing(ctx.app, seller, { description: 'Call 555-123-4567' });
    expect(listing.verification).toMatchObject({ status: 'auto_rejected' });
    const { duration_months: _d, ...edit } = GOOD_LISTING;
    const fixed = await call(ctx.app, 'PUT', `/listings/${listing.id}`, { user: seller, payload: edit });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ is_verified: true, verification: { status: 'auto_approved' } });

    const broken = await call(ctx.app, 'PUT', `/listings/${listing.id}`, {
      user: seller,
      payload: { ...edit, description: `${edit.description} Also selling leftover fentanyl vials.` },
    });
    expect(broken.json()).toMatchObject({ is_verified: false, verification: { status: 'auto_rejected' } });
  });
});

describe('GET /api/v1/listings/:id', () => {
  it('shows an unpaid listing to its owner only', async () => {
    const listing = await createListing(ctx.app, seller);
    expect((await call(ctx.app, 'GET', `/listings/${listing.id}`, { user: seller })).statusCode).toBe(200);
    for (const user of [other, undefined]) {
      const response = await call(ctx.app, 'GET', `/listings/${listing.id}`, { user });
      expectDetail(response, 404, 'Listing not found');
    }
  });

  it('shows a paid listing to everyone until it expires, then to its owner only', async () => {
    const listing = await createListing(ctx.app, seller, { duration_months: 1 });
    const paidAt = await activate(ctx.app, listing.id, 1);
    const visitor = await call(ctx.app, 'GET', `/listings/${listing.id}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({ is_active: true, payment_status: 'paid', duration_months: 1 });
    expect(Date.parse(visitor.json().expiry_date)).toBe(addMonths(paidAt, 1).getTime());

    clock.advance(32 * DAY_MS);
    try {
      // Tokens signed a month ago have expired: sign fresh ones.
      const later = async (user: TestUser): Promise<TestUser> => {
        const token = await ctx.app.tokens.sign({ userId: user.id, version: 0 }, clock.now());
        return { ...user, token, headers: { authorization: `Bearer ${token}` } };
      };
      expect((await call(ctx.app, 'GET', `/listings/${listing.id}`)).statusCode).toBe(404);
      expect((await call(ctx.app, 'GET', `/listings/${listing.id}`, { user: await later(other) })).statusCode).toBe(404);
      expect((await call(ctx.app, 'GET', `/listings/${listing.id}`, { user: await later(seller) })).statusCode).toBe(200);
    } finally {
      clock.advance(-32 * DAY_MS);
    }
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['6f1c8a52-3a55-4f0e-9a43-0c6f1f0f4b11', 'not-an-id', '42']) {
      const response = await call(ctx.app, 'GET', `/listings/${id}`, { user: seller });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().detail).toBe('Listing not found');
    }
  });
});

describe('PUT /api/v1/listings/:id', () => {
  const { duration_months: _duration, ...edit } = GOOD_LISTING;

  it('lets the owner change every field but the duration, and recategorises', async () => {
    const listing = await createActiveListing(ctx.app, seller);
    const response = await call(ctx.app, 'PUT', `/listings/${listing.id}`, {
      user: seller,
      payload: {
        title: 'Olympus IX71 inverted microscope',
        description:
          'Inverted fluorescence microscope with 4x, 10x, 20x and 40x objectives, mercury lamp housing and camera adapter. Well kept, from a closed lab.',
        price: 7200,
        condition: 'excellent-refurbished',
        location: 'fr',
        duration_months: 12,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: listing.id,
      title: 'Olympus IX71 inverted microscope',
      price: 7200,
      condition: 'excellent-refurbished',
      location: 'France',
      category: 'microscopes',
      duration_months: 3,
      is_active: true,
      payment_status: 'paid',
    });
  });

  it('answers 403 with the spec text to someone else, and 401 to a visitor', async () => {
    const listing = await createListing(ctx.app, seller);
    const response = await call(ctx.app, 'PUT', `/listings/${listing.id}`, { user: other, payload: edit });
    expectDetail(response, 403, NO_PERMISSION);
    expect((await call(ctx.app, 'PUT', `/listings/${listing.id}`, { payload: edit })).statusCode).toBe(401);
    // A partial or empty body changes nothing: whose listing it is is checked first.
    for (const payload of [{ title: 'Mine now' }, {}]) {
      const partial = await call(ctx.app, 'PUT', `/listings/${listing.id}`, { user: other, payload });
      expectDetail(partial, 403, NO_PERMISSION);
    }
    const unchanged = await call(ctx.app, 'GET', `/listings/${listing.id}`, { user: seller });
    expect(unchanged.json().title).toBe(GOOD_LISTING.title);
  });

  it('validates like create, with the same messages', async () => {
    const listing = await createListing(ctx.app, seller);
    const blank = await call(ctx.app, 'PUT', `/listings/${listing.id}`, { user: seller, payload: { ...edit, title: '' } });
    expectDetail(blank, 400, REQUIRED);
    const price = await call(ctx.app, 'PUT', `/listings/${listing.id}`, { user: seller, payload: { ...edit, price: 1.234 } });
    expect(price.json().detail).toBe('Price can have at most 2 decimal places');
  });

  it('checks permission before validating, and answers 404 for an unknown listing', async () => {
    const listing = await createListing(ctx.app, seller);
    const response = await call(ctx.app, 'PUT', `/listings/${listing.id}`, { user: other, payload: { ...edit } });
    expect(response.statusCode).toBe(403);
    const unknown = await call(ctx.app, 'PUT', '/listings/6f1c8a52-3a55-4f0e-9a43-0c6f1f0f4b11', { user: seller, payload: edit });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('DELETE /api/v1/listings/:id', () => {
  it('refuses someone else with 403 and the spec text', async () => {
    const listing = await createActiveListing(ctx.app, seller);
    const response = await call(ctx.app, 'DELETE', `/listings/${listing.id}`, { user: other });
    expectDetail(response, 403, NO_PERMISSION);
    expect((await call(ctx.app, 'GET', `/listings/${listing.id}`)).statusCode).toBe(200);
  });

  it('removes softly: gone for everyone else, still there for the owner, marked is_deleted', async () => {
    const listing = await createActiveListing(ctx.app, seller);
    const response = await call(ctx.app, 'DELETE', `/listings/${listing.id}`, { user: seller });
    expect(response.statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `/listings/${listing.id}`)).statusCode).toBe(404);
    expect((await call(ctx.app, 'GET', `/listings/${listing.id}`, { user: other })).statusCode).toBe(404);
    const owner = await call(ctx.app, 'GET', `/listings/${listing.id}`, { user: seller });
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ is_deleted: true, is_active: false, payment_status: 'paid' });
    // Removing again is not an error; someone else now gets 404, as for any removed listing.
    expect((await call(ctx.app, 'DELETE', `/listings/${listing.id}`, { user: seller })).statusCode).toBe(200);
    expect((await call(ctx.app, 'DELETE', `/listings/${listing.id}`, { user: other })).statusCode).toBe(404);
  });

  it('does not let the owner edit a removed listing', async () => {
    const listing = await createListing(ctx.app, seller);
    await call(ctx.app, 'DELETE', `/listings/${listing.id}`, { user: seller });
    const { duration_months: _d, ...edit } = GOOD_LISTING;
    const response = await call(ctx.app, 'PUT', `/listings/${listing.id}`, { user: seller, payload: edit });
    expectDetail(response, 409, 'This listing has been removed and cannot be edited.');
  });
});

describe('listing lists', () => {
  let owner: TestUser;
  let rival: TestUser;
  const made: Record<string, string> = {};

  beforeAll(async () => {
    [owner, rival] = await Promise.all([createUser(ctx.app), createUser(ctx.app)]);
    const step = async (name: string, make: () => Promise<{ id: string }>) => {
      clock.advance(1000);
      made[name] = (await make()).id;
    };
    await step('active', () => createActiveListing(ctx.app, owner, { condition: 'new' }));
    await step('unpaid', () => createListing(ctx.app, owner));
    await step('removed', async () => {
      const listing = await createActiveListing(ctx.app, owner);
      await call(ctx.app, 'DELETE', `/listings/${listing.id}`, { user: owner });
      return listing;
    });
    await step('expired', async () => {
      const listing = await createListing(ctx.app, owner);
      await activate(ctx.app, listing.id, 1);
      await ctx.app.db
        .update(listings)
        .set({ expiryDate: new Date(clock.now().getTime() - DAY_MS) })
        .where(eq(listings.id, listing.id));
      return listing;
    });
    await step('rivalActive', () =>
      createActiveListing(ctx.app, rival, {
        title: 'Bio-Rad T100 thermal cycler',
        description:
          'Thermal cycler with 96-well block and gradient, used for routine PCR only. Calibrated in March, power cord and manual included.',
        price: 2400,
      }),
    );
    await step('rivalUnpaid', () => createListing(ctx.app, rival));
  });

  describe('GET /api/v1/listings/user', () => {
    it('answers the caller’s active listings by default, newest first', async () => {
      const response = await call(ctx.app, 'GET', '/listings/user', { user: owner });
      expect(response.statusCode).toBe(200);
      expect(ids(response.json())).toEqual([made.active]);
    });

    it('answers all of them with show_all, removed ones included unless hide_deleted', async () => {
      const all = await call(ctx.app, 'GET', '/listings/user?show_all=true', { user: owner });
      expect(ids(all.json())).toEqual([made.expired, made.removed, made.unpaid, made.active]);
      const kept = await call(ctx.app, 'GET', '/listings/user?show_all=true&hide_deleted=true', { user: owner });
      expect(ids(kept.json())).toEqual([made.expired, made.unpaid, made.active]);
    });

    it('needs a logged-in caller', async () => {
      expect((await call(ctx.app, 'GET', '/listings/user')).statusCode).toBe(401);
    });
  });

  describe('GET /api/v1/listings/latest', () => {
    it('answers only active listings, newest first', async () => {
      const response = await call(ctx.app, 'GET', '/listings/latest');
      expect(response.statusCode).toBe(200);
      const latest = ids(response.json());
      expect(latest.slice(0, 2)).toEqual([made.rivalActive, made.active]);
      for (const hidden of [made.unpaid, made.removed, made.expired, made.rivalUnpaid]) expect(latest).not.toContain(hidden);
    });

    it('leaves out active listings that did not pass verification (spec §6: verified listings)', async () => {
      const flagged = await createActiveListing(ctx.app, rival, {
        description: 'Call me on +1 415 555 0199 or mail seller@example.com for this centrifuge, works fine.',
      });
      expect((flagged.verification as { status: string }).status).not.toBe('auto_approved');
      const latest = ids((await call(ctx.app, 'GET', '/listings/latest?limit=50')).json());
      expect(latest).not.toContain(flagged.id);
      await call(ctx.app, 'DELETE', `/listings/${flagged.id}`, { user: rival });
    });

    it('takes a limit: 10 by default, at most 50', async () => {
      const one = await call(ctx.app, 'GET', '/listings/latest?limit=1');
      expect(ids(one.json())).toEqual([made.rivalActive]);
      expect((await call(ctx.app, 'GET', '/listings/latest')).json().length).toBeLessThanOrEqual(10);
      expect((await call(ctx.app, 'GET', '/listings/latest?limit=51')).statusCode).toBe(400);
      expect((await call(ctx.app, 'GET', '/listings/latest?limit=0')).statusCode).toBe(400);
    });

    it('shows a listing that went live at once, though the answer is kept; compressed, it is the same answer', async () => {
      const kept = ids((await call(ctx.app, 'GET', '/listings/latest?limit=5')).json());
      const fresh = await createActiveListing(ctx.app, rival, { title: 'Eppendorf 5424 R refrigerated microcentrifuge' });
      const after = (await call(ctx.app, 'GET', '/listings/latest?limit=5')).json();
      expect(ids(after)).toEqual([fresh.id, ...kept.slice(0, 4)]);

      const br = await ctx.app.inject({ method: 'GET', url: '/api/v1/listings/latest?limit=5', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(after);

      await call(ctx.app, 'DELETE', `/listings/${fresh.id}`, { user: rival });
      expect(ids((await call(ctx.app, 'GET', '/listings/latest?limit=5')).json())).toEqual(kept);
    });
  });

  describe('GET /api/v1/listings', () => {
    it('answers a page of active listings to anyone', async () => {
      const response = await call(ctx.app, 'GET', '/listings?page_size=100');
      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(page).toMatchObject({ page: 1, page_size: 100 });
      expect(page.total).toBe(page.items.length);
      const listed = ids(page.items);
      expect(listed).toContain(made.active);
      expect(listed).toContain(made.rivalActive);
      for (const hidden of [made.unpaid, made.removed, made.expired, made.rivalUnpaid]) expect(listed).not.toContain(hidden);
    });

    it('adds the caller’s own inactive listings with show_all, never someone else’s', async () => {
      const response = await call(ctx.app, 'GET', '/listings?show_all=true&page_size=100', { user: owner });
      const listed = ids(response.json().items);
      for (const own of [made.active, made.unpaid, made.removed, made.expired]) expect(listed).toContain(own);
      expect(listed).not.toContain(made.rivalUnpaid);
      const hidden = await call(ctx.app, 'GET', '/listings?show_all=true&hide_deleted=true&page_size=100', { user: owner });
      expect(ids(hidden.json().items)).not.toContain(made.removed);
      const visitor = await call(ctx.app, 'GET', '/listings?show_all=true&page_size=100');
      expect(ids(visitor.json().items)).not.toContain(made.unpaid);
    });

    it('filters by condition and category, and pages', async () => {
      const byCondition = await call(ctx.app, 'GET', '/listings?condition=new&page_size=100');
      expect(ids(byCondition.json().items)).toEqual([made.active]);
      const byCategory = await call(ctx.app, 'GET', '/listings?category=thermal-cyclers&page_size=100');
      expect(ids(byCategory.json().items)).toEqual([made.rivalActive]);
      const first = (await call(ctx.app, 'GET', '/listings?page_size=1')).json();
      const second = (await call(ctx.app, 'GET', '/listings?page_size=1&page=2')).json();
      expect(first.items).toHaveLength(1);
      expect(second.items).toHaveLength(1);
      expect(first.items[0].id).not.toBe(second.items[0].id);
      expect(second.total).toBe(first.total);
    });
  });
});

describe('payment activation and extension (used by the payments module)', () => {
  it('activates with an expiry `duration` months ahead, extends from the expiry, renews from now', async () => {
    const listing = await createListing(ctx.app, seller, { duration_months: 6 });
    await activate(ctx.app, listing.id, 6);
    const activated = (await call(ctx.app, 'GET', `/listings/${listing.id}`)).json();
    expect(activated).toMatchObject({ is_active: true, payment_status: 'paid', duration_months: 6 });
    const expiry = new Date(activated.expiry_date);

    const extended = await extendListing(ctx.app.db, { listingId: listing.id, months: 3, now: clock.now() });
    expect(extended?.expiryDate?.getTime()).toBe(addMonths(expiry, 3).getTime());

    await ctx.app.db
      .update(listings)
      .set({ expiryDate: new Date(clock.now().getTime() - DAY_MS) })
      .where(eq(listings.id, listing.id));
    const now = clock.now();
    const renewed = await extendListing(ctx.app.db, { listingId: listing.id, months: 1, now });
    expect(renewed?.expiryDate?.getTime()).toBe(addMonths(now, 1).getTime());
  });

  it('adds calendar months, keeping the day or the month’s last day', () => {
    expect(addMonths(new Date('2025-01-31T10:00:00Z'), 1).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2024-01-31T10:00:00Z'), 1).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2025-11-15T00:00:00Z'), 3).toISOString()).toBe('2026-02-15T00:00:00.000Z');
    expect(addMonths(new Date('2025-05-31T00:00:00Z'), 12).toISOString()).toBe('2026-05-31T00:00:00.000Z');
  });
});
