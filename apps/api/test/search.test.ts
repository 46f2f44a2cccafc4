import { RELEVANCE_PREFIXES, SEARCH_PAGE_SIZE, SEARCH_VERIFIED_ONLY } from '@benchmarket/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingPhotos, listings } from '../src/db/schema.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { createUser, type TestUser } from './support/messages-fixtures.js';
import { insertListing, search, type SearchBody, type SearchItem } from './support/search-fixtures.js';

let ctx: TestContext;
let buyer: TestUser;
let seller: TestUser;
const ids: Record<string, string> = {};
const DAY_MS = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);

beforeAll(async () => {
  ctx = await setupTestApp();
  buyer = await createUser(ctx.app, { verified: true });
  seller = await createUser(ctx.app, { verified: true });
  const add = async (key: string, input: Parameters<typeof insertListing>[2]) => {
    ids[key] = await insertListing(ctx.app, seller.id, input);
  };
  await add('cycler', {
    title: 'Bio-Rad C1000 Touch Thermal Cycler with 96-well module',
    description: 'Gradient PCR across 8 rows, heated lid, touch screen. Serviced by the manufacturer.',
    price: 4200,
    condition: 'certified-refurbished',
    location: 'Germany',
    createdAt: daysAgo(10),
  });
  await add('qpcr', {
    title: 'Applied Biosystems QuantStudio 5 Real-Time PCR System',
    description: '5-color qPCR, 96-well block, with laptop and software licence.',
    price: 18500,
    condition: 'pre-owned',
    location: 'United States',
    createdAt: daysAgo(9),
  });
  await add('centrifuge', {
    title: 'Eppendorf 5810R Refrigerated Benchtop Centrifuge',
    description: 'A-4-81 swing-bucket rotor, cooled to 4 °C, serviced last year.',
    price: 6900,
    condition: 'excellent-refurbished',
    location: 'DE',
    createdAt: daysAgo(8),
  });
  await add('microcentrifuge', {
    title: 'Eppendorf 5424R Refrigerated Microcentrifuge',
    description: 'FA-45-24-11 rotor, 24 places, up to 21,130 x g.',
    price: 2900,
    condition: 'pre-owned',
    location: 'France',
    createdAt: daysAgo(7),
  });
  await add('ult', {
    title: 'Thermo Scientific TSX600 -80°C Ultra-Low Temperature Freezer',
    description: 'Upright ULT freezer, 549 L, V-drive, holds -80 °C with alarms and racks.',
    price: 9800,
    condition: 'good-refurbished',
    location: 'United Kingdom',
    createdAt: daysAgo(6),
  });
  await add('bsc', {
    title: 'Labconco Logic+ Class II, Type A2 Biosafety Cabinet, 4 ft',
    description: 'Certified to NSF/ANSI 49 this spring, UV lamp, sash alarm.',
    price: 7400,
    condition: 'pre-owned',
    location: 'Canada',
    createdAt: daysAgo(5),
  });
  await add('autoclave', {
    title: 'Tuttnauer 3870ELV Steam Sterilizer',
    description: 'Fully automatic 85 L vertical unit with printer.',
    price: 12000,
    condition: 'new',
    location: 'Netherlands',
    createdAt: daysAgo(4),
  });
  await add('monitor', {
    title: 'Philips IntelliVue MX450 Vital Signs Monitor',
    description: 'ECG, SpO2, NIBP and temperature, with mounting bracket.',
    price: 2500,
    condition: 'pre-owned',
    location: 'Germany',
    createdAt: daysAgo(3),
  });
  await add('forparts', {
    title: 'Bio-Rad T100 Thermal Cycler',
    description: 'Block does not heat; for parts or repair only.',
    price: 300,
    condition: 'for-parts',
    location: 'Germany',
    createdAt: daysAgo(2),
  });
  await add('hplc', {
    title: 'Agilent 1260 Infinity II HPLC System',
    description: 'Quaternary pump, autosampler, column oven and diode array detector.',
    price: 24000,
    condition: 'pre-owned',
    location: 'Switzerland',
    createdAt: daysAgo(1),
  });
  // Never shown: not paid, expired, removed, switched off.
  await add('unpaid', { title: 'Unpaid Thermal Cycler Eppendorf Mastercycler', price: 1000, paymentStatus: 'unpaid', isActive: false });
  await add('expired', { title: 'Expired Thermal Cycler Eppendorf Mastercycler', price: 1000, expiryDate: daysAgo(1) });
  await add('deleted', { title: 'Removed Thermal Cycler Eppendorf Mastercycler', price: 1000, isDeleted: true, isActive: false });
  await add('inactive', { title: 'Inactive Thermal Cycler Eppendorf Mastercycler', price: 1000, isActive: false });
});
afterAll(() => ctx?.close());

