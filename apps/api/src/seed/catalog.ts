import { findCountry, findFamily, type Condition, type DurationMonths, type SpecificationsInput } from '@benchmarket/shared';
// The same calendar-month rule payments use to set a listing's expiry.
import { addMonths } from '../modules/listings/index.js';
import { CATALOG, CITIES, COMMON_SERVICE, COUNTRY_WEIGHTS, REASONS, SOURCES, type FamilyCatalog, type ModelLine } from './catalog-data.js';
import type { PhotoSubject } from './photos.js';
import { createRandom, type Random } from './random.js';
import { demoSpecifications } from './specifications.js';

/**
 * Turns the catalog data into listings. Deterministic: each listing draws from its own
 * generator seeded by its family and position, so titles, descriptions, prices, conditions
 * and countries are the same on every run; only the dates move with the base clock.
 */

export type DemoOwner = 'seller' | 'dealer';
/** Active listings are on sale; the others exist so the seller's dashboard shows every state. */
export type ListingState = 'active' | 'unpaid' | 'expired' | 'deleted';

export interface PlannedListing {
  /** Stable name of the listing in the catalog, e.g. 'centrifuges-03'. */
  key: string;
  owner: DemoOwner;
  state: ListingState;
  /** Taxonomy family id. */
  category: string;
  manufacturer: string;
  model: string;
  title: string;
  description: string;
  priceCents: number;
  condition: Condition;
  /** Canonical country name and its ISO code. */
  location: string;
  locationCode: string;
  durationMonths: DurationMonths;
  createdAt: Date;
  expiryDate: Date | null;
  /** When the listing was removed (state 'deleted'). */
  deletedAt: Date | null;
  photo: PhotoSubject;
  /** Issue 15: maker, model, year, hours, warranty, shipping, regulatory facts, decontamination. */
  specifications: SpecificationsInput;
}

/** Years of manufacture are drawn up to this year, so titles do not change with the calendar. */
const CATALOG_YEAR = 2025;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** spec §4: 'Expires soon' within 7 days; every EXPIRES_SOON_EVERY-th active listing is in that window. */
const EXPIRES_SOON_EVERY = 30;
const SELLER_SHARE = 0.45;

const CONDITION_WEIGHTS: Readonly<Record<DemoOwner, readonly (readonly [Condition, number])[]>> = {
  // A lab clearing its own surplus: mostly used, some unused, some broken.
  seller: [
    ['new', 3],
    ['new-other', 12],
    ['certified-refurbished', 3],
    ['excellent-refurbished', 5],
    ['very-good-refurbished', 6],
    ['good-refurbished', 6],
    ['seller-refurbished', 14],
    ['pre-owned', 38],
    ['for-parts', 13],
  ],
  // A dealer: refurbished stock and new units.
  dealer: [
    ['new', 16],
    ['new-other', 7],
    ['certified-refurbished', 20],
    ['excellent-refurbished', 16],
    ['very-good-refurbished', 14],
    ['good-refurbished', 9],
    ['seller-refurbished', 3],
    ['pre-owned', 12],
    ['for-parts', 3],
  ],
};

/** Asking price as a share of the new list price. */
const PRICE_FACTORS: Readonly<Record<Condition, readonly [number, number]>> = {
  new: [0.9, 1],
  'new-other': [0.72, 0.86],
  'certified-refurbished': [0.52, 0.66],
  'excellent-refurbished': [0.45, 0.58],
  'very-good-refurbished': [0.38, 0.5],
  'good-refurbished': [0.3, 0.42],
  'seller-refurbished': [0.28, 0.4],
  'pre-owned': [0.2, 0.36],
  'for-parts': [0.04, 0.1],
};

const DURATION_WEIGHTS: readonly (readonly [DurationMonths, number])[] = [
  [1, 25],
  [3, 35],
  [6, 25],
  [12, 15],
];

