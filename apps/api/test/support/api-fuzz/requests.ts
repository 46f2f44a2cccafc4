import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi.js';
import {
  HOSTILE_PATH_SEGMENTS,
  MB_BIDI_STRING,
  MB_STRING,
  hostilePathSegment,
  hostileQueryValue,
  hostileValue,
  resourceOf,
  validValue,
  type Fixtures,
} from './values.js';

/**
 * The requests the API fuzzer sends one operation: a valid baseline, then a fixed list that
 * covers every field and every kind of malformation once, then seeded random mutations.
 */

/** One request, ready to send except for the token (the test adds the caller's, or none). */
export interface RequestPlan {
  /** What the request is, for the failure report. */
  label: string;
  /** Path parameter → segment as sent (percent-encoded). */
  path: Record<string, string>;
  /** The query string as sent, without '?'. */
  query: string;
  body?: { contentType?: string; payload: string | Buffer };
  headers?: Record<string, string>;
  /** An Authorization header sent instead of the caller's token (only without a valid token). */
  authorization?: string;
}

/** A request before it is written out: the parts a mutation changes. */
interface Draft {
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  body?: Record<string, unknown>;
}

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

function previousSegment(op: Operation, param: string): string | undefined {
  const segments = op.path.split('/');
  const at = segments.indexOf(`{${param}}`);
  return at > 0 ? segments[at - 1] : undefined;
}

function baselineDraft(op: Operation, fixtures: Fixtures): Draft {
  const path: Record<string, string> = {};
  for (const p of op.pathParams)
    path[p.name] = encodeURIComponent(String(validValue(p.schema, p.name, fixtures, previousSegment(op, p.name))));
  const query: Record<string, string | string[]> = {};
  for (const p of op.queryParams) query[p.name] = String(validValue(p.schema, p.name, fixtures));
  const body = op.body ? (validObjectFor(op.body.schema, fixtures) ?? {}) : undefined;
  return { path, query, body };
}

function validObjectFor(schema: JsonSchema, fixtures: Fixtures): Record<string, unknown> | undefined {
  if (!schema.properties) return undefined;
  const object: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties)) object[key] = validValue(property, key, fixtures);
  return object;
}

function queryString(query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
  return params.toString();
}

/** A form body: arrays repeat the key, objects are written as JSON. */
function formBody(body: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    for (const one of Array.isArray(value) ? value : [value])
      params.append(key, typeof one === 'object' && one !== null ? JSON.stringify(one) : String(one));
  }
  return params.toString();
}

function bodyOf(op: Operation, body: Record<string, unknown> | undefined, contentType = op.body?.contentTypes[0]): RequestPlan['body'] {
  if (body === undefined) return undefined;
  if (contentType === FORM_TYPE) return { contentType, payload: formBody(body) };
  return { contentType: contentType ?? JSON_TYPE, payload: JSON.stringify(body) };
}

function plan(op: Operation, draft: Draft, label: string, extra: Partial<RequestPlan> = {}): RequestPlan {
  return { label, path: draft.path, query: queryString(draft.query), body: bodyOf(op, draft.body), ...extra };
}

const clone = (draft: Draft): Draft => ({
  path: { ...draft.path },
  query: { ...draft.query },
  body: draft.body ? { ...draft.body } : undefined,
});

