import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SEARCH_PAGE_SIZE, type Condition } from '@benchmarket/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { listings } from '../src/db/schema.js';
import { buildDemoCatalog } from '../src/seed/catalog.js';
import { backfillMeanings } from '../src/modules/listings/meaning.js';
import { correctWords, wordsNotInLexicon } from '../src/modules/search/local-engine.js';
import { LOCAL_MEANING_MODEL, loadLocalMeaningModel } from '../src/providers/embeddings/local-meaning.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { call, createActiveListing, createListing, activate } from './support/listings.js';
import { startOpenAiStandIn, type OpenAiStandIn } from './support/openai-stand-in.js';
import { insertListing, insertPlannedListing, search, type SearchBody, type SearchItem } from './support/search-fixtures.js';
import { createUser, type TestUser } from './support/users.js';

/**
 * AI search finds listings by meaning (issue 11): a learned model of words (word vectors, see
 * providers/embeddings) reads each listing as it is written, and AI search offers the listings
 * closest in meaning to the words asked — 'pacemaker' finds a defibrillator, though no word of
 * it, of its category or of our vocabulary says 'pacemaker'. Plain search stays with the words.
 *
 * The word pairs are chosen outside the hand-written taxonomy on purpose: 'fridge' would find a
 * refrigerator through the category's synonyms ('lab fridge' is in its search terms) and so
 * would prove nothing about meaning. Word similarities under the real model: pacemaker ≈
 * defibrillator 0.73, bike ≈ bicycle 0.89 (fridge ≈ refrigerator 0.83); bike ≈ centrifuge 0.16.
 */

const PACEMAKER_ANSWER = {
  title: 'Zoll R Series Plus Defibrillator',
  description: 'Defibrillator and monitor with transcutaneous pacing and SpO2; two batteries and a charger included.',
  price: 5400,
  condition: 'pre-owned',
  location: 'DE',
  duration_months: 1,
} as const;

/** The rest of a small lab catalog: nothing here means 'pacemaker' or 'bike'. */
const CATALOG = [
  {
    title: 'Eppendorf 5810 Benchtop Centrifuge',
    description: 'Swing-bucket rotor A-4-62 with four buckets and adapters for 50 mL tubes, serviced last year.',
    price: 4100,
    condition: 'pre-owned',
    location: 'FR',
  },
  {
    title: 'Olympus CX23 Upright Microscope',
    description: 'Brightfield microscope with 4x, 10x, 40x and 100x objectives and LED illumination.',
    price: 950,
    condition: 'excellent-refurbished',
    location: 'DE',
  },
  {
    title: 'Hamilton Medical C1 Ventilator',
    description: 'ICU and transport ventilator with invasive and non-invasive modes, with trolley and hoses.',
    price: 9800,
    condition: 'pre-owned',
    location: 'NL',
  },
  {
    title: 'Liebherr LKUv 1610 Laboratory Refrigerator',
    description: 'Under-counter lab refrigerator, 141 litres, +3 to +16 °C, digital thermostat and door alarm.',
    price: 1450,
    condition: 'new',
    location: 'DE',
  },
  {
    title: 'Sartorius Quintix 224 Analytical Balance',
    description: 'Four-place balance, 220 g capacity, internal calibration and draft shield.',
    price: 2300,
    condition: 'certified-refurbished',
    location: 'GB',
  },
].map((listing) => ({ ...listing, condition: listing.condition as Condition, duration_months: 1 }));

/**
 * A kind of dialysis whose text never says the word alone: the full-text index holds
 * "haemodialysis" as one word, and the word model puts it far from 'dialysis' (0.28).
 */
const HAEMODIALYSIS = {
  title: 'Fresenius 5008S CorDiax haemodialysis system',
  description: 'Single-patient unit with online HDF option, water treatment hoses and a service manual.',
  price: 6900,
  condition: 'pre-owned',
  location: 'NL',
  duration_months: 1,
} as const;

/** Equipment named for what it does to the heart, in a word the word model does not know ("cardiograph"). */
const CARDIOGRAPH = {
  title: 'Philips PageWriter TC70 cardiograph',
  description: 'Resting 12-lead unit with trolley, patient cable and a box of thermal paper.',
  price: 3900,
  condition: 'pre-owned',
  location: 'BE',
  duration_months: 1,
} as const;

/** Its description does not say "hearing": only the dictionary's definition of an audiometer does. */
const AUDIOMETER = {
  title: 'Interacoustics AD629 audiometer',
  description: 'Two-channel diagnostic unit with headphones, bone conductor and patient response button. Calibrated in March.',
  price: 4200,
  condition: 'pre-owned',
  location: 'DK',
  duration_months: 1,
} as const;

/** A spirometer, and a lung function cart whose description (not title) says "spirometry". */
const SPIROMETER = {
  title: 'Vitalograph Alpha Touch spirometer',
  description: 'Desktop unit with printer, a box of bacterial filters and a 3 L calibration syringe.',
  price: 1800,
  condition: 'pre-owned',
  location: 'IE',
  duration_months: 1,
} as const;
const PFT_CART = {
  title: 'CareFusion Vmax Encore 22 PFT cart with DLCO',
  description: 'Full lung function lab: spirometry, lung volumes and diffusion, with the PC and software.',
  price: 12500,
  condition: 'pre-owned',
  location: 'US',
  duration_months: 1,
} as const;

/** A listing about a centrifuge, and what its seller rewrites it into (PUT). */
const CENTRIFUGE = {
  title: 'Thermo Sorvall ST8 Centrifuge',
  description: 'Compact benchtop centrifuge with a swing-out rotor and buckets for 15 and 50 mL tubes.',
  price: 3200,
  condition: 'pre-owned',
  location: 'AT',
  duration_months: 1,
} as const;
const BICYCLE = {
  title: 'Monark 828E Ergometer Exercise Bicycle',
  description: 'Weight-braked exercise bicycle for cardiopulmonary exercise testing and rehabilitation, calibrated last year.',
  price: 1900,
  condition: 'pre-owned',
  location: 'AT',
} as const;

/**
 * The explanation of a listing offered by meaning names the word asked and the listing's word
 * close to it ('"bicycle" in the title means about the same as "bike"', or 'close in meaning to
 * "bike" ("bike" ≈ "bicycle")'), with a verdict that offers it.
 */
function explainsByMeaning(item: SearchItem | undefined, asked: string, near: string): void {
  const explanation = item?.rag_search_response?.relevance_explanation ?? '';
  expect(explanation).toMatch(/^(Relevant|Somewhat relevant): /);
  expect(explanation).toContain(`"${asked}"`);
  expect(explanation).toContain(`"${near}"`);
}