async function searchOk(params: Record<string, string | number | boolean>): Promise<SearchBody> {
  const response = await search(ctx.app, params, buyer.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchBody;
}
const idsOf = (body: SearchBody) => body.items.map((item) => item.id);
const keyOf = (id: string) => Object.entries(ids).find(([, value]) => value === id)?.[0] ?? id;
const keysOf = (body: SearchBody) => body.items.map((item) => keyOf(item.id));
const hiddenKeys = ['unpaid', 'expired', 'deleted', 'inactive'];

describe('GET /api/v1/listings/search — who may search', () => {
  it('refuses a visitor without a token with 403 and the spec text', async () => {
    const response = await search(ctx.app, { query: 'centrifuge' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ detail: SEARCH_VERIFIED_ONLY });
    expect(SEARCH_VERIFIED_ONLY).toBe('Only verified users can perform searches. Please verify your account first.');
  });

  it('refuses a logged-in user who has not verified their email, with the same text', async () => {
    const unverified = await createUser(ctx.app, { verified: false });
    const response = await search(ctx.app, { query: 'centrifuge', use_rag: true }, unverified.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ detail: SEARCH_VERIFIED_ONLY });
  });

  it('refuses an invalid token like a visitor', async () => {
    const response = await search(ctx.app, { query: 'centrifuge' }, 'not-a-token');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ detail: SEARCH_VERIFIED_ONLY });
  });

  it('lets a verified user search', async () => {
    const body = await searchOk({ query: 'centrifuge' });
    expect(body.items.length).toBeGreaterThan(0);
  });
});

describe('GET /api/v1/listings/search — what is shown', () => {
  it('never returns unpaid, expired, removed or inactive listings, in any mode', async () => {
    const cases: Record<string, string | number | boolean>[] = [
      {},
      { query: 'thermal cycler' },
      { query: 'mastercycler' },
      { query: 'eppendorf mastercycler', use_rag: true },
      { query: 'thermal cycler', use_rag: true },
      { use_rag: true },
      { max_price: 1500 },
    ];
    for (const params of cases) {
      const body = await searchOk(params);
      for (const hidden of hiddenKeys) expect(keysOf(body), JSON.stringify(params)).not.toContain(hidden);
    }
  });

  it('without words lists every active listing, newest first, with the total and page size', async () => {
    const body = await searchOk({});
    expect(body.total).toBe(10);
    expect(body.page).toBe(1);
    expect(body.page_size).toBe(SEARCH_PAGE_SIZE);
    expect(keysOf(body)).toEqual([
      'hplc',
      'forparts',
      'monitor',
      'autoclave',
      'bsc',
      'ult',
      'microcentrifuge',
      'centrifuge',
      'qpcr',
      'cycler',
    ]);
  });

  it('answers the listing fields of spec §3 with photos in order, and rag_search_response only with use_rag', async () => {
    const photo = (position: number) => ({
      listingId: ids.centrifuge!,
      position,
      path: `listings/${ids.centrifuge}/${position}.webp`,
      thumbnailPath: `listings/${ids.centrifuge}/${position}-thumb.webp`,
      width: 1200,
      height: 900,
      bytes: 1000,
    });
    await ctx.app.db.insert(listingPhotos).values([photo(1), photo(0)]);
    const body = await searchOk({ query: 'eppendorf 5810r' });
    const item = body.items[0] as SearchItem & Record<string, unknown>;
    expect(item).toMatchObject({
      id: ids.centrifuge,
      is_active: true,
      payment_status: 'paid',
      is_deleted: false,
      price: 6900,
      location: 'Germany',
      category: 'centrifuges',
      photos: [`/uploads/listings/${ids.centrifuge}/0.webp`, `/uploads/listings/${ids.centrifuge}/1.webp`],
      thumbnails: [`/uploads/listings/${ids.centrifuge}/0-thumb.webp`, `/uploads/listings/${ids.centrifuge}/1-thumb.webp`],
      verification: { status: 'auto_approved', verification_notes: null },
    });
    expect((await searchOk({ query: 'eppendorf 5810r', use_rag: true })).items[0]).toMatchObject({ photos: item.photos });
    expect(item).not.toHaveProperty('search_vector');
    expect(item).not.toHaveProperty('embedding');
    expect(item.rag_search_response ?? null).toBeNull();
  });
});

