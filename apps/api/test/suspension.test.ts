import {
  accountSuspendedMessage,
  LOGIN_FAILED,
  SELLER_UNAVAILABLE,
  type AdminUser,
  type AdminUserDetail,
  type Listing,
} from '@benchmarket/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, users } from '../src/db/schema.js';
import { hashPassword } from '../src/modules/auth/index.js';
import { adminSellerAndBuyer, auditRowsOf, createAdmin } from './support/admin.js';
import { GOOD_PASSWORD, login, me, uniqueEmail } from './support/auth.js';
import { activate, createListing } from './support/listings.js';
import { nextMail, trustCalls, useTrustApp } from './support/trust.js';
import { createUser, type TestUser } from './support/users.js';
import { expectDetail } from './support/responses.js';

/**
 * Issue 14: suspending an account, everywhere it bites — login (password; Google in
 * auth-google.test.ts), tokens it already holds, its listings in search, the latest and
 * featured strips and on their pages, messages to it — and reinstating, which switches back
 * exactly what suspension switched off.
 */

const setup = useTrustApp();
const REASON = 'Several buyers reported payments for items that were never shipped.';

const { api, ok } = trustCalls(setup);

/** A verified seller who logs in with a password. */
async function sellerWithPassword(): Promise<TestUser> {
  const user = await createUser(setup.ctx.app, { email: uniqueEmail('suspect') });
  await setup.ctx.app.db
    .update(users)
    .set({ passwordHash: await hashPassword(GOOD_PASSWORD) })
    .where(eq(users.id, user.id));
  return user;
}

let counter = 0;
async function liveListing(seller: TestUser): Promise<{ id: string; title: string; word: string }> {
  counter += 1;
  const word = `Wombatronic${counter}q`;
  const listing = await createListing(setup.ctx.app, seller, { title: `${word} benchtop centrifuge` });
  await activate(setup.ctx.app, listing.id);
  return { id: listing.id, title: listing.title as string, word };
}

async function isActive(id: string): Promise<boolean> {
  const [row] = await setup.ctx.app.db.select({ isActive: listings.isActive }).from(listings).where(eq(listings.id, id));
  return row!.isActive;
}

const searchTitles = async (user: TestUser, query: string) =>
  (await ok<{ items: Listing[] }>('GET', `/listings/search?query=${encodeURIComponent(query)}`, user)).items.map((item) => item.title);

