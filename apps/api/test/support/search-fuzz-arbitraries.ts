import { CONDITIONS, LOCATION_MAX_LENGTH, SEARCH_QUERY_MAX_LENGTH, SEARCH_SORTS, SHIPPING_OPTIONS, WARRANTIES } from '@benchmarket/shared';
import fc from 'fast-check';
import { CATALOG } from '../../src/seed/catalog-data.js';

/**
 * fast-check arbitraries for the search fuzz test (search-fuzz.test.ts): what people type
 * into the search box — catalog words, misspellings, full-text operators, quotes, prices,
 * model numbers, every kind of Unicode — and the filters beside it, as the query string
 * carries them (text; `undefined` leaves the parameter out).
 */

export interface SearchInput {
  query?: string;
  min_price?: string;
  max_price?: string;
  condition?: string;
  location?: string;
  manufacturer?: string;
  year_from?: string;
  year_to?: string;
  warranty?: string;
  shipping?: string;
  /** Issue 16: the order. */
  sort?: string;
  page?: string;
}

/** Searches that once failed or that people type every day: each must answer 200 in both modes. */
export const KNOWN_REGRESSIONS: readonly string[] = [
  'I need something to spin blood samples in a small clinic',
  'blood',
  'operating room lamp',
  'theatre lamp',
  'c++',
  '100%',
  'emoji 🧪',
  'microtome',
  'surgical lamp',
  'hospital bed',
  '!',
  '&&',
  '"',
  '-',
  '(',
  '<->',
  ':*',
];

// ── Words ───────────────────────────────────────────────────────────────────

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Words of the demo catalog the test database holds: makers, models, kinds, specifications. */
const CATALOG_WORDS: readonly string[] = [
  ...new Set(
    CATALOG.flatMap((family) =>
      family.models.flatMap((model) => [
        model.manufacturer,
        ...words(model.manufacturer),
        model.model,
        ...words(model.kind),
        ...model.specs.flatMap(words),
      ]),
    ),
  ),
];

const MANUFACTURERS: readonly string[] = [...new Set(CATALOG.flatMap((family) => family.models.map((model) => model.manufacturer)))];

const CATALOG_MODELS: readonly string[] = [...new Set(CATALOG.flatMap((family) => family.models.map((model) => model.model)))];

/** How buyers name equipment, in and out of the catalog, with abbreviations and plurals. */
const EQUIPMENT_WORDS: readonly string[] = [
  'centrifuge',
  'centrifuges',
  'microcentrifuge',
  'rotor',
  'pcr',
  'qpcr',
  'rt-pcr',
  'thermal cycler',
  'thermocycler',
  'microscope',
  'confocal',
  'autoclave',
  'sterilizer',
  'steriliser',
  'incubator',
  'co2 incubator',
  'freezer',
  'ult',
  '-80',
  '-80°C',
  'fridge',
  'refrigerator',
  'biosafety cabinet',
  'bsc',
  'fume hood',
  'laminar flow',
  'hplc',
  'uhplc',
  'mass spec',
  'lc-ms',
  'spectrophotometer',
  'nanodrop',
  'plate reader',
  'pipette',
  'pipettes',
  'balance',
  'scale',
  'ph meter',
  'shaker',
  'vortex',
  'water bath',
  'sonicator',
  'homogenizer',
  'flow cytometer',
  'cell counter',
  'ultrasound',
  'ventilator',
  'defibrillator',
  'aed',
  'patient monitor',
  'ecg',
  'ekg',
  'infusion pump',
  'syringe pump',
  'anesthesia machine',
  'anaesthesia',
  'x-ray',
  'c-arm',
  'mri',
  'ct scanner',
  'dental chair',
  'hospital bed',
  'stretcher',
  'wheelchair',
  'surgical lamp',
  'operating table',
  'electrosurgical unit',
  'microtome',
  'cryostat',
  'blood',
  'serum',
  'plasma',
  'samples',
  'lab',
  'clinic',
  'hospital',
  'refurbished',
  'used',
  'new',
  'cheap',
  'bargain',
];