describe('GET /api/v1/listings/search — filters', () => {
  it('min_price and max_price bound the price, both included', async () => {
    const body = await searchOk({ min_price: 2900, max_price: 7400 });
    expect(body.items.every((item) => item.price >= 2900 && item.price <= 7400)).toBe(true);
    expect(keysOf(body).sort()).toEqual(['bsc', 'centrifuge', 'cycler', 'microcentrifuge']);
  });

  it('condition keeps only that condition', async () => {
    const body = await searchOk({ condition: 'pre-owned' });
    expect(body.items.every((item) => item.condition === 'pre-owned')).toBe(true);
    expect(keysOf(body).sort()).toEqual(['bsc', 'hplc', 'microcentrifuge', 'monitor', 'qpcr']);
  });

  it('location takes a country name or an ISO code', async () => {
    const byName = await searchOk({ location: 'Germany' });
    const byCode = await searchOk({ location: 'DE' });
    expect(keysOf(byName).sort()).toEqual(['centrifuge', 'cycler', 'forparts', 'monitor']);
    expect(keysOf(byCode).sort()).toEqual(keysOf(byName).sort());
    expect((await searchOk({ location: 'Atlantis' })).total).toBe(0);
  });

  it('combines filters with each other and with words, in both modes', async () => {
    const params = { query: 'thermal cycler', location: 'Germany', max_price: 5000, condition: 'certified-refurbished' };
    expect(keysOf(await searchOk(params))).toEqual(['cycler']);
    expect(keysOf(await searchOk({ ...params, use_rag: true }))).toEqual(['cycler']);
    expect(keysOf(await searchOk({ query: 'eppendorf', min_price: 5000 }))).toEqual(['centrifuge']);
    expect((await searchOk({ query: 'centrifuge', condition: 'new' })).total).toBe(0);
  });

  it('answers 400 with a readable detail for bad filters', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ min_price: -1 }, 'Price must be 0 or more'],
      [{ max_price: -5 }, 'Price must be 0 or more'],
      [{ min_price: 5000, max_price: 100 }, 'Minimum price cannot be greater than maximum price'],
      [{ min_price: 'cheap' }, 'Price must be a number'],
    ];
    for (const [params, detail] of cases) {
      const response = await search(ctx.app, params, buyer.token);
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
      expect(response.json().detail).toContain(detail);
    }
    const badCondition = await search(ctx.app, { condition: 'like-new' }, buyer.token);
    expect(badCondition.statusCode).toBe(400);
    expect(typeof badCondition.json().detail).toBe('string');
  });
});