const COSMETIC_GRADE: Partial<Record<Condition, string>> = {
  'certified-refurbished': 'like-new',
  'excellent-refurbished': 'excellent',
  'very-good-refurbished': 'very good',
  'good-refurbished': 'good',
};

const WARRANTY_MONTHS: Partial<Record<Condition, readonly number[]>> = {
  'certified-refurbished': [12, 24],
  'excellent-refurbished': [12],
  'very-good-refurbished': [6, 12],
  'good-refurbished': [3, 6],
};

// ── Text helpers ──────────────────────────────────────────────────────────────

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A word keeps its case when it is an acronym, a model code or a letter ('CO2', 'HPLC', 'MediLine', 'B'). */
function inlineWord(word: string): string {
  const capitals = word.match(/[A-Z]/g)?.length ?? 0;
  return /\d/.test(word) || capitals > 1 || /^[A-Z]$/.test(word) ? word : word.toLowerCase();
}

/** 'Refrigerated Benchtop Centrifuge' → 'refrigerated benchtop centrifuge', for use inside a sentence. */
function inline(kind: string): string {
  return kind
    .split(' ')
    .map((word) =>
      word
        .split('/')
        .map((part) => part.split('-').map(inlineWord).join('-'))
        .join('/'),
    )
    .join(' ');
}