/** A short description of a value for a label (no megabytes in failure reports). */
export function brief(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 30)}…(${text.length} chars)` : text;
}

/** A value of the wrong type for a schema: a number for text, text for a number, and so on. */
function wrongType(schema: JsonSchema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? schema.anyOf?.[0]?.type);
  if (type === 'string') return 12345;
  if (type === 'number' || type === 'integer') return '12';
  if (type === 'boolean') return 'yes';
  return 'text';
}

// ── Body-level malformations ────────────────────────────────────────────────

const DEPTH = 20_000;
const deepArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const deepObject = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);

/** Bodies that are not the JSON object the route expects, each with the content type it is sent as. */
function malformedBodies(op: Operation, baseline: Draft): Array<{ label: string; body?: RequestPlan['body'] }> {
  const json = JSON.stringify(baseline.body ?? {});
  const firstKey = Object.keys(baseline.body ?? {})[0] ?? 'a';
  const withRaw = (raw: string) => (json === '{}' ? `{"${firstKey}":${raw}}` : json.replace(/}$/, `,"${firstKey}":${raw}}`));
  const cases: Array<{ label: string; body?: RequestPlan['body'] }> = [
    { label: 'no body, no content type', body: undefined },
    { label: 'empty JSON body', body: { contentType: JSON_TYPE, payload: '' } },
    { label: 'JSON null', body: { contentType: JSON_TYPE, payload: 'null' } },
    { label: 'JSON array', body: { contentType: JSON_TYPE, payload: `[${json}]` } },
    { label: 'JSON string', body: { contentType: JSON_TYPE, payload: '"text"' } },
    { label: 'JSON number', body: { contentType: JSON_TYPE, payload: '42' } },
    { label: 'truncated JSON', body: { contentType: JSON_TYPE, payload: json.slice(0, Math.max(1, Math.floor(json.length / 2))) } },
    { label: 'trailing comma', body: { contentType: JSON_TYPE, payload: json.replace(/}$/, ',}') } },
    { label: 'single quotes', body: { contentType: JSON_TYPE, payload: json.replaceAll('"', "'") } },
    { label: 'two JSON objects', body: { contentType: JSON_TYPE, payload: `${json}${json}` } },
    { label: 'invalid escape', body: { contentType: JSON_TYPE, payload: withRaw('"\\uZZZZ"') } },
    { label: 'byte-order mark', body: { contentType: JSON_TYPE, payload: `\ufeff${json}` } },
    {
      label: 'invalid UTF-8',
      body: {
        contentType: JSON_TYPE,
        payload: Buffer.concat([
          Buffer.from(json.slice(0, -1)),
          Buffer.from(',"x":"'),
          Buffer.from([0xff, 0xfe, 0xc0, 0xae]),
          Buffer.from('"}'),
        ]),
      },
    },
    { label: 'NUL bytes', body: { contentType: JSON_TYPE, payload: '\u0000\u0000' } },
    { label: 'number 1e400', body: { contentType: JSON_TYPE, payload: withRaw('1e400') } },
    { label: 'number of 400 digits', body: { contentType: JSON_TYPE, payload: withRaw('9'.repeat(400)) } },
    { label: 'duplicate key', body: { contentType: JSON_TYPE, payload: withRaw('[1,{"b":null}]') } },
    {
      label: '__proto__ key',
      body: { contentType: JSON_TYPE, payload: json.replace(/}$/, `${json === '{}' ? '' : ','}"__proto__":{"is_admin":true}}`) },
    },
    {
      label: 'constructor.prototype key',
      body: {
        contentType: JSON_TYPE,
        payload: json.replace(/}$/, `${json === '{}' ? '' : ','}"constructor":{"prototype":{"is_admin":true}}}`),
      },
    },
    { label: `arrays nested ${DEPTH} deep`, body: { contentType: JSON_TYPE, payload: deepArray } },
    { label: `objects nested ${DEPTH} deep in a field`, body: { contentType: JSON_TYPE, payload: withRaw(deepObject) } },
    {
      label: `__proto__ at the bottom of objects nested ${DEPTH} deep`,
      body: { contentType: JSON_TYPE, payload: withRaw(deepObject.replace('1', '{"__proto__":{"is_admin":true}}')) },
    },
    { label: 'a 1 MB string field (under the body limit)', body: { contentType: JSON_TYPE, payload: withRaw(JSON.stringify(MB_STRING)) } },
    {
      label: '1 MB of Bidi overrides (3 MB, over the body limit)',
      body: { contentType: JSON_TYPE, payload: withRaw(JSON.stringify(MB_BIDI_STRING)) },
    },
    { label: '2 MB of spaces', body: { contentType: JSON_TYPE, payload: ' '.repeat(2_000_000) + json } },
    { label: 'text/plain', body: { contentType: 'text/plain', payload: json } },
    { label: 'application/xml', body: { contentType: 'application/xml', payload: '<?xml version="1.0"?><a>1</a>' } },
    { label: 'application/octet-stream', body: { contentType: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 255]) } },
    { label: 'form body sent as JSON content type', body: { contentType: JSON_TYPE, payload: formBody(baseline.body ?? { a: 1 }) } },
    { label: 'JSON sent as a form', body: { contentType: FORM_TYPE, payload: json } },
    {
      label: 'form with repeated keys',
      body: { contentType: FORM_TYPE, payload: `${formBody(baseline.body ?? { a: 1 })}&${firstKey}=again&${firstKey}=%00` },
    },
    { label: 'malformed form encoding', body: { contentType: FORM_TYPE, payload: `${firstKey}=%zz%&&=&%E2%80` } },
    { label: 'multipart without boundary', body: { contentType: 'multipart/form-data', payload: json } },
    { label: 'charset utf-16', body: { contentType: 'application/json; charset=utf-16', payload: json } },
    { label: 'charset latin1', body: { contentType: 'application/json; charset=latin1', payload: json } },
    { label: 'unknown charset', body: { contentType: 'application/json; charset=utf-999', payload: json } },
    { label: 'application/vnd.api+json', body: { contentType: 'application/vnd.api+json', payload: json } },
    { label: 'content type "json"', body: { contentType: 'json', payload: json } },
    { label: 'content type ";;;"', body: { contentType: ';;;', payload: json } },
    { label: 'content type list', body: { contentType: 'application/json, text/plain', payload: json } },
    { label: 'content type with bad parameters', body: { contentType: 'application/json; =; charset', payload: json } },
  ];
  if (op.body?.contentTypes.includes(FORM_TYPE)) {
    cases.push({ label: 'form with a 1 MB value', body: { contentType: FORM_TYPE, payload: `${firstKey}=${'a'.repeat(1_000_000)}` } });
  }
  return cases;
}

/** For routes without a body: a few bodies they must ignore or refuse. */
function unexpectedBodies(baseline: Draft): Array<{ label: string; body?: RequestPlan['body'] }> {
  void baseline;
  return [
    { label: 'unexpected JSON body', body: { contentType: JSON_TYPE, payload: '{"a":1}' } },
    { label: 'unexpected empty JSON body', body: { contentType: JSON_TYPE, payload: '' } },
    { label: 'unexpected bad JSON', body: { contentType: JSON_TYPE, payload: '{"a":' } },
    { label: 'unexpected deep JSON', body: { contentType: JSON_TYPE, payload: deepArray } },
    { label: 'unexpected text/plain body', body: { contentType: 'text/plain', payload: 'hello' } },
    { label: 'unexpected 2 MB body', body: { contentType: 'application/octet-stream', payload: Buffer.alloc(2_000_000, 1) } },
  ];
}

// ── Multipart ───────────────────────────────────────────────────────────────

const CRLF = '\r\n';

function part(boundary: string, headers: string[], data: Buffer | string): Buffer {
  return Buffer.concat([Buffer.from(`--${boundary}${CRLF}${headers.join(CRLF)}${CRLF}${CRLF}`), Buffer.from(data), Buffer.from(CRLF)]);
}

function filePart(boundary: string, field: string, data: Buffer | string, filename = 'photo.jpg', type = 'image/jpeg'): Buffer {
  return part(boundary, [`Content-Disposition: form-data; name="${field}"; filename="${filename}"`, `Content-Type: ${type}`], data);
}

const close = (boundary: string) => Buffer.from(`--${boundary}--${CRLF}`);

/** Uploads, well-formed (one) and broken (the rest): boundaries, truncation, parts, names, contents. */
function multipartBodies(field: string, image: Buffer): Array<{ label: string; body: NonNullable<RequestPlan['body']> }> {
  const b = 'FuzzBoundary7MA4YWxkTrZu0gW';
  const type = `multipart/form-data; boundary=${b}`;
  const good = Buffer.concat([filePart(b, field, image), close(b)]);
  return [
    { label: 'one JPEG', body: { contentType: type, payload: good } },
    { label: 'multipart without a boundary', body: { contentType: 'multipart/form-data', payload: good } },
    { label: 'multipart with an empty boundary', body: { contentType: 'multipart/form-data; boundary=', payload: good } },
    { label: 'multipart with another boundary', body: { contentType: 'multipart/form-data; boundary=SomethingElse', payload: good } },
    {
      label: 'multipart with a 200-character boundary',
      body: { contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`, payload: good },
    },
    { label: 'multipart with a quoted boundary', body: { contentType: `multipart/form-data; boundary="${b}"`, payload: good } },
    { label: 'multipart truncated in the file', body: { contentType: type, payload: good.subarray(0, Math.floor(good.length / 2)) } },
    { label: 'multipart truncated in the part headers', body: { contentType: type, payload: good.subarray(0, 60) } },
    { label: 'multipart without the closing boundary', body: { contentType: type, payload: filePart(b, field, image) } },
    { label: 'multipart empty body', body: { contentType: type, payload: '' } },
    { label: 'multipart only the closing boundary', body: { contentType: type, payload: close(b) } },
    {
      label: 'multipart with LF line ends',
      body: { contentType: type, payload: Buffer.from(good.toString('latin1').replaceAll(CRLF, '\n'), 'latin1') },
    },
    {
      label: 'multipart part without headers',
      body: { contentType: type, payload: Buffer.concat([Buffer.from(`--${b}${CRLF}${CRLF}data${CRLF}`), close(b)]) },
    },
    {
      label: 'multipart part without Content-Disposition',
      body: { contentType: type, payload: Buffer.concat([part(b, ['Content-Type: image/jpeg'], image), close(b)]) },
    },
    {
      label: 'multipart garbage header line',
      body: { contentType: type, payload: Buffer.concat([part(b, ['\u0000\u00ff garbage'], image), close(b)]) },
    },
    {
      label: 'multipart 20 KB header line',
      body: {
        contentType: type,
        payload: Buffer.concat([
          part(b, [`X-Long: ${'h'.repeat(20_000)}`, `Content-Disposition: form-data; name="${field}"; filename="a.jpg"`], image),
          close(b),
        ]),
      },
    },
    { label: 'multipart another field name', body: { contentType: type, payload: Buffer.concat([filePart(b, 'other', image), close(b)]) } },
    {
      label: 'multipart text field only',
      body: {
        contentType: type,
        payload: Buffer.concat([part(b, [`Content-Disposition: form-data; name="${field}"`], 'not a file'), close(b)]),
      },
    },
    {
      label: 'multipart text file',
      body: { contentType: type, payload: Buffer.concat([filePart(b, field, 'hello, not an image', 'notes.txt', 'text/plain'), close(b)]) },
    },
    {
      label: 'multipart garbage bytes as JPEG',
      body: {
        contentType: type,
        payload: Buffer.concat([filePart(b, field, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 1, 2, 3])), close(b)]),
      },
    },
    { label: 'multipart empty file', body: { contentType: type, payload: Buffer.concat([filePart(b, field, Buffer.alloc(0)), close(b)]) } },
    {
      label: 'multipart hostile filename',
      body: { contentType: type, payload: Buffer.concat([filePart(b, field, image, '../../etc/\u202epasswd\u0000.jpg'), close(b)]) },
    },
    {
      label: 'multipart 7 files',
      body: { contentType: type, payload: Buffer.concat([...Array.from({ length: 7 }, () => filePart(b, field, image)), close(b)]) },
    },
    {
      label: 'multipart 30 text fields',
      body: {
        contentType: type,
        payload: Buffer.concat([
          ...Array.from({ length: 30 }, (_, i) => part(b, [`Content-Disposition: form-data; name="f${i}"`], 'x')),
          close(b),
        ]),
      },
    },
    { label: 'multipart/mixed', body: { contentType: `multipart/mixed; boundary=${b}`, payload: good } },
    { label: 'JSON instead of multipart', body: { contentType: JSON_TYPE, payload: '{"files":["a"]}' } },
    { label: 'raw JPEG without multipart', body: { contentType: 'image/jpeg', payload: image } },
  ];
}

