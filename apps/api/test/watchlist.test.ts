import { LISTING_NOT_FOUND, WATCH_OWN_LISTING, WATCHLIST_FULL, WATCHLIST_MAX } from '@benchmarket/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from './support/payments-fixtures.js';
import { HOUR, testClock } from './support/clock.js';
import { GOOD_LISTING, call, createActiveListing, createListing } from './support/listings.js';
import { expectDetail } from './support/responses.js';
import { useSmtpApp } from './support/smtp-app.js';
import { createUser, sellerAndBuyer, type TestUser } from './support/users.js';

/**
 * Issue 16: the watchlist (GET /watchlist, PUT/DELETE /watchlist/{listing_id}), the sellers'
 * watcher counts and the watch mails — a price drop and 7 days left, each once, never about
 * the watcher's own listing. Mail goes to a real SMTP server; the clock is the test's.
 */

const PUBLIC_URL = 'http://localhost:3000';
const clock = testClock();
const setup = useSmtpApp(clock);
const app = () => setup.ctx.app;

const watch = (listingId: string, user?: TestUser) => call(app(), 'PUT', `/watchlist/${listingId}`, { user });
const unwatch = (listingId: string, user?: TestUser) => call(app(), 'DELETE', `/watchlist/${listingId}`, { user });
async function watchlistOf(user: TestUser): Promise<{ watched_at: string; listing: { id: string; title: string } }[]> {
  const response = await call(app(), 'GET', '/watchlist', { user });
  expect(response.statusCode).toBe(200);
  return response.json().items;
}

/** One worker round a minute later: the watch mails' round and the mails it queued. */
async function workerRound(): Promise<void> {
  clock.advance(61_000);
  await app().worker.tick();
}

const watchMails = (user: TestUser, subject: string) => setup.smtp.mailsTo(user.email).filter((mail) => mail.subject.startsWith(subject));