async function searchBody(app: FastifyInstance, params: Record<string, string | number | boolean>, buyer: TestUser): Promise<SearchBody> {
  const response = await search(app, params, buyer.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchBody;
}

/**
 * A marketplace's worth of listings (the demo catalog's first four of every family), written
 * directly and given their meaning by one round of the worker's periodic tasks, as rows loaded
 * in bulk are in production. Meaning is judged against the catalog: a listing is offered when
 * it stands out from the rest, which takes more than a handful of listings.
 */
async function insertDemoListings(app: FastifyInstance, ownerId: string): Promise<void> {
  const taken = new Map<string, number>();
  for (const planned of buildDemoCatalog(app.clock.now())) {
    const n = taken.get(planned.category) ?? 0;
    if (planned.state !== 'active' || n >= 4) continue;
    taken.set(planned.category, n + 1);
    await insertPlannedListing(app, ownerId, planned);
  }
  await app.worker.tick();
}

const ids = (body: SearchBody) => body.items.map((item) => item.id);

// ── Without an AI endpoint: the local model ──────────────────────────────────

describe('GET /api/v1/listings/search — meaning, with the local model', () => {
  let ctx: TestContext;
  /** A second API process on the same database, with its own memory (its own meaning index). */
  let otherProcess: FastifyInstance;
  let buyer: TestUser;
  let seller: TestUser;
  let defibrillatorId: string;
  let haemodialysisId: string;
  let cardiographId: string;
  let audiometerId: string;
  /** The catalog's listings created through the API (their meaning written with them). */
  const catalogIds: string[] = [];

  beforeAll(async () => {
    ctx = await setupTestApp();
    otherProcess = await buildApp({ config: ctx.config, database: ctx.database });
    await otherProcess.ready();
    buyer = await createUser(ctx.app, { verified: true });
    seller = await createUser(ctx.app, { verified: true });
    defibrillatorId = (await createActiveListing(ctx.app, seller, PACEMAKER_ANSWER)).id;
    haemodialysisId = (await createActiveListing(ctx.app, seller, HAEMODIALYSIS)).id;
    cardiographId = (await createActiveListing(ctx.app, seller, CARDIOGRAPH)).id;
    audiometerId = (await createActiveListing(ctx.app, seller, AUDIOMETER)).id;
    for (const listing of CATALOG) catalogIds.push((await createActiveListing(ctx.app, seller, listing)).id);
    await insertDemoListings(ctx.app, seller.id);
    // The other process has searched before any of the edits below: what it finds after them it
    // finds because it follows the database, not because it read everything afresh.
    await searchBody(otherProcess, { query: 'bike', use_rag: true }, buyer);
  });
  afterAll(async () => {
    await otherProcess?.close();
    await ctx?.close();
  });

  describe('a kind the catalog does not have', () => {
    // The demo catalog has autoclaves, sterilizers and benchtop instruments near a microtome in
    // meaning, and monitors for the bedside, but no microtome and no hospital bed (first: later
    // tests add some): nothing here is what was asked — nor when the kind is misspelt (the
    // microscopes' lamps are no slit lamp), nor when the words' only neighbours in the word model
    // are other things (the thermal cyclers' "Touch" for 'eye'; nothing for 'exam').
    it.each(['microtome', 'hospital bed', 'sllit lamp', 'hosptal bed', 'mircotome', 'eye exam'])(
      'answers "%s" with the empty state in both modes',
      async (query) => {
        for (const useRag of [false, true]) {
          const body = await searchBody(ctx.app, { query, use_rag: useRag }, buyer);
          expect(
            body.items.map((item) => `${item.title} — ${item.rag_search_response?.relevance_explanation ?? ''}`),
            `use_rag=${useRag}`,
          ).toEqual([]);
          expect(body.total).toBe(0);
        }
      },
    );

    it('AI search reads "operating room lamp" as the surgical light it names, and offers no listing as one', async () => {
      // No title here says "light": the kind's name in the vocabulary tells what 'lamp' stands for.
      const body = await searchBody(ctx.app, { query: 'operating room lamp', use_rag: true }, buyer);
      const explanations = body.items.map((item) => item.rag_search_response?.relevance_explanation ?? '');
      expect(explanations.filter((text) => !text.startsWith('Not relevant'))).toEqual([]);
      for (const text of explanations) expect(text).toMatch(/^Not relevant: not a surgical light/);
    });
  });

  describe('a listing found by meaning, not by its words', () => {
    it('AI search offers defibrillators for "pacemaker", first, saying why; plain search finds nothing', async () => {
      const plain = await searchBody(ctx.app, { query: 'pacemaker' }, buyer);
      expect(plain).toMatchObject({ items: [], total: 0 });

      const ai = await searchBody(ctx.app, { query: 'pacemaker', use_rag: true }, buyer);
      const isOffered = (item: SearchItem) => !item.rag_search_response?.relevance_explanation.startsWith('Not relevant');
      const offered = ai.items.filter(isOffered);
      expect(offered.map((item) => item.id)).toContain(defibrillatorId);
      // Offered first, and only what means something like it; anything after is marked 'Not relevant'.
      expect(ai.items.slice(0, offered.length)).toEqual(offered);
      for (const item of offered) {
        expect(item.title).toMatch(/defibrillator/i);
        explainsByMeaning(item, 'pacemaker', 'defibrillator');
      }
    });
  });

  describe('a compound word names a kind of its last part', () => {
    it('AI search for "dialysis" offers a "haemodialysis" system first, saying so; plain search stays with the word as typed', async () => {
      expect(await searchBody(ctx.app, { query: 'dialysis' }, buyer)).toMatchObject({ items: [], total: 0 });

      const ai = await searchBody(ctx.app, { query: 'dialysis', use_rag: true }, buyer);
      expect(ids(ai)[0]).toBe(haemodialysisId);
      expect(ai.items[0]?.rag_search_response?.relevance_explanation).toMatch(
        /^(Relevant|Somewhat relevant): "haemodialysis" in the title means about the same as "dialysis"/,
      );
    });
  });

  describe("a compound of a kind's name in a title", () => {
    it('AI search for "sonicator" offers a focused-ultrasonicator, saying it has "ultrasonicator" in the title', async () => {
      const covaris = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Covaris M220 Focused-ultrasonicator',
        description: 'DNA shearing, 130 µl microTUBEs, with the water bath and chiller.',
      });
      const ai = await searchBody(ctx.app, { query: 'sonicator', use_rag: true }, buyer);
      const found = ai.items.find((item) => item.id === covaris.id);
      expect(found?.rag_search_response?.relevance_explanation).toMatch(
        /^(Relevant|Somewhat relevant): .*"ultrasonicator" (is )?in the title/,
      );
    });
  });

  describe('a word that describes what equipment does (a dictionary of equipment)', () => {
    it('AI search for "heart" offers the cardiograph, saying its dictionary definition uses the word; plain search does not', async () => {
      expect(ids(await searchBody(ctx.app, { query: 'heart' }, buyer))).not.toContain(cardiographId);

      const ai = await searchBody(ctx.app, { query: 'heart', use_rag: true }, buyer);
      const item = ai.items.find((candidate) => candidate.id === cardiographId);
      expect(item?.rag_search_response?.relevance_explanation).toMatch(
        /^(Relevant|Somewhat relevant): "cardiograph" in the title: its dictionary definition uses "heart"/,
      );
    });

    it('AI search for a task ("something to spin blood samples") offers the equipment that does it first, saying so', async () => {
      const query = 'I need something to spin blood samples in a small clinic';
      const ai = await searchBody(ctx.app, { query, use_rag: true }, buyer);
      const centrifuges = ai.items.filter((item) => /centrifuge/i.test(item.title));
      // Every centrifuge of the catalog (the demo's four and the catalog's one), ahead of anything else.
      expect(centrifuges.length).toBeGreaterThanOrEqual(5);
      expect(ai.items.slice(0, centrifuges.length)).toEqual(centrifuges);
      for (const item of centrifuges) {
        expect(item.rag_search_response?.relevance_explanation).toMatch(
          /^(Relevant|Somewhat relevant): "(micro|ultra)?centrifuge" in the title: the dictionary's equipment to "spin"/,
        );
      }
      // The words say no centrifuge: plain search stays with them.
      expect(await searchBody(ctx.app, { query }, buyer)).toMatchObject({ items: [], total: 0 });
    });
  });

  describe('a thing described, not named (a dictionary of equipment)', () => {
    it('AI search for "hearing loss screening" offers the audiometer, saying its definition uses "hearing", where the words offered nothing', async () => {
      // No title or description says "hearing": only the dictionary joins the words to the thing.
      const ai = await searchBody(ctx.app, { query: 'hearing loss screening', use_rag: true }, buyer);
      expect(ids(ai)[0]).toBe(audiometerId);
      expect(ai.items[0]?.rag_search_response?.relevance_explanation).toMatch(
        /^(Relevant|Somewhat relevant): "audiometer" in the title: its dictionary definition uses "hearing"/,
      );
    });
  });

  describe('a kind asked head first, as inventories write it', () => {
    it('AI search for "incubator co2" answers the CO2 incubators as asked, not as incubators of a "model CO2"', async () => {
      const ai = await searchBody(ctx.app, { query: 'incubator co2', use_rag: true }, buyer);
      const incubators = ai.items.filter((item) => /co2 incubator/i.test(item.title));
      expect(incubators.length).toBeGreaterThan(0);
      expect(ai.items.slice(0, incubators.length)).toEqual(incubators);
      for (const item of incubators) {
        expect(item.rag_search_response?.relevance_explanation).toMatch(/^Relevant: a CO2 incubator \("incubator co2"\) as asked/);
      }
    });
  });

  describe('a description with a word no listing uses', () => {
    it('AI search for "heart tracing machine" still offers the cardiograph: "tracing" is in no title and means no word of one', async () => {
      const ai = await searchBody(ctx.app, { query: 'heart tracing machine', use_rag: true }, buyer);
      expect(ids(ai)).toContain(cardiographId);
      const item = ai.items.find((candidate) => candidate.id === cardiographId);
      expect(item?.rag_search_response?.relevance_explanation).toMatch(/^(Relevant|Somewhat relevant): /);
      expect(item?.rag_search_response?.relevance_explanation).toContain('"heart"');
    });
  });

  describe('plain search: similar listings after a few matches', () => {
    it('lists balances like the one Quintix apart from the matches, neither among the items nor counted', async () => {
      const body = await searchBody(ctx.app, { query: 'quintix' }, buyer);
      expect(body.items.map((item) => item.title)).toEqual(['Sartorius Quintix 224 Analytical Balance']);
      expect(body.total).toBe(1);
      const similar = body.similar ?? [];
      expect(similar.length).toBeGreaterThan(0);
      expect(similar.length).toBeLessThanOrEqual(SEARCH_PAGE_SIZE - 1);
      expect(similar[0]?.title).toMatch(/balance|scale/i);
      for (const item of similar) expect(item.title).not.toMatch(/quintix/i);
      expect(new Set([...ids(body), ...similar.map((item) => item.id)]).size).toBe(1 + similar.length);
      // Each card names its seller, the similar ones too.
      for (const item of similar) expect(item.seller_name).toBeTruthy();
    });

    it("passes the form's filters on to the similar listings", async () => {
      const prices = ((await searchBody(ctx.app, { query: 'quintix' }, buyer)).similar ?? [])
        .map((item) => item.price)
        .sort((a, b) => a - b);
      // A cap the Quintix itself (2,300) and the cheapest similar listing pass, and the dearest does not.
      const cap = Math.max(2300, prices[0] ?? 0);
      expect(prices.at(-1)).toBeGreaterThan(cap);
      const body = await searchBody(ctx.app, { query: 'quintix', max_price: cap }, buyer);
      expect(body.similar?.length).toBeGreaterThan(0);
      for (const item of body.similar ?? []) expect(item.price).toBeLessThanOrEqual(cap);
    });

    it('adds none in an explicit order, on a later page, or when nothing matched', async () => {
      expect((await searchBody(ctx.app, { query: 'quintix', sort: 'price_asc' }, buyer)).similar).toBeUndefined();
      expect((await searchBody(ctx.app, { query: 'quintix', page: 2 }, buyer)).similar).toBeUndefined();
      expect((await searchBody(ctx.app, { query: 'pacemaker' }, buyer)).similar).toBeUndefined();
    });
  });

  describe('AI search never answers less than plain search', () => {
    // Words the understanding of equipment reads as saying nothing of a kind ('system'), or
    // whose listings have too little of the request by its measure: a short AI answer goes on
    // with plain search's first page, each listing explained by what of the words it has.
    it.each(['system', 'pump series', 'transfer cell'])('AI search for "%s" holds every listing plain search shows', async (query) => {
      const plain = await searchBody(ctx.app, { query }, buyer);
      const shown = [...ids(plain), ...(plain.similar ?? []).map((item) => item.id)];
      expect(shown.length).toBeGreaterThan(0);
      const ai = await searchBody(ctx.app, { query, use_rag: true }, buyer);
      const answered = ids(ai);
      if (answered.length < SEARCH_PAGE_SIZE) expect(answered).toEqual(expect.arrayContaining(shown.slice(0, SEARCH_PAGE_SIZE)));
      expect(answered.length).toBeGreaterThanOrEqual(Math.min(shown.length, SEARCH_PAGE_SIZE));
      expect(ai.total).toBeGreaterThanOrEqual(answered.length);
      for (const item of ai.items) {
        expect(item.rag_search_response?.relevance_explanation).toMatch(/^(Relevant|Somewhat relevant|Not relevant): /);
      }
    });
  });

  describe('a query of nothing but words that usually pad a request', () => {
    it('AI search for "system" finds the systems and says the word is in their titles', async () => {
      const body = await searchBody(ctx.app, { query: 'system', use_rag: true }, buyer);
      expect(body.items.length).toBeGreaterThan(0);
      for (const item of body.items.filter((listing) => /\bsystem\b/i.test(listing.title))) {
        expect(item.rag_search_response?.relevance_explanation).toMatch(/^Relevant: "system" in the title/);
      }
      expect(body.items.some((item) => /\bsystem\b/i.test(item.title))).toBe(true);
    });
  });

  describe('a common English word is a word as typed, not a misspelt name', () => {
    it('AI search for "powered stretcher" answers the powered stretcher first, not a PowerLED surgical light', async () => {
      const stretcher = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Stryker Power-PRO XT powered ambulance stretcher',
        description: 'Battery-powered hydraulic lift, 700 lb capacity, charger included.',
      });
      await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Maquet PowerLED II surgical light, dual head',
        description: 'Ceiling mounted operating light with two LED heads.',
      });
      const body = await searchBody(ctx.app, { query: 'powered stretcher', use_rag: true }, buyer);
      expect(body.items[0]?.id).toBe(stretcher.id);
      expect(body.items.map((item) => item.rag_search_response?.relevance_explanation ?? '').join(' ')).not.toMatch(/powerled/i);
    });

    it('is corrected only into a phrase a title uses: "theatre lamp" is no "heater lamp", "silt lamp" is the slit lamp', async () => {
      const bath = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Grant SUB Aqua 12 Plus water bath',
        description: 'Stainless 12 L tank with a heater and a lid, digital control.',
      });
      const slitLamp = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Haag-Streit BQ 900 slit lamp',
        description: 'Ophthalmic examination microscope with table and chin rest.',
      });
      for (const useRag of [false, true]) {
        const theatre = await searchBody(ctx.app, { query: 'theatre lamp', use_rag: useRag }, buyer);
        expect(ids(theatre), `use_rag=${useRag}`).not.toContain(bath.id);
        const silt = await searchBody(ctx.app, { query: 'silt lamp', use_rag: useRag }, buyer);
        expect(ids(silt)[0], `use_rag=${useRag}`).toBe(slitLamp.id);
      }
    });
  });

  describe('a word asked in the singular that titles use only in the plural', () => {
    it('is in the lexicon, not a misspelling to correct ("grips" is read as "grip"; titles say "grips")', async () => {
      const grips = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Instron pneumatic side action grips, pair',
        description: 'For tensile tests of films and thin sheet, 1 kN.',
      });
      expect(await wordsNotInLexicon(ctx.app.db, ['grip', 'qzxwgrip'])).toEqual(['qzxwgrip']);
      expect(await correctWords(ctx.app.db, ['grip'])).toEqual([]);
      const body = await searchBody(ctx.app, { query: 'pneumatic grips (utm accessory)', use_rag: true }, buyer);
      expect(ids(body)).toContain(grips.id);
    });
  });

  describe('an abbreviation that ends in "s" is not a plural', () => {
    it('AI search for "GC-MS" reads a title\'s "GCMS" as a GC-MS, not as "gcm"', async () => {
      const gcms = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Shimadzu GCMS-QP2020 NX',
        description: 'GC-2030 with single quad MS, new dealer stock.',
      });
      await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'AB Sciex API 4000 LC/MS/MS',
        description: 'Triple quadrupole mass spectrometer with Analyst software.',
      });
      const body = await searchBody(ctx.app, { query: 'GC-MS', use_rag: true }, buyer);
      expect(ids(body)[0]).toBe(gcms.id);
      expect(body.items[0]!.rag_search_response?.relevance_explanation).toMatch(/^Relevant: /);
    });
  });

  describe('a kind clinics name by an abbreviation the word model lacks', () => {
    it('files a blood pressure monitor among the patient monitors and finds it first for "BP monitor", saying so', async () => {
      const omron = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Omron HBP-1320 blood pressure monitor',
        description: 'Professional automated unit with three cuff sizes, mains adapter included.',
      });
      const [filed] = await ctx.app.db.select({ category: listings.category }).from(listings).where(eq(listings.id, omron.id));
      expect(filed?.category).toBe('patient-monitors');
      for (const useRag of [false, true]) {
        const body = await searchBody(ctx.app, { query: 'BP monitor', use_rag: useRag }, buyer);
        expect(ids(body)[0], `use_rag=${useRag}`).toBe(omron.id);
      }
      const ai = await searchBody(ctx.app, { query: 'BP monitor', use_rag: true }, buyer);
      expect(ai.items[0]!.rag_search_response?.relevance_explanation).toMatch(/^Relevant: .*blood pressure monitor/);
    });
  });

  describe('a word the family is named by', () => {
    it('AI search offers the analytical balances for "scale" as what was asked, not as "a balance or scale, but not a scale"', async () => {
      const body = await searchBody(ctx.app, { query: 'scale', use_rag: true }, buyer);
      const first = body.items[0]!;
      expect(first.title).toMatch(/balance/i);
      expect(first.rag_search_response?.relevance_explanation).toMatch(/^Relevant: /);
      for (const item of body.items) expect(item.rag_search_response?.relevance_explanation).not.toMatch(/but not a scale/);
    });
  });

  describe('asked for it cheap', () => {
    it('AI search lists the microscopes from the lowest price up, a broken one after the working ones', async () => {
      const broken = await createActiveListing(ctx.app, seller, {
        ...CATALOG[1]!,
        title: 'Olympus CX21 Microscope',
        description: 'No light from the LED board; sold for parts.',
        price: 120,
        condition: 'for-parts',
      });
      const body = await searchBody(ctx.app, { query: 'cheap microscope', use_rag: true }, buyer);
      const relevant = body.items.filter((item) => item.rag_search_response?.relevance_explanation.startsWith('Relevant: a microscope'));
      const working = relevant.filter((item) => item.condition !== 'for-parts');
      expect(working.length).toBeGreaterThan(3);
      expect(working.map((item) => item.price)).toEqual([...working.map((item) => item.price)].sort((a, b) => a - b));
      expect(body.items.slice(0, working.length)).toEqual(working);
      expect(ids(body).indexOf(broken.id)).toBeGreaterThanOrEqual(working.length);
      // Without 'cheap' the order is by how well each fits, not by price.
      const plainAsk = await searchBody(ctx.app, { query: 'microscope', use_rag: true }, buyer);
      const prices = plainAsk.items.slice(0, working.length).map((item) => item.price);
      expect(prices).not.toEqual([...prices].sort((a, b) => a - b));
    });
  });

  describe('a model typed as one word', () => {
    it('AI search for "miniflex600" lists the MiniFlex 600, then another MiniFlex, before other X-ray instruments', async () => {
      const asked = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Rigaku MiniFlex 600 benchtop X-ray diffractometer',
        description: 'Powder XRD, 600 W X-ray tube, D/teX Ultra detector.',
      });
      const sibling = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Rigaku Miniflex II desktop XRD',
        description: 'Older benchtop diffractometer, works, with PDXL software.',
      });
      await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Hologic Discovery A DXA bone densitometer',
        description: 'X-ray bone density scanner, benchtop console, 2014.',
      });
      const body = await searchBody(ctx.app, { query: 'miniflex600', use_rag: true }, buyer);
      expect(ids(body).slice(0, 2)).toEqual([asked.id, sibling.id]);
    });
  });

  describe('a name and its number joined in a title', () => {
    it('"mastersizer 3000" finds the "Mastersizer3000" before the Mastersizer 2000, in plain and AI search', async () => {
      const joined = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Malvern Mastersizer3000 + Aero S dry dispersion',
        description: 'Refurbished MS3000 optical bench with Aero S dry powder feeder. 12 month warranty.',
      });
      const older = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Malvern Mastersizer 2000 with Hydro 2000S',
        description: 'Older laser diffraction particle sizer, works. Hydro 2000S small volume unit.',
      });
      for (const use_rag of [false, true]) {
        const body = await searchBody(ctx.app, { query: 'mastersizer 3000', use_rag }, buyer);
        const found = ids(body);
        expect(found, `use_rag ${use_rag}`).toContain(joined.id);
        expect(found.indexOf(joined.id), `use_rag ${use_rag}`).toBeLessThan(found.indexOf(older.id) >>> 0);
      }
      const explained = async (query: string) =>
        (await searchBody(ctx.app, { query, use_rag: true }, buyer)).items.find((item) => item.id === joined.id)?.rag_search_response
          ?.relevance_explanation;
      expect(await explained('mastersizer 3000')).toMatch(/^Relevant: "mastersizer" in the title; "3000" in the title/);
      expect(await explained('3000')).toContain('"3000" in the title ("Mastersizer3000")');
    });
  });

  describe('a name of loose words ends in a word many kinds share', () => {
    it('AI search for "dissolution tester" answers a dissolution bath before a tablet hardness tester', async () => {
      const tester = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'SOTAX AT 7 Smart dissolution tester',
        description: 'Seven vessels, paddles and baskets, qualified last year.',
      });
      const bath = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Varian VK 7025 dissolution bath',
        description: 'Seven spindles, USP apparatus 2, heater circulator included.',
      });
      const hardness = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Erweka TBH 125 tablet hardness tester',
        description: 'Measures the breaking force, diameter and thickness of tablets.',
      });
      const found = ids(await searchBody(ctx.app, { query: 'dissolution tester', use_rag: true }, buyer));
      expect(found[0]).toBe(tester.id);
      expect(found).toContain(bath.id);
      if (found.includes(hardness.id)) expect(found.indexOf(bath.id)).toBeLessThan(found.indexOf(hardness.id));

      // Plain search: the bath follows the exact match among the listings with fewer words; the hardness tester does not.
      const plain = await searchBody(ctx.app, { query: 'dissolution tester' }, buyer);
      expect(ids(plain)).toEqual([tester.id, bath.id]);
      expect(plain.exact_matches).toBe(1);
    });
  });

  describe('words of the request side by side in a title', () => {
    it('AI search for "testing machine" lists a title saying "testing machine" before one with the same words apart', async () => {
      const description = 'Electromechanical frame, 50 kN and 1 kN load cells, wedge grips, testXpert III software.';
      // The same words (alike in meaning and in text rank), the one with the phrase listed first
      // so that the newer one would win the tie.
      const phrase = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Zwick Z050 materials testing machine',
        description,
      });
      const apart = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Zwick Z050 machine, materials testing',
        description,
      });
      const found = ids(await searchBody(ctx.app, { query: 'testing machine', use_rag: true }, buyer));
      expect(found.slice(0, 2)).toEqual([phrase.id, apart.id]);
    });
  });

  describe("the last word of a kind's name in a title", () => {
    it('AI search for "vacuum pump" lists a "dry pump" before the evaporators and a vacuum sealer, and says why', async () => {
      // A seller of its own: the block's seller is near the hourly limit of listings written.
      const dealer = await createUser(ctx.app, { verified: true });
      const pump = await createActiveListing(ctx.app, dealer, {
        ...CATALOG[0]!,
        title: 'Edwards nXDS15i dry pump',
        description:
          'Oil-free scroll mechanism for vacuum ovens, rotary evaporators and freeze dryers; 15 m3/h, ultimate pressure 7 x 10-3 mbar.',
      });
      const sealer = await createActiveListing(ctx.app, dealer, {
        ...CATALOG[0]!,
        title: 'FoodSaver V4400 vacuum sealer',
        description: 'Vacuum sealing appliance with automatic bag detection, for sample storage bags.',
      });
      const body = await searchBody(ctx.app, { query: 'vacuum pump', use_rag: true }, buyer);
      const found = ids(body);
      // Categorised among the evaporators, as the rotary evaporators it comes before are.
      expect(found[0]).toBe(pump.id);
      if (found.includes(sealer.id)) expect(found.indexOf(pump.id)).toBeLessThan(found.indexOf(sealer.id));
      const explained = body.items.find((item) => item.id === pump.id)?.rag_search_response?.relevance_explanation;
      expect(explained).toContain('"pump" in the title');
    });
  });

  describe("a kind named by the words before a family's name", () => {
    it('AI search for "platelet agitator" answers the platelet agitators before the mixers of the agitators\' family', async () => {
      const agitators = [];
      for (const title of ['Helmer PF48i platelet agitator', 'Terumo platelet agitator, 96 bags']) {
        agitators.push(
          await createActiveListing(ctx.app, seller, {
            ...CATALOG[0]!,
            title,
            description: 'Flatbed agitation for platelet storage bags at room temperature.',
          }),
        );
      }
      const body = await searchBody(ctx.app, { query: 'platelet agitator', use_rag: true }, buyer);
      expect(ids(body).slice(0, 2).sort()).toEqual(agitators.map((a) => a.id).sort());
      for (const item of body.items.slice(0, 2)) {
        // The glossary's kind, or the family's kind with the words before it.
        expect(item.rag_search_response?.relevance_explanation).toMatch(
          /^Relevant: (a platelet agitator as asked|"platelet agitator" in the title)/,
        );
      }
    });
  });

  describe('listings the words score alike', () => {
    // A word no model knows (no meaning to tell them apart) in more titles than a page holds
    // (no "more of the same kind"): every one of them meets the request alike.
    it('AI search lists the listing most about the word first, not the newest', async () => {
      const mostAbout = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Qorvexa Q2 qorvexa cell sorter',
        description: 'The Qorvexa sorter: qorvexa optics, qorvexa fluidics and the qorvexa software licence.',
      });
      for (let i = 0; i < SEARCH_PAGE_SIZE; i++) {
        await createActiveListing(ctx.app, seller, { ...CATALOG[0]!, title: `Qorvexa spare part ${i + 1}`, description: 'Boxed spare.' });
      }
      const body = await searchBody(ctx.app, { query: 'qorvexa', use_rag: true }, buyer);
      expect(body.total).toBe(SEARCH_PAGE_SIZE + 1);
      expect(ids(body)[0]).toBe(mostAbout.id);
    });
  });

  describe('a listing no family was found for', () => {
    it('AI search for "homecare bed" offers the homecare bed as relevant as the hospital beds, though its title is not in the taxonomy', async () => {
      const homecare = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Invacare Etude homecare bed, electric',
        description: 'Four-section profiling, height adjustable, side rails and a handset.',
      });
      const [categorised] = await ctx.app.db.select({ category: listings.category }).from(listings).where(eq(listings.id, homecare.id));
      expect(categorised?.category).toBeNull();
      for (const title of ['Hill-Rom VersaCare hospital bed', 'LINET Eleganza 3 hospital bed']) {
        await createActiveListing(ctx.app, seller, {
          ...CATALOG[0]!,
          title,
          description: 'Four-section profiling, height adjustable, side rails and a handset.',
        });
      }
      const body = await searchBody(ctx.app, { query: 'homecare bed', use_rag: true }, buyer);
      const found = body.items.find((item) => item.id === homecare.id);
      expect(found?.rag_search_response?.relevance_explanation).toBe('Relevant: "homecare bed" in the title.');
      const beds = body.items.filter((item) => item.title.includes('hospital bed'));
      expect(beds.map((item) => item.rag_search_response?.relevance_explanation)).toEqual([
        'Relevant: "hospital bed" in the title.',
        'Relevant: "hospital bed" in the title.',
      ]);
      for (const bed of beds) {
        expect(found!.rag_search_response!.relevance_score).toBeGreaterThanOrEqual(bed.rag_search_response!.relevance_score);
      }
    });
    it('AI search for "OR table" offers a title with "OR table" as asked, not any table', async () => {
      const orTable = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Mindray HyBase 6100 electro-hydraulic OR table',
        description: 'Five-section top, kidney bridge, remote handset.',
      });
      const massageTable = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Earthlite Ellora Vista electric lift massage table',
        description: 'Electric height adjustment, face cradle, foot switch.',
      });
      const categories = await ctx.app.db
        .select({ category: listings.category })
        .from(listings)
        .where(inArray(listings.id, [orTable.id, massageTable.id]));
      expect(categories.map((c) => c.category)).toEqual([null, null]);
      const body = await searchBody(ctx.app, { query: 'OR table', use_rag: true }, buyer);
      const explanationOf = (id: string) => body.items.find((item) => item.id === id)?.rag_search_response?.relevance_explanation;
      expect(explanationOf(orTable.id)).toBe('Relevant: "or table" in the title.');
      // To the full-text index 'or table' is 'table': the massage table has only that.
      expect(explanationOf(massageTable.id) ?? '').not.toMatch(/^Relevant/);
    });
  });

  describe('a kind named after "for" in the query', () => {
    it('AI search for "mini centrifuge for PCR tubes" answers the microcentrifuges as relevant, not as "not a thermal cycler"', async () => {
      const body = await searchBody(ctx.app, { query: 'mini centrifuge for PCR tubes', use_rag: true }, buyer);
      const first = body.items[0];
      expect(first?.title).toMatch(/microcentrifuge/i);
      expect(first?.rag_search_response?.relevance_explanation).toMatch(/^Relevant: "microcentrifuge" in the title/);
      for (const item of body.items) expect(item.rag_search_response?.relevance_explanation).not.toMatch(/thermal cycler/i);
    });
  });

  describe('a thing made for the kind asked', () => {
    it('AI search for "hospital bed" lists the beds before a mattress made for them, which it does not call relevant', async () => {
      const mattress = await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Hill-Rom Accumax Quantum VPC mattress for hospital beds',
        description: 'Pressure redistribution mattress, fits most hospital bed frames.',
      });
      const beds = [];
      for (const title of ['Hill-Rom VersaCare hospital bed', 'LINET Eleganza 3 hospital bed']) {
        beds.push(
          await createActiveListing(ctx.app, seller, { ...CATALOG[0]!, title, description: 'Four-section profiling and side rails.' }),
        );
      }
      const body = await searchBody(ctx.app, { query: 'hospital bed', use_rag: true }, buyer);
      const at = (id: string) => ids(body).indexOf(id);
      for (const bed of beds) expect(at(bed.id)).toBeGreaterThanOrEqual(0);
      const mattressAt = at(mattress.id);
      if (mattressAt >= 0) {
        expect(mattressAt).toBeGreaterThan(Math.max(...beds.map((bed) => at(bed.id))));
        expect(body.items[mattressAt]!.rag_search_response?.relevance_explanation).not.toMatch(/^Relevant/);
      }
      // Plain search has every word in all three titles (the mattress's description has them
      // twice): the beds still come first.
      const plain = ids(await searchBody(ctx.app, { query: 'hospital bed' }, buyer));
      expect(plain.indexOf(mattress.id)).toBeGreaterThan(Math.max(...beds.map((bed) => plain.indexOf(bed.id))));
    });
  });

  describe('words that match nothing and mean nothing close', () => {
    it.each([false, true])('answers 200 with an empty page and total 0 (use_rag=%s)', async (useRag) => {
      const body = await searchBody(ctx.app, { query: 'zxqv wombat poetry', use_rag: useRag }, buyer);
      expect(body).toEqual({ items: [], total: 0, total_is_lower_bound: false, page: 1, page_size: SEARCH_PAGE_SIZE });
    });
  });

  // Both processes read the catalog's words before these edits (and keep them a minute): what
  // finds an edited listing by a word new to the catalog is the meaning read back from the database.
  describe('a listing edited shows its new meaning in the next search', () => {
    const searchBike = (app: FastifyInstance) => searchBody(app, { query: 'bike', use_rag: true }, buyer);
    /** The next AI search for "bike" through `app` offers the listing, saying it means about the same as "bicycle". */
    const expectBikeOffers = async (app: FastifyInstance, id: string) => {
      const found = await searchBike(app);
      expect(ids(found)).toContain(id);
      explainsByMeaning(
        found.items.find((item) => item.id === id),
        'bike',
        'bicycle',
      );
    };
    /** The seller's edit through `app`'s PUT /listings/{id}; insists on a 200. */
    async function rewrite(app: FastifyInstance, id: string, payload: Record<string, unknown>) {
      const edited = await call(app, 'PUT', `/listings/${id}`, { user: seller, payload });
      expect(edited.statusCode, edited.body).toBe(200);
    }

    it('PUT /api/v1/listings/:id rewriting a centrifuge into an exercise bicycle: the next AI search for "bike" offers it', async () => {
      const listing = await createActiveListing(ctx.app, seller, CENTRIFUGE);
      expect(ids(await searchBike(ctx.app))).not.toContain(listing.id);

      await rewrite(ctx.app, listing.id, BICYCLE);

      await expectBikeOffers(ctx.app, listing.id);
    });

    it('a write through one API process is found by a search through the other, both ways', async () => {
      const viaFirst = await createActiveListing(ctx.app, seller, CENTRIFUGE);
      expect(ids(await searchBike(otherProcess))).not.toContain(viaFirst.id);
      await rewrite(ctx.app, viaFirst.id, { ...BICYCLE, title: 'Lode Corival Exercise Bicycle' });
      expect(ids(await searchBike(otherProcess))).toContain(viaFirst.id);

      const viaOther = await createListing(otherProcess, seller, CENTRIFUGE);
      await activate(otherProcess, viaOther.id);
      expect(ids(await searchBike(ctx.app))).not.toContain(viaOther.id);
      await rewrite(otherProcess, viaOther.id, { ...BICYCLE, title: 'Kettler Ergometer Exercise Bicycle' });
      await expectBikeOffers(ctx.app, viaOther.id);
    });
  });

  describe('backfillMeanings: listings written before the current model get their meaning', () => {
    interface MeaningRow extends Record<string, unknown> {
      id: string;
      meaning: number[] | null;
      meaning_model: string | null;
      search_rev: number;
    }
    const readAll = async (): Promise<Map<string, MeaningRow>> => {
      const result = await ctx.app.db.execute<MeaningRow>(
        sql`select id, meaning, meaning_model, search_rev::int as search_rev from listings`,
      );
      return new Map(result.rows.map((row) => [row.id, { ...row, meaning: row.meaning?.map(Number) ?? null }]));
    };

    it('does at most maxRows a run, picks up where it stopped, and then has nothing left to do', async () => {
      const model = await loadLocalMeaningModel();
      // The meanings the listings service wrote when these listings were created: the reference.
      const written = await readAll();
      const stale = catalogIds.slice(0, 5);
      for (const id of stale) expect(written.get(id)?.meaning_model).toBe(LOCAL_MEANING_MODEL);
      const older = stale.slice(0, 3);
      const never = stale.slice(3);
      // Three made by an older model (its vectors of another size), two never given one.
      await ctx.app.db.execute(sql`update listings set meaning_model = 'wink-sg-100d/sif-0', meaning = '{0.6,0.8}'::real[]
        where id in (${sql.join(
          older.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`);
      await ctx.app.db.execute(sql`update listings set meaning_model = null, meaning = null
        where id in (${sql.join(
          never.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`);
      const before = await readAll();

      expect(await backfillMeanings(ctx.app.db, model, 3)).toBe(3);
      const afterFirst = await readAll();
      const redone = [...afterFirst.values()].filter((row) => row.search_rev !== before.get(row.id)!.search_rev);
      expect(redone).toHaveLength(3);
      for (const row of redone) {
        expect(stale).toContain(row.id);
        expect(row.meaning_model).toBe(LOCAL_MEANING_MODEL);
        expect(row.meaning).toEqual(written.get(row.id)!.meaning);
      }
      // The other two are as they were, as is every listing that had nothing to do.
      for (const [id, row] of afterFirst) {
        if (!redone.some((r) => r.id === id)) expect(row).toEqual(before.get(id));
      }

      expect(await backfillMeanings(ctx.app.db, model, 3)).toBe(2);
      const afterSecond = await readAll();
      for (const id of stale) {
        const row = afterSecond.get(id)!;
        expect(row.meaning_model).toBe(LOCAL_MEANING_MODEL);
        expect(row.meaning).toHaveLength(100);
        expect(row.meaning!.every((x) => Number.isFinite(x))).toBe(true);
        expect(row.meaning).toEqual(written.get(id)!.meaning);
      }

      expect(await backfillMeanings(ctx.app.db, model)).toBe(0);
      expect(await readAll()).toEqual(afterSecond);
    });
  });

  describe('a misspelt word that some description happens to contain', () => {
    let spirometerId: string;
    let pftCartId: string;
    beforeAll(async () => {
      spirometerId = (await createActiveListing(ctx.app, seller, SPIROMETER)).id;
      pftCartId = (await createActiveListing(ctx.app, seller, PFT_CART)).id;
    });

    it('plain search for "spirometr" finds the spirometer, the word read as a title\'s; a description\'s longer word ("spirometry") is not the word as typed', async () => {
      const body = await searchBody(ctx.app, { query: 'spirometr' }, buyer);
      expect(ids(body)[0]).toBe(spirometerId);
      expect(ids(body)).not.toContain(pftCartId);
    });

    it('AI search for "spirometr" offers the spirometer first, as plain search does, read as the kind it misspells', async () => {
      const ai = await searchBody(ctx.app, { query: 'spirometr', use_rag: true }, buyer);
      const order = ids(ai);
      expect(order[0]).toBe(spirometerId);
      expect(ai.items[order.indexOf(spirometerId)]?.rag_search_response?.relevance_explanation).toMatch(/^Relevant: a spirometer as asked/);
    });
  });
});