// ── Authorization headers (without a valid token) ───────────────────────────

function hostileAuthorizations(validToken: string | undefined): string[] {
  const [header = 'e30', payload = 'e30'] = (validToken ?? '').split('.');
  return [
    'Bearer',
    'Bearer ',
    'Bearer garbage',
    'Bearer a.b.c',
    `Bearer ${header}.${payload}.`,
    `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`,
    `Bearer ${validToken ?? 'x'}x`,
    'Basic dXNlcjpwYXNzd29yZA==',
    `Bearer ${'a'.repeat(20_000)}`,
    'bearer',
  ];
}

// ── Cases ───────────────────────────────────────────────────────────────────

interface CaseOptions {
  fixtures: Fixtures;
  /** A small JPEG for the multipart baseline. */
  image: Buffer;
  /** Without a valid token: the requests also try hostile Authorization headers, derived from this token. */
  tokenForAuthCases?: string;
}

/** The fixed requests: the baseline, then every parameter and field and every kind of malformed body once. */
export function fixedPlans(op: Operation, options: CaseOptions): RequestPlan[] {
  const base = baselineDraft(op, options.fixtures);
  const plans: RequestPlan[] = [plan(op, base, 'valid baseline')];
  for (const contentType of op.body?.contentTypes.slice(1) ?? []) {
    plans.push({ ...plan(op, base, `valid baseline as ${contentType}`), body: bodyOf(op, base.body, contentType) });
  }

  for (const p of op.pathParams) {
    const real = options.fixtures[resourceOf(p.name, previousSegment(op, p.name))] ?? [];
    const segments = [
      ...real.slice(1),
      randomUUID(),
      'abc',
      '-1',
      '1e309',
      '%00',
      '%E2%80%AE',
      '%zz',
      '%C0%AE',
      'x'.repeat(101),
      '00000000-0000-0000-0000-000000000000',
    ];
    for (const segment of segments) {
      const draft = clone(base);
      draft.path[p.name] = segment;
      plans.push(plan(op, draft, `path ${p.name}=${brief(segment)}${real.includes(segment) ? " (another user's)" : ''}`));
    }
  }

  for (const p of op.queryParams) {
    const numeric = ['number', 'integer'].includes(String(p.schema.type ?? p.schema.anyOf?.[0]?.type));
    const values: Array<string | string[] | undefined> = [
      undefined,
      numeric ? 'abc' : 'a\u0000b',
      numeric ? '-1' : '\u202e\u2066',
      numeric ? '1e309' : 'x'.repeat(20_000),
      ['1', '2'],
    ];
    for (const value of values) {
      const draft = clone(base);
      if (value === undefined) delete draft.query[p.name];
      else draft.query[p.name] = value;
      plans.push(plan(op, draft, value === undefined ? `query without ${p.name}` : `query ${p.name}=${brief(value)}`));
    }
  }
  // Fields that name a row: another user's row and a row that does not exist.
  for (const p of op.queryParams) {
    const real = options.fixtures[resourceOf(p.name)] ?? [];
    for (const id of real.length > 0 ? [...real.slice(1), randomUUID()] : []) {
      const draft = clone(base);
      draft.query[p.name] = id;
      plans.push(plan(op, draft, `query ${p.name}=${id}${real.includes(id) ? " (another user's)" : ' (no such row)'}`));
    }
  }
  for (const key of Object.keys(op.body?.schema.properties ?? {})) {
    const real = options.fixtures[resourceOf(key)] ?? [];
    for (const id of real.length > 0 ? [...real.slice(1), randomUUID()] : []) {
      const draft = clone(base);
      draft.body![key] = id;
      plans.push(plan(op, draft, `body ${key}: ${id}${real.includes(id) ? " (another user's)" : ' (no such row)'}`));
    }
  }

  if (op.queryParams.length > 0 || op.method === 'GET') {
    plans.push({ ...plan(op, base, 'unknown query parameter'), query: `${queryString(base.query)}&unknown_param=%00` });
    plans.push({ ...plan(op, base, 'malformed query encoding'), query: `${queryString(base.query)}&%zz=%E2%80&&=&` });
  }

  if (op.body) {
    const properties = op.body.schema.properties ?? {};
    const required = new Set(op.body.schema.required ?? []);
    for (const [key, schema] of Object.entries(properties)) {
      const isString = String(schema.type ?? schema.anyOf?.[0]?.type) === 'string';
      const mutations: Array<[string, unknown]> = [
        required.has(key) ? ['missing', undefined] : ['null', null],
        ['wrong type', wrongType(schema)],
        isString ? ['NUL and Bidi characters', `a\u0000\u202e${key}\u2066`] : ['negative', -1],
        isString ? ['1 MB string', MB_STRING] : ['huge', 1e308],
      ];
      for (const [what, value] of mutations) {
        const draft = clone(base);
        if (what === 'missing') delete draft.body![key];
        else draft.body![key] = value;
        plans.push(plan(op, draft, `body ${key}: ${what}${what === 'missing' ? '' : ` ${brief(value)}`}`));
      }
    }
    const extra = clone(base);
    extra.body!.unexpected_field = 'x';
    extra.body!.is_admin = true;
    plans.push(plan(op, extra, 'extra fields'));
    const empty = clone(base);
    empty.body = {};
    plans.push(plan(op, empty, 'empty object'));
    for (const { label, body } of malformedBodies(op, base)) plans.push({ ...plan(op, base, label), body });
  } else if (op.multipart) {
    for (const { label, body } of multipartBodies(op.multipart.field, options.image)) plans.push({ ...plan(op, base, label), body });
  } else {
    for (const { label, body } of unexpectedBodies(base)) plans.push({ ...plan(op, base, label), body });
  }

  for (const p of op.headerParams) {
    for (const value of ['', 'garbage', 't=1,v1=abc', 'x'.repeat(10_000)]) {
      plans.push({ ...plan(op, base, `header ${p.name}=${brief(value)}`), headers: { [p.name]: value } });
    }
  }

  if (op.secured && options.tokenForAuthCases !== undefined) {
    for (const authorization of hostileAuthorizations(options.tokenForAuthCases)) {
      plans.push({ ...plan(op, base, `Authorization: ${brief(authorization)}`), authorization });
    }
  }
  return plans;
}