describe('GET /api/v1/listings/search — plain full-text search', () => {
  it('ranks a title match above a description match', async () => {
    const body = await searchOk({ query: 'thermal cycler' });
    expect(keysOf(body).slice(0, 2).sort()).toEqual(['cycler', 'forparts']);
  });

  it('finds a model number typed with its letter apart ("5810 r" → "5810R"), plain and AI', async () => {
    expect(keysOf(await searchOk({ query: 'eppendorf 5810 r' }))[0]).toBe('centrifuge');
    expect(keysOf(await searchOk({ query: '5424 r' }))[0]).toBe('microcentrifuge');
    expect(keysOf(await searchOk({ query: '5424 r', use_rag: true }))[0]).toBe('microcentrifuge');
    expect(keysOf(await searchOk({ query: 'eppendorf 5810 r', use_rag: true }))[0]).toBe('centrifuge');
  });

  it('searches the condition label, category and country too', async () => {
    expect(keysOf(await searchOk({ query: 'refurbished centrifuge' }))[0]).toBe('centrifuge');
    expect(keysOf(await searchOk({ query: 'hplc switzerland' }))).toEqual(['hplc']);
    expect(keysOf(await searchOk({ query: 'chromatography' }))).toEqual(['hplc']);
  });

  it('follows the few listings with every word by those with most of them, and says how many have all (issue 11)', async () => {
    // One listing is a refurbished centrifuge; the pre-owned microcentrifuge is a centrifuge too.
    const few = await searchOk({ query: 'refurbished centrifuge' });
    expect(keysOf(few)).toEqual(['centrifuge', 'microcentrifuge']);
    expect(few).toMatchObject({ total: 2, exact_matches: 1 });
    // Never a listing with only the word that says least: no other refurbished instrument follows.
    expect(keysOf(few)).not.toContain('cycler');
    // Quoted words ask for exactly those; one word has nothing to leave out.
    const quoted = await searchOk({ query: '"refurbished" "centrifuge"' });
    expect(keysOf(quoted)).toEqual(['centrifuge']);
    expect(quoted.exact_matches).toBeUndefined();
    expect((await searchOk({ query: 'centrifuge' })).exact_matches).toBeUndefined();
    // In an explicit order the exact matches still come first, each group in that order: the
    // cheaper microcentrifuge has fewer words, so it follows the $6,900 centrifuge.
    const byPrice = await searchOk({ query: 'refurbished centrifuge', sort: 'price_asc' });
    expect(keysOf(byPrice)).toEqual(['centrifuge', 'microcentrifuge']);
    expect(byPrice).toMatchObject({ total: 2, exact_matches: 1 });
    const byPriceDown = await searchOk({ query: 'refurbished centrifuge', sort: 'price_desc' });
    expect(keysOf(byPriceDown)).toEqual(['centrifuge', 'microcentrifuge']);
    // Nothing with fewer words follows the one HPLC: nothing to mark.
    const alone = await searchOk({ query: 'hplc switzerland' });
    expect(keysOf(alone)).toEqual(['hplc']);
    expect(alone.exact_matches).toBeUndefined();
  });

  it('understands web-search syntax: "phrases", -exclusions and or', async () => {
    expect(keysOf(await searchOk({ query: '"steam sterilizer"' }))).toEqual(['autoclave']);
    const excluded = keysOf(await searchOk({ query: 'thermal cycler -t100' }));
    expect(excluded).toContain('cycler');
    expect(excluded).not.toContain('forparts');
    expect(keysOf(await searchOk({ query: 'tuttnauer or labconco' })).sort()).toEqual(['autoclave', 'bsc']);
  });

  it('answers letters alone ("c++", "x") with the empty state in both modes, and a quoted letter as typed', async () => {
    for (const query of ['c++', 'C', 'x y']) {
      expect(await searchOk({ query })).toMatchObject({ items: [], total: 0 });
      expect((await searchOk({ query, use_rag: true })).items).toEqual([]);
    }
    // "-80°C": the letter is a word of the freezer's title, found when asked for as typed.
    expect(keysOf(await searchOk({ query: '"c"' }))).toContain('ult');
  });

  it('matches the last word as a prefix, as the buyer types', async () => {
    expect(keysOf(await searchOk({ query: 'eppendorf centri' })).sort()).toEqual(['centrifuge', 'microcentrifuge']);
    expect(keysOf(await searchOk({ query: 'labcon' }))).toEqual(['bsc']);
  });

  it('tolerates typos through the trigram lexicon', async () => {
    expect(keysOf(await searchOk({ query: 'eppendorff' })).sort()).toEqual(['centrifuge', 'microcentrifuge']);
    expect(keysOf(await searchOk({ query: 'tutnauer sterilizer' }))).toContain('autoclave');
  });

  it('finds something when no listing has every word', async () => {
    const body = await searchOk({ query: 'refurbished thermal cycler under 5000 in germany' });
    expect(body.total).toBeGreaterThan(0);
    expect(keysOf(body)[0]).toBe('cycler');
  });
});