/**
 * An app of its own for a describe block, with a verified buyer and seller: its lexicon in
 * memory is read at its first search, after the block's own listings.
 */
function ownCatalog(): { ctx: TestContext; buyer: TestUser; seller: TestUser } {
  const own = {} as { ctx: TestContext; buyer: TestUser; seller: TestUser };
  beforeAll(async () => {
    own.ctx = await setupTestApp();
    own.buyer = await createUser(own.ctx.app, { verified: true });
    own.seller = await createUser(own.ctx.app, { verified: true });
  });
  afterAll(async () => {
    await own.ctx?.close();
  });
  return own;
}

describe('GET /api/v1/listings/search — a word the trade writes as its adjective, on a catalog of its own', () => {
  // Its own app: the lexicon in memory is read at the first search, after this listing.
  const own = ownCatalog();

  // Word vectors put 'eye' and "ophthalmic" far apart (0.25); WordNet says one pertains to the other.
  it('AI search for "eye examination" offers an "ophthalmic" examination unit, saying the words mean about the same', async () => {
    const { ctx, buyer, seller } = own;
    const unit = await createActiveListing(ctx.app, seller, {
      ...CATALOG[0]!,
      title: 'Reliance 7000 ophthalmic examination unit',
      description: 'Chair, instrument stand and delivery arm in one. Hydraulic lift, serviced, new upholstery.',
    });
    const body = await searchBody(ctx.app, { query: 'eye examination', use_rag: true }, buyer);
    expect(ids(body)[0]).toBe(unit.id);
    expect(body.items[0]?.rag_search_response?.relevance_explanation).toContain('"ophthalmic" in the title means about the same as "eye"');
  });
});