/** 'a, b, and c' (the serial comma keeps items that contain 'and' apart). */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  if (items.length === 2) return `${items[0]} and ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

const COUNTRIES_WITH_THE = new Set(['US', 'GB', 'NL', 'AE', 'CZ']);
function countryInText(code: string, name: string): string {
  if (code === 'CZ') return 'the Czech Republic';
  return COUNTRIES_WITH_THE.has(code) ? `the ${name}` : name;
}

function fill(template: string, n: number, year: number): string {
  return template.replace('{n}', n.toLocaleString('en-US')).replace('{year}', String(year));
}

// ── One listing ───────────────────────────────────────────────────────────────

interface Draft {
  family: FamilyCatalog;
  model: ModelLine;
  owner: DemoOwner;
  condition: Condition;
  countryCode: string;
  countryName: string;
  city: string;
  year: number;
}

function draftListing(family: FamilyCatalog, model: ModelLine, rng: Random, owner?: DemoOwner, condition?: Condition): Draft {
  const chosenOwner: DemoOwner = owner ?? (rng.chance(SELLER_SHARE) ? 'seller' : 'dealer');
  let chosenCondition = rng.weighted(CONDITION_WEIGHTS[chosenOwner]);
  if (condition) chosenCondition = condition;
  // A discontinued line is not sold new; an unused unit is new old stock.
  if (model.current === false && chosenCondition === 'new') chosenCondition = 'new-other';
  const countryCode = rng.weighted(COUNTRY_WEIGHTS);
  const country = findCountry(countryCode);
  if (!country) throw new Error(`unknown country code ${countryCode}`);
  const city = rng.pick(CITIES[countryCode] ?? [country.name]);
  const year = rng.int(Math.max(model.since, CATALOG_YEAR - 12), CATALOG_YEAR - 1);
  return { family, model, owner: chosenOwner, condition: chosenCondition, countryCode, countryName: country.name, city, year };
}

function titleCandidates(d: Draft, rng: Random): string[] {
  const base = `${d.model.manufacturer} ${d.model.model} ${d.model.kind}`;
  const year = `${base} (${d.year})`;
  const byCondition: Record<Condition, string[]> = {
    new: [base, `${base} – New`, `New ${base}`],
    'new-other': [base, `${base} – New, Open Box`, `${base} (Unused)`],
    'certified-refurbished': [`${base} – Certified Refurbished`, `Certified Refurbished ${base}`, base],
    'excellent-refurbished': [`Refurbished ${base}`, `${base}, Refurbished`, base, year],
    'very-good-refurbished': [`Refurbished ${base}`, `${base}, Refurbished`, base, year],
    'good-refurbished': [`Refurbished ${base}`, `${base}, Refurbished`, year],
    'seller-refurbished': [base, `${base} – Serviced`, year],
    'pre-owned': [base, year, `Used ${base}`],
    'for-parts': [`${base} – For Parts or Repair`, `${base} (For Parts)`],
  };
  const options = byCondition[d.condition];
  const first = rng.int(0, options.length - 1);
  // The drawn one first, then the others as fallbacks for uniqueness.
  return [...options.slice(first), ...options.slice(0, first), year, `${year} – Unit 2`, `${year} – Unit 3`];
}

function opener(d: Draft, rng: Random): string {
  const what = `${d.model.manufacturer} ${d.model.model} ${inline(d.model.kind)}`;
  const source = rng.pick(SOURCES[d.family.sector]);
  const reason = rng.pick(REASONS);
  const grade = COSMETIC_GRADE[d.condition] ?? 'good';
  switch (d.condition) {
    case 'new':
      return rng.pick([
        `Brand-new ${what}, still in the original factory packaging.`,
        `New ${what} from current stock, never installed.`,
        `New ${what}, shipped direct from our warehouse in ${d.city}.`,
      ]);
    case 'new-other':
      return rng.pick([
        `New, never-used ${what}; the box was opened for inspection only.`,
        `Open-box ${what}, unused surplus from ${source}.`,
        `Unused ${what} bought by ${source} for a project that never started.`,
      ]);
    case 'certified-refurbished':
      return rng.pick([
        `Certified refurbished ${what}, restored to factory specifications by a manufacturer-trained engineer.`,
        `${what}, certified refurbished and tested against the manufacturer's acceptance criteria.`,
      ]);
    case 'excellent-refurbished':
    case 'very-good-refurbished':
    case 'good-refurbished':
      return rng.pick([
        `Refurbished ${what} (${d.year}) in ${grade} cosmetic condition, from ${source}.`,
        `${what}, refurbished in our ${d.city} workshop; cosmetically ${grade}.`,
      ]);
    case 'seller-refurbished':
      return rng.pick([
        `${what} from ${source}, serviced and refurbished by our own technicians.`,
        `Seller-refurbished ${what} (${d.year}), cleaned, serviced and tested in-house.`,
      ]);
    case 'pre-owned':
      return rng.pick([
        `Pre-owned ${what} from ${source} ${reason}.`,
        `${what} (${d.year}), used by ${source} and working well.`,
        `Used ${what}, removed from ${source} ${reason}.`,
      ]);
    case 'for-parts':
      return rng.pick([`${what} (${d.year}) sold for parts or repair.`, `For parts or repair: ${what} from ${source}.`]);
  }
}

function specsSentence(d: Draft, rng: Random): string {
  const count = Math.min(
    d.model.specs.length,
    rng.weighted([
      [1, 2],
      [2, 5],
      [3, 2],
    ] as const),
  );
  const specs = rng.sample(d.model.specs, count);
  const [a = '', b = ''] = specs;
  if (specs.length === 1) return rng.pick([`Key specification: ${a}.`, `Notable: ${a}.`]);
  return rng.pick([
    `Specifications: ${specs.join('; ')}.`,
    `Key features: ${specs.join(', ')}.`,
    `Highlights include ${listOf(specs)}.`,
    `Highlights: ${a}; also ${listOf(specs.slice(1)) || b}.`,
  ]);
}

function usageFigure(d: Draft, rng: Random): string {
  const figure = rng.pick(d.family.usage);
  const n = Math.round(rng.int(figure.min, figure.max) / figure.step) * figure.step;
  return fill(figure.text, Math.max(n, figure.step), d.year);
}

