import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { typesOf, type JsonSchema } from './openapi.js';

/**
 * Values for the API fuzzer: a valid value for a schema (the baseline every mutation starts
 * from) and hostile ones — wrong types, boundary lengths, 1 MB strings, NUL, Bidi and other
 * control characters, lone surrogates, negative and huge numbers.
 */

/**
 * Ids of rows that exist, by resource ('listing', 'message', 'photo', 'payment',
 * 'client_secret', …): the caller's own first, then another user's.
 */
export type Fixtures = Record<string, string[]>;

/** Which resource a field or path parameter names: `listing_id` → listing, `/listings/{id}` → listing, `photoId` → photo. */
export function resourceOf(name: string, previousSegment?: string): string {
  if (name === 'id' && previousSegment) return previousSegment.replace(/s$/, '');
  return name.replace(/(_id|Id)$/, '');
}

/** Realistic values where the schema alone cannot make one that gets past the handler's own checks. */
const EXAMPLES: Record<string, unknown> = {
  password: 'Centrifuge-42-Pipette',
  card_number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: 2034,
  cvc: '123',
  location: 'DE',
  title: 'Eppendorf 5810R refrigerated centrifuge',
  description: 'Refrigerated benchtop centrifuge, serviced last year, with the A-4-62 rotor.',
  message: 'Is the rotor included, and can you ship to Lyon?',
  comment: 'The search found what I needed.',
  name: 'Ada Fuzz',
  sender_name: 'Ada Fuzz',
  subject: 'A question',
  query: 'centrifuge',
};

let emailCounter = 0;

function fitLength(text: string, schema: JsonSchema): string {
  let value = text;
  const min = schema.minLength ?? 0;
  while (value.length < min) value += 'x';
  return schema.maxLength !== undefined ? value.slice(0, schema.maxLength) : value;
}