/** One random mutation of the baseline: some fields, some parameters, or all of them. */
export function randomPlanArbitrary(op: Operation, options: CaseOptions): fc.Arbitrary<RequestPlan> {
  const base = baselineDraft(op, options.fixtures);
  const properties = Object.entries(op.body?.schema.properties ?? {});
  const choices: Array<fc.Arbitrary<(draft: Draft) => string>> = [];

  if (properties.length > 0) {
    const fieldMutation = fc
      .tuple(
        fc.oneof(
          { arbitrary: fc.constantFrom(...properties), weight: 5 },
          {
            arbitrary: fc.tuple(
              fc.constantFrom('x', '__proto__', 'constructor', 'user_id', 'is_verified', '\u0000', '\u202e', 'é'.repeat(50)),
              fc.constant({} as JsonSchema),
            ),
            weight: 1,
          },
        ),
        fc.boolean(),
      )
      .chain(([[key, schema], remove]) =>
        (remove ? fc.constant(undefined) : hostileValue(schema)).map((value) => (draft: Draft) => {
          if (remove) delete draft.body![key];
          else draft.body![key] = value;
          return `body ${key}: ${remove ? 'missing' : brief(value)}`;
        }),
      );
    choices.push(fieldMutation);
  }
  if (op.queryParams.length > 0) {
    choices.push(
      fc.tuple(fc.constantFrom(...op.queryParams), fc.boolean()).chain(([p, remove]) =>
        (remove ? fc.constant(undefined) : hostileQueryValue(p.schema)).map((value) => (draft: Draft) => {
          if (value === undefined) delete draft.query[p.name];
          else draft.query[p.name] = value;
          return `query ${p.name}=${value === undefined ? '(absent)' : brief(value)}`;
        }),
      ),
    );
  }
  if (op.pathParams.length > 0) {
    choices.push(
      fc.tuple(fc.constantFrom(...op.pathParams), hostilePathSegment()).map(([p, segment]) => (draft: Draft) => {
        draft.path[p.name] = segment;
        return `path ${p.name}=${brief(segment)}`;
      }),
    );
  }
  if (choices.length === 0) {
    // Nothing to mutate but the body a route without one receives.
    return fc
      .tuple(fc.constantFrom(...unexpectedBodies(base)), fc.constantFrom(...HOSTILE_PATH_SEGMENTS))
      .map(([{ label, body }, junk]) => ({ ...plan(op, base, `${label}, query ${brief(junk)}`), query: `q=${junk}`, body }));
  }
  return fc.array(fc.oneof(...choices), { minLength: 1, maxLength: 3 }).map((mutations) => {
    const draft = clone(base);
    const labels = mutations.map((mutate) => mutate(draft));
    return plan(op, draft, labels.join('; '));
  });
}
