import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp } from './helpers.js';
import { anonymousFixtures, createCaller, createWorld } from './support/api-fuzz/fixtures.js';
import { operationsOf, type OpenApiDocument, type Operation } from './support/api-fuzz/openapi.js';
import { fixedPlans, randomPlanArbitrary, type RequestPlan } from './support/api-fuzz/requests.js';
import { malformedHttpRequests, rawRequest } from './support/api-fuzz/raw-http.js';
import { problemsOf, reproduction, send } from './support/api-fuzz/send.js';
import { jpeg } from './support/photos.js';
import type { TestUser } from './support/users.js';

/**
 * Every route of the OpenAPI document, sent malformed input (issue 12): for each path and
 * method, with no token and with a valid one, a valid baseline, then every path parameter
 * (the caller's row, another user's, a random UUID, non-UUIDs, broken percent-encodings),
 * query parameter and body field once (missing, wrong type, NUL and Bidi characters, 1 MB
 * strings, negative and huge numbers), every kind of malformed body (bad JSON, wrong content
 * types and charsets, 20 000-deep nesting, bodies over the 1 MiB limit, prototype keys;
 * broken multipart for uploads), hostile Authorization headers, then seeded random mutations
 * of one to three parameters and fields (support/api-fuzz/): PER_STATE requests per route and
 * token state, or the fixed list and MIN_RANDOM more where the fixed list is longer. No answer may
 * be a 5xx; every 4xx carries a JSON `detail`; every 2xx body parses. The app runs with
 * RATE_LIMITS=off (a configuration value), so counters do not turn the run into 429s.
 *
 * Reproducing: failures list each request (method, URL, content type, body). API_FUZZ_SEED
 * picks another random set, API_FUZZ_PER_STATE another count, API_FUZZ_LOG=1 lets the app log
 * its errors (the server-side cause of a 500), API_FUZZ_DETAILS=1 prints every distinct 4xx
 * answer (status, code, detail) to review what callers read.
 */

const SEED = Number(process.env.API_FUZZ_SEED ?? 20_250_612);
/** Random requests per route and token state: at least MIN_RANDOM, more where the fixed list is short, up to PER_STATE in all. */
const PER_STATE = Number(process.env.API_FUZZ_PER_STATE ?? 60);
const MIN_RANDOM = 15;
const ROUTE_TIMEOUT_MS = 60_000;

type TokenState = 'no token' | 'valid token';
const STATES: readonly TokenState[] = ['no token', 'valid token'];

const ctx = await setupTestApp({ env: { RATE_LIMITS: 'off', ...(process.env.API_FUZZ_LOG === '1' ? { LOG_LEVEL: 'error' } : {}) } });
const operations = operationsOf(ctx.app.swagger() as OpenApiDocument);
const image = await jpeg(undefined, 64, 48);
const world = await createWorld(ctx.app, image);

interface Tally {
  requests: number;
  byClass: Record<string, number>;
}
const tallies = new Map<string, Record<TokenState, Tally>>();
const details = new Map<string, number>();

afterAll(async () => {
  const rows = [...tallies.entries()].map(([name, byState]) => {
    const cells = STATES.map((state) => {
      const { requests, byClass } = byState[state];
      return `${String(requests).padStart(4)} (${['2xx', '4xx', '5xx'].map((c) => `${c} ${byClass[c] ?? 0}`).join(', ')})`;
    });
    return `${name.padEnd(52)} ${cells.join('  |  ')}`;
  });
  const total = [...tallies.values()].reduce((sum, byState) => sum + STATES.reduce((s, state) => s + byState[state].requests, 0), 0);
  if (process.env.API_FUZZ_DETAILS === '1') {
    console.log(
      [...details.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([answer, n]) => `${String(n).padStart(5)}  ${answer}`)
        .join('\n'),
    );
  }
  console.log(
    [
      `API fuzz, seed ${SEED}: ${total} requests to ${tallies.size} routes`,
      `${'route'.padEnd(52)} ${STATES.map((s) => s.padEnd(33)).join('  |  ')}`,
      ...rows,
    ].join('\n'),
  );
  await ctx.close();
});