function conditionSentence(d: Draft, rng: Random): string {
  // Comma-separated: service steps often contain 'and' themselves.
  const serviceList = () => [...rng.sample(d.family.service, rng.int(2, 3)), rng.pick(COMMON_SERVICE[d.family.sector])].join(', ');
  switch (d.condition) {
    case 'new':
      return rng.pick([
        `Full ${rng.pick([12, 24])}-month manufacturer warranty from delivery.`,
        `Delivered with the factory calibration certificate and the full manufacturer warranty.`,
        `Sealed in the original crate; installation and training can be arranged.`,
      ]);
    case 'new-other':
      return rng.pick([
        `Never put into service; the remaining manufacturer warranty transfers to the buyer.`,
        `Powered on once for an incoming check, then stored in a climate-controlled room.`,
        `Unused, with all original packaging and paperwork.`,
      ]);
    case 'certified-refurbished':
    case 'excellent-refurbished':
    case 'very-good-refurbished':
    case 'good-refurbished': {
      const warranty = rng.pick(WARRANTY_MONTHS[d.condition] ?? [6]);
      return rng.pick([
        `Refurbishment: ${serviceList()}; ${warranty}-month warranty.`,
        `Work done: ${serviceList()}; covered by a ${warranty}-month parts-and-labor warranty.`,
      ]);
    }
    case 'seller-refurbished':
      return rng.pick([
        `Serviced in-house: ${serviceList()}; 30-day return window.`,
        `In-house service: ${serviceList()}; sold with a 90-day warranty.`,
      ]);
    case 'pre-owned': {
      const state =
        d.family.sector === 'medical'
          ? rng.pick([
              'passed a biomedical safety check before listing',
              'working when removed from service',
              'powers on and passes its self-test',
            ])
          : rng.pick([
              'tested and fully working',
              'powers on and passes its self-test',
              'working when removed from service',
              'runs quietly with no error codes',
            ]);
      const cosmetic = rng.pick([
        'light cosmetic wear',
        'a few scratches on the side panels',
        'minor marks on the housing',
        'clean, with normal signs of use',
      ]);
      return `${capitalize(usageFigure(d, rng))}; ${state}, ${cosmetic}.`;
    }
    case 'for-parts': {
      const fault = rng.pick(d.family.faults);
      return rng.pick([
        `${capitalize(fault)}; sold as-is for parts or repair, no returns.`,
        `Known issue: ${fault}; not tested further, sold as-is.`,
      ]);
    }
  }
}

function includesSentence(d: Draft, rng: Random): string {
  if (d.condition === 'for-parts') {
    return rng.pick(['Sold as pictured, without accessories.', `Comes with ${rng.pick(d.family.includes)} only.`]);
  }
  const items = [...(d.model.includes ?? []), ...rng.sample(d.family.includes, rng.int(1, 2))];
  return rng.pick([`Included: ${listOf(items)}.`, `Comes with ${listOf(items)}.`, `Supplied with ${listOf(items)}.`]);
}

function usesSentence(d: Draft, rng: Random): string {
  const [a = '', b = ''] = rng.sample(d.family.uses, 2);
  return rng.pick([`Well suited to ${a} and ${b}.`, `Ideal for ${a}.`, `A good fit for ${a} or ${b}.`]);
}

function shippingSentence(d: Draft, rng: Random): string {
  const where = d.city;
  const options: Record<FamilyCatalog['freight'], string[]> = {
    parcel: [
      `Ships double-boxed by insured courier from ${where}.`,
      `Ships from ${where} within two business days.`,
      `Free shipping within ${countryInText(d.countryCode, d.countryName)}; international freight at cost.`,
    ],
    pallet: [
      `Ships palletized from ${where}; liftgate delivery available.`,
      `Crated and palletized in ${where}; freight quoted on request.`,
      `Local pickup in ${where} welcome, or we arrange palletized freight.`,
    ],
    crate: [
      `Located in ${where}; de-installation, crating and freight can be quoted.`,
      `Professional crating and freight from ${where} available at cost; installation by a field engineer on request.`,
    ],
  };
  const choices = [...options[d.family.freight]];
  if (d.family.sector === 'medical') {
    choices.push(`Located in ${where}; sold to licensed healthcare facilities and professionals only.`);
  }
  return rng.pick(choices);
}