describe('GET /api/v1/listings/search — AI-enhanced search (local engine)', () => {
  const PREFIX = /^(Relevant:|Somewhat relevant:|Not relevant:) /;

  it('gives every result a rag_search_response with a prefixed explanation, a 0–1 score and a key', async () => {
    const body = await searchOk({ query: 'pcr machine', use_rag: true });
    expect(body.items.length).toBeGreaterThan(0);
    for (const item of body.items) {
      expect(item.rag_search_response?.relevance_explanation).toMatch(PREFIX);
      expect(item.rag_search_response?.relevance_score).toBeGreaterThanOrEqual(0);
      expect(item.rag_search_response?.relevance_score).toBeLessThanOrEqual(1);
      expect(item.rag_search_response?.rag_response_key).toMatch(/^rag_[0-9a-f]{40}$/);
    }
  });

  it('knows the domain vocabulary: PCR machine ↔ thermal cycler, -80 freezer ↔ ULT, BSC, autoclave ↔ steam sterilizer, patient ↔ vital signs monitor', async () => {
    const top = async (query: string) => keysOf(await searchOk({ query, use_rag: true }))[0];
    expect(
      keysOf(await searchOk({ query: 'pcr machine', use_rag: true }))
        .slice(0, 3)
        .sort(),
    ).toEqual(['cycler', 'forparts', 'qpcr']);
    expect(await top('-80 freezer')).toBe('ult');
    expect(await top('ult freezer')).toBe('ult');
    expect(await top('BSC')).toBe('bsc');
    expect(await top('tissue culture hood')).toBe('bsc');
    expect(await top('autoclave')).toBe('autoclave');
    expect(await top('patient monitor')).toBe('monitor');
    expect(await top('qPCR')).toBe('qpcr');
    expect(await top('HPLC')).toBe('hplc');
  });

  it('reads a price ceiling, a condition and a country from the words and ranks by them', async () => {
    const body = await searchOk({ query: 'refurbished pcr machine under $5k in Germany', use_rag: true });
    const first = body.items[0]!;
    expect(keyOf(first.id)).toBe('cycler');
    const text = first.rag_search_response!.relevance_explanation;
    expect(text.startsWith(RELEVANCE_PREFIXES.relevant)).toBe(true);
    expect(text).toContain('"pcr machine"');
    expect(text).toContain('refurbished as asked');
    expect(text).toContain('$4,200.00 is under your $5,000.00 budget');
    expect(text).toContain('located in Germany');
    expect(first.rag_search_response!.relevance_score).toBeGreaterThanOrEqual(0.75);
    // The qPCR system in the US at $18,500 is a thermal cycler, but not what else was asked.
    const qpcr = body.items.find((item) => keyOf(item.id) === 'qpcr')!;
    expect(qpcr.rag_search_response!.relevance_explanation).toMatch(/^Somewhat relevant: /);
    expect(qpcr.rag_search_response!.relevance_explanation).toContain('over your $5,000.00 budget');
    expect(qpcr.rag_search_response!.relevance_explanation).toContain('located in United States, not Germany');
  });

  it('reads price phrases: below $2k, between 1k and 3k, over 10k', async () => {
    const below = await searchOk({ query: 'centrifuge below $3k', use_rag: true });
    expect(keyOf(below.items[0]!.id)).toBe('microcentrifuge');
    const between = await searchOk({ query: 'vital signs monitor between 1k and 3k', use_rag: true });
    expect(between.items[0]!.rag_search_response!.relevance_explanation).toContain('within your $1,000.00–$3,000.00 range');
    const over = await searchOk({ query: 'centrifuge over 5000', use_rag: true });
    expect(keyOf(over.items[0]!.id)).toBe('centrifuge');
  });

  it.each([
    ['a condition: for parts', 'thermal cycler for parts', 'forparts', 'for parts as asked'],
    ['a condition: new', 'new steam sterilizer', 'autoclave', /^Relevant: .*new as asked/],
    ["a country's short form", 'freezer UK', 'ult', 'located in United Kingdom'],
  ])('reads %s ("%s") and says so', async (_what, query, first, explanation) => {
    const body = await searchOk({ query, use_rag: true });
    expect(keyOf(body.items[0]!.id)).toBe(first);
    expect(body.items[0]!.rag_search_response!.relevance_explanation).toMatch(explanation);
  });

  it('reads a country code', async () => {
    const de = await searchOk({ query: 'centrifuge in DE', use_rag: true });
    expect(keyOf(de.items[0]!.id)).toBe('centrifuge');
  });

  it('says why a listing is not relevant', async () => {
    const body = await searchOk({ query: 'eppendorf centrifuge', use_rag: true });
    expect(keysOf(body).slice(0, 2).sort()).toEqual(['centrifuge', 'microcentrifuge']);
    const byExplanation = new Map(body.items.map((item) => [keyOf(item.id), item.rag_search_response!.relevance_explanation]));
    expect(byExplanation.get('centrifuge')).toMatch(/^Relevant: a centrifuge as asked; Eppendorf as asked/);
    for (const [key, text] of byExplanation) {
      if (key !== 'centrifuge' && key !== 'microcentrifuge') expect(text).toMatch(/^Not relevant: not a centrifuge/);
    }
  });

  it('corrects misspellings', async () => {
    expect(
      keysOf(await searchOk({ query: 'centrifgue', use_rag: true }))
        .slice(0, 2)
        .sort(),
    ).toEqual(['centrifuge', 'microcentrifuge']);
    expect(keysOf(await searchOk({ query: 'labconko', use_rag: true }))[0]).toBe('bsc');
  });

  it('without words, lists the newest listings with an explanation each', async () => {
    const body = await searchOk({ use_rag: true, location: 'Germany' });
    expect(keysOf(body)).toEqual(['forparts', 'monitor', 'centrifuge', 'cycler']);
    for (const item of body.items) expect(item.rag_search_response?.relevance_explanation).toMatch(PREFIX);
  });

  it('a constraint-only query filters by its constraints', async () => {
    const body = await searchOk({ query: 'under $3,000 in Germany', use_rag: true });
    expect(keysOf(body).sort()).toEqual(['forparts', 'monitor']);
  });

  it('keeps rag_response_key for the same query and listing, and changes it when the listing changes', async () => {
    const key = async () =>
      (await searchOk({ query: 'HPLC', use_rag: true })).items.find((item) => keyOf(item.id) === 'hplc')!.rag_search_response!
        .rag_response_key;
    const before = await key();
    expect(await key()).toBe(before);
    await ctx.app.db.update(listings).set({ updatedAt: new Date() }).where(eq(listings.id, ids.hplc!));
    expect(await key()).not.toBe(before);
  });
});

