import { mkdtempSync, rmSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CONDITIONS, findCountry, findFamily } from '@benchmarket/shared';
import type { AdminOverview, AdminPayment, RefundResult } from '@benchmarket/shared';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import {
  listingDocuments,
  listingPhotos,
  listingReports,
  listings,
  payments,
  sandboxPaymentIntents,
  sandboxRefunds,
  users,
} from '../src/db/schema.js';
import { inspectPdf } from '../src/modules/documents/index.js';
import { verifyPassword } from '../src/modules/auth/passwords.js';
import { addMonths } from '../src/modules/listings/index.js';
import { startRuntime } from '../src/runtime.js';
import { DEMO_ACCOUNTS } from '../src/seed/demo-accounts.js';
import { buildModerationDemo } from '../src/seed/moderation-demo.js';
import { buildPaymentsDemo } from '../src/seed/payments-demo.js';
import { demoDataWanted, seedDemoData, type SeedResult } from '../src/seed/seed.js';
import type { Db } from '../src/db/database.js';
import { setupTestApp, testEnv, type TestContext } from './helpers.js';
import { login, loginToken } from './support/auth.js';

const DAY_MS = 24 * 3600 * 1000;

async function isWebp(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(12);
    await handle.read(header, 0, 12, 0);
    return header.toString('ascii', 0, 4) === 'RIFF' && header.toString('ascii', 8, 12) === 'WEBP';
  } finally {
    await handle.close();
  }
}

/** What must be the same on every run: titles, prices, conditions and countries. */
function catalogOf(db: Db) {
  return db
    .select({ title: listings.title, priceCents: listings.priceCents, condition: listings.condition, location: listings.location })
    .from(listings)
    .orderBy(asc(listings.title));
}

const dataDirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bm-seed-runtime-'));
  dataDirs.push(dir);
  return dir;
}
afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// Starting an embedded database and seeding it take a while on a busy machine.
const SLOW = 240_000;

