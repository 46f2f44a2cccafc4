import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { users } from '../src/db/schema.js';
import { setupTestApp, withOtherProcess, type TestContext } from './helpers.js';
import { GOOD_PASSWORD, login, loginToken, postJson, uniqueEmail } from './support/auth.js';
import { HOUR, testClock } from './support/clock.js';

let ctx: TestContext;
const clock = testClock();

// Small limits so the tests reach them: 3 free failed logins per account-and-address and per IP; 3 register/forgot/resend per IP
// and 2 mails per address per hour.
const LIMITS = {
  RATE_LIMIT_LOGIN_PER_15_MIN: '3',
  RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: '3',
  RATE_LIMIT_REGISTER_PER_HOUR: '3',
  RATE_LIMIT_EMAIL_PER_HOUR: '2',
};

beforeAll(async () => {
  ctx = await setupTestApp({ env: LIMITS, clock });
});
afterAll(() => ctx?.close());
afterEach(() => clock.reset());

let ips = 0;
/** A fresh client address, so each test starts with clean per-IP counters. */
const newIp = () => `10.0.${Math.floor((ips += 1) / 250)}.${(ips % 250) + 1}`;

async function account(): Promise<string> {
  const email = uniqueEmail('limited');
  const response = await postJson(ctx.app, '/api/v1/auth/register', { email, password: GOOD_PASSWORD }, { ip: newIp() });
  expect(response.statusCode).toBe(201);
  return email;
}

function expectTooMany(response: { statusCode: number; json(): { detail: string } }) {
  expect(response.statusCode).toBe(429);
  expect(response.json().detail).toMatch(/^Too many attempts\. Please try again in \d+ (seconds|minutes|hours)\.$/);
}

describe('rate limits on POST /api/v1/auth/login (more in login-lockout.test.ts)', () => {
  it('per account and address: the 4th attempt from the same address is delayed with 429 and Retry-After; the owner elsewhere is not', async () => {
    const email = await account();
    const attacker = newIp();
    for (let i = 0; i < 3; i += 1) expect((await login(ctx.app, email, 'Wrong-Password-1', { ip: attacker })).statusCode).toBe(401);
    const refused = await login(ctx.app, email, GOOD_PASSWORD, { ip: attacker });
    expectTooMany(refused);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(ctx.app, email, GOOD_PASSWORD, { ip: newIp() })).statusCode).toBe(200);
  });

  it('per IP: one address trying many accounts is refused; other addresses are not', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i += 1) expect((await login(ctx.app, uniqueEmail('guess'), 'Wrong-Password-1', { ip })).statusCode).toBe(401);
    expectTooMany(await login(ctx.app, await account(), GOOD_PASSWORD, { ip }));
    expect((await login(ctx.app, uniqueEmail('guess'), 'Wrong-Password-1', { ip: newIp() })).statusCode).toBe(401);
  });

  it('counts failed attempts only: signing in again and again, from one address, is never refused', async () => {
    const email = await account();
    const ip = newIp();
    for (let i = 0; i < 8; i += 1) expect((await login(ctx.app, email, GOOD_PASSWORD, { ip })).statusCode).toBe(200);
    // A mistyped password still counts against the address: two more before its limit of 3.
    expect((await login(ctx.app, email, 'Wrong-Password-1', { ip })).statusCode).toBe(401);
    expect((await login(ctx.app, email, GOOD_PASSWORD, { ip })).statusCode).toBe(200);
    expect((await login(ctx.app, email, 'Wrong-Password-1', { ip })).statusCode).toBe(401);
    expect((await login(ctx.app, email, 'Wrong-Password-1', { ip })).statusCode).toBe(401);
    expectTooMany(await login(ctx.app, email, GOOD_PASSWORD, { ip }));
  });

  it('counts unknown emails like known ones (the limit reveals nothing)', async () => {
    const unknown = uniqueEmail('ghost');
    const ip = newIp();
    for (let i = 0; i < 3; i += 1) expect((await login(ctx.app, unknown, 'Wrong-Password-1', { ip })).statusCode).toBe(401);
    expectTooMany(await login(ctx.app, unknown, 'Wrong-Password-1', { ip }));
  });

  it('lets the address try again once the delay has passed', async () => {
    const email = await account();
    const ip = newIp();
    for (let i = 0; i < 3; i += 1) await login(ctx.app, email, 'Wrong-Password-1', { ip });
    const refused = await login(ctx.app, email, GOOD_PASSWORD, { ip });
    expectTooMany(refused);
    clock.advance(Number(refused.headers['retry-after']) * 1000 + 1000);
    expect((await login(ctx.app, email, GOOD_PASSWORD, { ip })).statusCode).toBe(200);
  });
});