const ENGLISH_WORDS: readonly string[] = [
  'I',
  'need',
  'something',
  'to',
  'spin',
  'for',
  'my',
  'small',
  'large',
  'quiet',
  'fast',
  'cold',
  'warm',
  'good',
  'working',
  'broken',
  'looking',
  'want',
  'buy',
  'sell',
  'with',
  'without',
  'near',
  'me',
  'please',
  'best',
  'price',
  'condition',
  'shipping',
  'europe',
  'germany',
  'usa',
  'uk',
  'london',
  'berlin',
  'tokyo',
  'water',
  'light',
  'table',
  'machine',
  'device',
  'equipment',
  'unit',
  'system',
  'kit',
  'parts',
  'repair',
  'spare',
  'room',
  'operating',
  'theatre',
  'theater',
  'lamp',
  'bed',
  'chair',
  'cat',
  'pizza',
  'bicycle',
  'banana',
  'quantum',
  'xyzzy',
  'asdfgh',
];

const BRANDS_OUTSIDE: readonly string[] = [
  'Siemens',
  'GE',
  'GE Healthcare',
  'Philips',
  'Beckman Coulter',
  'Sartorius',
  'Mettler Toledo',
  'Olympus',
  'Zeiss',
  'Nikon',
  'Leica',
  'Bio-Rad',
  'Agilent',
  'Waters',
  'Shimadzu',
  'Roche',
  'Abbott',
  'Medtronic',
  'Dräger',
  'Stryker',
  'Hill-Rom',
  "O'Brien",
  'Johnson & Johnson',
  'AT&T',
  'Apple',
  'Nike',
  'IKEA',
];

const STOP_WORDS: readonly string[] = [
  'the',
  'a',
  'an',
  'of',
  'and',
  'or',
  'OR',
  'Or',
  'AND',
  'not',
  'NOT',
  'in',
  'is',
  'to',
  'it',
  'be',
  'on',
];

/** Full-text query syntax (to_tsquery and websearch_to_tsquery) and its near relatives. */
const OPERATORS: readonly string[] = [
  '&',
  '|',
  '!',
  ':',
  '*',
  '(',
  ')',
  '<->',
  '<2>',
  '<0>',
  '<-1>',
  '<99999>',
  '&&',
  '||',
  '!!',
  ':*',
  ':A',
  ':*AB',
  ':D',
  "'",
  '"',
  '\\',
  '-',
  '--',
  '+',
  '~',
  '^',
  '%',
  '_',
  '$',
  '@',
  '#',
  '=',
  '<',
  '>',
  '<=',
  '>=',
  '/',
  '?',
  ';',
  ',',
  '.',
  '...',
  '[',
  ']',
  '{',
  '}',
  '`',
  'or',
  'OR',
  '-or',
  'and',
  'AND',
  'not',
  'NOT',
];

const MODEL_NUMBERS: readonly string[] = [
  '5810R',
  'X1R',
  'RM2235',
  'TSX600',
  'C1000',
  'MX450',
  '5424R',
  'CX23',
  'A-4-81',
  'FA-45-24-11',
  'T100',
  'DW-86L728J',
  '3870ELV',
  'IMC18',
  'QuantStudio 5',
  'Legend X1R',
  'ABC-123/4',
  '12.5.7',
  'v2.0',
  'MK-II',
  'No.5',
  '#42',
];

const PRICE_PHRASES: readonly string[] = [
  '$5k',
  '$5K',
  '5k',
  '$5,000',
  '$5000',
  '5000$',
  '€500',
  '£1,200.50',
  '¥100000',
  'under 5000',
  'under $5k',
  'below 2k',
  'less than 3000',
  'over 10k',
  'above $1,000',
  'between 1k and 3k',
  '1k-3k',
  '$1k–$3k',
  '1k - 3k',
  '1000-3000',
  '5k-',
  '-5k',
  'max 300',
  'up to 2500',
  '<5000',
  '>=1000',
  '1e3',
  '0',
  '00000',
  '0.5',
  '.5',
  '5.',
  '99999999999999999999',
  '1e308',
  '-1',
  'cheap',
  'free',
  'budget 5k',
  'under 1m',
  '$0',
  '$',
  'k',
];

const UNICODE_SAMPLES: readonly string[] = [
  '离心机',
  '显微镜',
  '遠心分離機',
  'センチフュージ',
  '원심분리기',
  'جهاز طرد مركزي',
  'مجهر',
  'צנטריפוגה',
  'מיקרוסקופ',
  'центрифуга',
  'Zentrifuge',
  'Kühlschrank',
  'éprouvette',
  'e\u0301',
  'c\u0336e\u0336n\u0336',
  'a\u0300\u0301\u0302\u0303\u0304',
  '👩‍🔬',
  '🧑🏽‍⚕️',
  '👨‍👩‍👧‍👦',
  '🧪',
  '🔬',
  '💉',
  '🩺',
  '🇩🇪',
  '🏳️‍🌈',
  '\u200b',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202e',
  '\u2066',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\u0000',
  'a\u0000b',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u2029',
  'ﬁ',
  'ß',
  'İ',
  'ǅ',
  'ＰＣＲ',
  '𝐏𝐂𝐑',
  'Ⅻ',
  '²',
  '½',
  '°C',
  'µL',
  '×',
  '–',
  '—',
  '…',
  '“quoted”',
  '‘single’',
  '«guillemets»',
  '„low“',
  '＂',
  '＆',
  '｜',
  '！',
  '（',
  '）',
  '😀😃😄',
];

