import {
  FDA_510K_INVALID,
  LICENSED_PROFESSIONAL_REQUIRED,
  HOURS_OF_USE_INVALID,
  DECONTAMINATION_DATE_REQUIRED,
  yearOfManufactureMessage,
} from '@benchmarket/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from './helpers.js';
import { GOOD_LISTING, call, createActiveListing, createListing } from './support/listings.js';
import { search } from './support/search-fixtures.js';
import { createUser, type TestUser } from './support/users.js';

/** Issue 15: structured specifications, regulatory facts and decontamination on a listing. */

const SPECIFICATIONS = {
  manufacturer: 'Thermo Fisher Scientific',
  model: 'Sorvall ST 16R',
  year_of_manufacture: 2019,
  hours_of_use: 1200,
  serial_number: 'SN-41123987',
  warranty: '90_days',
  shipping: 'freight',
  lead_time_days: 5,
  included_accessories: ['TX-400 swing-bucket rotor', 'Four 400 ml buckets'],
  regulatory: { device_class: 'not_medical_device', fda_510k_number: null, ce_marking: true, sale_restriction: 'none' },
  decontamination: { status: 'decontaminated', date: '2026-10-02' },
};

let ctx: TestContext;
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  ctx = await setupTestApp();
  seller = await createUser(ctx.app);
  buyer = await createUser(ctx.app);
});
afterAll(() => ctx.close());

async function createExpectingError(payload: Record<string, unknown>): Promise<string> {
  const response = await call(ctx.app, 'POST', '/listings', { user: seller, payload: { ...GOOD_LISTING, ...payload } });
  expect(response.statusCode).toBe(400);
  return response.json().detail as string;
}

