import { accountSuspendedMessage } from '@benchmarket/shared';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { setupTestApp, withOtherProcess, type TestContext } from './helpers.js';
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

const googleLogin = (token: string, password?: string) => postJson(ctx.app, '/api/v1/auth/google', { token, password });

/** A nonce as the web app gets it before showing the Google button. */
async function newNonce(): Promise<string> {
  const response = await postJson(ctx.app, '/api/v1/auth/google/nonce', {});
  expect(response.statusCode).toBe(200);
  return response.json().nonce as string;
}

/** An ID token as Google issues it for a sign-in the web app started (with an API nonce). */
const signIn = async (claims: Parameters<TestGoogle['sign']>[0], options?: Parameters<TestGoogle['sign']>[1]) =>
  google.sign({ nonce: await newNonce(), ...claims }, options);

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
  it('refuses a suspended account with 403 and the reason, only for a valid Google ID token', async () => {
    const email = uniqueEmail('google-suspended');
    const sub = newSub();
    expect((await googleLogin(await signIn({ sub, email }))).statusCode).toBe(200);
    await ctx.app.db
      .update(users)
      .set({ suspendedAt: new Date(), suspensionReason: 'Repeated fraud reports' })
      .where(eq(users.email, email));

    const refused = await googleLogin(await signIn({ sub, email }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: accountSuspendedMessage('Repeated fraud reports'),
      code: 'account_suspended',
    });
    // A token Google did not sign says nothing about the account.
    const forged = await googleLogin(await signIn({ sub, email }, { key: await google.strayKey() }));
    expect(forged.statusCode).toBe(401);
  });

  it('creates a verified account from a valid Google ID token and answers an access token', async () => {
    const email = uniqueEmail('google');
    const sub = newSub();
    const response = await googleLogin(await signIn({ sub, email: email.toUpperCase() }));
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
    const first = await googleLogin(await signIn({ sub, email }));
    const firstId = (await me(ctx.app, first.json().access_token)).json().id;
    const renamed = await googleLogin(await signIn({ sub, email: uniqueEmail('renamed') }));
    expect(renamed.statusCode).toBe(200);
    expect((await me(ctx.app, renamed.json().access_token)).json()).toMatchObject({ id: firstId, email });
  });

  it('links an existing verified password account only once its password is given, and keeps the password', async () => {
    const email = uniqueEmail('linked');
    await registerWithPassword(email);
    await ctx.app.db.update(users).set({ isVerified: true }).where(eq(users.email, email));
    const before = await loginToken(ctx.app, email, GOOD_PASSWORD);
    const id = (await userRow(email))?.id;
    const sub = newSub();

    // Google vouching for the address is not proof enough: the password is asked for once.
    const token = await signIn({ sub, email });
    const asked = await googleLogin(token);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ code: 'google_link_password_required' });
    expect(asked.json().detail).toMatch(/password/);
    expect((await userRow(email))?.googleSub).toBeNull();

    const wrong = await googleLogin(token, 'Not-The-Password-9');
    expect(wrong.statusCode).toBe(401);
    expect((await userRow(email))?.googleSub).toBeNull();

    const response = await googleLogin(token, GOOD_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect((await me(ctx.app, response.json().access_token)).json().id).toBe(id);
    expect((await userRow(email))?.googleSub).toBe(sub);
    expect((await login(ctx.app, email, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await me(ctx.app, before)).statusCode).toBe(200);
    // Linked: later Google sign-ins need no password.
    expect((await googleLogin(await signIn({ sub, email }))).statusCode).toBe(200);
  });

  it('wrong link passwords are throttled like logins', async () => {
    const email = uniqueEmail('link-guess');
    await registerWithPassword(email);
    await ctx.app.db.update(users).set({ isVerified: true }).where(eq(users.email, email));
    const env = { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl, RATE_LIMIT_LOGIN_PER_15_MIN: '2' };
    await withOtherProcess(ctx, { env }, async (app) => {
      const nonce = (await postJson(app, '/api/v1/auth/google/nonce', {})).json().nonce as string;
      const token = await google.sign({ sub: newSub(), email, nonce });
      const link = (password: string) => postJson(app, '/api/v1/auth/google', { token, password }, { ip: '10.9.9.9' });
      expect((await link('Guess-Number-1')).statusCode).toBe(401);
      expect((await link('Guess-Number-2')).statusCode).toBe(401);
      const slowed = await link(GOOD_PASSWORD);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.headers['retry-after']).toBeTruthy();
    });
  });

  it('refuses an ID token without a nonce, with a nonce the API did not issue, or used a second time', async () => {
    const email = uniqueEmail('nonce');
    const sub = newSub();
    const issued = await newNonce();
    const forgedNonce = `${Date.now() + 3_600_000}.AAAAAAAAAAAAAAAAAAAAAAAA.${'x'.repeat(43)}`;
    for (const [name, token] of Object.entries({
      none: await google.sign({ sub, email }),
      forged: await google.sign({ sub, email, nonce: forgedNonce }),
      tampered: await google.sign({ sub, email, nonce: issued.replace(/^\d+/, (ms) => String(Number(ms) + 1)) }),
    })) {
      const response = await googleLogin(token);
      expect(response.statusCode, name).toBe(401);
      expect(response.json().detail, name).toMatch(/expired or was already used/);
    }
    expect(await userRow(email)).toBeUndefined();
    const token = await google.sign({ sub, email, nonce: issued });
    expect((await googleLogin(token)).statusCode).toBe(200);
    const replay = await googleLogin(token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().detail).toMatch(/expired or was already used/);
  });

  it('documents the nonce route and the password field in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/v1/auth/google/nonce']?.post).toBeTruthy();
    expect(JSON.stringify(doc.paths['/api/v1/auth/google'].post.requestBody)).toContain('password');
  });

  it('linking an account that was never verified discards its password and its sessions', async () => {
    const email = uniqueEmail('squatted');
    await registerWithPassword(email); // someone else may have registered this address
    const squatterSession = await loginToken(ctx.app, email, GOOD_PASSWORD);
    const id = (await userRow(email))?.id;

    const response = await googleLogin(await signIn({ sub: newSub(), email }));
    expect(response.statusCode).toBe(200);
    const profile = (await me(ctx.app, response.json().access_token)).json();
    expect(profile).toEqual({ id, email, is_verified: true, role: 'user' });
    expect((await userRow(email))?.passwordHash).toBeNull();
    expect((await login(ctx.app, email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await me(ctx.app, squatterSession)).statusCode).toBe(401);
  });

  it('an account made with Google cannot log in with a password, and looks like a wrong one', async () => {
    const email = uniqueEmail('google-only');
    await googleLogin(await signIn({ sub: newSub(), email }));
    const response = await login(ctx.app, email, GOOD_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual((await login(ctx.app, uniqueEmail('nobody'), GOOD_PASSWORD)).json());
  });

  it('refuses a token whose email Google has not verified', async () => {
    const email = uniqueEmail('unverified');
    const response = await googleLogin(await signIn({ sub: newSub(), email, email_verified: false }));
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toMatch(/verified/);
    expect(await userRow(email)).toBeUndefined();
  });

  it('refuses tokens for another audience, from another issuer, expired, or without an email', async () => {
    const email = uniqueEmail('refused');
    const now = Math.floor(Date.now() / 1000);
    const cases = {
      audience: await signIn({ sub: newSub(), email, aud: 'someone-else.apps.googleusercontent.com' }),
      issuer: await signIn({ sub: newSub(), email, iss: 'https://evil.example.com' }),
      expired: await signIn({ sub: newSub(), email, iat: now - 7200, exp: now - 3600 }),
      noEmail: await signIn({ sub: newSub(), email }, { omit: ['email'] }),
    };
    for (const [name, token] of Object.entries(cases)) {
      const response = await googleLogin(token);
      expect(response.statusCode, name).toBe(401);
      expect(response.json().detail, name).toBe('Google login failed. Please try again.');
    }
    expect(await userRow(email)).toBeUndefined();
  });

  it('accepts the issuer without the https:// prefix, as Google documents', async () => {
    const response = await googleLogin(await signIn({ sub: newSub(), email: uniqueEmail('bare'), iss: 'accounts.google.com' }));
    expect(response.statusCode).toBe(200);
  });

  it('refuses a token not signed by a key of the JWKS: a stray key, an unknown key id, HS256, none', async () => {
    const email = uniqueEmail('forged');
    const sub = newSub();
    const stray = await google.strayKey();
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: 'https://accounts.google.com',
      aud: google.clientId,
      sub,
      email,
      email_verified: true,
      iat: now,
      exp: now + 3600,
    };
    const forged = {
      strayKeySameKid: await signIn({ sub, email }, { key: stray }),
      unknownKid: await signIn({ sub, email }, { key: stray, kid: 'not-published' }),
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
    expect((await googleLogin(await signIn({ sub, email }))).statusCode).toBe(200);
  });

  it('refuses a missing token with a readable detail', async () => {
    const response = await postJson(ctx.app, '/api/v1/auth/google', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBeTruthy();
  });

  it("answers 503 when Google's keys cannot be fetched", async () => {
    const port = await unusedPort();
    const env = { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs`, RATE_LIMITS: 'off' };
    await withOtherProcess(ctx, { env }, async (app) => {
      const response = await postJson(app, '/api/v1/auth/google', {
        token: await signIn({ sub: newSub(), email: uniqueEmail('offline') }),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().detail).toMatch(/Google sign-in/);
    });
  });

  it('creates one account when the same new Google user signs in twice at once', async () => {
    const email = uniqueEmail('double');
    const sub = newSub();
    const tokens = [await signIn({ sub, email }), await signIn({ sub, email })];
    const answers = await Promise.all(tokens.map((token) => googleLogin(token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await ctx.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});
