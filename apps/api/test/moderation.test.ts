import {
  FEATURE_NOT_LIVE,
  FEATURE_UNTIL_IN_PAST,
  LISTING_NOT_FOUND,
  LISTING_TAKEN_DOWN,
  REPORT_ALREADY_OPEN,
  REPORT_DETAILS_REQUIRED,
  REPORT_OWN_LISTING,
  REPORT_THANKS,
  type AdminListing,
  type Listing,
  type ReportGroup,
  type ReviewQueueItem,
} from '@benchmarket/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingReports, listings } from '../src/db/schema.js';
import { adminSellerAndBuyer, auditRowsOf, createAdmin } from './support/admin.js';
import { HOUR, testClock } from './support/clock.js';
import { activate, createListing, GOOD_LISTING } from './support/listings.js';
import { nextMail, trustCalls, useTrustApp } from './support/trust.js';
import { createUser, type TestUser } from './support/users.js';
import { expectDetail } from './support/responses.js';

/**
 * Issue 14's console for listings: buyers report, operators review the queue (approve, reject,
 * take down, restore), feature listings, and resolve reports — each decision audited, sellers
 * mailed through the SMTP stand-in.
 */

const clock = testClock();
const setup = useTrustApp({ clock });
const PUBLIC_URL = 'http://localhost:3000';
const { duration_months: _duration, ...EDIT } = GOOD_LISTING;

let counter = 0;
/** A live listing with a title no other test uses (a made-up word search can find). */
async function liveListing(seller: TestUser, overrides: Record<string, unknown> = {}): Promise<Listing & { word: string }> {
  counter += 1;
  const word = `Quokkatron${counter}x`;
  const listing = await createListing(setup.ctx.app, seller, { title: `${word} refrigerated centrifuge`, ...overrides });
  await activate(setup.ctx.app, listing.id);
  return { ...(listing as unknown as Listing), word };
}

const { api, ok } = trustCalls(setup);

async function searchTitles(user: TestUser, query?: string): Promise<string[]> {
  const url = query ? `/listings/search?query=${encodeURIComponent(query)}` : '/listings/search';
  return (await ok<{ items: Listing[] }>('GET', url, user)).items.map((item) => item.title);
}

async function queueIds(admin: TestUser): Promise<string[]> {
  const page = await ok<{ items: ReviewQueueItem[] }>('GET', '/admin/review-queue?page_size=100', admin);
  return page.items.map((item) => item.listing.id);
}