describe('GET /api/v1/listings/search — pages', () => {
  it('pages through results with a stable total (runs last: it adds listings)', async () => {
    for (let i = 0; i < SEARCH_PAGE_SIZE + 3; i++) {
      await insertListing(ctx.app, seller.id, {
        title: `Motic BA210 Compound Microscope unit ${i}`,
        price: 500 + i,
        condition: 'new-other',
        location: null,
        createdAt: daysAgo(30 - i),
      });
    }
    const first = await searchOk({ query: 'motic microscope' });
    const second = await searchOk({ query: 'motic microscope', page: 2 });
    const beyond = await searchOk({ query: 'motic microscope', page: 5 });
    expect(first.items).toHaveLength(SEARCH_PAGE_SIZE);
    expect(second.items).toHaveLength(3);
    expect(first.total).toBe(SEARCH_PAGE_SIZE + 3);
    expect(second.total).toBe(SEARCH_PAGE_SIZE + 3);
    expect(beyond).toMatchObject({ items: [], total: SEARCH_PAGE_SIZE + 3, page: 5 });
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(SEARCH_PAGE_SIZE + 3);
    const ai = await searchOk({ query: 'motic microscope', use_rag: true, page: 2 });
    expect(ai).toMatchObject({ total: SEARCH_PAGE_SIZE + 3, page: 2 });
    expect(ai.items).toHaveLength(3);
    const browsing = await searchOk({ page: 3, use_rag: true });
    expect(browsing.total).toBe(10 + SEARCH_PAGE_SIZE + 3);
    expect(browsing.items).toHaveLength(10 + SEARCH_PAGE_SIZE + 3 - 2 * SEARCH_PAGE_SIZE);
  });
});