/** A seed per route and token state, so one route's cases do not shift when another's change. */
function seedFor(op: Operation, state: TokenState): number {
  let hash = SEED;
  for (const char of `${op.name} ${state}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

async function fuzz(op: Operation, state: TokenState): Promise<string[]> {
  const tally: Tally = { requests: 0, byClass: {} };
  tallies.set(op.name, { ...(tallies.get(op.name) ?? ({} as Record<TokenState, Tally>)), [state]: tally });
  let caller: { user: TestUser; fixtures: Record<string, string[]> } | undefined =
    state === 'valid token' ? await createCaller(ctx.app, op, world, image) : undefined;
  const fixtures = caller?.fixtures ?? anonymousFixtures(world);
  const options = { fixtures, image, tokenForAuthCases: state === 'no token' ? world.other.token : undefined };
  const fixed = fixedPlans(op, options);
  const randomCount = Math.max(MIN_RANDOM, PER_STATE - fixed.length);
  const plans: RequestPlan[] = [
    ...fixed,
    ...fc.sample(randomPlanArbitrary(op, options), { seed: seedFor(op, state), numRuns: randomCount }),
  ];

  const failures: string[] = [];
  for (const plan of plans) {
    const response = await send(ctx.app, op, plan, caller?.user.token);
    tally.requests += 1;
    const statusClass = `${String(response.statusCode)[0]}xx`;
    tally.byClass[statusClass] = (tally.byClass[statusClass] ?? 0) + 1;
    const problems = problemsOf(response);
    if (response.statusCode >= 400 && problems.length === 0) {
      const { detail, code } = response.json() as { detail: string; code?: string };
      const answer = `${response.statusCode} ${code ?? '-'}: ${detail.length > 160 ? `${detail.slice(0, 160)}…` : detail}`;
      details.set(answer, (details.get(answer) ?? 0) + 1);
    }
    if (problems.length > 0) {
      failures.push(
        `[${state}] ${plan.label}: ${problems.join('; ')}\n    ${reproduction(op, plan, caller !== undefined)}\n    answer: ${response.body.slice(0, 300)}`,
      );
    }
    // A request that logged the caller out (or removed what the token stands for): a fresh
    // caller for the next one, so the rest still reach the handler with a valid token.
    if (caller && response.statusCode === 401 && plan.authorization === undefined) {
      caller = await createCaller(ctx.app, op, world, image);
    }
  }
  return failures;
}

describe('every route of the OpenAPI document, fuzzed', () => {
  it('lists the routes of every module', () => {
    const names = operations.map((op) => op.name);
    expect(operations.length).toBeGreaterThanOrEqual(30);
    for (const expected of [
      'POST /api/v1/auth/login',
      'POST /api/v1/listings',
      'POST /api/v1/listings/{id}/photos',
      'POST /api/v1/payments/create-intent',
      'POST /api/v1/messages',
    ]) {
      expect(names).toContain(expected);
    }
    expect(operations.find((op) => op.name === 'POST /api/v1/listings/{id}/photos')?.multipart).toEqual({ field: 'files' });
  });

  it('answers HTTP that Node cannot parse (malformed lines and headers, 20 KB of headers, broken chunks) with a detail, over a real socket', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as { port: number };
    const failures: string[] = [];
    for (const path of ['/api/v1/listings', '/api/v1/auth/register']) {
      for (const { label, request } of malformedHttpRequests(path)) {
        const answer = await rawRequest(port, request);
        let detail: unknown;
        try {
          detail = (JSON.parse(answer.body) as { detail?: unknown }).detail;
        } catch {
          detail = undefined;
        }
        const bad = answer.status === 0 || answer.status >= 500 || (answer.status >= 400 && (typeof detail !== 'string' || detail === ''));
        if (bad) failures.push(`${path}, ${label}: answered ${answer.status || 'nothing'} ${answer.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it.each(operations.map((op) => [op.name, op] as const))(
    '%s: no 5xx, every 4xx with a detail, with and without a valid token (an administrator’s for the console)',
    async (_name, op) => {
      const failures: string[] = [];
      for (const state of STATES) failures.push(...(await fuzz(op, state)));
      if (failures.length > 0) {
        throw new Error(
          `${failures.length} bad answers from ${op.name} (seed ${SEED}):\n${failures.slice(0, 15).join('\n')}${failures.length > 15 ? `\n… and ${failures.length - 15} more` : ''}`,
        );
      }
    },
    ROUTE_TIMEOUT_MS,
  );
});
