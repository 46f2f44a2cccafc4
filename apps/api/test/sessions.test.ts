import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { GOOD_PASSWORD, loginToken, me, postJson, uniqueEmail } from './support/auth.js';
import { HOUR, testClock } from './support/clock.js';

let ctx: TestContext;
const clock = testClock();

beforeAll(async () => {
  ctx = await setupTestApp({ env: { RATE_LIMITS: 'off' }, clock });
});
afterAll(() => ctx?.close());

async function account(): Promise<string> {
  const email = uniqueEmail('session');
  expect((await postJson(ctx.app, '/api/v1/auth/register', { email, password: GOOD_PASSWORD })).statusCode).toBe(201);
  return email;
}

const logout = (token: string) => postJson(ctx.app, '/api/v1/auth/logout', {}, { token });
const logoutAll = (token: string) => postJson(ctx.app, '/api/v1/auth/logout-all', {}, { token });

async function sessionCount(email: string): Promise<number> {
  const rows = await ctx.app.db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.email, email));
  return rows.length;
}

describe('POST /api/v1/auth/logout', () => {
  it('revokes the presented token on the server: it stops working at once, other devices stay logged in', async () => {
    const email = await account();
    const laptop = await loginToken(ctx.app, email, GOOD_PASSWORD);
    const phone = await loginToken(ctx.app, email, GOOD_PASSWORD);
    expect((await me(ctx.app, laptop)).statusCode).toBe(200);

    const response = await logout(laptop);
    expect(response.statusCode).toBe(204);
    const after = await me(ctx.app, laptop);
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toBeTruthy();
    expect((await me(ctx.app, phone)).statusCode).toBe(200);
    // A logged-out token cannot log out again or do anything else.
    expect((await logout(laptop)).statusCode).toBe(401);
    expect((await postJson(ctx.app, '/api/v1/auth/resend-verification', {}, { token: laptop })).statusCode).toBe(401);
  });

  it('needs a valid token', async () => {
    expect((await postJson(ctx.app, '/api/v1/auth/logout', {})).statusCode).toBe(401);
    expect((await logout('not-a-token')).statusCode).toBe(401);
  });

  it('a new login after logout works', async () => {
    const email = await account();
    await logout(await loginToken(ctx.app, email, GOOD_PASSWORD));
    const again = await loginToken(ctx.app, email, GOOD_PASSWORD);
    expect((await me(ctx.app, again)).json()).toMatchObject({ email });
  });
});

describe('POST /api/v1/auth/logout-all (log out everywhere)', () => {
  it("revokes every token of the user, the caller's too; other users are untouched; a new login works", async () => {
    const email = await account();
    const tokens = [
      await loginToken(ctx.app, email, GOOD_PASSWORD),
      await loginToken(ctx.app, email, GOOD_PASSWORD),
      await loginToken(ctx.app, email, GOOD_PASSWORD),
    ];
    const otherEmail = await account();
    const other = await loginToken(ctx.app, otherEmail, GOOD_PASSWORD);

    expect((await logoutAll(tokens[1]!)).statusCode).toBe(204);
    for (const token of tokens) expect((await me(ctx.app, token)).statusCode).toBe(401);
    expect(await sessionCount(email)).toBe(0);
    expect((await me(ctx.app, other)).statusCode).toBe(200);

    const fresh = await loginToken(ctx.app, email, GOOD_PASSWORD);
    expect((await me(ctx.app, fresh)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('each login is a session of its own (one row per token)', async () => {
    const email = await account();
    await loginToken(ctx.app, email, GOOD_PASSWORD);
    await loginToken(ctx.app, email, GOOD_PASSWORD);
    expect(await sessionCount(email)).toBe(2);
  });

  it('expired sessions are cleared at the next login (no table growth)', async () => {
    const email = await account();
    const old = await loginToken(ctx.app, email, GOOD_PASSWORD);
    clock.advance((ctx.config.jwt.ttlHours + 1) * HOUR);
    expect((await me(ctx.app, old)).statusCode).toBe(401);
    await loginToken(ctx.app, email, GOOD_PASSWORD);
    expect(await sessionCount(email)).toBe(1);
  });
});
