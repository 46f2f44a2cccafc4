import type { AuditEntry } from '@benchmarket/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { setupTestApp, testEnv, type TestContext } from './helpers.js';
import { adminCall, createAccount, createAdmin, expectAdminOnly, type Account } from './support/admin-users.js';
import { createListing, createSeller, settableClock, tokenFor, type Seller } from './support/payments-fixtures.js';

/**
 * Issue 14: the promotion's end date is a fixed setting — 2027-06-01 unless PROMO_FREE_UNTIL
 * says otherwise, and an admin's date in the console wins over both — never "the coming
 * 1 June". GET /config and the prices follow it at once, in every API process.
 */

const REASON = 'The board extended the launch promotion.';
const clock = settableClock('2026-11-24T12:00:00.000Z');
let ctx: TestContext;
let admin: Account;
let user: Account;
let seller: Seller;

beforeAll(async () => {
  ctx = await setupTestApp({ env: { RATE_LIMITS: 'off' }, clock });
  [admin, user, seller] = await Promise.all([createAdmin(ctx.app), createAccount(ctx.app), createSeller(ctx.app)]);
});
afterAll(() => ctx?.close());

async function promotionOf(app: FastifyInstance): Promise<{ active: boolean; free_until: string }> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/config' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { promotion: { active: boolean; free_until: string } }).promotion;
}

/** What the first month of a new listing costs now (GET /payments/quote). */
async function firstMonthPrice(app: FastifyInstance): Promise<{ amount: number; promotion_applied: boolean }> {
  const listing = await createListing(app, seller.id);
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/payments/quote?listing_id=${listing.id}&duration_months=1`,
    headers: { authorization: `Bearer ${await tokenFor(app, seller.id)}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { amount: number; promotion_applied: boolean };
}

function setPromotion(body: Record<string, unknown>, as: Account = admin) {
  return adminCall(ctx.app, 'PUT', '/admin/settings/promotion', { as, payload: body });
}

/** Another API process on the same database, with its own environment. */
async function otherProcess(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config: loadConfig(testEnv(ctx.dataDir, { RATE_LIMITS: 'off', ...env })), database: ctx.database, clock });
  await app.ready();
  return app;
}

describe('GET /api/v1/admin/settings and PUT /api/v1/admin/settings/promotion', () => {
  it('answers 401 to visitors and 403 to everyone but admins, and changes nothing for them', async () => {
    await expectAdminOnly(ctx.app, user, [
      { method: 'GET', url: '/admin/settings' },
      { method: 'PUT', url: '/admin/settings/promotion', payload: { promo_free_until: '2020-01-01', reason: REASON } },
      { method: 'PUT', url: '/admin/settings/promotion', payload: { promo_free_until: 'nonsense' } },
    ]);
    expect((await promotionOf(ctx.app)).free_until).toBe('2027-06-01');
  });

  it('runs the promotion until 2027-06-01 by default, whatever the day the server starts', async () => {
    expect(await promotionOf(ctx.app)).toMatchObject({ active: true, free_until: '2027-06-01' });
    const settings = await adminCall(ctx.app, 'GET', '/admin/settings', { as: admin });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual({ promo_free_until: '2027-06-01', promo_active: true });
    expect(await firstMonthPrice(ctx.app)).toMatchObject({ amount: 0, promotion_applied: true });

    // After 1 June 2027 the promotion is over: it does not roll on to 2028.
    clock.set('2027-06-01T00:00:00.000Z');
    try {
      expect(await promotionOf(ctx.app)).toMatchObject({ active: false, free_until: '2027-06-01' });
      expect(await firstMonthPrice(ctx.app)).toMatchObject({ amount: 49, promotion_applied: false });
      const restarted = await otherProcess();
      try {
        expect(await promotionOf(restarted)).toMatchObject({ active: false, free_until: '2027-06-01' });
      } finally {
        await restarted.close();
      }
    } finally {
      clock.set('2026-11-24T12:00:00.000Z');
    }
  });

  it('takes PROMO_FREE_UNTIL over the default', async () => {
    const app = await otherProcess({ PROMO_FREE_UNTIL: '2026-11-01' });
    try {
      expect(await promotionOf(app)).toEqual(expect.objectContaining({ active: false, free_until: '2026-11-01' }));
      expect(await firstMonthPrice(app)).toMatchObject({ amount: 49, promotion_applied: false });
    } finally {
      await app.close();
    }
  });

  it("takes an admin's date over PROMO_FREE_UNTIL and the default: GET /config and prices follow at once, in every process", async () => {
    const withEnv = await otherProcess({ PROMO_FREE_UNTIL: '2031-06-01' });
    try {
      const ended = await setPromotion({ promo_free_until: '2026-11-20', reason: REASON });
      expect(ended.statusCode, ended.body).toBe(200);
      expect(ended.json()).toEqual({ promo_free_until: '2026-11-20', promo_active: false });
      for (const app of [ctx.app, withEnv]) {
        expect(await promotionOf(app)).toMatchObject({ active: false, free_until: '2026-11-20' });
        expect(await firstMonthPrice(app)).toMatchObject({ amount: 49, promotion_applied: false });
      }

      const extended = await setPromotion({ promo_free_until: '2027-12-01', reason: REASON });
      expect(extended.json()).toEqual({ promo_free_until: '2027-12-01', promo_active: true });
      for (const app of [ctx.app, withEnv]) {
        expect(await promotionOf(app)).toMatchObject({ active: true, free_until: '2027-12-01' });
        expect(await firstMonthPrice(app)).toMatchObject({ amount: 0, promotion_applied: true });
      }
      expect((await adminCall(ctx.app, 'GET', '/admin/settings', { as: admin })).json()).toEqual({
        promo_free_until: '2027-12-01',
        promo_active: true,
      });
    } finally {
      await withEnv.close();
    }

    const audit = await adminCall(ctx.app, 'GET', '/admin/audit?object_id=promo_free_until', { as: admin });
    expect((audit.json() as { items: AuditEntry[] }).items).toEqual([
      expect.objectContaining({
        actor: admin.email,
        action: 'setting.promotion',
        object_type: 'setting',
        before: { promo_free_until: '2026-11-20' },
        after: { promo_free_until: '2027-12-01' },
        reason: REASON,
      }),
      expect.objectContaining({ before: { promo_free_until: '2027-06-01' }, after: { promo_free_until: '2026-11-20' } }),
    ]);
  });

  it('refuses a date that is not a day, and a missing reason, with a readable detail', async () => {
    for (const body of [
      { promo_free_until: 'June', reason: REASON },
      { promo_free_until: '2027-02-30', reason: REASON },
      { promo_free_until: '2027-06-01T00:00:00Z', reason: REASON },
      { promo_free_until: '2027-06-01' },
      { promo_free_until: '2027-06-01', reason: '  ' },
    ]) {
      const response = await setPromotion(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().detail).toEqual(expect.any(String));
    }
    expect((await setPromotion({ promo_free_until: 'June', reason: REASON })).json().detail).toContain('Enter a date as YYYY-MM-DD.');
    expect((await promotionOf(ctx.app)).free_until).toBe('2027-12-01');
  });
});
