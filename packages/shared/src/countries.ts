/**
 * The country list for a listing's location (spec §3: name, ISO code, flag; about 249
 * entries). Built from the data of `i18n-iso-countries` — only its English names and its
 * code table are imported (plain JSON), so the browser bundle carries no other locale and
 * no CommonJS runtime.
 */
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import codes from 'i18n-iso-countries/codes.json' with { type: 'json' };

export interface Country {
  /** Short common English name, e.g. 'United States'. */
  name: string;
  /** ISO 3166-1 alpha-2 code, e.g. 'US'. */
  code: string;
  /** Flag emoji built from the code's regional indicator symbols, e.g. '🇺🇸'. */
  flag: string;
}

/**
 * Names that read better than the package's first (official) form. Where the package has
 * an alias list we pick from it; the rest are the names people use in English. Every name
 * the package knows stays a lookup alias.
 */
const PREFERRED_NAMES: Readonly<Record<string, string>> = {
  BN: 'Brunei',
  CI: "Côte d'Ivoire",
  CN: 'China',
  CZ: 'Czechia',
  FK: 'Falkland Islands',
  FM: 'Micronesia',
  GM: 'Gambia',
  IR: 'Iran',
  LA: 'Laos',
  MD: 'Moldova',
  MK: 'North Macedonia',
  PN: 'Pitcairn Islands',
  PS: 'Palestine',
  RE: 'Réunion',
  RU: 'Russia',
  SY: 'Syria',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  US: 'United States',
  VA: 'Vatican City',
  VG: 'British Virgin Islands',
  VI: 'U.S. Virgin Islands',
};

/** Common English (and a few native) names the package does not list. */
const EXTRA_ALIASES: Readonly<Record<string, readonly string[]>> = {
  US: ['America', 'United States of America', 'USA', 'US', 'U.S.', 'U.S.A.'],
  GB: ['UK', 'U.K.', 'Britain', 'Great Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  DE: ['Deutschland'],
  NL: ['Holland'],
  KR: ['Korea'],
  CD: ['DR Congo', 'DRC', 'Congo-Kinshasa'],
  CG: ['Congo-Brazzaville'],
  MM: ['Burma'],
  SZ: ['Swaziland'],
  MK: ['Macedonia'],
  CV: ['Cabo Verde'],
  TL: ['East Timor'],
  VN: ['Viet Nam'],
  VA: ['Vatican', 'Holy See'],
  TR: ['Turkey'],
  AE: ['Emirates'],
  CH: ['Schweiz', 'Suisse'],
  ES: ['España'],
  MX: ['México'],
};

type CodeRow = readonly string[];
type NameEntry = string | readonly string[];

const namesByCode = en.countries as Readonly<Record<string, NameEntry>>;

/** Key for case-, accent- and punctuation-insensitive lookup. */
function lookupKey(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[.']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^the /, '');
}

/** '🇺🇸' from 'US': each letter maps to its regional indicator symbol. */
function flagOf(alpha2: string): string {
  return String.fromCodePoint(
    ...alpha2
      .toUpperCase()
      .split('')
      .map((c) => 0x1f1e6 + c.charCodeAt(0) - 65),
  );
}

function allNames(entry: NameEntry): readonly string[] {
  return typeof entry === 'string' ? [entry] : entry;
}

const alpha3ToAlpha2 = new Map<string, string>();
const built: Country[] = [];
for (const row of codes as readonly CodeRow[]) {
  const [alpha2, alpha3] = row;
  if (!alpha2 || !alpha3) continue;
  const entry = namesByCode[alpha2];
  if (entry === undefined) continue;
  const name = PREFERRED_NAMES[alpha2] ?? allNames(entry)[0] ?? alpha2;
  alpha3ToAlpha2.set(alpha3, alpha2);
  built.push({ name, code: alpha2, flag: flagOf(alpha2) });
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });
built.sort((a, b) => collator.compare(a.name, b.name));

/** Every country, sorted by name. */
export const COUNTRIES: readonly Readonly<Country>[] = Object.freeze(built.map((c) => Object.freeze(c)));

const byCode = new Map<string, Readonly<Country>>(COUNTRIES.map((c) => [c.code, c]));

// Lookup by name: canonical names first, then the package's names, then our aliases,
// each only where the key is still free (so 'Congo' stays the Republic of the Congo).
const byName = new Map<string, Readonly<Country>>();
function addName(name: string, country: Readonly<Country>): void {
  const key = lookupKey(name);
  if (key && !byName.has(key)) byName.set(key, country);
}
for (const c of COUNTRIES) addName(c.name, c);
// In the package's own order, so a shared short name goes to the first holder.
for (const [alpha2, entry] of Object.entries(namesByCode)) {
  const c = byCode.get(alpha2);
  if (c) for (const n of allNames(entry)) addName(n, c);
}
for (const [code, aliases] of Object.entries(EXTRA_ALIASES)) {
  const c = byCode.get(code);
  if (c) for (const a of aliases) addName(a, c);
}

/**
 * The country for a name (any case, accents optional, common aliases such as 'UK' or
 * 'USA') or an ISO 3166-1 alpha-2 / alpha-3 code; undefined when there is none.
 */
export function findCountry(input: string | null | undefined): Readonly<Country> | undefined {
  if (typeof input !== 'string') return undefined;
  const key = lookupKey(input);
  if (!key) return undefined;
  const named = byName.get(key);
  if (named) return named;
  const upper = key.toUpperCase();
  if (/^[A-Z]{2}$/.test(upper)) return byCode.get(upper);
  if (/^[A-Z]{3}$/.test(upper)) {
    const alpha2 = alpha3ToAlpha2.get(upper);
    return alpha2 ? byCode.get(alpha2) : undefined;
  }
  return undefined;
}

/** The flag emoji of a country given by name or code; undefined when unknown. */
export function countryFlag(nameOrCode: string | null | undefined): string | undefined {
  return findCountry(nameOrCode)?.flag;
}

/** The canonical name of a country given by name or code; undefined when unknown. */
export function countryName(nameOrCode: string | null | undefined): string | undefined {
  return findCountry(nameOrCode)?.name;
}