/** A value the schema accepts, using real ids from `fixtures` for fields that name a resource. */
export function validValue(schema: JsonSchema, name: string, fixtures: Fixtures, previousSegment?: string): unknown {
  const real = fixtures[resourceOf(name, previousSegment)];
  if (real && real.length > 0) return schema.type === 'integer' || schema.type === 'number' ? Number(real[0]) : real[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const inner = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (inner) return validValue(inner, name, fixtures, previousSegment);
  const example = EXAMPLES[name];
  const types = typesOf(schema);
  if (example !== undefined && types.includes(typeof example)) return typeof example === 'string' ? fitLength(example, schema) : example;
  if (types.includes('object') || schema.properties) return validObject(schema, fixtures);
  if (types.includes('array')) return schema.items ? [validValue(schema.items, name, fixtures)] : [];
  if (types.includes('integer') || types.includes('number')) {
    const min = schema.minimum ?? schema.exclusiveMinimum ?? 1;
    return Math.max(1, Math.ceil(min));
  }
  if (types.includes('boolean')) return true;
  if (schema.format === 'email') {
    emailCounter += 1;
    return `fuzz-${emailCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  }
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date-time') return new Date().toISOString();
  return fitLength('fuzz value', schema);
}

/** The required properties and the optional ones, each with a valid value. */
function validObject(schema: JsonSchema, fixtures: Fixtures): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) object[key] = validValue(property, key, fixtures);
  return object;
}

// ── Hostile values ─────────────────────────────────────────────────────────

const ONE_MB = 1_000_000;
/** Just under the 1 MiB body limit with the rest of a body around it. */
export const MB_STRING = 'a'.repeat(ONE_MB);
/** 1 MB of a 3-byte character: 3 MB of UTF-8, over the body limit. */
export const MB_BIDI_STRING = '\u202e'.repeat(ONE_MB);

/** Strings that have broken parsers, databases and logs before. */
const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t\n  ',
  '\u0000',
  'a\u0000b',
  'title\u0000; drop table listings;--',
  '\u202eevil.exe\u202c',
  '\u2066isolate\u2069 \u2067rtl\u2069',
  'abc\u200b\u200c\u200d\ufeff',
  '\u0001\u0002\u0007\u0008\u001b[31mred\u001b[0m\u007f',
  '\u0085\u2028\u2029',
  '\r\nSet-Cookie: x=1\r\n',
  '\ud800',
  'lone \udfff surrogate',
  '\uffff\ufffe',
  '👩‍🔬🧪🇩🇪🏳️‍🌈',
  'جهاز طرد مركزي',
  'Z̴̡̪̫̖̪̥͈͍͙̦̓̓ͦ̓̆ͭ͒a̵̧̜̜̬l̵g̵o̷',
  'ＰＣＲ 𝐏𝐂𝐑 Ⅻ ﬁ ß İ',
  "' OR '1'='1' --",
  '"; select pg_sleep(10); --',
  '<script>alert(1)</script>',
  '{{7*7}} ${7*7} %s%n%x',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00%ff%zz',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x7fffffff',
  'fuzz@example.com',
  'not-an-email@',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'z'.repeat(10_000),
  'é'.repeat(70_000),
];

const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  -0.01,
  -0,
  0,
  0.001,
  0.005,
  1.5,
  2,
  7,
  13,
  1e21,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  2 ** 63,
  -(2 ** 63),
  Number.MIN_VALUE,
  Number.EPSILON,
];

/** Values of other types (and of shapes a schema never expects). */
const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  false,
  [],
  [''],
  [1, 2, 3],
  {},
  { $gt: '' },
  { toString: 'x', valueOf: 1 },
  [[[[[[[[[[['deep']]]]]]]]]]],
  { a: { b: { c: { d: { e: { f: 'deep' } } } } } },
];

/** Strings around a schema's limits: one too short, one too long, exactly at the maximum. */
function boundaryStrings(schema: JsonSchema): string[] {
  const out: string[] = [];
  if (schema.minLength !== undefined && schema.minLength > 0) out.push('x'.repeat(schema.minLength - 1));
  if (schema.maxLength !== undefined)
    out.push('x'.repeat(schema.maxLength), 'x'.repeat(schema.maxLength + 1), '\u{1f9ea}'.repeat(schema.maxLength));
  return out;
}

function boundaryNumbers(schema: JsonSchema): number[] {
  const out: number[] = [];
  if (schema.minimum !== undefined) out.push(schema.minimum - 1, schema.minimum - 0.5);
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) out.push(schema.maximum + 1, schema.maximum + 0.01);
  if (schema.multipleOf !== undefined) out.push(schema.multipleOf / 3);
  if (schema.enum) for (const value of schema.enum) if (typeof value === 'number') out.push(value + 1, -value);
  return out;
}

const generatedStrings = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  fc.constantFrom(MB_STRING, MB_BIDI_STRING),
);

/** Any hostile value for a JSON field, weighted towards what the field's schema is about. */
export function hostileValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const strings = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS, ...boundaryStrings(schema)), generatedStrings);
  const numbers = fc.oneof(
    fc.constantFrom(...HOSTILE_NUMBERS, ...boundaryNumbers(schema)),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
  );
  const enumValues = schema.enum
    ? fc.constantFrom(...schema.enum.map((v) => (typeof v === 'string' ? ` ${v}` : v)), ...schema.enum.map((v) => String(v).toUpperCase()))
    : undefined;
  const wanted = types.includes('string')
    ? strings
    : types.includes('number') || types.includes('integer')
      ? numbers
      : fc.constantFrom(...WRONG_TYPES);
  return fc.oneof(
    { arbitrary: wanted, weight: 5 },
    { arbitrary: fc.constantFrom(...WRONG_TYPES), weight: 2 },
    { arbitrary: types.includes('string') ? numbers : strings, weight: 2 },
    ...(enumValues ? [{ arbitrary: enumValues, weight: 1 }] : []),
  );
}

/** A hostile value for a query parameter, as it goes into the query string (several: the parameter repeated). */
export function hostileQueryValue(schema: JsonSchema): fc.Arbitrary<string | string[]> {
  const text = fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 20_000), ...boundaryStrings(schema)),
    fc.constantFrom(...HOSTILE_NUMBERS, ...boundaryNumbers(schema)).map(String),
    fc.constantFrom('true', 'false', '1', '0', 'yes', 'TRUE', '[]', '{}', 'null', '1e3', '1,5', ' 1', '1 ', '١٢', '0x10', '+1', '--1'),
    fc.string({ unit: 'binary', maxLength: 30 }),
  );
  return fc.oneof({ arbitrary: text, weight: 5 }, { arbitrary: fc.array(text, { minLength: 2, maxLength: 3 }), weight: 1 });
}

/** Path segments as sent (already percent-encoded): no id, ids of another kind, malformed encodings. */
export const HOSTILE_PATH_SEGMENTS: readonly string[] = [
  'abc',
  '1',
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999999',
  'NaN',
  'null',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
  '%20',
  '%00',
  'a%00b',
  '%E2%80%AE',
  '%F0%9F%A7%AA',
  '%C0%AE%C0%AE',
  '%ED%A0%80',
  '%FF%FE',
  '%',
  '%zz',
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%27%20OR%20%271%27%3D%271',
  'x'.repeat(101),
  'x'.repeat(5_000),
];

export function hostilePathSegment(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...HOSTILE_PATH_SEGMENTS), weight: 4 },
    { arbitrary: fc.uuid().map(String), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(encodeURIComponent), weight: 2 },
  );
}
