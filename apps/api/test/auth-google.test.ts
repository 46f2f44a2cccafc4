import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { users } from '../src/db/schema.js';
import { setupTestApp, testEnv, type TestContext } from './helpers.js';
import { GOOD_PASSWORD, login, loginToken, me, postJson, uniqueEmail } from './support/auth.js';
import { startTestGoogle, type TestGoogle } from './support/google.js';
import { unusedPort } from './support/smtp.js';

let ctx: TestContext;
let google: TestGoogle;

beforeAll(async () => {
  google = await startTestGoogle();
  ctx = await setupTestApp({
    env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl, RATE_LIMITS: 'off' },
  });
});
afterAll(async () => {
  await ctx?.close();
  await google?.close();
});

const googleLogin = (token: string) => postJson(ctx.app, '/api/v1/auth/google', { token });

let subCounter = 0;
const newSub = () => `10${Date.now()}${(subCounter += 1)}`;

async function userRow(email: string) {
  const [row] = await ctx.app.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Registers with a password (not verified: the worker is off, the mail stays queued). */
async function registerWithPassword(email: string) {
  const response = await postJson(ctx.app, '/api/v1/auth/register', { email, password: GOOD_PASSWORD });
  expect(response.statusCode).toBe(201);
}

describe('POST /api/v1/auth/google', () => {
  it('creates a verified account from a valid Google ID token and answers an access token', async () => {
    const email = uniqueEmail('google');
    const sub = newSub();
    const response = await googleLogin(await google.sign({ sub, email: email.toUpperCase() }));
    expect(response.statusCode).toBe(200);
    expect(response.json().token_type).toBe('bearer');
    const profile = await me(ctx.app, response.json().access_token);
    expect(profile.json()).toMatchObject({ email, is_verified: true });
    const row = await userRow(email);
    expect(row?.googleSub).toBe(sub);
    expect(row?.passwordHash).toBeNull();
  });

  it("identifies the user by Google's sub, even after the Google email changes", async () => {
    const email = uniqueEmail('google');
    const sub = newSub();
    const first = await googleLogin(await google.sign({ sub, email }));
    const firstId = (await me(ctx.app, first.json().access_token)).json().id;
    const renamed = await googleLogin(await google.sign({ sub, email: uniqueEmail('renamed') }));
    expect(renamed.statusCode).toBe(200);
    expect((await me(ctx.app, renamed.json().access_token)).json()).toMatchObject({ id: firstId, email });
  });

  it('links an existing verified account by email and keeps its password', async () => {
    const email = uniqueEmail('linked');
    await registerWithPassword(email);
    await ctx.app.db.update(users).set({ isVerified: true }).where(eq(users.email, email));
    const before = await loginToken(ctx.app, email, GOOD_PASSWORD);
    const id = (await userRow(email))?.id;

    const response = await googleLogin(await google.sign({ sub: newSub(), email }));
    expect(response.statusCode).toBe(200);
    expect((await me(ctx.app, response.json().access_token)).json().id).toBe(id);
    expect((await login(ctx.app, email, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await me(ctx.app, before)).statusCode).toBe(200);
  });

  it('linking an account that was never verified discards its password and its sessions', async () => {
    const email = uniqueEmail('squatted');
    await registerWithPassword(email); // someone else may have registered this address
    const squatterSession = await loginToken(ctx.app, email, GOOD_PASSWORD);
    const id = (await userRow(email))?.id;

    const response = await googleLogin(await google.sign({ sub: newSub(), email }));
    expect(response.statusCode).toBe(200);
    const profile = (await me(ctx.app, response.json().access_token)).json();
    expect(profile).toEqual({ id, email, is_verified: true });
    expect((await userRow(email))?.passwordHash).toBeNull();
    expect((await login(ctx.app, email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await me(ctx.app, squatterSession)).statusCode).toBe(401);
  });

  it('an account made with Google cannot log in with a password, and looks like a wrong one', async () => {
    const email = uniqueEmail('google-only');
    await googleLogin(await google.sign({ sub: newSub(), email }));
    const response = await login(ctx.app, email, GOOD_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual((await login(ctx.app, uniqueEmail('nobody'), GOOD_PASSWORD)).json());
  });

  it('refuses a token whose email Google has not verified', async () => {
    const email = uniqueEmail('unverified');
    const response = await googleLogin(await google.sign({ sub: newSub(), email, email_verified: false }));
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toMatch(/verified/);
    expect(await userRow(email)).toBeUndefined();
  });

  it('refuses tokens for another audience, from another issuer, expired, or without an email', async () => {
    const email = uniqueEmail('refused');
    const now = Math.floor(Date.now() / 1000);
    const cases = {
      audience: await google.sign({ sub: newSub(), email, aud: 'someone-else.apps.googleusercontent.com' }),
      issuer: await google.sign({ sub: newSub(), email, iss: 'https://evil.example.com' }),
      expired: await google.sign({ sub: newSub(), email, iat: now - 7200, exp: now - 3600 }),
      noEmail: await google.sign({ sub: newSub(), email }, { omit: ['email'] }),
    };
    for (const [name, token] of Object.entries(cases)) {
      const response = await googleLogin(token);
      expect(response.statusCode, name).toBe(401);
      expect(response.json().detail, name).toBe('Google login failed. Please try again.');
    }
    expect(await userRow(email)).toBeUndefined();
  });

  it('accepts the issuer without the https:// prefix, as Google documents', async () => {
    const response = await googleLogin(await google.sign({ sub: newSub(), email: uniqueEmail('bare'), iss: 'accounts.google.com' }));
    expect(response.statusCode).toBe(200);
  });

  it('refuses a token not signed by a key of the JWKS: a stray key, an unknown key id, HS256, none', async () => {
    const email = uniqueEmail('forged');
    const sub = newSub();
    const stray = await google.strayKey();
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: 'https://accounts.google.com', aud: google.clientId, sub, email, email_verified: true, iat: now, exp: now + 3600 };
    const forged = {
      strayKeySameKid: await google.sign({ sub, email }, { key: stray }),
      unknownKid: await google.sign({ sub, email }, { key: stray, kid: 'not-published' }),
      hs256: await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', kid: 'test-google-key-1' })
        .sign(new TextEncoder().encode(google.clientId.padEnd(32, 'x'))),
      none: `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'test-google-key-1' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`,
      garbage: 'not-a-jwt',
    };
    for (const [name, token] of Object.entries(forged)) {
      const response = await googleLogin(token);
      expect(response.statusCode, name).toBe(401);
      expect(response.json().detail, name).toBe('Google login failed. Please try again.');
    }
    expect(await userRow(email)).toBeUndefined();
    // The genuine token for the same claims works: the refusals are about the signature.
    expect((await googleLogin(await google.sign({ sub, email }))).statusCode).toBe(200);
  });

  it('refuses a missing token with a readable detail', async () => {
    const response = await postJson(ctx.app, '/api/v1/auth/google', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBeTruthy();
  });

  it("answers 503 when Google's keys cannot be fetched", async () => {
    const port = await unusedPort();
    const config = loadConfig(
      testEnv(ctx.dataDir, { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs`, RATE_LIMITS: 'off' }),
    );
    const app = await buildApp({ config, database: ctx.database });
    await app.ready();
    try {
      const response = await postJson(app, '/api/v1/auth/google', {
        token: await google.sign({ sub: newSub(), email: uniqueEmail('offline') }),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().detail).toMatch(/Google sign-in/);
    } finally {
      await app.close();
    }
  });

  it('creates one account when the same new Google user signs in twice at once', async () => {
    const email = uniqueEmail('double');
    const token = await google.sign({ sub: newSub(), email });
    const answers = await Promise.all([googleLogin(token), googleLogin(token)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await ctx.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});