describe('suspending an account', () => {
  it('refuses its login and tokens, hides its listings everywhere, refuses messages to it; reinstating undoes exactly that', async () => {
    const { app } = setup.ctx;
    const admin = await createAdmin(app);
    const buyer = await createUser(app);
    const seller = await sellerWithPassword();
    const shown = await liveListing(seller);
    const featured = await liveListing(seller);
    const draft = await createListing(app, seller);
    const paidMeanwhile = await createListing(app, seller);
    const takenDown = await liveListing(seller);
    await ok('POST', `/admin/listings/${featured.id}/feature`, admin, { until: '2099-01-01' });
    await ok('POST', `/admin/listings/${takenDown.id}/take-down`, admin, { reason: 'Duplicate of another listing.' });
    const sessionBefore = (await login(app, seller.email, GOOD_PASSWORD)).json().access_token as string;
    expect(await searchTitles(buyer, shown.word)).toEqual([shown.title]);

    const suspended = await ok<AdminUser>('POST', `/admin/users/${seller.id}/suspend`, admin, { reason: REASON });
    expect(suspended).toMatchObject({ id: seller.id, email: seller.email, role: 'user', suspension_reason: REASON, listings_count: 5 });
    expect(suspended.suspended_at).toEqual(expect.any(String));

    // Login: refused with the reason once the password is right; a wrong one stays the usual 401.
    const refused = await login(app, seller.email, GOOD_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: accountSuspendedMessage(REASON), code: 'account_suspended' });
    expect(accountSuspendedMessage(REASON)).toBe(
      `Your account has been suspended: ${REASON}. Contact support if you believe this is a mistake.`,
    );
    const wrong = await login(app, seller.email, 'not-the-password-1');
    expectDetail(wrong, 401, LOGIN_FAILED);
    // Tokens it already had stop working.
    expect((await me(app, sessionBefore)).statusCode).toBe(401);
    expect((await me(app, seller.token)).statusCode).toBe(401);

    // Its listings leave search, the latest and featured strips, and their pages (for others).
    expect(await searchTitles(buyer, shown.word)).toEqual([]);
    expect(await searchTitles(buyer, featured.word)).toEqual([]);
    const latest = (await ok<Listing[]>('GET', '/listings/latest?limit=50')).map((l) => l.id);
    expect(latest).not.toContain(shown.id);
    expect((await ok<Listing[]>('GET', '/listings/featured')).map((l) => l.id)).not.toContain(featured.id);
    expect((await ok<{ items: Listing[] }>('GET', '/listings?page_size=100')).items.map((l) => l.id)).not.toContain(shown.id);
    for (const id of [shown.id, featured.id]) {
      expect((await api('GET', `/listings/${id}`, buyer)).statusCode).toBe(404);
      expect((await api('GET', `/listings/${id}`)).statusCode).toBe(404);
    }

    // A payment that completes meanwhile (started before the suspension) does not publish the draft.
    await activate(app, paidMeanwhile.id);
    expect(await isActive(paidMeanwhile.id)).toBe(false);

    // Messages to the seller are refused.
    const message = await api('POST', '/messages', buyer, {
      listing_id: shown.id,
      sender_name: 'Ada',
      sender_email: buyer.email,
      message: 'Still available?',
    });
    expect(message.statusCode).toBe(403);
    expect(message.json()).toMatchObject({ detail: SELLER_UNAVAILABLE, code: 'seller_unavailable' });

    const mail = await nextMail(app, setup.smtp, seller.email, 'Your BenchMarket account has been suspended');
    expect(mail.text).toContain(REASON);
    expect(mail.text).toContain('cannot log in');

    const [suspension] = await auditRowsOf(app, seller.id);
    expect(suspension).toMatchObject({ actor: admin.email, action: 'user.suspend', objectType: 'user', reason: REASON });
    expect((suspension!.after as { listings_hidden: string[] }).listings_hidden.sort()).toEqual([shown.id, featured.id].sort());

    // Reinstating: exactly the listings suspension hid come back (and the one paid meanwhile); the draft stays a
    // draft, the taken-down one down.
    const reinstated = await ok<AdminUser>('POST', `/admin/users/${seller.id}/reinstate`, admin, {
      reason: 'The buyers’ claims were withdrawn.',
    });
    expect(reinstated).toMatchObject({ suspended_at: null, suspension_reason: null });
    expect(await isActive(shown.id)).toBe(true);
    expect(await isActive(featured.id)).toBe(true);
    expect(await isActive(paidMeanwhile.id)).toBe(true);
    expect(await isActive(draft.id)).toBe(false);
    expect(await isActive(takenDown.id)).toBe(false);
    expect(await searchTitles(buyer, shown.word)).toEqual([shown.title]);
    expect((await ok<Listing[]>('GET', '/listings/featured')).map((l) => l.id)).toContain(featured.id);
    expect((await login(app, seller.email, GOOD_PASSWORD)).statusCode).toBe(200);
    const back = await nextMail(app, setup.smtp, seller.email, 'Your BenchMarket account has been reinstated');
    expect(back.text).toContain('The buyers’ claims were withdrawn.');

    const actions = (await auditRowsOf(app, seller.id)).map((entry) => entry.action);
    expect(actions).toEqual(['user.suspend', 'user.reinstate']);
  });

  it('refuses to suspend one’s own account, an account twice, an unknown one; to reinstate one that is not suspended', async () => {
    const { app } = setup.ctx;
    const admin = await createAdmin(app);
    const self = await api('POST', `/admin/users/${admin.id}/suspend`, admin, { reason: 'Testing.' });
    expectDetail(self, 409, 'You cannot suspend your own account.');
    expect((await me(app, admin.token)).statusCode).toBe(200);

    const user = await createUser(app);
    expect((await api('POST', `/admin/users/${user.id}/reinstate`, admin, { reason: 'x' })).json()).toMatchObject({
      detail: 'This account is not suspended.',
    });
    await ok('POST', `/admin/users/${user.id}/suspend`, admin, { reason: 'Spam.' });
    const twice = await api('POST', `/admin/users/${user.id}/suspend`, admin, { reason: 'Spam.' });
    expectDetail(twice, 409, 'This account is already suspended.');

    const unknown = await api('POST', '/admin/users/00000000-0000-4000-8000-000000000000/suspend', admin, { reason: 'x' });
    expectDetail(unknown, 404, 'User not found');
    expect((await api('POST', '/admin/users/not-an-id/suspend', admin, { reason: 'x' })).statusCode).toBe(400);
    expect((await api('POST', `/admin/users/${user.id}/reinstate`, admin, {})).statusCode).toBe(400);
  });
});

