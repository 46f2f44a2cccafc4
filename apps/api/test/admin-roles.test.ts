import { ADMIN_ONLY } from '@benchmarket/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from './helpers.js';
import { operationsOf, type OpenApiDocument, type Operation } from './support/api-fuzz/openapi.js';
import { createAdmin } from './support/admin.js';
import { me } from './support/auth.js';
import { createUser, type TestUser } from './support/users.js';

/**
 * Issue 14: every call under /api/v1/admin answers 401 to visitors and 403 `{detail}` to
 * signed-in users who are not admins — whichever module registered it. The routes are read
 * from the app itself (its OpenAPI document, checked against the router), so a console route
 * added later is covered without touching this file.
 */

let ctx: TestContext;
let user: TestUser;
let unverified: TestUser;
let admin: TestUser;
let adminOperations: Operation[];

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A concrete URL for an operation: every path parameter an unknown id (or a known kind). */
function urlOf(op: Operation): string {
  return op.path.replace(/\{(\w+)\}/g, (_whole, name: string) => (name === 'kind' ? 'feedback' : UNKNOWN_ID));
}

function send(op: Operation, headers: Record<string, string> = {}) {
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  return ctx.app.inject({
    method: op.method,
    url: urlOf(op),
    headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(hasBody ? { payload: JSON.stringify({ reason: 'Checking who may call this.' }) } : {}),
  });
}

beforeAll(async () => {
  ctx = await setupTestApp({ env: { RATE_LIMITS: 'off' } });
  user = await createUser(ctx.app);
  unverified = await createUser(ctx.app, { verified: false });
  admin = await createAdmin(ctx.app);
  adminOperations = operationsOf(ctx.app.swagger() as OpenApiDocument).filter((op) => op.path.startsWith('/api/v1/admin'));
});
afterAll(() => ctx?.close());

describe('every /api/v1/admin route', () => {
  it('is found: the console routes of the app, each one in its router', () => {
    const names = adminOperations.map((op) => op.name);
    for (const expected of [
      'GET /api/v1/admin/review-queue',
      'POST /api/v1/admin/listings/{id}/approve',
      'POST /api/v1/admin/listings/{id}/take-down',
      'GET /api/v1/admin/reports',
      'GET /api/v1/admin/users/{id}',
      'POST /api/v1/admin/users/{id}/suspend',
    ]) {
      expect(names).toContain(expected);
    }
    for (const op of adminOperations) {
      expect(ctx.app.hasRoute({ method: op.method, url: op.path.replace(/\{(\w+)\}/g, ':$1') }), op.name).toBe(true);
    }
  });

  it('answers 401 with a detail to a visitor, with no token or a bad one', async () => {
    const failures: string[] = [];
    for (const op of adminOperations) {
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Record<string, string>[]) {
        const response = await send(op, headers);
        if (response.statusCode !== 401 || !response.json().detail) failures.push(`${op.name}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers 403 'Only BenchMarket administrators can do this.' to a signed-in user who is not an admin", async () => {
    const failures: string[] = [];
    for (const op of adminOperations) {
      for (const caller of [user, unverified]) {
        const response = await send(op, caller.headers);
        if (response.statusCode !== 403 || response.json().detail !== ADMIN_ONLY)
          failures.push(`${op.name}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(ADMIN_ONLY).toBe('Only BenchMarket administrators can do this.');
    expect(failures).toEqual([]);
  });

  it('lets an admin through (the answer is about the request, never 401 or 403)', async () => {
    const failures: string[] = [];
    for (const op of adminOperations) {
      const response = await send(op, admin.headers);
      if ([401, 403].includes(response.statusCode) || response.statusCode >= 500)
        failures.push(`${op.name}: ${response.statusCode} ${response.body}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('GET /api/v1/auth/me', () => {
  it("names the caller's role: 'admin' for an admin, 'user' for everyone else", async () => {
    expect((await me(ctx.app, admin.token)).json()).toMatchObject({ id: admin.id, role: 'admin' });
    expect((await me(ctx.app, user.token)).json()).toMatchObject({ id: user.id, role: 'user' });
  });
});