/** 2–5 sentences: what it is, its specs, its condition, what comes with it, how it ships. */
function describe(d: Draft, rng: Random): string {
  const sentences = [opener(d, rng)];
  const specs = rng.chance(0.85) ? specsSentence(d, rng) : undefined;
  const condition = conditionSentence(d, rng);
  const includes = rng.chance(0.55) ? includesSentence(d, rng) : undefined;
  const uses = rng.chance(0.3) ? usesSentence(d, rng) : undefined;
  const shipping = rng.chance(0.7) ? shippingSentence(d, rng) : undefined;
  if (specs) sentences.push(specs);
  sentences.push(condition);
  if (includes) sentences.push(includes);
  if (uses && sentences.length < 4) sentences.push(uses);
  if (shipping) sentences.push(shipping);
  return sentences.slice(0, 5).join(' ');
}

/** Integer cents: a share of the list price by condition, rounded the way sellers round. */
function askingPriceCents(d: Draft, rng: Random): number {
  const [low, high] = PRICE_FACTORS[d.condition];
  let price = d.model.listPrice * rng.between(low, high);
  const oldLine = d.model.current === false || d.model.since < 2010;
  if (oldLine && d.condition !== 'new' && d.condition !== 'new-other') price *= 0.8;
  const typicalMin = findFamily(d.family.id)?.typicalPriceRange[0] ?? 0;
  price = Math.max(price, typicalMin);
  const charm = rng.chance(0.3);
  const step = price < 1000 ? 5 : price < 10_000 ? 50 : price < 100_000 ? 100 : 500;
  let rounded = Math.max(step, Math.round(price / step) * step);
  // Some sellers price just under a round figure: 2,299 or 45,999.
  if (charm && price >= 1000 && price < 100_000) {
    const round = price < 10_000 ? 100 : 1000;
    rounded = Math.ceil(price / round) * round - 1;
  }
  return rounded * 100;
}

interface Dates {
  durationMonths: DurationMonths;
  createdAt: Date;
  expiryDate: Date;
}

/**
 * Created within the last 60 days, expiring in the future. The draws do not depend on `now`,
 * so the rest of the catalog is the same whatever the date.
 */
function activeDates(rng: Random, now: Date, expiresSoon: boolean): Dates {
  const durationMonths = rng.weighted(DURATION_WEIGHTS);
  const ageFraction = rng.next();
  const soonFraction = rng.next();
  if (expiresSoon) {
    // spec §4: 'Expires soon' within 7 days — between 1 and 6 days from now.
    const expiryDate = new Date(now.getTime() + Math.round(((1 + soonFraction * 5) * DAY_MS) / MINUTE_MS) * MINUTE_MS);
    return { durationMonths: 1, createdAt: addMonths(expiryDate, -1), expiryDate };
  }
  // A one-month listing is at most 20 days old, so it still has more than a week to run.
  const maxAgeDays = durationMonths === 1 ? 20 : 60;
  const ageMinutes = Math.round((ageFraction * maxAgeDays * DAY_MS) / MINUTE_MS);
  const createdAt = new Date(now.getTime() - Math.max(30, ageMinutes) * MINUTE_MS);
  return { durationMonths, createdAt, expiryDate: addMonths(createdAt, durationMonths) };
}

function photoOf(d: Draft): PhotoSubject {
  return {
    illustration: d.family.illustration,
    color: d.family.color,
    familyName: findFamily(d.family.id)?.name ?? d.family.id,
    manufacturer: d.model.manufacturer,
    model: d.model.model,
  };
}