describe('PUT and DELETE /api/v1/watchlist/:listing_id', () => {
  it('asks visitors to log in', async () => {
    const seller = await createUser(app());
    const listing = await createActiveListing(app(), seller);
    for (const response of [await watch(listing.id), await unwatch(listing.id), await call(app(), 'GET', '/watchlist')]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBeTruthy();
    }
  });

  it('watches once however often it is asked, and unwatching twice is no error', async () => {
    const { seller, buyer } = await sellerAndBuyer(app());
    const listing = await createActiveListing(app(), seller);

    const first = await watch(listing.id, buyer);
    expect(first.statusCode).toBe(200);
    clock.advance(HOUR);
    const second = await watch(listing.id, buyer);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await watchlistOf(buyer)).map((item) => item.listing.id)).toEqual([listing.id]);

    expect((await unwatch(listing.id, buyer)).statusCode).toBe(204);
    expect((await unwatch(listing.id, buyer)).statusCode).toBe(204);
    expect(await watchlistOf(buyer)).toEqual([]);
  });

  it('refuses to watch your own listing, with a reason', async () => {
    const seller = await createUser(app());
    const listing = await createActiveListing(app(), seller);
    expectDetail(await watch(listing.id, seller), 403, WATCH_OWN_LISTING);
  });

  it('answers 404 for a listing that is not live, unknown or malformed', async () => {
    const { seller, buyer } = await sellerAndBuyer(app());
    const unpaid = await createListing(app(), seller);
    const removed = await createActiveListing(app(), seller);
    expect((await call(app(), 'DELETE', `/listings/${removed.id}`, { user: seller })).statusCode).toBe(200);
    for (const id of [unpaid.id, removed.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expectDetail(await watch(id, buyer), 404, LISTING_NOT_FOUND);
    }
  });

  it(`refuses a watch beyond ${WATCHLIST_MAX} with 409 watchlist_full; a watch already made and one after unwatching still go through`, async () => {
    const { seller, buyer } = await sellerAndBuyer(app());
    const [kept, extra] = [await createActiveListing(app(), seller), await createActiveListing(app(), seller)];
    expect((await watch(kept.id, buyer)).statusCode).toBe(200);
    // The other watches written directly (to listings that never went live): the cap counts every watch.
    await app().db.execute(sql`
      with filler as (
        insert into listings (user_id, title, description, price_cents, condition, duration_months)
        select ${seller.id}, 'Filler listing ' || n, 'A listing for the cap.', 1000, 'pre-owned', 1 from generate_series(2, ${WATCHLIST_MAX}) n
        returning id
      )
      insert into watches (user_id, listing_id, seen_price_cents) select ${buyer.id}, id, 1000 from filler`);

    const refused = await watch(extra.id, buyer);
    expectDetail(refused, 409, WATCHLIST_FULL);
    expect(refused.json().code).toBe('watchlist_full');
    expect((await watch(kept.id, buyer)).statusCode).toBe(200);
    expect((await unwatch(kept.id, buyer)).statusCode).toBe(204);
    expect((await watch(extra.id, buyer)).statusCode).toBe(200);
  });

  it('lets an account that has not verified its email watch too', async () => {
    const seller = await createUser(app());
    const newcomer = await createUser(app(), { verified: false });
    const listing = await createActiveListing(app(), seller);
    expect((await watch(listing.id, newcomer)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/watchlist', () => {
  it('lists the live watched listings as cards, newest watch first', async () => {
    const { seller, buyer } = await sellerAndBuyer(app());
    const older = await createActiveListing(app(), seller, { title: 'Olympus CX23 microscope', price: 900 });
    const newer = await createActiveListing(app(), seller);
    const gone = await createActiveListing(app(), seller, { title: 'Sartorius balance' });
    await watch(older.id, buyer);
    clock.advance(1000);
    await watch(gone.id, buyer);
    clock.advance(1000);
    await watch(newer.id, buyer);
    await call(app(), 'DELETE', `/listings/${gone.id}`, { user: seller });

    const items = await watchlistOf(buyer);
    expect(items.map((item) => item.listing.id)).toEqual([newer.id, older.id]);
    expect(items[1]!.listing).toMatchObject({ title: 'Olympus CX23 microscope', price: 900, condition: GOOD_LISTING.condition });
  });
});

describe('GET /api/v1/watchlist/watchers', () => {
  it("tells a seller how many watch each listing, never who, and nobody else's counts", async () => {
    const seller = await createUser(app());
    const [a, b] = [await createUser(app()), await createUser(app())];
    const watched = await createActiveListing(app(), seller);
    const unwatched = await createActiveListing(app(), seller);
    await watch(watched.id, a);
    await watch(watched.id, b);
    await watch(watched.id, b);

    const mine = await call(app(), 'GET', '/watchlist/watchers', { user: seller });
    expect(mine.json()).toEqual({ items: [{ listing_id: watched.id, watchers: 2 }] });
    expect(mine.body).not.toContain(a.id);
    expect(mine.body).not.toContain(unwatched.id);
    // A watcher sees no counts of the seller's listings.
    expect((await call(app(), 'GET', '/watchlist/watchers', { user: a })).json()).toEqual({ items: [] });
    expect((await call(app(), 'GET', '/watchlist/watchers')).statusCode).toBe(401);
  });
});

describe('the watch mails', () => {
  const edit = (listing: { id: string }, seller: TestUser, price: number) =>
    call(app(), 'PUT', `/listings/${listing.id}`, {
      user: seller,
      payload: { ...GOOD_LISTING, duration_months: undefined, price },
    });

  it('mails each verified watcher once per price drop, with the old and new price, and never the seller', async () => {
    const { seller, buyer } = await sellerAndBuyer(app());
    const newcomer = await createUser(app(), { verified: false });
    const listing = await createActiveListing(app(), seller, { price: 4000 });
    await watch(listing.id, buyer);
    await watch(listing.id, newcomer);

    expect((await edit(listing, seller, 3500)).statusCode).toBe(200);
    await workerRound();
    const mail = await setup.smtp.waitForMail(buyer.email, { subject: 'Price drop' });
    expect(mail.text).toContain('dropped from $4,000.00 to $3,500.00');
    expect(mail.text).toContain(`${PUBLIC_URL}/listings/${listing.id}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/watchlist`);
    await workerRound();
    await workerRound();
    expect(watchMails(buyer, 'Price drop')).toHaveLength(1);

    // Up (no mail), then down again: a new drop, from the price the buyer last saw.
    await edit(listing, seller, 3800);
    await workerRound();
    expect(watchMails(buyer, 'Price drop')).toHaveLength(1);
    await edit(listing, seller, 3600);
    await workerRound();
    await workerRound();
    await expect.poll(() => watchMails(buyer, 'Price drop').length).toBe(2);
    expect(watchMails(buyer, 'Price drop')[1]!.text).toContain('dropped from $3,800.00 to $3,600.00');

    expect(watchMails(newcomer, 'Price drop')).toHaveLength(0);
    expect(watchMails(seller, 'Price drop')).toHaveLength(0);
  });

  it('mails nothing to someone who stopped watching', async () => {
    const { seller, buyer } = await sellerAndBuyer(app());
    const listing = await createActiveListing(app(), seller, { price: 2000 });
    await watch(listing.id, buyer);
    await unwatch(listing.id, buyer);
    await edit(listing, seller, 1500);
    await workerRound();
    await workerRound();
    expect(watchMails(buyer, 'Price drop')).toHaveLength(0);
  });

  it('mails each watcher once when the listing has 7 days left, and not the seller', async () => {
    const { seller, buyer } = await sellerAndBuyer(app());
    // One month from now; 25 days on, it has about 5 days left.
    const listing = await createActiveListing(app(), seller, { duration_months: 1 });
    await watch(listing.id, buyer);

    await workerRound();
    expect(watchMails(buyer, 'Ending soon')).toHaveLength(0);
    clock.advance(25 * DAY_MS);
    await workerRound();
    const mail = await setup.smtp.waitForMail(buyer.email, { subject: 'Ending soon' });
    expect(mail.subject).toBe(`Ending soon: "${GOOD_LISTING.title}"`);
    expect(mail.text).toContain(`${PUBLIC_URL}/listings/${listing.id}`);
    await workerRound();
    await workerRound();
    expect(watchMails(buyer, 'Ending soon')).toHaveLength(1);
    // The seller gets their own 'expires soon' reminder, never a watcher's mail.
    await setup.smtp.waitForMail(seller.email, { subject: 'Your listing expires soon' });
    expect(watchMails(seller, 'Ending soon')).toHaveLength(0);
  });
});