describe('specifications on create, read and edit', () => {
  it('stores every field and answers it to the owner, serial number included', async () => {
    const created = await createListing(ctx.app, seller, SPECIFICATIONS);
    expect(created).toMatchObject(SPECIFICATIONS);
    const read = await call(ctx.app, 'GET', `/listings/${created.id}`, { user: seller });
    expect(read.json()).toMatchObject(SPECIFICATIONS);
  });

  it('answers nulls, an empty accessory list, no restriction and no decontamination statement when none were given', async () => {
    const created = await createListing(ctx.app, seller);
    expect(created).toMatchObject({
      manufacturer: null,
      model: null,
      year_of_manufacture: null,
      warranty: null,
      included_accessories: [],
      regulatory: { device_class: null, fda_510k_number: null, ce_marking: null, sale_restriction: 'none' },
      decontamination: null,
    });
  });

  it('never shows the serial number to anyone but the owner: listing page, search, latest, seller page', async () => {
    const listing = await createActiveListing(ctx.app, seller, { ...SPECIFICATIONS, title: 'Sorvall ST 16R centrifuge with rotor' });
    const responses = [
      await call(ctx.app, 'GET', `/listings/${listing.id}`),
      await call(ctx.app, 'GET', `/listings/${listing.id}`, { user: buyer }),
      await call(ctx.app, 'GET', '/listings/latest?limit=50'),
      await call(ctx.app, 'GET', '/listings?page_size=50'),
      await call(ctx.app, 'GET', `/sellers/${seller.id}`),
      await search(ctx.app, { query: 'Sorvall' }, buyer.token),
      await search(ctx.app, { query: 'Sorvall', use_rag: true }, buyer.token),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('SN-41123987');
      expect(response.body).not.toContain('serial_number');
    }
    expect((await call(ctx.app, 'GET', `/listings/${listing.id}`, { user: buyer })).json()).toMatchObject({
      manufacturer: 'Thermo Fisher Scientific',
      model: 'Sorvall ST 16R',
    });
  });

  it('keeps fields an edit leaves out, and clears those it sends as null', async () => {
    const created = await createListing(ctx.app, seller, SPECIFICATIONS);
    const { title, description, price, condition, location } = GOOD_LISTING;
    const kept = await call(ctx.app, 'PUT', `/listings/${created.id}`, {
      user: seller,
      payload: { title, description, price, condition, location },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject(SPECIFICATIONS);

    const cleared = await call(ctx.app, 'PUT', `/listings/${created.id}`, {
      user: seller,
      payload: {
        title,
        description,
        price,
        condition,
        location,
        model: null,
        warranty: '',
        decontamination: null,
        year_of_manufacture: 2015,
      },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      model: null,
      warranty: null,
      decontamination: null,
      year_of_manufacture: 2015,
      manufacturer: 'Thermo Fisher Scientific',
    });
  });

  it('reads warranty days as numbers, a 510(k) number in any case, and accessories one per line', async () => {
    const created = await createListing(ctx.app, seller, {
      warranty: 365,
      regulatory: { device_class: 'fda_ii', fda_510k: 'k123456', sale_restriction: 'licensed_professionals' },
      included_accessories: 'Power cord\n\nUser manual\nPower cord',
    });
    expect(created).toMatchObject({
      warranty: '365_days',
      regulatory: { device_class: 'fda_ii', fda_510k_number: 'K123456', sale_restriction: 'licensed_professionals' },
      included_accessories: ['Power cord', 'User manual'],
    });
  });
});

describe('specification validation: 400 with the reason, nothing stored', () => {
  it.each([
    ['a 510(k) number that is not K and six digits', { regulatory: { fda_510k_number: 'K12345' } }, FDA_510K_INVALID],
    ['a 510(k) number with letters', { regulatory: { fda_510k_number: 'P1234567' } }, FDA_510K_INVALID],
    ['a year in the future', { year_of_manufacture: new Date().getFullYear() + 1 }, yearOfManufactureMessage()],
    ['a year before 1950', { year_of_manufacture: 1949 }, yearOfManufactureMessage()],
    ['a year with decimals', { year_of_manufacture: 2019.5 }, yearOfManufactureMessage()],
    ['negative hours of use', { hours_of_use: -1 }, HOURS_OF_USE_INVALID],
    ['decontaminated without a date', { decontamination: { status: 'decontaminated' } }, DECONTAMINATION_DATE_REQUIRED],
  ])('refuses %s', async (_name, payload, message) => {
    expect(await createExpectingError(payload)).toBe(message);
  });

  it.each([
    ['an unknown warranty', { warranty: '45' }],
    ['an unknown shipping option', { shipping: 'drone' }],
    ['an unknown device class', { regulatory: { device_class: 'fda_iv' } }],
    ['a decontamination date in the future', { decontamination: { status: 'decontaminated', date: '2999-01-01' } }],
    ['a decontamination date that does not exist', { decontamination: { status: 'decontaminated', date: '2026-02-30' } }],
    ['21 accessories', { included_accessories: Array.from({ length: 21 }, (_, i) => `Part ${i}`) }],
    ['a manufacturer of 101 characters', { manufacturer: 'M'.repeat(101) }],
    ['a lead time of a year and a day', { lead_time_days: 366 }],
  ])('refuses %s with a message', async (_name, payload) => {
    expect(await createExpectingError(payload)).toMatch(/\w/);
  });
});

describe('search by maker and model, and the specifications filters', () => {
  let centrifuge: { id: string };
  let older: { id: string };
  let otherMaker: { id: string };

  beforeAll(async () => {
    centrifuge = await createActiveListing(ctx.app, seller, {
      title: 'Refrigerated benchtop centrifuge, 16 x 15 ml',
      description: 'Serviced in 2025; quiet; holds 4 °C.',
      manufacturer: 'Hettichwerk',
      model: 'ROTINA 380R',
      year_of_manufacture: 2020,
      warranty: '180_days',
      shipping: 'parcel',
    });
    older = await createActiveListing(ctx.app, seller, {
      title: 'Benchtop centrifuge for tubes',
      description: 'Older unit, works well.',
      manufacturer: 'hettichwerk',
      model: 'EBA 200',
      year_of_manufacture: 2008,
      warranty: 'none',
      shipping: 'pickup_only',
    });
    otherMaker = await createActiveListing(ctx.app, seller, {
      title: 'Microcentrifuge 24 place',
      description: 'Small centrifuge for 1.5 ml tubes.',
      manufacturer: 'Quellberg',
      year_of_manufacture: 2021,
    });
  });

  async function ids(params: Record<string, string | number | boolean>): Promise<string[]> {
    const response = await search(ctx.app, params, buyer.token);
    expect(response.statusCode).toBe(200);
    return (response.json().items as { id: string }[]).map((item) => item.id);
  }

  it('finds a listing by a model number as buyers type it, with or without the space', async () => {
    for (const use_rag of [false, true]) {
      expect(await ids({ query: 'ROTINA 380R', use_rag })).toContain(centrifuge.id);
      expect(await ids({ query: 'rotina380r', use_rag })).toContain(centrifuge.id);
      expect(await ids({ query: 'Hettichwerk', use_rag })).toEqual(expect.arrayContaining([centrifuge.id, older.id]));
    }
  });

  it('filters by manufacturer in any case, by years, warranty and shipping, in both modes', async () => {
    for (const use_rag of [false, true]) {
      const byMaker = await ids({ query: 'centrifuge', manufacturer: 'HETTICHWERK', use_rag });
      expect(byMaker).toEqual(expect.arrayContaining([centrifuge.id, older.id]));
      expect(byMaker).not.toContain(otherMaker.id);
      const recent = await ids({ query: 'centrifuge', year_from: 2015, year_to: 2020, use_rag });
      expect(recent).toContain(centrifuge.id);
      expect(recent).not.toContain(older.id);
      expect(recent).not.toContain(otherMaker.id);
      expect(await ids({ query: 'centrifuge', warranty: '180_days', use_rag })).toEqual([centrifuge.id]);
      expect(await ids({ query: 'centrifuge', shipping: 'pickup_only', use_rag })).toEqual([older.id]);
    }
    expect(await ids({ manufacturer: 'quellberg' })).toEqual([otherMaker.id]);
  });

  it('answers 400 with a detail for a bad year range or an unknown warranty', async () => {
    const refused: Record<string, string | number>[] = [{ year_from: 2020, year_to: 2010 }, { year_from: 'old' }, { warranty: 'forever' }];
    for (const params of refused) {
      const response = await search(ctx.app, params, buyer.token);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toEqual(expect.any(String));
    }
  });

  it('lists the makers of live listings with their counts, one per spelling, and a maker’s models', async () => {
    const makers = (await call(ctx.app, 'GET', '/listings/manufacturers')).json() as { name: string; count: number }[];
    expect(makers.find((m) => m.name.toLowerCase() === 'hettichwerk')?.count).toBe(2);
    expect(makers.filter((m) => m.name.toLowerCase() === 'hettichwerk')).toHaveLength(1);
    expect(makers).toContainEqual({ name: 'Quellberg', count: 1 });
    const models = await call(ctx.app, 'GET', '/listings/manufacturers?manufacturer=hettichwerk');
    expect(models.json()).toEqual(
      expect.arrayContaining([
        { name: 'ROTINA 380R', count: 1 },
        { name: 'EBA 200', count: 1 },
      ]),
    );
  });
});

describe('a device sold to licensed professionals only', () => {
  let restricted: { id: string };

  beforeAll(async () => {
    restricted = await createActiveListing(ctx.app, seller, {
      title: 'Infusion pump, volumetric',
      description: 'Volumetric infusion pump, serviced, with pole clamp.',
      regulatory: { device_class: 'fda_ii', fda_510k_number: 'K101234', sale_restriction: 'licensed_professionals' },
    });
  });

  const message = (extra: Record<string, unknown> = {}) => ({
    listing_id: restricted.id,
    sender_name: 'Dr. Jane Roe',
    sender_email: buyer.email,
    message: 'Is the pump still available?',
    ...extra,
  });

  it('refuses a message without the confirmation (403, with the reason) and stores none', async () => {
    const response = await call(ctx.app, 'POST', '/messages', { user: buyer, payload: message() });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(LICENSED_PROFESSIONAL_REQUIRED);
    const inbox = await call(ctx.app, 'GET', '/messages/user', { user: seller });
    expect((inbox.json() as { listing_id: string }[]).some((m) => m.listing_id === restricted.id)).toBe(false);
  });

  it('sends it with the confirmation, stored with the message the seller reads', async () => {
    const response = await call(ctx.app, 'POST', '/messages', { user: buyer, payload: message({ licensed_professional: true }) });
    expect(response.statusCode).toBe(201);
    const inbox = (await call(ctx.app, 'GET', '/messages/user', { user: seller })).json() as {
      listing_id: string;
      licensed_professional_confirmed: boolean;
    }[];
    expect(inbox.find((m) => m.listing_id === restricted.id)?.licensed_professional_confirmed).toBe(true);
  });

  it('needs no confirmation for an unrestricted listing', async () => {
    const plain = await createActiveListing(ctx.app, seller);
    const response = await call(ctx.app, 'POST', '/messages', { user: buyer, payload: message({ listing_id: plain.id }) });
    expect(response.statusCode).toBe(201);
    expect(response.json()).not.toHaveProperty('licensed_professional_confirmed');
  });
});