describe('GET /api/v1/listings/search — a name and its last word, on a catalog of its own', () => {
  // Its own app: the lexicon in memory is read at the first search (then every minute), and
  // the word model reads 'lamp' as a word a title here uses.
  const own = ownCatalog();

  it('AI search reads "operating room lamp" as the operating room lights, before a slit lamp', async () => {
    const { ctx, buyer, seller } = own;
    const lights = [];
    // Some title says "lights": the word model reads 'lamp' as it (0.65), not as "light" (0.55).
    for (const title of ['Dräger Polaris 600 twin-head operating light', 'Skytron Aurora dual LED surgical lights']) {
      lights.push(
        await createActiveListing(ctx.app, seller, {
          ...CATALOG[0]!,
          title,
          description: 'Ceiling mounted, 160,000 lux, from a hospital theatre refit.',
        }),
      );
    }
    await createActiveListing(ctx.app, seller, {
      ...CATALOG[0]!,
      title: 'Haag Streit BM 900 slit lamp',
      description: 'Ophthalmic slit lamp on a table, for the examination room.',
    });
    const body = await searchBody(ctx.app, { query: 'operating room lamp', use_rag: true }, buyer);
    expect(ids(body).slice(0, 2).sort()).toEqual(lights.map((l) => l.id).sort());
    for (const item of body.items.slice(0, 2)) {
      expect(item.rag_search_response?.relevance_explanation).toMatch(/^Relevant: /);
    }
  });

  it('answers nothing to "dissolution tester" where no listing is about dissolution, not every tester', async () => {
    const { ctx, buyer, seller } = own;
    await createActiveListing(ctx.app, seller, {
      ...CATALOG[0]!,
      title: 'Erweka TBH 125 tablet hardness tester',
      description: 'Measures the breaking force of tablets; tested and calibrated.',
    });
    const body = await searchBody(ctx.app, { query: 'dissolution tester', use_rag: true }, buyer);
    expect(body.items).toEqual([]);
    expect(body.total).toBe(0);
  });
});

