import { createHash } from 'node:crypto';
import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  FORGOT_PASSWORD_NEUTRAL,
  LOGIN_FAILED,
  PASSWORD_TOO_SHORT,
  RESET_NO_TOKEN,
  VERIFY_NO_TOKEN,
  isAlreadyVerifiedDetail,
} from '@benchmarket/shared';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { jobs, oneTimeTokens, users } from '../src/db/schema.js';
import { TEST_JWT_SECRET } from './helpers.js';
import { GOOD_PASSWORD, login, loginToken, me, postJson, uniqueEmail } from './support/auth.js';
import { HOUR, MINUTE, testClock } from './support/clock.js';
import { useSmtpApp } from './support/smtp-app.js';
import { tokenFromLink } from './support/smtp.js';
import { expectDetail } from './support/responses.js';

const PUBLIC_URL = 'http://localhost:3000';
const COMMON_PASSWORD = 'This password is too common. Please choose a less common password.';

const clock = testClock();
const setup = useSmtpApp(clock);

const post = (url: string, payload: unknown, token?: string) => postJson(setup.ctx.app, `/api/v1${url}`, payload, { token });

/** Runs the worker (as its poll would) until the mail arrives at the test's SMTP server. */
async function nextMail(to: string, subject?: string) {
  const arrival = setup.smtp.waitForMail(to, { subject });
  let arrived = false;
  void arrival.finally(() => (arrived = true)).catch(() => undefined);
  while (!arrived) {
    await setup.ctx.app.worker.runDueJobs();
    await Promise.race([arrival.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  return arrival;
}

async function register(email: string, password = GOOD_PASSWORD) {
  const response = await post('/auth/register', { email, password });
  expect(response.statusCode).toBe(201);
  return response;
}

/** Asks for a password reset for `email`, as the form does, and answers the token the mail carries. */
async function requestReset(email: string): Promise<string> {
  await post('/auth/forgot-password', { email });
  return resetToken(email);
}

async function verificationToken(email: string): Promise<string> {
  const mail = await nextMail(email, 'Verify your BenchMarket email');
  return tokenFromLink(mail, `${PUBLIC_URL}/verify-email`);
}

async function registerVerified(email = uniqueEmail(), password = GOOD_PASSWORD): Promise<string> {
  await register(email, password);
  const token = await verificationToken(email);
  expect((await post('/auth/verify-email', { token })).statusCode).toBe(200);
  return email;
}

async function resetToken(email: string): Promise<string> {
  const mail = await nextMail(email, 'Reset your BenchMarket password');
  return tokenFromLink(mail, `${PUBLIC_URL}/reset-password`);
}

async function userRow(email: string) {
  const [row] = await setup.ctx.app.db.select().from(users).where(eq(users.email, email));
  return row;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Median time of `run` over `rounds` interleaved calls of two variants. */
async function timeBoth(rounds: number, a: () => Promise<unknown>, b: () => Promise<unknown>) {
  const times = { a: [] as number[], b: [] as number[] };
  await a();
  await b(); // warm-up
  for (let i = 0; i < rounds; i += 1) {
    let started = performance.now();
    await a();
    times.a.push(performance.now() - started);
    started = performance.now();
    await b();
    times.b.push(performance.now() - started);
  }
  return { a: median(times.a), b: median(times.b) };
}

describe('POST /api/v1/auth/register', () => {
  it('creates an unverified account and answers 201 with id, email and is_verified only', async () => {
    const email = uniqueEmail();
    const response = await register(email);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['email', 'id', 'is_verified']);
    expect(body).toMatchObject({ email, is_verified: false });
    expect(response.body).not.toContain('argon2');
    expect((await userRow(email))?.id).toBe(body.id);
  });

  it('normalises the email: trimmed and lower-cased', async () => {
    const email = uniqueEmail('Mixed.Case');
    const response = await post('/auth/register', { email: `  ${email.toUpperCase()} `, password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(201);
    expect(response.json().email).toBe(email.toLowerCase());
    expect(await userRow(email.toLowerCase())).toBeDefined();
    await nextMail(email.toLowerCase(), 'Verify');
  });

  it('refuses a malformed or blank email with a readable detail', async () => {
    const bad = await post('/auth/register', { email: 'not-an-email', password: GOOD_PASSWORD });
    expectDetail(bad, 400, EMAIL_INVALID);
    const blank = await post('/auth/register', { email: '   ', password: GOOD_PASSWORD });
    expectDetail(blank, 400, EMAIL_REQUIRED);
  });

  it("refuses a password under 6 characters with 'Password must be at least 6 characters'", async () => {
    const response = await post('/auth/register', { email: uniqueEmail(), password: 'a1b2c' });
    expectDetail(response, 400, PASSWORD_TOO_SHORT);
  });

  it('accepts a password of exactly 6 characters', async () => {
    const email = uniqueEmail();
    await register(email, 'k7#Qz!');
    await nextMail(email);
  });

  it('refuses the most common passwords, in any letter case, with a clear message', async () => {
    for (const password of ['123456', 'password', 'qwerty123', 'Iloveyou', 'PASSWORD1', 'football']) {
      const email = uniqueEmail();
      const response = await post('/auth/register', { email, password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().detail).toBe(COMMON_PASSWORD);
      expect(await userRow(email)).toBeUndefined();
    }
  });

  it('mails a verification link to ${PUBLIC_URL}/verify-email?token=… with a text and an HTML part', async () => {
    const email = uniqueEmail();
    await register(email);
    const mail = await nextMail(email);
    expect(mail.subject).toBe('Verify your BenchMarket email');
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL}/verify-email\\?token=[A-Za-z0-9_-]{43}`));
    expect(mail.text).toContain('48 hours');
    expect(mail.html).toContain(`${PUBLIC_URL}/verify-email?token=`);
    expect(mail.html).toContain('<a href=');
  });

  it('keeps the password only as an argon2id hash and the token only as its SHA-256', async () => {
    const email = uniqueEmail();
    await register(email);
    const token = await verificationToken(email);
    const user = await userRow(email);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user?.passwordHash).not.toContain(GOOD_PASSWORD);
    const stored = await setup.ctx.app.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('answers an existing address exactly like a new one, and mails that address instead', async () => {
    const email = await registerVerified();
    const fresh = await register(uniqueEmail());
    const again = await post('/auth/register', { email: email.toUpperCase(), password: 'Another-Password-9' });

    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(again.json()).toMatchObject({ email, is_verified: false });
    expect(again.json().id).not.toBe((await userRow(email))?.id);

    const mail = await nextMail(email, 'Someone tried to register');
    expect(mail.text).toContain('If it was you, log in');
    expect(mail.text).toContain(`${PUBLIC_URL}/forgot-password`);
    expect(mail.html).toContain('Someone tried to register with your email');
    // Nothing changed: one account, the old password.
    const count = await setup.ctx.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, email));
    expect(count[0]?.n).toBe(1);
    expect((await login(setup.ctx.app, email, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await login(setup.ctx.app, email, 'Another-Password-9')).statusCode).toBe(401);
  });

  it('does not make a second account when the same new address registers twice at once', async () => {
    const email = uniqueEmail();
    const [first, second] = await Promise.all([
      post('/auth/register', { email, password: GOOD_PASSWORD }),
      post('/auth/register', { email, password: GOOD_PASSWORD }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const rows = await setup.ctx.app.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/v1/auth/verify-email', () => {
  it('verifies the account with the mailed token → {is_verified: true}', async () => {
    const email = uniqueEmail();
    await register(email);
    const token = await verificationToken(email);
    const accessToken = await loginToken(setup.ctx.app, email, GOOD_PASSWORD);
    expect((await me(setup.ctx.app, accessToken)).json().is_verified).toBe(false);

    const response = await post('/auth/verify-email', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ is_verified: true });
    expect((await me(setup.ctx.app, accessToken)).json().is_verified).toBe(true);
  });

  it("answers a used link, once verified, with a detail containing 'already verified'", async () => {
    const email = uniqueEmail();
    await register(email);
    const token = await verificationToken(email);
    expect((await post('/auth/verify-email', { token })).statusCode).toBe(200);
    const again = await post('/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toContain('already verified');
    expect(isAlreadyVerifiedDetail(again.json().detail)).toBe(true);
  });

  it('lets only one of two simultaneous uses of a link succeed', async () => {
    const email = uniqueEmail();
    await register(email);
    const token = await verificationToken(email);
    const answers = await Promise.all([post('/auth/verify-email', { token }), post('/auth/verify-email', { token })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('works until 48 hours after it was sent, and fails with a detail after', async () => {
    const email = uniqueEmail();
    await register(email);
    const token = await verificationToken(email);
    clock.advance(48 * HOUR + MINUTE);
    const late = await post('/auth/verify-email', { token });
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toContain('expired');
    expect((await userRow(email))?.isVerified).toBe(false);

    clock.reset();
    const other = uniqueEmail();
    await register(other);
    const fresh = await verificationToken(other);
    clock.advance(47 * HOUR + 59 * MINUTE);
    expect((await post('/auth/verify-email', { token: fresh })).statusCode).toBe(200);
  });

  it('refuses an unknown token with a detail, and a missing one with the spec text', async () => {
    const unknown = await post('/auth/verify-email', { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(/not valid/);
    const missing = await post('/auth/verify-email', {});
    expectDetail(missing, 400, VERIFY_NO_TOKEN);
  });

  it('does not accept a password reset token as a verification token', async () => {
    const email = uniqueEmail();
    await register(email);
    await verificationToken(email);
    const token = await requestReset(email);
    const response = await post('/auth/verify-email', { token });
    expect(response.statusCode).toBe(400);
    expect((await userRow(email))?.isVerified).toBe(false);
  });
});

describe('POST /api/v1/auth/resend-verification', () => {
  it('needs a logged-in user', async () => {
    const response = await post('/auth/resend-verification', {});
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBeTruthy();
  });

  it('mails an unverified user a new link that works', async () => {
    const email = uniqueEmail();
    await register(email);
    await verificationToken(email);
    const accessToken = await loginToken(setup.ctx.app, email, GOOD_PASSWORD);
    const response = await post('/auth/resend-verification', {}, accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toContain(email);
    const token = await verificationToken(email);
    expect((await post('/auth/verify-email', { token })).json()).toEqual({ is_verified: true });
  });

  it("answers a verified user with a detail containing 'already verified' and sends nothing", async () => {
    const email = await registerVerified();
    const accessToken = await loginToken(setup.ctx.app, email, GOOD_PASSWORD);
    const before = setup.smtp.mailsTo(email).length;
    const response = await post('/auth/resend-verification', {}, accessToken);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('already verified');
    await setup.ctx.app.worker.runDueJobs();
    expect(setup.smtp.mailsTo(email)).toHaveLength(before);
  });
});

describe('POST /api/v1/auth/login', () => {
  it('takes form-encoded username and password and answers {access_token, token_type: "bearer"}', async () => {
    const email = await registerVerified();
    const response = await login(setup.ctx.app, email, GOOD_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token_type).toBe('bearer');
    expect(Object.keys(body).sort()).toEqual(['access_token', 'token_type']);
    const header = JSON.parse(Buffer.from(body.access_token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');
    expect((await me(setup.ctx.app, body.access_token)).json().email).toBe(email);
  });

  it('lets an unverified user log in', async () => {
    const email = uniqueEmail();
    await register(email);
    const token = await loginToken(setup.ctx.app, email, GOOD_PASSWORD);
    expect((await me(setup.ctx.app, token)).json()).toMatchObject({ email, is_verified: false });
  });

  it('finds the account whatever the case and spaces of the email', async () => {
    const email = await registerVerified();
    expect((await login(setup.ctx.app, ` ${email.toUpperCase()} `, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const email = await registerVerified();
    const wrongPassword = await login(setup.ctx.app, email, 'Wrong-Password-1');
    const unknownEmail = await login(setup.ctx.app, uniqueEmail('nobody'), GOOD_PASSWORD);
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().detail).toBe(LOGIN_FAILED);
  });

  it('compares the password exactly as typed: no trimming, no case folding, no truncation', async () => {
    const long = `${'Spectrophotometer-'.repeat(5)}tail`; // 94 characters, past bcrypt's 72 bytes
    const email = await registerVerified(uniqueEmail(), long);
    expect((await login(setup.ctx.app, email, long)).statusCode).toBe(200);
    expect((await login(setup.ctx.app, email, long.slice(0, 72))).statusCode).toBe(401);
    expect((await login(setup.ctx.app, email, `${long} `)).statusCode).toBe(401);
    expect((await login(setup.ctx.app, email, long.toUpperCase())).statusCode).toBe(401);

    const spaced = ' Pipette Rack 96 ';
    const other = await registerVerified(uniqueEmail(), spaced);
    expect((await login(setup.ctx.app, other, spaced)).statusCode).toBe(200);
    expect((await login(setup.ctx.app, other, spaced.trim())).statusCode).toBe(401);
  });

  it('refuses a missing password with a readable detail', async () => {
    const response = await setup.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a%40example.com',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBeTruthy();
  });

  it('takes as long for an unknown email as for a known one (no timing oracle)', async () => {
    const email = await registerVerified();
    const unknown = uniqueEmail('ghost');
    const { a: known, b: missing } = await timeBoth(
      9,
      () => login(setup.ctx.app, email, 'Wrong-Password-1'),
      () => login(setup.ctx.app, unknown, 'Wrong-Password-1'),
    );
    // Without the dummy hash an unknown email answers in a small fraction of the time.
    expect(missing / known).toBeGreaterThan(0.6);
    expect(missing / known).toBeLessThan(1.6);
  });
});

describe('GET /api/v1/auth/me', () => {
  it('answers {id, email, is_verified, role} for a valid bearer token', async () => {
    const email = await registerVerified();
    const response = await me(setup.ctx.app, await loginToken(setup.ctx.app, email, GOOD_PASSWORD));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['email', 'id', 'is_verified', 'role']);
    expect(body).toEqual({ id: (await userRow(email))?.id, email, is_verified: true, role: 'user' });
  });

  it('answers 401 with a detail without a token or with a malformed one', async () => {
    for (const token of [undefined, '', 'garbage', 'a.b.c']) {
      const response = await me(setup.ctx.app, token);
      expect(response.statusCode, String(token)).toBe(401);
      expect(response.json().detail).toBeTruthy();
    }
  });

  it('answers 401 for an expired token', async () => {
    const email = await registerVerified();
    const token = await loginToken(setup.ctx.app, email, GOOD_PASSWORD);
    clock.advance((setup.ctx.config.jwt.ttlHours + 1) * HOUR);
    expect((await me(setup.ctx.app, token)).statusCode).toBe(401);
  });

  it('answers 401 for a token signed with another secret or another algorithm', async () => {
    const email = await registerVerified();
    // The claims of a real token (its jti names a live session), re-signed below.
    const claims = decodeJwt(await loginToken(setup.ctx.app, email, GOOD_PASSWORD));
    const otherSecret = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'));
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    for (const token of [otherSecret, hs512, unsigned]) {
      expect((await me(setup.ctx.app, token)).statusCode).toBe(401);
    }
    // The same claims signed as the server signs them do work: the refusals above are about the signature.
    const good = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await me(setup.ctx.app, good)).statusCode).toBe(200);
  });

  it('answers 401 for a correctly signed token without exp, iss, aud or jti, or with another issuer or audience', async () => {
    const email = await registerVerified();
    const claims = decodeJwt(await loginToken(setup.ctx.app, email, GOOD_PASSWORD));
    expect(claims).toMatchObject({ iss: 'benchmarket', aud: 'benchmarket-api' });
    expect(typeof claims.jti).toBe('string');
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const signed = (payload: Record<string, unknown>) => new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(key);
    const without = (name: string) => Object.fromEntries(Object.entries(claims).filter(([claim]) => claim !== name));
    const refused = {
      noExp: await signed(without('exp')),
      noIss: await signed(without('iss')),
      noAud: await signed(without('aud')),
      noJti: await signed(without('jti')),
      otherIssuer: await signed({ ...claims, iss: 'someone-else' }),
      otherAudience: await signed({ ...claims, aud: 'another-api' }),
    };
    for (const [name, token] of Object.entries(refused)) expect((await me(setup.ctx.app, token)).statusCode, name).toBe(401);
    expect((await me(setup.ctx.app, await signed(claims))).statusCode).toBe(200);
  });

  it('answers 401 once the account is gone', async () => {
    const email = await registerVerified();
    const token = await loginToken(setup.ctx.app, email, GOOD_PASSWORD);
    await setup.ctx.app.db.delete(users).where(eq(users.email, email));
    expect((await me(setup.ctx.app, token)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/auth/forgot-password and /auth/reset-password', () => {
  it('answers the same neutral message whether or not the address has an account', async () => {
    const email = await registerVerified();
    const known = await post('/auth/forgot-password', { email });
    const unknown = await post('/auth/forgot-password', { email: uniqueEmail('stranger') });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_NEUTRAL });
    await resetToken(email);
  });

  it('mails a reset link to ${PUBLIC_URL}/reset-password?token=… only to an existing account', async () => {
    const email = await registerVerified();
    const stranger = uniqueEmail('stranger');
    await post('/auth/forgot-password', { email: stranger });
    await post('/auth/forgot-password', { email: ` ${email.toUpperCase()}` });
    const mail = await nextMail(email, 'Reset your BenchMarket password');
    expect(mail.subject).toBe('Reset your BenchMarket password');
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}`));
    expect(mail.text).toContain('1 hour');
    expect(mail.html).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(setup.smtp.mailsTo(stranger)).toHaveLength(0);
  });

  it('does the same work for an unknown address as for a known one, in the same time', async () => {
    const email = await registerVerified();
    const stranger = uniqueEmail('stranger');
    const queued = async () => (await setup.ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(jobs))[0]?.n ?? 0;
    const before = await queued();
    await post('/auth/forgot-password', { email });
    const afterKnown = await queued();
    await post('/auth/forgot-password', { email: stranger });
    expect(afterKnown - before).toBe(1);
    expect((await queued()) - afterKnown).toBe(1);

    const { a: known, b: unknown } = await timeBoth(
      15,
      () => post('/auth/forgot-password', { email }),
      () => post('/auth/forgot-password', { email: stranger }),
    );
    expect(Math.abs(known - unknown)).toBeLessThan(Math.max(5, 0.5 * known));
    await setup.ctx.app.worker.runDueJobs();
  });

  it('sets the new password: the old one stops working, the new one works', async () => {
    const email = await registerVerified();
    const token = await requestReset(email);
    const response = await post('/auth/reset-password', { token, password: 'Brand-New-Secret-7' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBeTruthy();
    expect((await login(setup.ctx.app, email, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await login(setup.ctx.app, email, 'Brand-New-Secret-7')).statusCode).toBe(200);
    const notice = await nextMail(email, 'password was changed');
    expect(notice.text).toContain(`${PUBLIC_URL}/forgot-password`);
  });

  it('works once: a second use of the link fails with a detail', async () => {
    const email = await registerVerified();
    const token = await requestReset(email);
    expect((await post('/auth/reset-password', { token, password: 'First-New-Secret-1' })).statusCode).toBe(200);
    const again = await post('/auth/reset-password', { token, password: 'Second-New-Secret-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toContain('already been used');
    expect((await login(setup.ctx.app, email, 'First-New-Secret-1')).statusCode).toBe(200);
  });

  it('logs out every earlier session: access tokens issued before the reset stop working', async () => {
    const email = await registerVerified();
    const before = await loginToken(setup.ctx.app, email, GOOD_PASSWORD);
    expect((await me(setup.ctx.app, before)).statusCode).toBe(200);
    const token = await requestReset(email);
    await post('/auth/reset-password', { token, password: 'Brand-New-Secret-7' });
    expect((await me(setup.ctx.app, before)).statusCode).toBe(401);
    const after = await loginToken(setup.ctx.app, email, 'Brand-New-Secret-7');
    expect((await me(setup.ctx.app, after)).statusCode).toBe(200);
  });

  it('invalidates the other outstanding reset links', async () => {
    const email = await registerVerified();
    const first = await requestReset(email);
    const second = await requestReset(email);
    expect(first).not.toBe(second);
    expect((await post('/auth/reset-password', { token: second, password: 'Brand-New-Secret-7' })).statusCode).toBe(200);
    const old = await post('/auth/reset-password', { token: first, password: 'Sneaky-Other-Secret-8' });
    expect(old.statusCode).toBe(400);
    expect((await login(setup.ctx.app, email, 'Brand-New-Secret-7')).statusCode).toBe(200);
  });

  it('expires after 1 hour', async () => {
    const email = await registerVerified();
    const token = await requestReset(email);
    clock.advance(HOUR + MINUTE);
    const late = await post('/auth/reset-password', { token, password: 'Brand-New-Secret-7' });
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toContain('expired');
    expect((await login(setup.ctx.app, email, GOOD_PASSWORD)).statusCode).toBe(200);

    clock.reset();
    const fresh = await requestReset(email);
    clock.advance(59 * MINUTE);
    expect((await post('/auth/reset-password', { token: fresh, password: 'Brand-New-Secret-7' })).statusCode).toBe(200);
  });

  it('refuses a short or common new password and keeps the link usable', async () => {
    const email = await registerVerified();
    const token = await requestReset(email);
    const short = await post('/auth/reset-password', { token, password: 'abc' });
    expectDetail(short, 400, PASSWORD_TOO_SHORT);
    const common = await post('/auth/reset-password', { token, password: 'letmein123' });
    expectDetail(common, 400, COMMON_PASSWORD);
    expect((await post('/auth/reset-password', { token, password: 'Brand-New-Secret-7' })).statusCode).toBe(200);
  });

  it('refuses a missing token with the spec text, and an unknown one with a detail', async () => {
    const missing = await post('/auth/reset-password', { password: 'Brand-New-Secret-7' });
    expectDetail(missing, 400, RESET_NO_TOKEN);
    const unknown = await post('/auth/reset-password', { token: 'y'.repeat(43), password: 'Brand-New-Secret-7' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(/not valid/);
  });

  it('verifies an unverified account: the link proved the address', async () => {
    const email = uniqueEmail();
    await register(email);
    await verificationToken(email);
    const token = await requestReset(email);
    await post('/auth/reset-password', { token, password: 'Brand-New-Secret-7' });
    expect((await userRow(email))?.isVerified).toBe(true);
  });

  it('refuses a blank email with the spec text', async () => {
    const response = await post('/auth/forgot-password', { email: '' });
    expectDetail(response, 400, EMAIL_REQUIRED);
  });
});

describe('POST /api/v1/auth/google without GOOGLE_CLIENT_ID', () => {
  it('answers 400: Google sign-in is off', async () => {
    const response = await post('/auth/google', { token: 'anything' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/Google sign-in is not available/);
  });
});

describe('OpenAPI', () => {
  it('documents the auth routes under the auth tag, login as form-encoded', async () => {
    const doc = (await setup.ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      'register',
      'verify-email',
      'resend-verification',
      'login',
      'me',
      'forgot-password',
      'reset-password',
      'google',
      'google/nonce',
      'logout',
      'logout-all',
    ]) {
      expect(Object.keys(doc.paths)).toContain(`/api/v1/auth/${path}`);
    }
    const loginDoc = doc.paths['/api/v1/auth/login'].post;
    expect(loginDoc.tags).toEqual(['auth']);
    expect(Object.keys(loginDoc.requestBody.content)).toContain('application/x-www-form-urlencoded');
    expect(JSON.stringify(doc.paths['/api/v1/auth/me'])).not.toContain('password');
  });
});