describe('POST /api/v1/listings/:id/reports', () => {
  it('takes a report from a signed-in user, one open report per user and listing', async () => {
    const seller = await createUser(setup.ctx.app);
    const [buyer, other] = [await createUser(setup.ctx.app), await createUser(setup.ctx.app)];
    const listing = await liveListing(seller);

    expect((await api('POST', `/listings/${listing.id}/reports`, undefined, { reason: 'duplicate' })).statusCode).toBe(401);

    const created = await api('POST', `/listings/${listing.id}/reports`, buyer, { reason: 'suspected_fraud', details: 'Price too good.' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'open', message: REPORT_THANKS });
    expect(REPORT_THANKS).toBe('Thank you. Our team will review this listing.');

    const again = await api('POST', `/listings/${listing.id}/reports`, buyer, { reason: 'duplicate' });
    expectDetail(again, 409, REPORT_ALREADY_OPEN);
    expect((await api('POST', `/listings/${listing.id}/reports`, other, { reason: 'duplicate' })).statusCode).toBe(201);

    const rows = await setup.ctx.app.db.select().from(listingReports).where(eq(listingReports.listingId, listing.id));
    expect(rows.map((row) => [row.reporterId, row.reason, row.details, row.status]).sort()).toEqual(
      [
        [buyer.id, 'suspected_fraud', 'Price too good.', 'open'],
        [other.id, 'duplicate', null, 'open'],
      ].sort(),
    );
  });

  it("refuses one's own listing (403), a listing others cannot see (404) and 'other' without details (400)", async () => {
    const seller = await createUser(setup.ctx.app);
    const buyer = await createUser(setup.ctx.app);
    const listing = await liveListing(seller);
    const own = await api('POST', `/listings/${listing.id}/reports`, seller, { reason: 'duplicate' });
    expectDetail(own, 403, REPORT_OWN_LISTING);

    const draft = await createListing(setup.ctx.app, seller);
    for (const id of [draft.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const hidden = await api('POST', `/listings/${id}/reports`, buyer, { reason: 'duplicate' });
      expect(hidden.statusCode, id).toBe(404);
      expect(hidden.json().detail).toBe(LISTING_NOT_FOUND);
    }
    const vague = await api('POST', `/listings/${listing.id}/reports`, buyer, { reason: 'other' });
    expectDetail(vague, 400, REPORT_DETAILS_REQUIRED);
  });
});

describe('reports in the console', () => {
  it('groups open reports by listing, resolves them all with a reason (audited), and lets the same user report again after', async () => {
    const admin = await createAdmin(setup.ctx.app);
    const seller = await createUser(setup.ctx.app);
    const [a, b] = [await createUser(setup.ctx.app), await createUser(setup.ctx.app)];
    const listing = await liveListing(seller);
    await api('POST', `/listings/${listing.id}/reports`, a, { reason: 'prohibited_item' });
    await api('POST', `/listings/${listing.id}/reports`, b, { reason: 'other', details: 'Looks like a stock photo.' });

    const open = await ok<{ items: ReportGroup[]; total: number }>('GET', '/admin/reports?status=open&page_size=100', admin);
    const group = open.items.find((item) => item.listing.id === listing.id)!;
    expect(group.listing).toMatchObject({ id: listing.id, seller_email: seller.email });
    expect(group.reports.map((report) => [report.reporter_email, report.reason, report.details, report.status])).toEqual([
      [a.email, 'prohibited_item', null, 'open'],
      [b.email, 'other', 'Looks like a stock photo.', 'open'],
    ]);

    const resolved = await ok<ReportGroup>('POST', `/admin/listings/${listing.id}/reports/resolve`, admin, {
      outcome: 'dismissed',
      reason: 'The photo is the seller’s own.',
    });
    expect(resolved.reports.map((report) => [report.status, report.resolution_reason])).toEqual([
      ['dismissed', 'The photo is the seller’s own.'],
      ['dismissed', 'The photo is the seller’s own.'],
    ]);
    expect(resolved.reports.every((report) => report.resolved_at !== null)).toBe(true);

    const afterOpen = await ok<{ items: ReportGroup[] }>('GET', '/admin/reports?page_size=100', admin);
    expect(afterOpen.items.some((item) => item.listing.id === listing.id)).toBe(false);
    const closed = await ok<{ items: ReportGroup[] }>('GET', '/admin/reports?status=resolved&page_size=100', admin);
    expect(closed.items[0]!.listing.id).toBe(listing.id);

    const nothingOpen = await api('POST', `/admin/listings/${listing.id}/reports/resolve`, admin, {
      outcome: 'actioned',
      reason: 'Again.',
    });
    expectDetail(nothingOpen, 409, 'This listing has no open reports.');

    const [audit] = await auditRowsOf(setup.ctx.app, listing.id);
    expect(audit).toMatchObject({
      actor: admin.email,
      adminId: admin.id,
      action: 'reports.dismiss',
      objectType: 'listing',
      before: { open_reports: 2 },
      reason: 'The photo is the seller’s own.',
    });
    expect((await api('POST', `/listings/${listing.id}/reports`, a, { reason: 'duplicate' })).statusCode).toBe(201);
  });

  it('refuses a bad status, outcome or a missing reason with 400 and a detail', async () => {
    const admin = await createAdmin(setup.ctx.app);
    const listing = await liveListing(await createUser(setup.ctx.app));
    expect((await api('GET', '/admin/reports?status=closed', admin)).json()).toMatchObject({ detail: expect.any(String) });
    const noReason = await api('POST', `/admin/listings/${listing.id}/reports/resolve`, admin, { outcome: 'dismissed' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().detail).toContain('Please give a reason.');
    expect(
      (await api('POST', `/admin/listings/${listing.id}/reports/resolve`, admin, { outcome: 'ignored', reason: 'x' })).statusCode,
    ).toBe(400);
  });
});

describe('the review queue', () => {
  it('holds pending and rejected listings, oldest first, with the seller’s history and open reports; not approved or removed ones', async () => {
    const { app } = setup.ctx;
    const admin = await createAdmin(app);
    const seller = await createUser(app);
    const pending = await createListing(app, seller, { price: 5 }); // far below what centrifuges sell for
    clock.advance(1000);
    const rejected = await createListing(app, seller, { description: `${GOOD_LISTING.description} Mail me: lab@example.org` });
    const approved = await liveListing(seller);
    const removed = await createListing(app, seller, { price: 5 });
    await api('DELETE', `/listings/${removed.id}`, seller);
    await activate(app, rejected.id);
    await api('POST', `/listings/${rejected.id}/reports`, await createUser(app), { reason: 'duplicate' });

    const page = await ok<{ items: ReviewQueueItem[]; total: number }>('GET', '/admin/review-queue?page_size=100', admin);
    const ids = page.items.map((item) => item.listing.id);
    expect(ids.indexOf(pending.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(rejected.id)).toBeGreaterThan(ids.indexOf(pending.id));
    expect(ids).not.toContain(approved.id);
    expect(ids).not.toContain(removed.id);
    expect(page.total).toBe(page.items.length);

    const item = page.items.find((entry) => entry.listing.id === rejected.id)!;
    expect(item.listing).toMatchObject({ verification: { status: 'auto_rejected' }, seller_email: seller.email, prohibited_reason: null });
    expect(item.listing.verification!.verification_notes).toContain('Remove the email address');
    expect(item.open_reports).toBe(1);
    expect(item.seller).toMatchObject({
      id: seller.id,
      email: seller.email,
      is_verified: true,
      suspended_at: null,
      listings_total: 4,
      listings_live: 2,
      listings_rejected: 1,
      listings_taken_down: 0,
      reports_against: 1,
    });
  });

  it("approves: the listing shows 'Verified' (no verification object), leaves the queue, and the audit log has it", async () => {
    const { app } = setup.ctx;
    const admin = await createAdmin(app);
    const seller = await createUser(app);
    const listing = await createListing(app, seller, { price: 5 });
    await activate(app, listing.id);

    const approved = await ok<AdminListing>('POST', `/admin/listings/${listing.id}/approve`, admin, {});
    expect(approved).toMatchObject({ verification: null, is_verified: true, moderation: { status: 'approved', reason: null } });
    expect(await queueIds(admin)).not.toContain(listing.id);
    const seen = await ok<Listing>('GET', `/listings/${listing.id}`, await createUser(app));
    expect(seen).toMatchObject({ verification: null, is_verified: true, moderation: null });

    const [audit] = await auditRowsOf(app, listing.id);
    expect(audit).toMatchObject({
      actor: admin.email,
      action: 'listing.approve',
      objectType: 'listing',
      before: { verification_status: 'pending', is_verified: false, moderation_status: null },
      after: { verification_status: null, is_verified: true, moderation_status: 'approved' },
    });
    // An approval without a body at all.
    const other = await createListing(app, seller, { price: 5 });
    const bare = await setup.ctx.app.inject({ method: 'POST', url: `/api/v1/admin/listings/${other.id}/approve`, headers: admin.headers });
    expect(bare.statusCode, bare.body).toBe(200);
  });

  it('rejects with a reason: Verification Needed, the seller mailed and shown the reason; an edit sends it back as pending, never approved', async () => {
    const { app } = setup.ctx;
    const admin = await createAdmin(app);
    const seller = await createUser(app);
    const listing = await liveListing(seller, { price: 5 });
    const reason = 'The photos show a different model than the title.';

    const rejected = await ok<AdminListing>('POST', `/admin/listings/${listing.id}/reject`, admin, { reason });
    expect(rejected).toMatchObject({
      is_verified: false,
      is_active: true,
      verification: { status: 'auto_rejected', verification_notes: reason },
      moderation: { status: 'rejected', reason },
    });
    const mail = await nextMail(app, setup.smtp, seller.email, 'Your listing needs changes');
    expect(mail.subject).toBe(`Your listing needs changes: ${listing.title}`);
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain(`${PUBLIC_URL}/edit-listing/${listing.id}`);

    const ownView = await ok<Listing>('GET', `/listings/${listing.id}`, seller);
    expect(ownView).toMatchObject({
      verification: { status: 'auto_rejected', verification_notes: reason },
      moderation: { status: 'rejected', reason },
    });
    const buyerView = await ok<Listing>('GET', `/listings/${listing.id}`, await createUser(app));
    expect(buyerView).toMatchObject({ verification: { status: 'auto_rejected' }, moderation: null });
    expect(await queueIds(admin)).not.toContain(listing.id);

    // The seller's edit passes the automatic check: it goes back to the queue, pending.
    const edited = await ok<Listing>('PUT', `/listings/${listing.id}`, seller, { ...EDIT, title: listing.title });
    expect(edited).toMatchObject({ is_verified: false, verification: { status: 'pending' }, moderation: null });
    expect(await queueIds(admin)).toContain(listing.id);
    const row = (await app.db.select().from(listings).where(eq(listings.id, listing.id)))[0]!;
    expect(row).toMatchObject({ moderationStatus: null, moderationReason: null, verificationStatus: 'pending' });

    expect((await auditRowsOf(app, listing.id)).map((entry) => entry.action)).toEqual(['listing.reject']);
  });

  it('takes a live listing down: hidden everywhere, the seller mailed why and still seeing it, not extendable; restore brings it back', async () => {
    const { app } = setup.ctx;
    const { admin, seller, buyer } = await adminSellerAndBuyer(app);
    const listing = await liveListing(seller);
    expect(await searchTitles(buyer, listing.word)).toEqual([listing.title]);
    expect((await ok<Listing[]>('GET', '/listings/latest?limit=50')).map((l) => l.id)).toContain(listing.id);
    await ok('POST', `/admin/listings/${listing.id}/feature`, admin, { until: '2099-01-01' });
    const reason = 'Offers a device under an FDA recall.';

    const takenDown = await ok<AdminListing>('POST', `/admin/listings/${listing.id}/take-down`, admin, { reason });
    expect(takenDown).toMatchObject({
      is_active: false,
      featured_until: null,
      is_featured: false,
      moderation: { status: 'taken_down', reason },
    });

    const mail = await nextMail(app, setup.smtp, seller.email, 'Your listing has been taken down');
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain(`${PUBLIC_URL}/listings/${listing.id}`);

    expect((await api('GET', `/listings/${listing.id}`, buyer)).statusCode).toBe(404);
    expect((await api('GET', `/listings/${listing.id}`)).statusCode).toBe(404);
    expect(await searchTitles(buyer, listing.word)).toEqual([]);
    expect(await searchTitles(buyer)).not.toContain(listing.title);
    expect((await ok<Listing[]>('GET', '/listings/latest?limit=50')).map((l) => l.id)).not.toContain(listing.id);
    expect((await ok<Listing[]>('GET', '/listings/featured')).map((l) => l.id)).not.toContain(listing.id);
    const own = await ok<Listing>('GET', `/listings/${listing.id}`, seller);
    expect(own).toMatchObject({ is_active: false, moderation: { status: 'taken_down', reason } });

    const extend = await api('POST', '/payments/create-intent', seller, { listing_id: listing.id, duration_months: 1 });
    expect(extend.statusCode).toBe(403);
    expect(extend.json()).toMatchObject({ detail: LISTING_TAKEN_DOWN, code: 'listing_taken_down' });
    const twice = await api('POST', `/admin/listings/${listing.id}/take-down`, admin, { reason });
    expect(twice.statusCode).toBe(409);
    // A seller's edit does not undo it.
    await ok('PUT', `/listings/${listing.id}`, seller, { ...EDIT, title: listing.title });
    expect((await api('GET', `/listings/${listing.id}`, buyer)).statusCode).toBe(404);

    const restored = await ok<AdminListing>('POST', `/admin/listings/${listing.id}/restore`, admin, {
      reason: 'The recall was for another model.',
    });
    expect(restored).toMatchObject({ is_active: true, moderation: null });
    expect(await searchTitles(buyer, listing.word)).toEqual([listing.title]);
    expect((await api('GET', `/listings/${listing.id}`, buyer)).statusCode).toBe(200);
    const back = await nextMail(app, setup.smtp, seller.email, 'Your listing is back');
    expect(back.text).toContain('It is on sale again');
    expect((await api('POST', `/admin/listings/${listing.id}/restore`, admin, { reason: 'again' })).statusCode).toBe(409);

    const actions = (await auditRowsOf(app, listing.id)).map((entry) => [entry.action, entry.reason]);
    expect(actions).toEqual([
      ['listing.feature', null],
      ['listing.take_down', reason],
      ['listing.restore', 'The recall was for another model.'],
    ]);
  });

  it('answers 404 for an unknown listing and 400 for a malformed id or a missing reason, changing nothing', async () => {
    const admin = await createAdmin(setup.ctx.app);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const path of ['approve', 'reject', 'take-down', 'restore']) {
      const response = await api('POST', `/admin/listings/${unknown}/${path}`, admin, { reason: 'Checking.' });
      expect(response.statusCode, path).toBe(404);
      expect(response.json().detail).toBe(LISTING_NOT_FOUND);
    }
    expect((await api('GET', `/admin/listings/${unknown}`, admin)).statusCode).toBe(404);
    expect((await api('GET', '/admin/listings/not-an-id', admin)).statusCode).toBe(400);
    const listing = await liveListing(await createUser(setup.ctx.app));
    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(1001) }]) {
      const response = await api('POST', `/admin/listings/${listing.id}/take-down`, admin, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toEqual(expect.any(String));
    }
    expect((await ok<Listing>('GET', `/listings/${listing.id}`)).is_active).toBe(true);
  });

  it('shows an admin any listing with its seller’s email and prohibited-item reason', async () => {
    const admin = await createAdmin(setup.ctx.app);
    const seller = await createUser(setup.ctx.app);
    const draft = await createListing(setup.ctx.app, seller, { description: `${GOOD_LISTING.description} Includes fentanyl ampoules.` });
    const seen = await ok<AdminListing>('GET', `/admin/listings/${draft.id}`, admin);
    expect(seen).toMatchObject({ id: draft.id, seller_email: seller.email, is_active: false, featured_until: null });
    expect(seen.prohibited_reason).toContain('Controlled substances cannot be sold');
  });
});