// ── With an AI endpoint that fails: the local model answers ──────────────────

/**
 * What stands between the API and the OpenAI stand-in, to make it slow (answers after the
 * deadline) or answer vectors of another size than the listings' embeddings; otherwise it
 * passes everything through unchanged.
 */
interface EndpointFront {
  url: string;
  behaviour: 'pass' | 'slow' | 'wrong-size';
  close(): Promise<void>;
}

async function startEndpointFront(target: string, slowMs: number): Promise<EndpointFront> {
  const timers = new Set<NodeJS.Timeout>();
  const front: EndpointFront = { url: '', behaviour: 'pass', close: async () => undefined };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const path = (request.url ?? '').replace(/^\/v1/, '');
      const upstream = await fetch(`${target}${path}`, {
        method: request.method,
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      });
      let body = await upstream.text();
      if (front.behaviour === 'wrong-size' && path.endsWith('/embeddings')) {
        const answer = JSON.parse(body) as { data: { embedding: number[] }[] };
        for (const item of answer.data) item.embedding = item.embedding.slice(0, 16);
        body = JSON.stringify(answer);
      }
      const send = () => {
        if (!response.destroyed) response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(body);
      };
      if (front.behaviour !== 'slow') return send();
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, slowMs);
      timers.add(timer);
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  front.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  front.close = async () => {
    for (const timer of timers) clearTimeout(timer);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return front;
}