const WHITESPACE: readonly string[] = [' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u3000', '\u2003', '\u200b', '\ufeff', '\u000b', '\u000c'];

// ── Query pieces ────────────────────────────────────────────────────────────

const pick = (list: readonly string[]) => fc.constantFrom(...list);

const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789-'.split('');

/** A word with one typo: a letter dropped, two swapped, one inserted, doubled or replaced. */
function misspelt(word: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(word, fc.nat(), fc.constantFrom('drop', 'swap', 'insert', 'double', 'replace'), fc.constantFrom(...LETTERS))
    .map(([text, n, edit, letter]) => {
      if (text.length === 0) return letter;
      const i = n % text.length;
      switch (edit) {
        case 'drop':
          return text.slice(0, i) + text.slice(i + 1);
        case 'swap':
          return i + 1 < text.length ? text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2) : text.slice(0, i) + letter;
        case 'insert':
          return text.slice(0, i) + letter + text.slice(i);
        case 'double':
          return text.slice(0, i) + text[i] + text.slice(i);
        default:
          return text.slice(0, i) + letter + text.slice(i + 1);
      }
    });
}

const knownWord = fc.oneof(pick(CATALOG_WORDS), pick(EQUIPMENT_WORDS), pick(MANUFACTURERS));
const anyWord = fc.oneof(
  { arbitrary: knownWord, weight: 6 },
  { arbitrary: pick(ENGLISH_WORDS), weight: 3 },
  { arbitrary: pick(BRANDS_OUTSIDE), weight: 2 },
  { arbitrary: misspelt(knownWord), weight: 3 },
  { arbitrary: pick(STOP_WORDS), weight: 1 },
  { arbitrary: pick(MODEL_NUMBERS), weight: 1 },
  { arbitrary: pick(CATALOG_MODELS), weight: 1 },
  { arbitrary: fc.mixedCase(pick(EQUIPMENT_WORDS)), weight: 1 },
);

const number = fc.oneof(
  fc.nat({ max: 100_000 }).map(String),
  fc.integer({ min: -1000, max: -1 }).map(String),
  fc.double({ min: 0, max: 1e6, noNaN: true }).map((n) => n.toFixed(2)),
  pick(['0', '007', '1e3', '1e21', '9007199254740993', '1,000', '4,000', '1.5.2', '١٢٣', '½']),
);

/** An operator alone, or stuck to a word (`pcr:*`, `!centrifuge`, `a<->b`, `c++`). */
const operatorToken = fc.oneof(
  { arbitrary: pick(OPERATORS), weight: 3 },
  { arbitrary: fc.tuple(pick(OPERATORS), anyWord).map(([op, w]) => op + w), weight: 2 },
  { arbitrary: fc.tuple(anyWord, pick(OPERATORS)).map(([w, op]) => w + op), weight: 2 },
  { arbitrary: fc.tuple(anyWord, pick(OPERATORS), anyWord).map(([a, op, b]) => a + op + b), weight: 2 },
  { arbitrary: fc.array(pick(OPERATORS), { minLength: 2, maxLength: 8 }).map((ops) => ops.join('')), weight: 1 },
);

const phrase = fc.array(anyWord, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' '));
const QUOTES = ['"', "'", '“', '”', '„', '«', '»', '‘', '’'];

/** Balanced and unbalanced quotes, exclusions, 'or'. */
const syntaxToken = fc.oneof(
  phrase.map((p) => `"${p}"`),
  phrase.map((p) => `"${p}`),
  phrase.map((p) => `${p}"`),
  fc.tuple(pick(QUOTES), phrase, pick(QUOTES)).map(([open, p, close]) => open + p + close),
  anyWord.map((w) => `-${w}`),
  phrase.map((p) => `-"${p}"`),
  fc.constantFrom('-', '--', '- ', '"', '""', '"""', "''", 'or', 'OR', 'or or', '-or', '"or"', '-"'),
);