describe('GET /api/v1/listings/search — model numbers written another way (runs after the pages: it adds listings)', () => {
  it('finds a model typed without the space or dash the listing has, and an "i7" still only as i7', async () => {
    const qtrap = await insertListing(ctx.app, seller.id, { title: 'SCIEX QTRAP 5500 LC-MS/MS system', price: 89000 });
    const rotavapor = await insertListing(ctx.app, seller.id, { title: 'BUCHI Rotavapor R-300 rotary evaporator', price: 7400 });
    const biomek = await insertListing(ctx.app, seller.id, { title: 'Beckman Biomek i7 liquid handler', price: 52000 });
    const seven = await insertListing(ctx.app, seller.id, { title: 'Getinge Servo 7 ventilator', price: 9000 });

    expect(idsOf(await searchOk({ query: 'QTRAP5500', use_rag: true }))[0]).toBe(qtrap);
    expect(idsOf(await searchOk({ query: 'rotavapor r300', use_rag: true }))[0]).toBe(rotavapor);
    const i7 = await searchOk({ query: 'i7', use_rag: true });
    expect(idsOf(i7)[0]).toBe(biomek);
    // 'i' is a stop word: "i 7" would be any listing with a 7.
    const offered = i7.items.filter((item) => !item.rag_search_response?.relevance_explanation.startsWith('Not relevant'));
    expect(offered.map((item) => item.id)).not.toContain(seven);
  });

  it('finds a model number the listing writes with a letter after it (2000 → "2000c", 2008 → "2008T")', async () => {
    const nanodrop = await insertListing(ctx.app, seller.id, { title: 'Nanodrop 2000c w/ cuvette position + laptop', price: 6500 });
    const dialysis = await insertListing(ctx.app, seller.id, { title: 'Fresenius 2008T hemodialysis machine', price: 4200 });
    expect(idsOf(await searchOk({ query: 'nanodrop 2000', use_rag: true }))[0]).toBe(nanodrop);
    expect(idsOf(await searchOk({ query: 'fresenius 2008', use_rag: true }))[0]).toBe(dialysis);
  });

  it("follows a model by its line's other models, before other makers' ('NanoDrop One' for 'nanodrop 2000', '4008B' for '4008S')", async () => {
    const sibling = await insertListing(ctx.app, seller.id, { title: 'Thermo NanoDrop One microvolume spectrophotometer', price: 7000 });
    const other = await insertListing(ctx.app, seller.id, { title: 'Implen NanoPhotometer N60 UV-Vis spectrophotometer', price: 6000 });
    const nanodrop = await searchOk({ query: 'nanodrop 2000', use_rag: true });
    const order = idsOf(nanodrop);
    expect(order).toContain(other);
    expect(order.indexOf(sibling)).toBeLessThan(order.indexOf(other));
    const explained = nanodrop.items.find((item) => item.id === sibling)?.rag_search_response?.relevance_explanation;
    expect(explained).toBe('Somewhat relevant: "NanoDrop" in the title; but not a nanodrop 2000.');

    const asked = await insertListing(ctx.app, seller.id, { title: 'Fresenius 4008S dialysis machine', price: 3000 });
    // Naming the model it replaced in its description does not make it that model.
    const variant = await insertListing(ctx.app, seller.id, {
      title: 'Fresenius 4008B dialysis machine',
      description: 'The 4008B that replaced the 4008S on our ward, serviced yearly.',
      price: 2500,
    });
    const otherLine = await insertListing(ctx.app, seller.id, { title: 'Fresenius 5008 CorDiax dialysis machine', price: 9000 });
    // Plain search: the maker's other models follow the one asked for, as fewer words.
    const plain = await searchOk({ query: 'fresenius 4008S' });
    // (The 4008B's description names the 4008S: plain search reads it as an exact match.)
    expect(idsOf(plain).slice(0, 2).sort()).toEqual([asked, variant].sort());
    expect(idsOf(plain).slice(2)).toContain(otherLine);
    expect(plain.exact_matches).toBe(2);
    const fresenius = await searchOk({ query: 'fresenius 4008S', use_rag: true });
    expect(idsOf(fresenius).slice(0, 2)).toEqual([asked, variant]);
    const variantExplained = fresenius.items[1]?.rag_search_response?.relevance_explanation ?? '';
    expect(variantExplained).toMatch(/^Somewhat relevant: .*"4008B" in the title; but not model 4008S\.$/);
  });

  it('answers a quoted model in AI search with the listing that writes its number with a letter ("nanodrop 2000" → 2000c)', async () => {
    const lettered = await insertListing(ctx.app, seller.id, { title: 'Thermo NanoDrop 2000c spectrophotometer, quoted', price: 5100 });
    expect(idsOf(await searchOk({ query: '"nanodrop 2000"', use_rag: true }))[0]).toBe(lettered);
  });

  it('asks for a model whose last letter is a stop word as sellers write it ("servo i" → "SERVO-i", not any Servo)', async () => {
    const asked = await insertListing(ctx.app, seller.id, { title: 'Maquet SERVO-i Universal ventilator', price: 8000 });
    const sibling = await insertListing(ctx.app, seller.id, { title: 'Getinge Servo-u ventilator', price: 21000 });
    const found = await searchOk({ query: 'servo i', use_rag: true });
    expect(idsOf(found).slice(0, 2)).toEqual([asked, sibling]);
    expect(found.items[1]?.rag_search_response?.relevance_explanation).toBe('Somewhat relevant: "Servo" in the title; but not a servo-i.');
  });

  it('finds a model the listing writes joined when it is typed with a space ("XPR 205" → "XPR205")', async () => {
    const joined = await insertListing(ctx.app, seller.id, { title: 'Mettler Toledo XPR205 analytical balance', price: 7800 });
    // Has both words, apart: not the model asked for.
    const apart = await insertListing(ctx.app, seller.id, {
      title: 'Mettler Toledo XPR analytical balance with 205 mm draft shield',
      price: 5200,
    });
    const found = idsOf(await searchOk({ query: 'XPR 205', use_rag: true }));
    expect(found[0]).toBe(joined);
    expect(found).toContain(apart);
  });

  it('plain search finds a model whichever way it is spaced ("RM2235" → "RM 2235", "PG 8583" → "PG8583"), and a quoted query only as typed', async () => {
    const spaced = await insertListing(ctx.app, seller.id, { title: 'Leica RM 2235 rotary microtome', price: 5600 });
    const joined = await insertListing(ctx.app, seller.id, { title: 'Leica RM2235 manual microtome, refurbished', price: 6100 });
    const washer = await insertListing(ctx.app, seller.id, { title: 'Miele PG8583 glassware washer', price: 9000 });

    expect(idsOf(await searchOk({ query: 'RM2235' })).sort()).toEqual([joined, spaced].sort());
    expect(idsOf(await searchOk({ query: 'rm 2235' })).sort()).toEqual([joined, spaced].sort());
    expect(idsOf(await searchOk({ query: 'miele PG 8583' }))).toEqual([washer]);
    expect(idsOf(await searchOk({ query: '"RM2235"' }))).toEqual([joined]);
  });
});