/** An address where nothing listens (connection refused). */
async function refusingUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

describe('GET /api/v1/listings/search — a real word typed for another, a listing filed amiss, on a catalog of their own', () => {
  // Its own app: the words titles use a letter off a word are read from the lexicon in memory,
  // read at the first search (then every minute) — after the listings of the first test.
  const own = ownCatalog();

  it('reads a word titles use as the one a letter off when that makes a title\'s phrase: "harness tester" is the hardness tester', async () => {
    const { ctx, buyer, seller } = own;
    const hardness = await createActiveListing(ctx.app, seller, {
      ...CATALOG[0]!,
      title: 'Wilson Rockwell 574 twin hardness tester',
      description: 'Rockwell and superficial scales, test blocks included.',
    });
    const horseHarness = await createActiveListing(ctx.app, seller, {
      ...CATALOG[0]!,
      title: 'Leather draft horse harness, full size',
      description: 'Brass fittings, barely used.',
    });
    for (const useRag of [false, true]) {
      const found = ids(await searchBody(ctx.app, { query: 'harness tester', use_rag: useRag }, buyer));
      expect(found[0], `use_rag=${useRag}`).toBe(hardness.id);
      if (found.includes(horseHarness.id)) expect(found.indexOf(horseHarness.id)).toBeGreaterThan(0);
    }
    // A listing with the words as typed is what was asked: nothing is corrected then.
    const wireHarness = await createActiveListing(ctx.app, seller, {
      ...CATALOG[0]!,
      title: 'Cirris Easy-Touch Pro wire harness tester',
      description: 'Cable and harness continuity and hipot tester, 128 points.',
    });
    for (const useRag of [false, true]) {
      const found = ids(await searchBody(ctx.app, { query: 'harness tester', use_rag: useRag }, buyer));
      expect(found[0], `use_rag=${useRag}`).toBe(wireHarness.id);
    }
  });

  it('AI search for "AAS" offers the atomic absorption spectrometer filed among the furnaces, after the one filed as a spectrometer', async () => {
    const { ctx, buyer, seller } = own;
    const filedAmiss = await createActiveListing(ctx.app, seller, {
      ...CATALOG[0]!,
      title: 'Shimadzu AA-7000 AAS, GFA-7000 graphite furnace',
      description:
        'Graphite furnace atomizer, ASC-7000 autosampler, hollow cathode lamps for lead, copper and zinc, recirculating chiller, argon regulator, PC with WizAArd software. Removed from a working environmental lab; crated on a pallet.',
    });
    const [categorised] = await ctx.app.db.select({ category: listings.category }).from(listings).where(eq(listings.id, filedAmiss.id));
    expect(categorised?.category).toBe('ovens-furnaces');
    const filedWell = await createActiveListing(ctx.app, seller, {
      ...CATALOG[0]!,
      title: 'PerkinElmer PinAAcle 900T atomic absorption spectrometer',
      description: 'Flame and furnace, with the WinLab32 software.',
    });
    // Spectrometers of other kinds, enough to fill a page without it.
    const otherKinds = [];
    for (let i = 1; i <= 12; i++) {
      otherKinds.push(
        await createActiveListing(ctx.app, seller, {
          ...CATALOG[0]!,
          title: i % 2 ? `Bruker Alpha ${i} FTIR spectrometer` : `Agilent Cary ${i}0 UV-Vis spectrophotometer`,
          description: 'Tested, with software and a validation kit.',
        }),
      );
    }
    const body = await searchBody(ctx.app, { query: 'AAS', use_rag: true }, buyer);
    const found = ids(body);
    expect(found).toContain(filedAmiss.id);
    expect(found.indexOf(filedWell.id)).toBeLessThan(found.indexOf(filedAmiss.id));
    // Named in its title, it scores above the spectrometers of other kinds.
    const scoreOf = (id: string) => body.items.find((item) => item.id === id)?.rag_search_response?.relevance_score ?? 0;
    for (const other of otherKinds.filter((l) => found.includes(l.id))) expect(scoreOf(filedAmiss.id)).toBeGreaterThan(scoreOf(other.id));
    const explanation = body.items.find((item) => item.id === filedAmiss.id)?.rag_search_response?.relevance_explanation;
    expect(explanation).toBe('Somewhat relevant: "aas" is in the title, but it is a lab oven or furnace.');
  });
});

