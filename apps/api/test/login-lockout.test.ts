import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, withOtherProcess, type TestContext } from './helpers.js';
import { GOOD_PASSWORD, login, postJson, uniqueEmail } from './support/auth.js';
import { testClock } from './support/clock.js';
import { startSmtpServer, tokenFromLink, type TestSmtpServer } from './support/smtp.js';

/**
 * Issue 12, defect 5: nobody can lock a user out. Failed logins slow down the address they come
 * from (growing delays), not the account: the owner with the right password gets in from
 * elsewhere, and after a password reset from anywhere.
 */

let ctx: TestContext;
let smtp: TestSmtpServer;
const clock = testClock();
// 3 free failures per account-and-address (so 15 per account across addresses), 50 per address.
const LIMITS = { RATE_LIMIT_LOGIN_PER_15_MIN: '3', RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: '50' };

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await setupTestApp({ env: { ...LIMITS, SMTP_URL: smtp.url }, clock });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});
afterEach(() => clock.reset());

let ips = 0;
const newIp = () => `10.1.${Math.floor((ips += 1) / 250)}.${(ips % 250) + 1}`;
const WRONG = 'Wrong-Password-1';

async function account(): Promise<string> {
  const email = uniqueEmail('owner');
  expect((await postJson(ctx.app, '/api/v1/auth/register', { email, password: GOOD_PASSWORD }, { ip: newIp() })).statusCode).toBe(201);
  return email;
}

/** The seconds a 429 asks to wait, checked against its detail. */
function slowedFor(response: { statusCode: number; headers: Record<string, unknown>; json(): { detail: string } }): number {
  expect(response.statusCode).toBe(429);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(response.json().detail).toMatch(/^Too many attempts\. Please try again in \d+ (seconds|minutes|hours)\.$/);
  if (seconds < 90) expect(response.json().detail).toBe(`Too many attempts. Please try again in ${seconds} seconds.`);
  return seconds;
}

async function resetPassword(email: string, password: string, ip: string): Promise<void> {
  expect((await postJson(ctx.app, '/api/v1/auth/forgot-password', { email }, { ip })).statusCode).toBe(200);
  const arrival = smtp.waitForMail(email, { subject: 'Reset your BenchMarket password' });
  let arrived = false;
  void arrival.finally(() => (arrived = true)).catch(() => undefined);
  while (!arrived) {
    await ctx.app.worker.runDueJobs();
    await Promise.race([arrival.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  const token = tokenFromLink(await arrival, 'http://localhost:3000/reset-password');
  expect((await postJson(ctx.app, '/api/v1/auth/reset-password', { token, password }, { ip })).statusCode).toBe(200);
}

describe('an attacker cannot lock the owner out', () => {
  it('many failures from address A: the owner logs in from B with the right password; after a reset, from A too', async () => {
    const email = await account();
    const attackerA = newIp();
    const answers: number[] = [];
    for (let i = 0; i < 25; i += 1) answers.push((await login(ctx.app, email, WRONG, { ip: attackerA })).statusCode);
    expect(answers.slice(0, 3)).toEqual([401, 401, 401]);
    expect(answers.slice(3).every((status) => status === 429)).toBe(true);

    // The owner, from another address, with the right password, is not affected.
    expect((await login(ctx.app, email, GOOD_PASSWORD, { ip: newIp() })).statusCode).toBe(200);
    // A's delay is A's: even the right password waits there...
    slowedFor(await login(ctx.app, email, GOOD_PASSWORD, { ip: attackerA }));
    // ...until a password reset, which forgets the account's counters.
    const newPassword = 'Fresh-Reset-Password-5';
    await resetPassword(email, newPassword, newIp());
    expect((await login(ctx.app, email, newPassword, { ip: attackerA })).statusCode).toBe(200);
  });

  it('the attacker keeps being slowed: each failure after the free ones doubles the wait', async () => {
    const email = await account();
    const attacker = newIp();
    for (let i = 0; i < 3; i += 1) expect((await login(ctx.app, email, WRONG, { ip: attacker })).statusCode).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const wait = slowedFor(await login(ctx.app, email, WRONG, { ip: attacker }));
      waits.push(wait);
      clock.advance(wait * 1000 + 500);
      // One more guess once the wait is over, and it fails.
      expect((await login(ctx.app, email, WRONG, { ip: attacker })).statusCode).toBe(401);
    }
    for (let i = 1; i < waits.length; i += 1) expect(waits[i]).toBeGreaterThanOrEqual(2 * waits[i - 1]! - 1);
    // Attempts refused during a wait do not make it longer, and do not reach the password check.
    const refusedAgain = slowedFor(await login(ctx.app, email, GOOD_PASSWORD, { ip: attacker }));
    expect(refusedAgain).toBeLessThanOrEqual(2 * waits[waits.length - 1]! + 1);
    expect((await login(ctx.app, email, GOOD_PASSWORD, { ip: newIp() })).statusCode).toBe(200);
  });

  it('a parallel burst from one address gets no more than the free failures checked', async () => {
    const email = await account();
    const attacker = newIp();
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(ctx.app, email, WRONG, { ip: attacker })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
  });

  it('a distributed attacker (a new address per few guesses) is slowed on the account, but the owner is delayed by a minute at most', async () => {
    const email = await account();
    let failed = 0;
    let slowed: { statusCode: number; headers: Record<string, unknown>; json(): { detail: string } } | undefined;
    for (let i = 0; i < 40 && !slowed; i += 1) {
      const response = await login(ctx.app, email, WRONG, { ip: newIp() });
      if (response.statusCode === 401) failed += 1;
      else slowed = response;
    }
    // 5 × the per-address allowance, then the account-wide delay starts.
    expect(failed).toBe(15);
    expect(slowedFor(slowed!)).toBeLessThanOrEqual(60);
    // The owner may have to wait too (the trade-off), but never more than a minute...
    const owner = await login(ctx.app, email, GOOD_PASSWORD, { ip: newIp() });
    if (owner.statusCode === 429) {
      const wait = slowedFor(owner);
      expect(wait).toBeLessThanOrEqual(60);
      clock.advance(wait * 1000 + 500);
    }
    // ...and then gets in.
    expect((await login(ctx.app, email, GOOD_PASSWORD, { ip: newIp() })).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY and X-Forwarded-For', () => {
  const fromWithForwarded = (app: typeof ctx.app, email: string, password: string, forwarded: string, remote = '203.0.113.7') =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwarded },
      payload: new URLSearchParams({ username: email, password }).toString(),
      remoteAddress: remote,
    });

  it('by default (no trusted proxy) a rotating X-Forwarded-For does not bypass the limit: the socket address counts', async () => {
    const email = await account();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      statuses.push((await fromWithForwarded(ctx.app, email, WRONG, `198.51.100.${i + 1}`, '203.0.113.50')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('with TRUST_PROXY=1 the address is the one the trusted hop reports (the last entry); entries a client wrote itself do not help', async () => {
    await withOtherProcess(ctx, { env: { ...LIMITS, TRUST_PROXY: '1' }, clock }, async (app) => {
      const email = await account();
      const statuses: number[] = [];
      // The client rotates what it claims; the proxy appends the real address, always the same.
      for (let i = 0; i < 6; i += 1) {
        statuses.push((await fromWithForwarded(app, email, WRONG, `198.51.100.${i + 1}, 192.0.2.77`, '10.0.0.1')).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
      // Another real client behind the same proxy (the owner) is not affected.
      expect((await fromWithForwarded(app, email, GOOD_PASSWORD, '192.0.2.88', '10.0.0.1')).statusCode).toBe(200);
    });
  });
});