describe('rate limits on POST /api/v1/auth/register', () => {
  it('per IP: the 4th registration within an hour is refused and creates nothing', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i += 1) {
      expect((await postJson(ctx.app, '/api/v1/auth/register', { email: uniqueEmail(), password: GOOD_PASSWORD }, { ip })).statusCode).toBe(
        201,
      );
    }
    const email = uniqueEmail();
    expectTooMany(await postJson(ctx.app, '/api/v1/auth/register', { email, password: GOOD_PASSWORD }, { ip }));
    expect(await ctx.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('per address: the same email can be registered (and mailed) only twice an hour, from any IP', async () => {
    const email = uniqueEmail();
    const attempt = () => postJson(ctx.app, '/api/v1/auth/register', { email, password: GOOD_PASSWORD }, { ip: newIp() });
    expect((await attempt()).statusCode).toBe(201);
    expect((await attempt()).statusCode).toBe(201);
    expectTooMany(await attempt());
    clock.advance(HOUR + 1000);
    expect((await attempt()).statusCode).toBe(201);
  });
});

describe('rate limits on POST /api/v1/auth/forgot-password', () => {
  it('per address, the same for an address with and without an account', async () => {
    const known = await account();
    const unknown = uniqueEmail('stranger');
    for (const email of [known, unknown]) {
      const answers = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await postJson(ctx.app, '/api/v1/auth/forgot-password', { email }, { ip: newIp() });
        answers.push(response.statusCode);
      }
      expect(answers, email === known ? 'known' : 'unknown').toEqual([200, 200, 429]);
    }
  });

  it('per IP', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i += 1) {
      expect((await postJson(ctx.app, '/api/v1/auth/forgot-password', { email: uniqueEmail() }, { ip })).statusCode).toBe(200);
    }
    expectTooMany(await postJson(ctx.app, '/api/v1/auth/forgot-password', { email: uniqueEmail() }, { ip }));
  });
});

describe('rate limits on POST /api/v1/auth/resend-verification', () => {
  it('per account: a third resend within the hour is refused', async () => {
    const email = await account();
    const token = await loginToken(ctx.app, email, GOOD_PASSWORD);
    const resend = () => postJson(ctx.app, '/api/v1/auth/resend-verification', {}, { token, ip: newIp() });
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    expectTooMany(await resend());
  });
});

describe('RATE_LIMITS=off', () => {
  it('turns the limits off (for load tests)', async () => {
    await withOtherProcess(ctx, { env: { ...LIMITS, RATE_LIMITS: 'off' }, clock }, async (app) => {
      const ip = newIp();
      const email = uniqueEmail('load');
      for (let i = 0; i < 6; i += 1) expect((await login(app, email, 'Wrong-Password-1', { ip })).statusCode).toBe(401);
      for (let i = 0; i < 4; i += 1) {
        expect((await postJson(app, '/api/v1/auth/forgot-password', { email }, { ip })).statusCode).toBe(200);
      }
    });
  });

  it('is refused with NODE_ENV=production', () => {
    expect(() => loadConfig({ DATA_DIR: ctx.dataDir, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), RATE_LIMITS: 'off' })).toThrow(
      /RATE_LIMITS=off is refused/,
    );
  });
});

describe('the flood guard (RATE_LIMIT_GLOBAL_PER_MINUTE)', () => {
  it('counts API calls per IP, not the pages and files a browser loads', async () => {
    await withOtherProcess(ctx, { env: { ...LIMITS, RATE_LIMIT_GLOBAL_PER_MINUTE: '5' }, clock }, async (app) => {
      const from = (ip: string, url: string) => app.inject({ method: 'GET', url, remoteAddress: ip });
      const browsing = newIp();
      for (let i = 0; i < 12; i += 1) expect((await from(browsing, '/robots.txt')).statusCode).not.toBe(429);

      const flooding = newIp();
      // However the path is spelled: the router decodes %61 to 'a'.
      for (let i = 0; i < 5; i += 1) {
        expect((await from(flooding, i % 2 ? '/%61pi/v1/health' : '/api/v1/health')).statusCode).toBe(200);
      }
      const refused = await from(flooding, '/%61pi/v1/health');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
      expect((await from(newIp(), '/api/v1/health')).statusCode).toBe(200);
    });
  });

  it('is counted across processes in Redis when REDIS_URL is set, and lets requests through when Redis is down (issue 17)', async () => {
    const shared = { ...LIMITS, RATE_LIMIT_GLOBAL_PER_MINUTE: '4', REDIS_URL: 'redis://127.0.0.1:6379/0' };
    // An address no earlier run used within the minute: the counts live in Redis, not in this test's database.
    const ip = `10.${String(100 + Math.floor(Math.random() * 150))}.${String(Math.floor(Math.random() * 250))}.${String(Math.floor(Math.random() * 250) + 1)}`;
    await withOtherProcess(ctx, { env: shared, clock }, async (one) => {
      await withOtherProcess(ctx, { env: shared, clock }, async (two) => {
        const from = (app: typeof one) => app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: ip });
        const statuses = [];
        for (let i = 0; i < 4; i += 1) statuses.push((await from(i % 2 === 0 ? one : two)).statusCode);
        expect(statuses).toEqual([200, 200, 200, 200]);
        expect((await from(one)).statusCode).toBe(429);
        expect((await from(two)).statusCode).toBe(429);
      });
    });
    await withOtherProcess(ctx, { env: { ...shared, REDIS_URL: 'redis://127.0.0.1:1/0' }, clock }, async (app) => {
      for (let i = 0; i < 6; i += 1)
        expect((await app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: ip })).statusCode).toBe(200);
    });
  });
});