describe('GET /api/v1/listings/search — meaning when the AI endpoint fails', () => {
  const TIMEOUT_MS = 400;
  /** A search that waited out one deadline, and then some for the database. */
  const BOUND_MS = TIMEOUT_MS * 2 + 1500;
  let standIn: OpenAiStandIn;
  let front: EndpointFront;
  let ctx: TestContext;
  /** The same database, without AI_BASE_URL: the local engine's answer, to compare with. */
  let localOnly: FastifyInstance;
  let buyer: TestUser;
  let defibrillatorId: string;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    front = await startEndpointFront(standIn.url, TIMEOUT_MS * 3);
    ctx = await setupTestApp({ env: { AI_BASE_URL: front.url, AI_TIMEOUT_MS: String(TIMEOUT_MS) } });
    localOnly = await buildApp({ config: { ...ctx.config, ai: { ...ctx.config.ai, baseUrl: undefined } }, database: ctx.database });
    await localOnly.ready();
    buyer = await createUser(ctx.app, { verified: true });
    const seller = await createUser(ctx.app, { verified: true });
    // Written directly (the stand-in answers search's chat calls, not the listing check's), then
    // one round of the worker: their meaning, and their embeddings through the endpoint.
    defibrillatorId = await insertListing(ctx.app, seller.id, PACEMAKER_ANSWER);
    for (const listing of CATALOG) await insertListing(ctx.app, seller.id, listing);
    await ctx.app.worker.tick();
  });
  afterAll(async () => {
    await localOnly?.close();
    await ctx?.close();
    await front?.close();
    await standIn?.close();
  });
  beforeEach(() => {
    standIn.mode = 'ok';
    front.behaviour = 'pass';
  });

  /**
   * AI search for 'pacemaker' through `app`: a 200 within the bound, the local engine's page
   * exactly; the endpoint was asked for the query's embedding once, unless it could not be reached.
   */
  async function expectTheLocalAnswer(app: FastifyInstance, endpointAsked = true): Promise<void> {
    const { chat: chatCalls, embeddings: embeddingCalls } = standIn.calls;
    const started = performance.now();
    const response = await search(app, { query: 'pacemaker', use_rag: true }, buyer.token);
    const ms = performance.now() - started;
    expect(response.statusCode, response.body).toBe(200);
    expect(ms).toBeLessThan(BOUND_MS);
    const body = response.json() as SearchBody;
    expect(body).toEqual(await searchBody(localOnly, { query: 'pacemaker', use_rag: true }, buyer));
    expect(ids(body)[0]).toBe(defibrillatorId);
    explainsByMeaning(body.items[0], 'pacemaker', 'defibrillator');
    expect(standIn.calls.embeddings).toBe(embeddingCalls + (endpointAsked ? 1 : 0));
    // The model did not write the explanations: the endpoint had failed for this search.
    expect(standIn.calls.chat).toBe(chatCalls);
  }

  it('uses the endpoint while it works (the model writes the explanations)', async () => {
    const body = await searchBody(ctx.app, { query: 'defibrillator', use_rag: true }, buyer);
    expect(ids(body)[0]).toBe(defibrillatorId);
    expect(body.items[0]!.rag_search_response!.relevance_explanation).toMatch(/^Relevant: the model read "defibrillator"/);
  });

  it('answers with the local model when the endpoint refuses connections', async () => {
    const refused = await buildApp({
      config: { ...ctx.config, ai: { ...ctx.config.ai, baseUrl: await refusingUrl() } },
      database: ctx.database,
    });
    try {
      await refused.ready();
      await expectTheLocalAnswer(refused, false);
    } finally {
      await refused.close();
    }
  });

  it.each([
    ['fails with 500', () => (standIn.mode = 'error')],
    ['never answers', () => (standIn.mode = 'hang')],
    ['answers after AI_TIMEOUT_MS', () => (front.behaviour = 'slow')],
    ["answers vectors of another size than the listings'", () => (front.behaviour = 'wrong-size')],
  ])('answers with the local model when the endpoint %s', async (_what, breakEndpoint) => {
    breakEndpoint();
    await expectTheLocalAnswer(ctx.app);
  });
});