describe('the demo catalog seed', () => {
  let ctx: TestContext;
  let result: SeedResult;
  let now: Date;
  let paymentsSeeded: number;

  beforeAll(async () => {
    ctx = await setupTestApp();
    now = ctx.app.clock.now();
    result = await seedDemoData(ctx.app);
    paymentsSeeded = (await ctx.app.db.select().from(payments)).length;
  }, SLOW);
  afterAll(() => ctx?.close());

  it('fills an empty database with at least 200 active listings over 12+ families, every condition and 20+ countries', async () => {
    expect(result.seeded).toBe(true);
    const active = await ctx.app.db.select().from(listings).where(eq(listings.isActive, true));
    const onSale = active.filter((l) => l.paymentStatus === 'paid' && !l.isDeleted && l.expiryDate! > now);
    expect(onSale.length).toBeGreaterThanOrEqual(200);
    expect(result.activeListings).toBe(onSale.length);

    expect(new Set(onSale.map((l) => l.category)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(onSale.map((l) => l.condition))).toEqual(new Set(CONDITIONS));
    expect(new Set(onSale.map((l) => l.locationCode)).size).toBeGreaterThanOrEqual(20);
  });

  it('fills every column a created listing has: category, search terms, location, verification, dates', async () => {
    // The console's demo listings are checked apart (below): the check holds or rejects them on purpose.
    const consoleTitles = new Set(buildModerationDemo(now).map((planned) => planned.title));
    // The payment history's long-running listings were paid for up to 11 months ago.
    const longRunning = new Set(buildPaymentsDemo(now).map((planned) => planned.title));
    const rows = (await ctx.app.db.select().from(listings).where(eq(listings.isDeleted, false))).filter(
      (listing) => !consoleTitles.has(listing.title),
    );
    for (const listing of rows) {
      expect(findFamily(listing.category)).toBeDefined();
      const country = findCountry(listing.locationCode);
      expect(listing.location).toBe(country?.name);
      expect(listing.searchTerms).toContain(country!.code);
      expect(listing.searchTerms).toContain(findFamily(listing.category)!.name);
      expect(listing.isVerified).toBe(true);
      expect(listing.verificationStatus).toBe('auto_approved');
      expect(listing.verificationNotes).toBeTruthy();
      expect([1, 3, 6, 12]).toContain(listing.durationMonths);
      expect(listing.description.split(/(?<=\.)\s+(?=[A-Z])/).length).toBeGreaterThanOrEqual(2);
      expect(now.getTime() - listing.createdAt.getTime()).toBeLessThanOrEqual((longRunning.has(listing.title) ? 335 : 61) * DAY_MS);
    }
    const onSale = rows.filter((l) => l.isActive && l.paymentStatus === 'paid' && l.expiryDate! > now);
    const soon = onSale.filter((l) => l.expiryDate!.getTime() - now.getTime() <= 7 * DAY_MS);
    expect(soon.length).toBeGreaterThanOrEqual(3);
    expect(new Set(onSale.map((l) => l.title)).size).toBe(onSale.length);
  });

  it('fills the specifications realistically: maker, model and year everywhere, agreeing with the text; regulated, restricted and decontaminated units', async () => {
    const rows = await ctx.app.db.select().from(listings).where(eq(listings.isDeleted, false));
    for (const listing of rows) {
      expect(listing.manufacturer).toBeTruthy();
      expect(listing.model).toBeTruthy();
      expect(`${listing.title} ${listing.description}`).toContain(listing.manufacturer!);
      expect(listing.yearOfManufacture).toBeGreaterThanOrEqual(1950);
      expect(listing.yearOfManufacture).toBeLessThanOrEqual(now.getFullYear());
      expect(listing.searchTerms).toContain(listing.model!);
      if (/Free shipping/.test(listing.description)) expect(listing.shipping).toBe('included');
      if (/manufacturer warranty/.test(listing.description)) expect(listing.warranty).toBe('manufacturer');
      if (/licensed healthcare facilities and professionals only/.test(listing.description)) {
        expect(listing.saleRestriction).toBe('licensed_professionals');
      }
      if (listing.fda510kNumber) expect(listing.fda510kNumber).toMatch(/^K\d{6}$/);
      if (listing.condition === 'new') expect(listing.decontaminationStatus).toBeNull();
    }
    const count = (predicate: (l: (typeof rows)[number]) => boolean) => rows.filter(predicate).length;
    expect(count((l) => l.saleRestriction === 'licensed_professionals')).toBeGreaterThanOrEqual(5);
    expect(count((l) => l.deviceClass?.startsWith('fda_') === true)).toBeGreaterThanOrEqual(5);
    expect(count((l) => l.deviceClass?.startsWith('eu_') === true)).toBeGreaterThanOrEqual(5);
    expect(count((l) => l.decontaminationStatus === 'certified')).toBeGreaterThanOrEqual(10);
    // Used units with no statement show buyers the caution.
    expect(count((l) => l.condition !== 'new' && l.condition !== 'new-other' && l.decontaminationStatus === null)).toBeGreaterThanOrEqual(
      10,
    );
    expect(count((l) => l.hoursOfUse !== null && l.hoursOfUse > 0)).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((l) => l.manufacturer)).size).toBeGreaterThanOrEqual(30);
  });

  it('prices by condition: for-parts below pre-owned, pre-owned below new', async () => {
    const rows = await ctx.app.db.select().from(listings);
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ratio = (condition: string) =>
      median(rows.filter((l) => l.condition === condition).map((l) => l.priceCents / findFamily(l.category)!.typicalPriceRange[1]));
    expect(ratio('for-parts')).toBeLessThan(ratio('pre-owned'));
    expect(ratio('pre-owned')).toBeLessThan(ratio('new'));
  });

  it('gives every listing a generated WebP photo and thumbnail that exist in storage', async () => {
    const rows = await ctx.app.db
      .select({ listingId: listings.id, photo: listingPhotos })
      .from(listings)
      .leftJoin(listingPhotos, eq(listingPhotos.listingId, listings.id));
    expect(rows.length).toBe(result.activeListings + result.otherListings);
    const uploads = path.join(ctx.dataDir, 'uploads');
    for (const { listingId, photo } of rows) {
      expect(photo).not.toBeNull();
      expect(photo!.position).toBe(0);
      expect(photo!.path).toMatch(new RegExp(`^listings/${listingId}/[0-9a-f-]{36}\\.webp$`));
      expect(photo!.thumbnailPath).toBe(photo!.path.replace(/\.webp$/, '-thumb.webp'));
      expect(await isWebp(path.join(uploads, photo!.path))).toBe(true);
      expect(await isWebp(path.join(uploads, photo!.thumbnailPath))).toBe(true);
      expect([photo!.width, photo!.height]).toEqual([1200, 900]);
    }
    const first = rows[0]!.photo!;
    const photoMeta = await sharp(path.join(uploads, first.path)).metadata();
    const thumbMeta = await sharp(path.join(uploads, first.thumbnailPath)).metadata();
    expect([photoMeta.format, photoMeta.width, photoMeta.height]).toEqual(['webp', 1200, 900]);
    expect([thumbMeta.width, thumbMeta.height]).toEqual([400, 300]);
    expect(first.bytes).toBe((await stat(path.join(uploads, first.path))).size);

    const served = await ctx.app.inject({ method: 'GET', url: `/uploads/${first.path}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('attaches demo PDFs (calibration, service history, decontamination) to active listings, which pass the upload check and download', async () => {
    const rows = await ctx.app.db.select().from(listingDocuments).orderBy(asc(listingDocuments.createdAt));
    expect(new Set(rows.map((row) => row.type))).toEqual(
      new Set(['calibration_certificate', 'service_history', 'decontamination_certificate']),
    );
    for (const row of rows) {
      const listing = await ctx.app.inject({ method: 'GET', url: `/api/v1/listings/${row.listingId}` });
      expect(listing.statusCode).toBe(200);
      const shown = listing.json().documents.find((document: { id: string }) => document.id === row.id);
      expect(shown).toMatchObject({ type: row.type, bytes: row.bytes });
      const file = await ctx.app.inject({ method: 'GET', url: shown.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.length).toBe(row.bytes);
      expect(await inspectPdf(file.rawPayload)).toBe('pdf');
      // The statement and the paperwork agree.
      if (row.type === 'decontamination_certificate') expect(listing.json().decontamination?.status).toBe('certified');
    }
  });

  it('creates the demo accounts the README lists, with their documented passwords', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await ctx.app.db.select().from(users).where(eq(users.email, account.email));
      expect(user, account.email).toBeDefined();
      expect(user!.isVerified).toBe(account.isVerified);
      expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(user!.passwordHash, account.password)).toBe(true);
    }
    const response = await login(ctx.app, 'seller@benchmarket.local', 'demo-seller-2026');
    expect(response.statusCode).toBe(200);
    expect(response.json().access_token).toEqual(expect.any(String));
  });

  it('gives the demo seller a good share of the catalog and a listing in every other dashboard state', async () => {
    const [seller] = await ctx.app.db.select().from(users).where(eq(users.email, 'seller@benchmarket.local'));
    const own = await ctx.app.db.select().from(listings).where(eq(listings.userId, seller!.id));
    const onSale = own.filter((l) => l.isActive && l.paymentStatus === 'paid' && l.expiryDate! > now);
    expect(onSale.length).toBeGreaterThanOrEqual(0.3 * result.activeListings);
    expect(own.filter((l) => l.paymentStatus === 'unpaid' && !l.isActive)).toHaveLength(1);
    expect(own.filter((l) => l.paymentStatus === 'paid' && !l.isDeleted && l.expiryDate! <= now)).toHaveLength(1);
    expect(own.filter((l) => l.isDeleted && !l.isActive)).toHaveLength(1);
  });

  it('gives the operations console an admin, listings the check held or rejected (one prohibited draft), and open reports', async () => {
    const [admin] = await ctx.app.db.select().from(users).where(eq(users.email, 'admin@benchmarket.local'));
    expect(admin).toMatchObject({ role: 'admin', isVerified: true });
    const others = await ctx.app.db.select({ role: users.role }).from(users).where(ne(users.email, 'admin@benchmarket.local'));
    expect(others.every((user) => user.role === 'user')).toBe(true);

    const byTitle = new Map((await ctx.app.db.select().from(listings)).map((listing) => [listing.title, listing]));
    const planned = buildModerationDemo(now);
    const outcome = (key: string) => byTitle.get(planned.find((p) => p.key === key)!.title)!;
    expect(outcome('review-pending-price')).toMatchObject({ verificationStatus: 'pending', isActive: true, prohibitedReason: null });
    expect(outcome('review-pending-source')).toMatchObject({ verificationStatus: 'pending', isActive: true });
    expect(outcome('review-rejected-contact')).toMatchObject({
      verificationStatus: 'auto_rejected',
      isActive: true,
      prohibitedReason: null,
    });
    expect(outcome('review-rejected-prohibited')).toMatchObject({
      verificationStatus: 'auto_rejected',
      isActive: false,
      paymentStatus: 'unpaid',
    });
    expect(outcome('review-rejected-prohibited').prohibitedReason).toContain('Prescription drugs cannot be sold');

    const reports = await ctx.app.db.select().from(listingReports);
    expect(reports).toHaveLength(result.reports);
    expect(reports.length).toBeGreaterThanOrEqual(2);
    expect(reports.every((report) => report.status === 'open')).toBe(true);
    expect(reports.map((report) => report.listingId)).toContain(outcome('review-rejected-contact').id);
  });

  it('gives the demo seller a payment history over the past year: completed card payments, an extension, a declined card', async () => {
    const token = await loginToken(ctx.app, 'seller@benchmarket.local', 'demo-seller-2026');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/payments/history',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const history = response.json<{ listing_id: string; kind: string; amount: number; status: string; created_at: string }[]>();
    const completed = history.filter((payment) => payment.status === 'completed');
    expect(completed.filter((payment) => payment.amount > 0).length).toBeGreaterThanOrEqual(10);
    expect(history.filter((payment) => payment.status === 'failed')).toHaveLength(1);
    expect(completed.filter((payment) => payment.kind === 'extension')).toHaveLength(1);
    const oldest = Math.min(...history.map((payment) => Date.parse(payment.created_at)));
    expect(now.getTime() - oldest).toBeGreaterThan(270 * DAY_MS);

    // Each one is dated within its listing's life: after it was made, before its paid time ran out.
    const own = new Map((await ctx.app.db.select().from(listings)).map((listing) => [listing.id, listing]));
    for (const payment of history) {
      const listing = own.get(payment.listing_id)!;
      const at = Date.parse(payment.created_at);
      expect(at).toBeGreaterThanOrEqual(listing.createdAt.getTime());
      expect(at).toBeLessThan(now.getTime());
      if (payment.status === 'completed') expect(listing.expiryDate!.getTime()).toBeGreaterThan(at);
    }
    // The declined card is why the seller's unpaid listing is unpaid.
    const declined = history.find((payment) => payment.status === 'failed')!;
    expect(own.get(declined.listing_id)).toMatchObject({ paymentStatus: 'unpaid', isActive: false });

    // Every card payment is an intent the sandbox knows, in the state the card left it.
    const intents = await ctx.app.db
      .select({ status: payments.status, amountCents: payments.amountCents, intent: sandboxPaymentIntents })
      .from(payments)
      .innerJoin(sandboxPaymentIntents, eq(sandboxPaymentIntents.id, payments.providerPaymentId));
    expect(intents.length).toBe((await ctx.app.db.select().from(payments).where(eq(payments.provider, 'sandbox'))).length);
    for (const { status, amountCents, intent } of intents) {
      expect(intent.amount).toBe(amountCents);
      expect(intent.status).toBe(status === 'completed' ? 'succeeded' : 'requires_payment_method');
    }
  });

  it('gives the demo buyer conversations with the demo seller (an answer unread, an offer waiting), watched listings and a saved search', async () => {
    const get = async <T>(token: string, url: string): Promise<T> => {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    };
    const buyer = await loginToken(ctx.app, 'buyer@benchmarket.local', 'demo-buyer-2026');
    const seller = await loginToken(ctx.app, 'seller@benchmarket.local', 'demo-seller-2026');

    type List = { items: { id: string; role: string; unread_count: number; listing: { id: string } }[]; unread_total: number };
    const buyerSide = await get<List>(buyer, '/api/v1/conversations');
    expect(buyerSide.items).toHaveLength(2);
    expect(buyerSide.items.every((item) => item.role === 'buyer')).toBe(true);
    expect(buyerSide.unread_total).toBe(1);
    const sellerSide = await get<List>(seller, '/api/v1/conversations');
    expect(sellerSide.unread_total).toBe(1);

    // The offer waits for the seller, who can accept it with one click.
    type Detail = { entries: { kind: string; id: string; status?: string; mine: boolean }[] };
    const withOffer = sellerSide.items.find((item) => item.unread_count === 1)!;
    const detail = await get<Detail>(seller, `/api/v1/conversations/${withOffer.id}`);
    const offer = detail.entries.find((entry) => entry.kind === 'offer')!;
    expect(offer).toMatchObject({ status: 'pending', mine: false });
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/offers/${offer.id}/accept`,
      headers: { authorization: `Bearer ${seller}` },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    // The opening lines came through the contact form: the seller's dashboard lists them.
    const inbox = await get<{ listing_id: string }[]>(seller, '/api/v1/messages/user');
    expect(inbox.map((message) => message.listing_id).sort()).toEqual(buyerSide.items.map((item) => item.listing.id).sort());

    const watchlist = await get<{ items: unknown[] }>(buyer, '/api/v1/watchlist');
    expect(watchlist.items).toHaveLength(3);
    const saved = await get<{ name: string; criteria: { query?: string }; frequency: string }[]>(buyer, '/api/v1/saved-searches');
    expect(saved).toEqual([
      expect.objectContaining({ frequency: 'daily', criteria: expect.objectContaining({ query: 'refrigerated centrifuge' }) }),
    ]);
  });

  it("shows the console revenue in most of the last 12 months, and an admin refund of a seeded payment moves its listing's expiry", async () => {
    const admin = await loginToken(ctx.app, 'admin@benchmarket.local', 'demo-admin-2026');
    const asAdmin = { authorization: `Bearer ${admin}` };
    const overview = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/overview', headers: asAdmin });
    expect(overview.statusCode, overview.body).toBe(200);
    const revenue = overview.json<AdminOverview>().revenue_by_month;
    expect(revenue).toHaveLength(12);
    expect(revenue.reduce((sum, month) => sum + month.amount, 0)).toBeGreaterThan(0);
    expect(revenue.filter((month) => month.amount > 0).length).toBeGreaterThanOrEqual(10);

    const [seller] = await ctx.app.db.select().from(users).where(eq(users.email, 'seller@benchmarket.local'));
    const [payment] = await ctx.app.db
      .select({ payment: payments, expiryDate: listings.expiryDate })
      .from(payments)
      .innerJoin(listings, eq(listings.id, payments.listingId))
      .where(
        and(
          eq(payments.userId, seller!.id),
          eq(payments.provider, 'sandbox'),
          eq(payments.status, 'completed'),
          eq(payments.kind, 'activation'),
        ),
      )
      .orderBy(desc(listings.expiryDate))
      .limit(1);
    const { payment: paid, expiryDate: expiryBefore } = payment!;
    const listed = await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/payments?q=${paid.id}`, headers: asAdmin });
    expect(listed.json<{ items: AdminPayment[] }>().items).toEqual([expect.objectContaining({ id: paid.id, status: 'completed' })]);

    const half = paid.amountCents / 200;
    const refunded = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/payments/${paid.id}/refund`,
      headers: asAdmin,
      payload: { amount: half, reason: 'Trying a refund on the demo data.' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const result = refunded.json<RefundResult>();
    expect(result.payment).toMatchObject({ refunded_amount: half, status: 'completed' });
    // Half the money back takes back half the months that payment bought.
    const bought = addMonths(paid.completedAt!, paid.durationMonths).getTime() - paid.completedAt!.getTime();
    const expiry = Date.parse(result.listing_expiry_date!);
    expect(expiry).toBe(expiryBefore!.getTime() - Math.round(bought / 2));
    expect(expiry).toBeGreaterThan(ctx.app.clock.now().getTime());
    const [listing] = await ctx.app.db.select().from(listings).where(eq(listings.id, paid.listingId));
    expect(listing!.expiryDate!.getTime()).toBe(expiry);
    expect(await ctx.app.db.select().from(sandboxRefunds)).toEqual([expect.objectContaining({ amount: paid.amountCents / 2 })]);
  });

  it('does nothing on a database that has data', async () => {
    const [before] = await ctx.app.db.select({ n: count() }).from(listings);
    const again = await seedDemoData(ctx.app);
    const [after] = await ctx.app.db.select({ n: count() }).from(listings);
    const [people] = await ctx.app.db.select({ n: count() }).from(users);
    const [paid] = await ctx.app.db.select({ n: count() }).from(payments);
    expect(again.seeded).toBe(false);
    expect(after!.n).toBe(before!.n);
    expect(paid!.n).toBe(paymentsSeeded);
    expect(people!.n).toBe(DEMO_ACCOUNTS.length);
  });

  it(
    'is deterministic: npm start on another fresh embedded database seeds the same catalog, once',
    async () => {
      const config = loadConfig(testEnv(freshDir()));
      const first = await startRuntime(config);
      const seeded = await catalogOf(first.database.db);
      await first.stop();
      // Same titles, prices, conditions and countries, run after run.
      expect(seeded).toEqual(await catalogOf(ctx.app.db));

      // The next start finds data and leaves it alone.
      const second = await startRuntime(config);
      const [kept] = await second.database.db.select({ n: count() }).from(listings);
      await second.stop();
      expect(kept!.n).toBe(seeded.length);
    },
    SLOW,
  );
});

describe('DEMO_DATA', () => {
  const wanted = (env: Record<string, string>, kind: 'pglite' | 'postgres') => demoDataWanted(loadConfig(testEnv(freshDir(), env)), kind);

  it('is on by default for the embedded database only', () => {
    expect(wanted({}, 'pglite')).toBe(true);
    expect(wanted({}, 'postgres')).toBe(false);
  });

  it('never seeds published demo accounts in production unless asked explicitly', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ALLOW_SANDBOX_PAYMENTS: '1', ALLOW_OUTBOX_MAIL: '1' };
    expect(wanted(production, 'pglite')).toBe(false);
    expect(wanted({ ...production, DEMO_DATA: '1' }, 'pglite')).toBe(true);
  });

  it('turns the demo catalog off with 0 and on for PostgreSQL too with 1', () => {
    expect(wanted({ DEMO_DATA: '0' }, 'pglite')).toBe(false);
    expect(wanted({ DEMO_DATA: '1' }, 'postgres')).toBe(true);
  });
});