describe('GET /api/v1/listings/search — British and American spellings (runs last: it adds listings)', () => {
  it('ranks a listing written in the other spelling with the exact matches, in plain and AI search', async () => {
    // No category: only the title and description can match.
    const american = await insertListing(ctx.app, seller.id, { title: 'Omron NE-C801 nebulizer compressor', price: 150, category: null });
    const british = await insertListing(ctx.app, seller.id, {
      title: 'Philips InnoSpire nebuliser compressor',
      price: 180,
      category: null,
    });
    // Has the words as typed, but only in passing: below both titles that say them.
    const mention = await insertListing(ctx.app, seller.id, {
      title: 'Portable suction unit',
      description: 'Suction unit, 0.8 L jar. Sold as a pair with our nebulizer compressor stand.',
      price: 400,
      category: null,
    });

    for (const query of ['nebulizer compressor', 'nebuliser compressor']) {
      const found = await searchOk({ query });
      expect(idsOf(found).slice(0, 2).sort(), query).toEqual([american, british].sort());
      expect(idsOf(found)[2], query).toBe(mention);
      expect(found.total, query).toBe(3);
    }
    const ai = idsOf(await searchOk({ query: 'nebulizer compressor', use_rag: true }));
    expect(ai.slice(0, 2).sort()).toEqual([american, british].sort());
  });
});

describe('GET /api/v1/listings/search — a finished last word (runs last: it adds listings)', () => {
  it('does not read a whole last word as the start of a description\'s longer word ("hospital bed" is not a bedside monitor)', async () => {
    const monitor = await insertListing(ctx.app, seller.id, {
      title: 'GE Healthcare Carescape B450 Patient Monitor',
      description: 'From a university hospital: 12 in display, transport and bedside use.',
      price: 3200,
      category: 'patient-monitors',
    });
    expect(await searchOk({ query: 'hospital bed' })).toMatchObject({ items: [], total: 0 });
    expect((await searchOk({ query: 'hospital bed', use_rag: true })).items).toEqual([]);
    // A buyer who stops short of a title's word still finds it.
    expect(idsOf(await searchOk({ query: 'carescape patient moni' }))).toEqual([monitor]);
  });
});

describe('GET /api/v1/listings/search — the total AI search shows (runs last: it adds listings)', () => {
  it('is what its pages hold, when the words find many more weak listings than are shown', async () => {
    const asked: string[] = [];
    for (let n = 1; n <= 5; n++)
      asked.push(await insertListing(ctx.app, seller.id, { title: `Renfert zircon polisher ${n}`, price: 900 + n, category: null }));
    // Seventy listings with one of the two words, in their descriptions: more than AI search reads.
    for (let n = 1; n <= 70; n++)
      await insertListing(ctx.app, seller.id, {
        title: `Dental workshop lot ${n}`,
        description: `Assorted bench tools; one polisher motor among them (lot ${n}).`,
        price: 100 + n,
        category: null,
      });
    const first = await searchOk({ query: 'zircon polisher', use_rag: true });
    const shown = [...first.items];
    for (let page = 2; page <= Math.ceil(first.total / SEARCH_PAGE_SIZE) + 1; page++)
      shown.push(...(await searchOk({ query: 'zircon polisher', use_rag: true, page })).items);
    expect(
      shown
        .slice(0, 5)
        .map((item) => item.id)
        .sort(),
    ).toEqual([...asked].sort());
    expect(first.total).toBe(shown.length);
  });
});

describe('GET /api/v1/listings/search — plain search ranks a kind named another way (runs last: it adds listings)', () => {
  it('puts a title naming the kind asked ("FTIR" for "infrared spectrometer") before listings that only mention the words', async () => {
    const ftir = await insertListing(ctx.app, seller.id, {
      title: 'Shimadzu IRTracer-100 FTIR',
      description: 'Infrared spectrometer with a single reflection ATR, LabSolutions IR and the PC.',
      price: 21000,
      category: null,
    });
    const mentions = await insertListing(ctx.app, seller.id, {
      title: 'Agilent Cary 60 UV-Vis',
      description: 'UV-Vis spectrometer, not an infrared spectrometer; sold with a near-infrared spectrometer fibre probe.',
      price: 4000,
      category: null,
    });
    const body = await searchOk({ query: 'infrared spectrometer' });
    expect(idsOf(body).filter((id) => id === ftir || id === mentions)).toEqual([ftir, mentions]);
  });
});
