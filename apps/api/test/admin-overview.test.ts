import type { AdminOverview, AuditEntry } from '@benchmarket/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyCounters, listingReports, messages, paymentRefunds, payments } from '../src/db/schema.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { adminCall, createAccount, createAdmin, expectAdminOnly, type Account } from './support/admin-users.js';
import { createListing, DAY_MS, settableClock } from './support/payments-fixtures.js';

/**
 * Issue 14: the console's overview on known data — listings live, new this week and expiring,
 * open reports, the review queue, revenue by month net of refunds, searches (counted by the
 * search route, plain and AI) and messages per day — and the audit log's pages.
 */

const NOW = '2031-03-15T12:00:00.000Z';
const clock = settableClock(NOW);
const now = new Date(NOW);
const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY_MS);
let ctx: TestContext;
let admin: Account;
let user: Account;

beforeAll(async () => {
  ctx = await setupTestApp({ env: { RATE_LIMITS: 'off', PROMO_FREE_UNTIL: '2030-06-01' }, clock });
  [admin, user] = await Promise.all([createAdmin(ctx.app), createAccount(ctx.app)]);
});
afterAll(() => ctx?.close());

async function overview(): Promise<AdminOverview> {
  const response = await adminCall(ctx.app, 'GET', '/admin/overview', { as: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminOverview;
}

function search(query: string) {
  return adminCall(ctx.app, 'GET', `/listings/search?${query}`, { as: user });
}

/** A payment row as the payments module leaves it. */
async function payment(values: {
  amountCents: number;
  completedAt: Date | null;
  listingId: string;
  status?: 'completed' | 'failed' | 'refunded';
}) {
  const [row] = await ctx.app.db
    .insert(payments)
    .values({
      listingId: values.listingId,
      userId: user.id,
      kind: 'activation',
      durationMonths: 1,
      amountCents: values.amountCents,
      currency: 'usd',
      status: values.status ?? 'completed',
      provider: 'sandbox',
      createdAt: values.completedAt ?? now,
      completedAt: values.completedAt,
    })
    .returning({ id: payments.id });
  return row!.id;
}

async function refunded(paymentId: string, amountCents: number, at: Date, source: 'admin' | 'automatic' = 'admin') {
  await ctx.app.db
    .insert(paymentRefunds)
    .values({ paymentId, amountCents, source, createdAt: at, providerRefundId: `re_${paymentId}_${amountCents}` });
}

describe('GET /api/v1/admin/overview', () => {
  it('answers 401 to visitors and 403 to everyone but admins', async () => {
    await expectAdminOnly(ctx.app, user, [
      { method: 'GET', url: '/admin/overview' },
      { method: 'GET', url: '/admin/audit' },
    ]);
  });

  it('counts listings live, new this week, expiring within 7 days, open reports and the review queue', async () => {
    const live = { paymentStatus: 'paid' as const, isActive: true };
    await createListing(ctx.app, user.id, { ...live, createdAt: daysFromNow(-30), expiryDate: daysFromNow(60) });
    const fresh = await createListing(ctx.app, user.id, { ...live, createdAt: daysFromNow(-2), expiryDate: daysFromNow(3) });
    await createListing(ctx.app, user.id, { createdAt: daysFromNow(-1) }); // a new draft
    await createListing(ctx.app, user.id, { createdAt: daysFromNow(-1), isDeleted: true, verificationStatus: 'pending' });
    await createListing(ctx.app, user.id, { createdAt: daysFromNow(-40), verificationStatus: 'pending' });
    const rejected = await createListing(ctx.app, user.id, {
      ...live,
      createdAt: daysFromNow(-10),
      expiryDate: daysFromNow(20),
      verificationStatus: 'auto_rejected',
    });
    await createListing(ctx.app, user.id, { ...live, createdAt: daysFromNow(-50), expiryDate: daysFromNow(-1) }); // expired
    await ctx.app.db.insert(listingReports).values([
      { listingId: fresh.id, reporterId: admin.id, reason: 'duplicate' },
      { listingId: rejected.id, reporterId: admin.id, reason: 'suspected_fraud' },
      { listingId: rejected.id, reporterId: user.id, reason: 'other', details: 'Odd', status: 'dismissed', resolvedAt: now },
    ]);

    expect(await overview()).toMatchObject({
      listings_live: 3,
      listings_new_this_week: 2,
      listings_expiring_soon: 1,
      open_reports: 2,
      review_queue_length: 2,
      currency: 'usd',
    });
  });

  it('sums revenue by month for the last 12 months, net of refunds of payments that were revenue', async () => {
    const listing = await createListing(ctx.app, user.id);
    const march = await payment({ listingId: listing.id, amountCents: 4_900, completedAt: new Date('2031-03-10T09:00:00Z') });
    const february = await payment({ listingId: listing.id, amountCents: 10_700, completedAt: new Date('2031-02-05T09:00:00Z') });
    await refunded(february, 2_000, new Date('2031-02-20T09:00:00Z'));
    await refunded(february, 3_000, new Date('2031-03-01T09:00:00Z'));
    await refunded(march, 900, new Date('2031-03-12T09:00:00Z'));
    // Refused and given back by the refund job: never revenue, so its refund is not taken off either.
    const refused = await payment({ listingId: listing.id, amountCents: 4_900, completedAt: null, status: 'refunded' });
    await refunded(refused, 4_900, new Date('2031-03-02T09:00:00Z'), 'automatic');
    await payment({ listingId: listing.id, amountCents: 2_900, completedAt: new Date('2030-04-01T00:00:00Z') }); // the window's first month
    await payment({ listingId: listing.id, amountCents: 99_900, completedAt: new Date('2030-03-31T23:59:59Z') }); // before it

    const { revenue_by_month: revenue } = await overview();
    expect(revenue).toHaveLength(12);
    expect(revenue[0]).toEqual({ month: '2030-04', amount: 29 });
    expect(revenue.slice(-2)).toEqual([
      { month: '2031-02', amount: 87 },
      { month: '2031-03', amount: 49 - 30 - 9 },
    ]);
    expect(revenue.slice(1, -2).every((month) => month.amount === 0)).toBe(true);
    expect(revenue.map((m) => m.month)).toEqual([...revenue.map((m) => m.month)].sort());
  });

  it('counts new searches per day by the search route (plain and AI), not browsing or later pages; and messages per day', async () => {
    await ctx.app.db.insert(dailyCounters).values({ day: '2031-03-10', name: 'search.plain', count: 7 });
    for (const query of ['query=centrifuge', 'query=freezer&min_price=100', 'condition=pre-owned', 'query=pcr&use_rag=true']) {
      expect((await search(query)).statusCode, query).toBe(200);
    }
    for (const query of ['', 'query=centrifuge&page=2']) expect((await search(query)).statusCode, query).toBe(200);

    const [listing] = await ctx.app.db.execute<{ id: string }>(sql`select id from listings limit 1`).then((r) => r.rows);
    const sent = (at: Date) => ({
      listingId: listing!.id,
      senderId: user.id,
      recipientId: admin.id,
      senderName: 'Ada',
      senderEmail: user.email,
      message: 'Hi',
      sentAt: at,
    });
    await ctx.app.db
      .insert(messages)
      .values([sent(daysFromNow(0)), sent(new Date('2031-03-15T00:00:01Z')), sent(daysFromNow(-3)), sent(daysFromNow(-40))]);

    const { searches_per_day: searches, messages_per_day: perDay } = await overview();
    expect(searches).toHaveLength(30);
    expect(searches[0]?.day).toBe('2031-02-14');
    expect(searches.at(-1)).toEqual({ day: '2031-03-15', plain: 3, ai: 1 });
    expect(searches.find((d) => d.day === '2031-03-10')).toEqual({ day: '2031-03-10', plain: 7, ai: 0 });
    expect(searches.filter((d) => d.plain + d.ai > 0)).toHaveLength(2);
    expect(perDay).toHaveLength(30);
    expect(perDay.at(-1)).toEqual({ day: '2031-03-15', count: 2 });
    expect(perDay.find((d) => d.day === '2031-03-12')).toEqual({ day: '2031-03-12', count: 1 });
    expect(perDay.reduce((sum, d) => sum + d.count, 0)).toBe(3);
  });

  it('writes the counts gathered in the process to the table in one write, and the overview shows them before and after', async () => {
    const stored = async () =>
      ctx.app.db
        .execute<{ count: number }>(sql`select count from daily_counters where day = '2031-03-15' and name = 'search.ai'`)
        .then((r) => Number(r.rows[0]?.count ?? 0));
    await ctx.app.activity.counters.flush();
    const before = await stored();
    const shown = async () => (await overview()).searches_per_day.at(-1)?.ai;
    const shownBefore = await shown();
    for (const query of ['query=autoclave&use_rag=true', 'query=balance&use_rag=true']) expect((await search(query)).statusCode).toBe(200);
    expect(await stored(), 'not written per search').toBe(before);
    expect(await shown(), 'counted at once all the same').toBe(shownBefore! + 2);
    await ctx.app.activity.counters.flush();
    expect(await stored()).toBe(before + 2);
    expect(await shown()).toBe(shownBefore! + 2);
  });

  it('never fails a search when the counter cannot be written, and loses no count: the next write adds it', async () => {
    await ctx.app.activity.counters.flush();
    const plainToday = async () =>
      ctx.app.db
        .execute<{ count: number }>(sql`select count from daily_counters where day = '2031-03-15' and name = 'search.plain'`)
        .then((r) => Number(r.rows[0]?.count ?? 0));
    const before = await plainToday();
    await ctx.app.db.execute(sql`alter table daily_counters rename to daily_counters_away`);
    try {
      const response = await search('query=centrifuge');
      expect(response.statusCode, response.body).toBe(200);
      await ctx.app.activity.counters.flush();
    } finally {
      await ctx.app.db.execute(sql`alter table daily_counters_away rename to daily_counters`);
    }
    expect(await plainToday(), 'the failed write wrote nothing').toBe(before);
    await ctx.app.activity.counters.flush();
    expect(await plainToday()).toBe(before + 1);
  });
});

describe('GET /api/v1/admin/audit', () => {
  it('pages the audit log newest first, and filters by object id', async () => {
    for (const n of [1, 2, 3]) {
      await ctx.app.audit.record({
        actor: { kind: 'cli', description: 'test' },
        action: 'role.grant',
        objectType: 'user',
        objectId: n === 2 ? admin.id : user.id,
        before: { role: 'user' },
        after: { role: 'admin', n },
        reason: null,
      });
    }
    const first = await adminCall(ctx.app, 'GET', '/admin/audit?page_size=2', { as: admin });
    expect(first.statusCode).toBe(200);
    const page = first.json() as { items: AuditEntry[]; total: number; page: number; page_size: number };
    expect(page).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page.items.map((e) => e.after?.n)).toEqual([3, 2]);
    expect(page.items[0]).toMatchObject({
      actor: 'cli (test)',
      action: 'role.grant',
      object_type: 'user',
      object_id: user.id,
      before: { role: 'user' },
    });
    const second = (await adminCall(ctx.app, 'GET', '/admin/audit?page_size=2&page=2', { as: admin })).json() as { items: AuditEntry[] };
    expect(second.items.map((e) => e.after?.n)).toEqual([1]);
    const mine = (await adminCall(ctx.app, 'GET', `/admin/audit?object_id=${admin.id}`, { as: admin })).json() as {
      items: AuditEntry[];
      total: number;
    };
    expect(mine.total).toBe(1);
    expect(mine.items[0]?.after).toEqual({ role: 'admin', n: 2 });
    expect((await adminCall(ctx.app, 'GET', '/admin/audit?page=0', { as: admin })).statusCode).toBe(400);
  });
});