function finish(
  key: string,
  d: Draft,
  rng: Random,
  titles: Set<string>,
  state: ListingState,
  dates: { durationMonths: DurationMonths; createdAt: Date; expiryDate: Date | null; deletedAt?: Date },
): PlannedListing {
  const candidates = titleCandidates(d, rng);
  const title = candidates.find((t) => !titles.has(t)) ?? `${candidates[0]} – ${key}`;
  titles.add(title);
  const description = describe(d, rng);
  const priceCents = askingPriceCents(d, rng);
  const specifications = demoSpecifications({ ...d, description, createdAt: dates.createdAt }, createRandom(`${key}/specs`), CATALOG_YEAR);
  return {
    key,
    owner: d.owner,
    state,
    category: d.family.id,
    manufacturer: d.model.manufacturer,
    model: d.model.model,
    title,
    description,
    priceCents,
    condition: d.condition,
    location: d.countryName,
    locationCode: d.countryCode,
    durationMonths: dates.durationMonths,
    createdAt: dates.createdAt,
    expiryDate: dates.expiryDate,
    deletedAt: dates.deletedAt ?? null,
    photo: photoOf(d),
    specifications,
  };
}

function familyOf(id: string): FamilyCatalog {
  const family = CATALOG.find((f) => f.id === id);
  if (!family) throw new Error(`no catalog family ${id}`);
  return family;
}

function modelOf(family: FamilyCatalog, model: string): ModelLine {
  const line = family.models.find((m) => m.model === model);
  if (!line) throw new Error(`no model ${model} in ${family.id}`);
  return line;
}

/** The whole demo catalog, dated relative to `now`: active listings first, then the seller's others. */
export function buildDemoCatalog(now: Date): PlannedListing[] {
  const titles = new Set<string>();
  const out: PlannedListing[] = [];
  let position = 0;
  for (const family of CATALOG) {
    for (let i = 0; i < family.listings; i++) {
      const key = `${family.id}-${String(i + 1).padStart(2, '0')}`;
      const rng = createRandom(key);
      const model = family.models[i % family.models.length];
      if (!model) throw new Error(`family ${family.id} has no models`);
      const draft = draftListing(family, model, rng);
      const dates = activeDates(createRandom(`${key}/dates`), now, position % EXPIRES_SOON_EVERY === 11);
      out.push(finish(key, draft, rng, titles, 'active', dates));
      position += 1;
    }
  }

  // The demo seller's listings in the other dashboard states (spec §4: row actions).
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * MINUTE_MS);
  const sellerListing = (
    key: string,
    listed: { family: string; model: string; condition: Condition; state: ListingState },
    dates: Parameters<typeof finish>[5],
  ): PlannedListing => {
    const family = familyOf(listed.family);
    const draft = draftListing(family, modelOf(family, listed.model), createRandom(key), 'seller', listed.condition);
    return finish(key, draft, createRandom(`${key}/text`), titles, listed.state, dates);
  };
  out.push(
    sellerListing(
      'seller-unpaid',
      { family: 'centrifuges', model: '5424R', condition: 'pre-owned', state: 'unpaid' },
      { durationMonths: 3, createdAt: minutesAgo(2 * 24 * 60 + 95), expiryDate: null },
    ),
  );
  const expiredCreated = addMonths(minutesAgo(6 * 24 * 60 + 20), -1);
  out.push(
    sellerListing(
      'seller-expired',
      { family: 'microscopes', model: 'CX23', condition: 'seller-refurbished', state: 'expired' },
      { durationMonths: 1, createdAt: expiredCreated, expiryDate: addMonths(expiredCreated, 1) },
    ),
  );
  const deletedCreated = minutesAgo(21 * 24 * 60 + 300);
  out.push(
    sellerListing(
      'seller-deleted',
      { family: 'incubators', model: 'Heratherm IMC18', condition: 'pre-owned', state: 'deleted' },
      { durationMonths: 3, createdAt: deletedCreated, expiryDate: addMonths(deletedCreated, 3), deletedAt: minutesAgo(9 * 24 * 60 + 40) },
    ),
  );
  return out;
}