describe('GET /api/v1/listings/search — a kind a description names as what the listing is for, on a catalog of its own', () => {
  const own = ownCatalog();

  it('AI search for "slit lamp" answers the slit lamp as relevant, not a tonometer described "for mounting on a slit lamp"', async () => {
    const { ctx, buyer, seller } = own;
    const slitLamp = await createActiveListing(ctx.app, seller, {
      ...CATALOG[0]!,
      title: 'Haag-Streit BM 900 slit lamp',
      description: 'Slit lamp with the 900 series binocular. Pre-owned, serviced, new bulb.',
    });
    const tonometer = await createActiveListing(ctx.app, seller, {
      ...CATALOG[0]!,
      title: 'Haag-Streit AT 900 applanation tonometer',
      description: 'Applanation tonometer for mounting on a BQ/BM 900 slit lamp. Pre-owned, calibration arm included.',
    });
    const body = await searchBody(ctx.app, { query: 'slit lamp', use_rag: true }, buyer);
    const explanationOf = (id: string) => body.items.find((item) => item.id === id)?.rag_search_response?.relevance_explanation;
    expect(ids(body)[0]).toBe(slitLamp.id);
    expect(explanationOf(slitLamp.id)).toMatch(/^Relevant: /);
    expect(explanationOf(tonometer.id)).toMatch(/^(Somewhat|Not) relevant: /);
  });
});

describe('GET /api/v1/listings/search — a thing named after the kind it goes with, on a catalog of its own', () => {
  const own = ownCatalog();

  it('AI search for "EKG machine" answers the ECG machines as relevant, after them an "ECG chest strap"', async () => {
    const { ctx, buyer, seller } = own;
    const machines = [
      await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Philips PageWriter TC50 ECG',
        description: 'Resting 12-lead ECG with touch screen and interpretation. Pre-owned, tested.',
      }),
      await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Schiller Cardiovit AT-1 G2 3 channel ECG',
        description: 'Three channel resting ECG, thermal printer, patient cable included.',
      }),
    ];
    // The newest: among listings all found as relevant it would come first.
    const strap = await createActiveListing(ctx.app, seller, {
      ...CATALOG[0]!,
      title: 'Polar H10 heart rate sensor ECG chest strap',
      description: 'Heart rate sensor for training, with a soft chest strap. Bluetooth and ANT+.',
    });
    const body = await searchBody(ctx.app, { query: 'EKG machine', use_rag: true }, buyer);
    const explanationOf = (id: string) => body.items.find((item) => item.id === id)?.rag_search_response?.relevance_explanation;
    expect(ids(body).slice(0, 2).sort()).toEqual(machines.map((m) => m.id).sort());
    for (const machine of machines) expect(explanationOf(machine.id)).toMatch(/^Relevant: /);
    expect(explanationOf(strap.id) ?? 'Not relevant: not found').toMatch(/^(Somewhat|Not) relevant: /);
  });
});

describe('GET /api/v1/listings/search — a kind no family has, asked by a name the word model cannot know, on a catalog of its own', () => {
  const own = ownCatalog();
  const machines: string[] = [];
  let hardness = '';

  beforeAll(async () => {
    const { ctx, seller } = own;
    const titles = [
      ['Instron 5967 dual column universal testing system', '30 kN load cell, Bluehill 3 software, wedge grips.'],
      ['Instron 3369 50kN load frame', 'Dual column frame with compression platens. Some paint chips.'],
      ['Zwick Roell Z010 UTM 10kN', 'Table top machine, testXpert II, light use in a packaging lab.'],
    ];
    for (const [title, description] of titles) {
      machines.push((await createActiveListing(ctx.app, seller, { ...CATALOG[0]!, title: title!, description: description! })).id);
    }
    hardness = (
      await createActiveListing(ctx.app, seller, {
        ...CATALOG[0]!,
        title: 'Wilson Rockwell 574 twin hardness tester',
        description: 'Diamond and ball indenters, test blocks. Works fine.',
      })
    ).id;
  });

  it('AI search for "UTM" answers every universal testing machine, whatever name its title uses, before a hardness tester', async () => {
    const { ctx, buyer } = own;
    const body = await searchBody(ctx.app, { query: 'UTM', use_rag: true }, buyer);
    expect(ids(body).slice(0, 3).sort()).toEqual([...machines].sort());
    const frame = body.items.find((item) => item.id === machines[1]);
    expect(frame?.rag_search_response?.relevance_explanation).toBe('Relevant: "load frame" in the title.');
    if (ids(body).includes(hardness)) expect(ids(body).indexOf(hardness)).toBeGreaterThan(2);
  });

  it('plain and AI search for "EEG" where only an ECG is listed answer the empty state, not the ECG a letter away', async () => {
    const { ctx, buyer, seller } = own;
    await createActiveListing(ctx.app, seller, {
      ...CATALOG[0]!,
      title: 'Welch Allyn ELI 280 12-lead ECG',
      description: 'Resting electrocardiograph with cart and patient cable.',
    });
    for (const use_rag of [false, true]) {
      const body = await searchBody(ctx.app, { query: 'EEG', use_rag }, buyer);
      expect(body.items).toEqual([]);
      expect(body.total).toBe(0);
    }
  });

  it('AI search for "tensile tester" (the buyer\'s name for one) answers the same machines first', async () => {
    const { ctx, buyer } = own;
    const body = await searchBody(ctx.app, { query: 'tensile tester', use_rag: true }, buyer);
    expect(ids(body).slice(0, 3).sort()).toEqual([...machines].sort());
  });
});