const punctuationRun = fc
  .array(fc.constantFrom(...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'.split('')), { minLength: 1, maxLength: 30 })
  .map((cs) => cs.join(''));

const unicodeToken = fc.oneof(
  { arbitrary: pick(UNICODE_SAMPLES), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 8 }), weight: 1 },
);

const token = fc.oneof(
  { arbitrary: anyWord, weight: 12 },
  { arbitrary: operatorToken, weight: 3 },
  { arbitrary: syntaxToken, weight: 3 },
  { arbitrary: number, weight: 2 },
  { arbitrary: pick(PRICE_PHRASES), weight: 2 },
  { arbitrary: pick(MODEL_NUMBERS), weight: 2 },
  { arbitrary: punctuationRun, weight: 1 },
  { arbitrary: unicodeToken, weight: 2 },
);

const separator = fc.oneof(
  { arbitrary: fc.constant(' '), weight: 12 },
  { arbitrary: pick(WHITESPACE), weight: 2 },
  { arbitrary: fc.constant(''), weight: 1 },
);

/** Tokens joined by spaces (mostly) or other separators. */
const sentence = (tokens: fc.Arbitrary<string>, maxLength: number) =>
  fc
    .array(fc.tuple(tokens, separator), { minLength: 1, maxLength })
    .map((parts) => parts.map(([t, s], i) => (i === parts.length - 1 ? t : t + s)).join(''));

const whitespaceOnly = fc.array(pick(WHITESPACE), { minLength: 1, maxLength: 6 }).map((ws) => ws.join(''));

/** Around the maximum length (after trimming): at it, just under, just over, and padded with spaces that trimming removes. */
const longQuery = fc
  .tuple(
    sentence(token, 12),
    fc.oneof(
      fc.constantFrom(SEARCH_QUERY_MAX_LENGTH - 1, SEARCH_QUERY_MAX_LENGTH, SEARCH_QUERY_MAX_LENGTH + 1, SEARCH_QUERY_MAX_LENGTH + 2),
      fc.integer({ min: 100, max: SEARCH_QUERY_MAX_LENGTH * 3 }),
    ),
    fc.constantFrom('', '', ' ', '   ', '\t\n'),
  )
  .map(([seed, length, padding]) => {
    let text = seed.trim() || 'centrifuge';
    while (text.length < length) text = `${text} ${text}`;
    return padding + text.slice(0, length).trim().padEnd(length, 'x') + padding;
  });

/** Everything a search box receives. */
const queryArbitrary: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: sentence(anyWord, 6), weight: 10 },
  { arbitrary: sentence(token, 8), weight: 12 },
  { arbitrary: sentence(fc.oneof(operatorToken, syntaxToken, pick(STOP_WORDS)), 5), weight: 4 },
  { arbitrary: fc.oneof(pick(OPERATORS), pick(STOP_WORDS), pick(QUOTES), fc.constantFrom('-', 'or', 'OR')), weight: 3 },
  { arbitrary: pick(PRICE_PHRASES), weight: 1 },
  { arbitrary: fc.tuple(phrase, pick(PRICE_PHRASES)).map(([p, price]) => `${p} ${price}`), weight: 2 },
  { arbitrary: pick(MODEL_NUMBERS), weight: 1 },
  { arbitrary: number, weight: 1 },
  { arbitrary: punctuationRun, weight: 1 },
  { arbitrary: sentence(unicodeToken, 5), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: whitespaceOnly, weight: 1 },
  { arbitrary: longQuery, weight: 2 },
  { arbitrary: pick(KNOWN_REGRESSIONS), weight: 2 },
);

// ── Filters ─────────────────────────────────────────────────────────────────