describe('the console’s users', () => {
  it('finds accounts by part of their email, newest first', async () => {
    const { app } = setup.ctx;
    const admin = await createAdmin(app);
    const tag = `findme${Date.now()}`;
    const first = await createUser(app, { email: `${tag}-a@example.com` });
    const second = await createUser(app, { email: `${tag}-b@example.com` });
    await app.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, first.id));
    const page = await ok<{ items: AdminUser[]; total: number; page: number }>('GET', `/admin/users?email=${tag.toUpperCase()}`, admin);
    expect(page).toMatchObject({ total: 2, page: 1 });
    expect(page.items.map((user) => user.id)).toEqual([second.id, first.id]);
    expect(page.items[0]).toMatchObject({ role: 'user', is_verified: true, suspended_at: null, listings_count: 0 });
    expect((await ok<{ total: number }>('GET', '/admin/users?email=%25', admin)).total).toBe(0);
  });

  it('shows an account with its listings, payments, reports made and against it, and messages sent', async () => {
    const { app } = setup.ctx;
    const { admin, seller, buyer } = await adminSellerAndBuyer(app);
    const sold = await liveListing(seller);
    const draft = await createListing(app, seller);
    const paid = await api('POST', '/payments/create-intent', seller, { listing_id: draft.id, duration_months: 1 });
    expect(paid.statusCode).toBe(200);
    await ok('GET', `/listings/${sold.id}`, buyer);
    expect(
      (
        await api('POST', '/messages', buyer, {
          listing_id: sold.id,
          sender_name: 'Bo',
          sender_email: buyer.email,
          message: 'Is it calibrated?',
        })
      ).statusCode,
    ).toBe(201);
    expect((await api('POST', `/listings/${sold.id}/reports`, buyer, { reason: 'wrong_category_or_condition' })).statusCode).toBe(201);

    const sellerView = await ok<AdminUserDetail>('GET', `/admin/users/${seller.id}`, admin);
    expect(sellerView.user).toMatchObject({ id: seller.id, listings_count: 2 });
    expect(sellerView.listings.map((listing) => listing.id).sort()).toEqual([sold.id, draft.id].sort());
    expect(sellerView.payments).toHaveLength(1);
    expect(sellerView.payments[0]).toMatchObject({
      listing_id: draft.id,
      user_email: seller.email,
      kind: 'activation',
      status: 'completed',
      provider: 'free',
      amount: 0,
      refunded_amount: 0,
      refunds: [],
    });
    expect(sellerView.reports_against).toEqual([
      expect.objectContaining({ listing_id: sold.id, listing_title: sold.title, reporter_email: buyer.email, status: 'open' }),
    ]);
    expect(sellerView.reports_made).toEqual([]);

    const buyerView = await ok<AdminUserDetail>('GET', `/admin/users/${buyer.id}`, admin);
    expect(buyerView.reports_made).toEqual([expect.objectContaining({ listing_id: sold.id, reason: 'wrong_category_or_condition' })]);
    expect(buyerView.messages_sent).toEqual([
      expect.objectContaining({ listing_id: sold.id, listing_title: sold.title, message: 'Is it calibrated?' }),
    ]);
    expect((await api('GET', '/admin/users/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
  });
});