describe('featured listings', () => {
  it('features a live listing until a day: in the featured strip, first when browsing, labelled; gone when unfeatured or past the day', async () => {
    const { app } = setup.ctx;
    const { admin, seller, buyer } = await adminSellerAndBuyer(app);
    const older = await liveListing(seller);
    clock.advance(1000);
    await liveListing(seller);

    const past = await api('POST', `/admin/listings/${older.id}/feature`, admin, { until: '2020-01-01' });
    expectDetail(past, 400, FEATURE_UNTIL_IN_PAST);
    const draft = await createListing(app, seller);
    const notLive = await api('POST', `/admin/listings/${draft.id}/feature`, admin, { until: '2099-01-01' });
    expectDetail(notLive, 409, FEATURE_NOT_LIVE);

    const until = new Date(clock.now().getTime() + 48 * HOUR);
    const day = until.toISOString().slice(0, 10);
    const featured = await ok<AdminListing>('POST', `/admin/listings/${older.id}/feature`, admin, { until: day, reason: 'Launch week' });
    expect(featured).toMatchObject({ is_featured: true, featured_until: `${nextDay(day)}T00:00:00.000Z` });

    const strip = await ok<Listing[]>('GET', '/listings/featured');
    expect(strip.map((l) => l.id)).toEqual([older.id]);
    expect(strip[0]!.is_featured).toBe(true);
    const browse = await ok<{ items: Listing[] }>('GET', '/listings?page_size=5');
    expect(browse.items[0]).toMatchObject({ id: older.id, is_featured: true });
    expect(browse.items.slice(1).every((item) => item.is_featured === false)).toBe(true);
    const browsed = await ok<{ items: Listing[] }>('GET', '/listings/search', buyer);
    expect(browsed.items[0]).toMatchObject({ id: older.id, is_featured: true });
    // Page 2 does not show it again.
    const second = await ok<{ items: Listing[] }>('GET', '/listings?page_size=5&page=2');
    expect(second.items.map((item) => item.id)).not.toContain(older.id);

    // Its end is a moment, not a write: a search page cached before it is not served after it.
    await ok('POST', `/admin/listings/${older.id}/feature`, admin, { until: new Date(clock.now().getTime() + 20_000).toISOString() });
    expect((await ok<{ items: Listing[] }>('GET', '/listings/search', buyer)).items[0]).toMatchObject({ id: older.id, is_featured: true });
    clock.advance(21_000); // within the page cache's lifetime (SEARCH_CACHE_SECONDS, 60 by default)
    const ended = await ok<{ items: Listing[] }>('GET', '/listings/search', buyer);
    expect(ended.items.find((item) => item.id === older.id)?.is_featured ?? false).toBe(false);
    expect(ended.items[0]!.id).not.toBe(older.id);
    await ok('POST', `/admin/listings/${older.id}/feature`, admin, { until: day });

    // Past its day: no longer featured anywhere.
    clock.advance(4 * 24 * HOUR);
    expect(await ok<Listing[]>('GET', '/listings/featured')).toEqual([]);
    const later = await ok<{ items: Listing[] }>('GET', '/listings/search', buyer);
    expect(later.items.every((item) => item.is_featured === false)).toBe(true);
    expect(later.items[0]!.id).not.toBe(older.id);
    clock.reset();

    await ok('POST', `/admin/listings/${older.id}/feature`, admin, { until: '2099-01-01' });
    const unfeatured = await ok<AdminListing>('DELETE', `/admin/listings/${older.id}/feature`, admin);
    expect(unfeatured).toMatchObject({ is_featured: false, featured_until: null });
    expect(await ok<Listing[]>('GET', '/listings/featured')).toEqual([]);
    expect((await auditRowsOf(app, older.id)).map((entry) => entry.action)).toEqual([
      'listing.feature',
      'listing.feature',
      'listing.feature',
      'listing.feature',
      'listing.unfeature',
    ]);
  });
});

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