/** Often absent, as in most searches. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, absentWeight: number, presentWeight: number) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: absentWeight }, { arbitrary: arbitrary, weight: presentWeight });

const price = fc.oneof(
  { arbitrary: fc.nat({ max: 30_000 }).map(String), weight: 8 },
  { arbitrary: fc.nat({ max: 3_000_000 }).map((cents) => (cents / 100).toFixed(2)), weight: 3 },
  {
    arbitrary: pick([
      '',
      '0',
      '0.00',
      '-0',
      '-1',
      '-0.01',
      'abc',
      '5k',
      '$500',
      '1,000',
      ' 500 ',
      '1e3',
      '0x10',
      '1e12',
      '1e308',
      'Infinity',
      '-Infinity',
      'NaN',
      '99999999.99',
      '21474836.47',
      '21474836.48',
      '9007199254740993',
      '92233720368547758',
      '92233720368547759',
      '1e17',
      '1e20',
      '0.001',
    ]),
    weight: 2,
  },
);

const condition = fc.oneof(
  { arbitrary: pick(CONDITIONS), weight: 9 },
  {
    arbitrary: pick([
      '',
      'used',
      'NEW',
      'New',
      ' new',
      'new ',
      'refurbished',
      'pre_owned',
      'for parts',
      "new' or '1'='1",
      'new\u0000',
      '🆕',
    ]),
    weight: 1,
  },
);

const location = fc.oneof(
  {
    arbitrary: pick([
      'Germany',
      'germany',
      'GERMANY',
      'DE',
      'de',
      'United States',
      'US',
      'USA',
      'United Kingdom',
      'UK',
      'GB',
      'France',
      'FR',
      'Netherlands',
      'Holland',
      'Switzerland',
      'CH',
      'Austria',
      'Ireland',
      'Japan',
      'JP',
      'Türkiye',
      'Turkey',
      "Côte d'Ivoire",
      'Deutschland',
    ]),
    weight: 6,
  },
  {
    arbitrary: pick([
      '',
      'Bavaria',
      'Atlantis',
      'XX',
      'ZZ',
      'Berlin, DE',
      '🇩🇪',
      'ألمانيا',
      'גרמניה',
      '德国',
      "'; drop table listings; --",
      'de\u0000',
    ]),
    weight: 2,
  },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 1 },
  { arbitrary: fc.constantFrom(LOCATION_MAX_LENGTH, LOCATION_MAX_LENGTH + 1).map((n) => 'G'.repeat(n)), weight: 1 },
);

/** Issue 15's filters: makers as sellers spell them (and do not), years, warranties, shipping. */
const manufacturer = fc.oneof(
  {
    arbitrary: pick([
      'Eppendorf',
      'eppendorf',
      'THERMO FISHER SCIENTIFIC',
      'Thermo Fisher Scientific',
      'Beckman Coulter',
      'GE Healthcare',
      'Zeiss',
    ]),
    weight: 6,
  },
  { arbitrary: pick(['', ' ', 'Acme', "O'Hara", '%', '_', 'e%', "x' or '1'='1", 'eppendorf\u0000', '🧪', 'M'.repeat(101)]), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 1 },
);

const year = fc.oneof(
  { arbitrary: fc.integer({ min: 1950, max: 2026 }).map(String), weight: 6 },
  { arbitrary: pick(['', '1949', '0', '-2000', '2019.5', 'old', '9999', '1e3', ' 2019 ', '2147483648']), weight: 2 },
);

const warranty = fc.oneof(
  { arbitrary: pick(WARRANTIES), weight: 6 },
  { arbitrary: pick(['', '30', '90 days', 'forever', 'NONE']), weight: 1 },
);

const shipping = fc.oneof(
  { arbitrary: pick(SHIPPING_OPTIONS), weight: 6 },
  { arbitrary: pick(['', 'pickup', 'drone', 'Freight']), weight: 1 },
);

/** Issue 16: an order, now and then one the API does not know. */
const sort = fc.oneof(
  { arbitrary: pick(SEARCH_SORTS), weight: 8 },
  { arbitrary: pick(['', 'price', 'oldest', 'PRICE_ASC', 'relevance ', 'newest;drop']), weight: 1 },
);

const page = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 3 }).map(String), weight: 8 },
  { arbitrary: fc.integer({ min: 1, max: 1_000_000 }).map(String), weight: 2 },
  {
    arbitrary: pick([
      '0',
      '-1',
      '1.5',
      'abc',
      '',
      '1e3',
      ' 2 ',
      '+3',
      '0x10',
      '2147483647',
      '2147483648',
      '9007199254740991',
      '9007199254740993',
      '1e21',
    ]),
    weight: 2,
  },
);

/** A query (usually) and filters (now and then), each as the query string would carry it. */
export const searchInputArbitrary: fc.Arbitrary<SearchInput> = fc.record({
  query: sometimes(queryArbitrary, 1, 12),
  min_price: sometimes(price, 7, 2),
  max_price: sometimes(price, 7, 2),
  condition: sometimes(condition, 7, 2),
  location: sometimes(location, 7, 2),
  manufacturer: sometimes(manufacturer, 9, 1),
  year_from: sometimes(year, 9, 1),
  year_to: sometimes(year, 9, 1),
  warranty: sometimes(warranty, 9, 1),
  shipping: sometimes(shipping, 9, 1),
  sort: sometimes(sort, 1, 1),
  page: sometimes(page, 5, 2),
});
