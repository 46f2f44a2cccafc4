import {
  SAVED_SEARCHES_LIMIT_REACHED,
  SAVED_SEARCHES_MAX,
  SAVED_SEARCHES_VERIFIED_ONLY,
  SAVED_SEARCH_NAME_REQUIRED,
  SAVED_SEARCH_NOT_FOUND,
  SEARCH_SORT_INVALID,
  UNSUBSCRIBE_LINK_INVALID,
  unsubscribedText,
} from '@benchmarket/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { savedSearches } from '../src/db/schema.js';
import { UnsubscribeTokens } from '../src/modules/saved-searches/unsubscribe-token.js';
import { TEST_JWT_SECRET, withOtherProcess } from './helpers.js';
import { HOUR, testClock } from './support/clock.js';
import { call } from './support/messages-fixtures.js';
import { expectDetail } from './support/responses.js';
import { insertListing, search } from './support/search-fixtures.js';
import type { ReceivedMail } from './support/smtp.js';
import { useSmtpApp } from './support/smtp-app.js';
import { createUser, type TestUser } from './support/users.js';

const PUBLIC_URL = 'http://localhost:3000';
const DAY = 24 * HOUR;

const clock = testClock();
const setup = useSmtpApp(clock, { SEARCH_CACHE_SECONDS: '0' });
const app = () => setup.ctx.app;

const save = (body: unknown, token?: string) => call(app(), 'POST', '/saved-searches', { payload: body, token });
const list = (token?: string) => call(app(), 'GET', '/saved-searches', { token });
const change = (id: string, body: unknown, token?: string) => call(app(), 'PUT', `/saved-searches/${id}`, { payload: body, token });
const remove = (id: string, token?: string) => call(app(), 'DELETE', `/saved-searches/${id}`, { token });

const centrifuges = { name: 'Centrifuges', criteria: { query: 'centrifuge' }, frequency: 'instant' };

/** A listing a seller publishes: written unpaid, then activated as a payment does (it goes live now). */
async function publish(seller: TestUser, title: string, price: number, extra: { location?: string } = {}): Promise<string> {
  const id = await insertListing(app(), seller.id, { title, price, isActive: false, paymentStatus: 'unpaid', ...extra });
  await app().listings.activate({ listingId: id, durationMonths: 1, now: clock.now() });
  return id;
}

/** One round of alerts, then the mail queue: what a worker tick does. */
async function runAlerts(instance = app()): Promise<number> {
  const mailed = await instance.savedSearches.alerts.run();
  await instance.worker.runDueJobs();
  return mailed;
}

function header(mail: ReceivedMail, name: string): string | undefined {
  const line = mail.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

function unsubscribeToken(mail: ReceivedMail): string {
  const match = /token=([^>\s]+)/.exec(header(mail, 'List-Unsubscribe') ?? '');
  if (!match?.[1]) throw new Error('no unsubscribe token');
  return decodeURIComponent(match[1]);
}

describe('/api/v1/saved-searches — who may call', () => {
  it('answers 401 to a visitor and 403 to an unverified account, with a detail', async () => {
    const unverified = await createUser(app(), { verified: false });
    expect((await list()).statusCode).toBe(401);
    expect((await save(centrifuges)).statusCode).toBe(401);
    expectDetail(await list(unverified.token), 403, SAVED_SEARCHES_VERIFIED_ONLY);
    expectDetail(await save(centrifuges, unverified.token), 403, SAVED_SEARCHES_VERIFIED_ONLY);
  });

  it("shows, changes and deletes a search for its owner only (404 for anyone else's)", async () => {
    const owner = await createUser(app());
    const other = await createUser(app());
    const saved = (await save(centrifuges, owner.token)).json<{ id: string }>();
    expect((await list(other.token)).json()).toEqual([]);
    expectDetail(await change(saved.id, { name: 'Mine now' }, other.token), 404, SAVED_SEARCH_NOT_FOUND);
    expectDetail(await remove(saved.id, other.token), 404, SAVED_SEARCH_NOT_FOUND);
    expect((await list(owner.token)).json()).toMatchObject([{ id: saved.id, name: 'Centrifuges' }]);
  });
});

describe('POST/PUT/DELETE /api/v1/saved-searches', () => {
  it('saves the words, AI flag, filters and sort as the search API reads them', async () => {
    const buyer = await createUser(app());
    const response = await save(
      {
        name: '  Cheap German centrifuges ',
        criteria: { query: ' centrifuge ', use_rag: true, max_price: '5000', location: 'de', condition: 'pre-owned', sort: 'price_asc' },
        frequency: 'daily',
      },
      buyer.token,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Cheap German centrifuges',
      criteria: { query: 'centrifuge', use_rag: true, max_price: 5000, location: 'Germany', condition: 'pre-owned', sort: 'price_asc' },
      frequency: 'daily',
      paused: false,
      last_alert_at: null,
    });
    expect((await list(buyer.token)).json()).toHaveLength(1);
  });

  it('refuses a blank name, an unknown frequency or sort, and a minimum price above the maximum', async () => {
    const buyer = await createUser(app());
    expectDetail(await save({ ...centrifuges, name: '  ' }, buyer.token), 400, SAVED_SEARCH_NAME_REQUIRED);
    expect((await save({ ...centrifuges, frequency: 'hourly' }, buyer.token)).json().detail).toMatch(/Frequency must be one of/);
    expect((await save({ ...centrifuges, criteria: { sort: 'cheapest' } }, buyer.token)).json().detail).toContain(SEARCH_SORT_INVALID);
    const range = await save({ ...centrifuges, criteria: { min_price: 500, max_price: 100 } }, buyer.token);
    expect(range.statusCode).toBe(400);
    expect(range.json().detail).toContain('Minimum price cannot be greater than maximum price');
    expect((await change('not-a-uuid', { name: 'x' }, buyer.token)).statusCode).toBe(400);
    expect((await list(buyer.token)).json()).toEqual([]);
  });

  it('renames, changes the frequency, pauses and resumes; deletes', async () => {
    const buyer = await createUser(app());
    const { id } = (await save(centrifuges, buyer.token)).json<{ id: string }>();
    const renamed = await change(id, { name: 'Spinners', frequency: 'daily', paused: true }, buyer.token);
    expect(renamed.json()).toMatchObject({ id, name: 'Spinners', frequency: 'daily', paused: true });
    expect((await change(id, { paused: false }, buyer.token)).json()).toMatchObject({ name: 'Spinners', paused: false });
    expect((await change(id, {}, buyer.token)).statusCode).toBe(400);
    expect((await remove(id, buyer.token)).statusCode).toBe(204);
    expectDetail(await remove(id, buyer.token), 404, SAVED_SEARCH_NOT_FOUND);
    expect((await list(buyer.token)).json()).toEqual([]);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} searches per account: the next one is refused with 409 and a clear detail`, async () => {
    const buyer = await createUser(app());
    for (let i = 1; i <= SAVED_SEARCHES_MAX; i += 1) {
      expect((await save({ ...centrifuges, name: `Search ${i}` }, buyer.token)).statusCode).toBe(201);
    }
    expectDetail(await save({ ...centrifuges, name: 'One too many' }, buyer.token), 409, SAVED_SEARCHES_LIMIT_REACHED);
    expect((await list(buyer.token)).json()).toHaveLength(SAVED_SEARCHES_MAX);
    // Another account has its own 25.
    const other = await createUser(app());
    expect((await save(centrifuges, other.token)).statusCode).toBe(201);
  });
});

describe('saved-search alerts', () => {
  it('mails an instant search the listings that went live after it was saved, once, with a working one-click unsubscribe', async () => {
    const seller = await createUser(app());
    const buyer = await createUser(app());
    const before = await publish(seller, 'Hettich Rotina 380 centrifuge (listed before)', 2500);
    clock.advance(1000);
    const saved = (await save({ name: 'Benchtop spinners', criteria: { query: 'centrifuge' } }, buyer.token)).json<{ id: string }>();
    clock.advance(1000);
    const fresh = await publish(seller, 'Eppendorf 5810R refrigerated centrifuge', 4500, { location: 'DE' });
    await publish(seller, 'Olympus CX23 microscope', 900);

    expect(await runAlerts()).toBeGreaterThanOrEqual(1);
    const mail = await setup.smtp.waitForMail(buyer.email, { subject: 'Benchtop spinners' });
    expect(mail.subject).toBe('1 new listing matches "Benchtop spinners"');
    expect(mail.text).toContain('Eppendorf 5810R refrigerated centrifuge');
    expect(mail.text).toContain('$4,500.00 · Pre-owned · Germany');
    expect(mail.text).toContain(`${PUBLIC_URL}/listings/${fresh}`);
    expect(mail.text).not.toContain(before);
    expect(mail.text).not.toContain('microscope');
    expect(mail.text).toContain(`${PUBLIC_URL}/unsubscribe?token=`);
    expect(header(mail, 'List-Unsubscribe')).toMatch(new RegExp(`^<${PUBLIC_URL}/api/v1/saved-searches/unsubscribe\\?token=[^>]+>$`));
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // Run again, and in another process (a restart): nothing new, no mail.
    await runAlerts();
    await withOtherProcess(setup.ctx, { env: { SMTP_URL: setup.smtp.url }, clock }, async (other) => {
      await runAlerts(other);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(setup.smtp.mailsTo(buyer.email)).toHaveLength(1);
    const [row] = await app().db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    expect(row?.lastAlertAt).not.toBeNull();

    // RFC 8058: the mail program POSTs the header's URL, logged out.
    const token = unsubscribeToken(mail);
    const response = await app().inject({
      method: 'POST',
      url: `/api/v1/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Benchtop spinners', detail: unsubscribedText('Benchtop spinners') });
    expect((await list(buyer.token)).json()).toMatchObject([{ id: saved.id, paused: true }]);
    await publish(seller, 'Thermo Sorvall centrifuge', 3000);
    await runAlerts();
    expect(setup.smtp.mailsTo(buyer.email)).toHaveLength(1);
  });

  it('refuses a forged or altered unsubscribe token without touching the search; a browser opening the link goes to the page', async () => {
    const buyer = await createUser(app());
    const { id } = (await save(centrifuges, buyer.token)).json<{ id: string }>();
    const post = (token: string) =>
      app().inject({ method: 'POST', url: `/api/v1/saved-searches/unsubscribe?token=${encodeURIComponent(token)}` });
    const signed = new UnsubscribeTokens(TEST_JWT_SECRET).sign(id);
    for (const forged of [
      `${id}.AAAA`,
      `${id}.${signed.split('.')[1]!.slice(0, -1)}x`,
      signed.replace(/^[0-9a-f]/, (c) => (c === 'a' ? 'b' : 'a')),
      'nonsense',
    ]) {
      expectDetail(await post(forged), 400, UNSUBSCRIBE_LINK_INVALID);
    }
    expect((await post('')).statusCode).toBe(400);
    expect((await list(buyer.token)).json()).toMatchObject([{ id, paused: false }]);
    const opened = await app().inject({ method: 'GET', url: `/api/v1/saved-searches/unsubscribe?token=${encodeURIComponent(signed)}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(signed)}`);
    expect((await post(signed)).statusCode).toBe(200);
    expect((await post(signed)).statusCode).toBe(200);
  });

  it("mails a model's search the model only, not the maker's other models (which search shows as fewer words)", async () => {
    const seller = await createUser(app());
    const buyer = await createUser(app());
    await save({ name: 'Our dialysis model', criteria: { query: 'fresenius 4008S' } }, buyer.token);
    clock.advance(1000);
    await publish(seller, 'Fresenius 5008 CorDiax dialysis machine', 9000);
    await runAlerts();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(setup.smtp.mailsTo(buyer.email)).toHaveLength(0);

    await publish(seller, 'Fresenius 4008S dialysis machine', 3000);
    await runAlerts();
    const mail = await setup.smtp.waitForMail(buyer.email, { subject: 'Our dialysis model' });
    expect(mail.text).toContain('Fresenius 4008S dialysis machine');
    expect(mail.text).not.toContain('5008');
  });

  it('matches in AI mode with the saved filters, and sends nothing for a paused search or the owner’s own listings', async () => {
    const seller = await createUser(app());
    const buyer = await createUser(app());
    const ai = (
      await save({ name: 'AI cheap microscopes', criteria: { query: 'microscope', use_rag: true, max_price: 2000 } }, buyer.token)
    ).json<{ id: string }>();
    const paused = (await save({ name: 'Paused microscopes', criteria: { query: 'microscope' } }, buyer.token)).json<{ id: string }>();
    await change(paused.id, { paused: true }, buyer.token);
    clock.advance(1000);
    await publish(seller, 'Nikon Eclipse E200 microscope', 1500);
    await publish(seller, 'Zeiss Axio Imager microscope', 25_000);
    await publish(buyer, 'My own Leica DM500 microscope', 800);

    await runAlerts();
    const mail = await setup.smtp.waitForMail(buyer.email, { subject: 'AI cheap microscopes' });
    expect(mail.text).toContain('Nikon Eclipse E200 microscope');
    expect(mail.text).not.toContain('Zeiss');
    expect(mail.text).not.toContain('Leica');
    expect(setup.smtp.mailsTo(buyer.email).filter((m) => m.subject.includes('Paused'))).toEqual([]);
    expect(ai.id).toBeDefined();
  });

  it('sends a daily search one digest a day with everything new, and nothing on a day with nothing new', async () => {
    const seller = await createUser(app());
    const buyer = await createUser(app());
    await save({ name: 'Daily incubators', criteria: { query: 'incubator' }, frequency: 'daily' }, buyer.token);
    clock.advance(1000);
    await publish(seller, 'Binder CB 170 CO2 incubator', 6000);
    await publish(seller, 'Memmert IN55 incubator', 2000);
    await runAlerts();
    expect(setup.smtp.mailsTo(buyer.email)).toEqual([]);

    clock.advance(DAY);
    await runAlerts();
    const digest = await setup.smtp.waitForMail(buyer.email, { subject: 'Daily incubators' });
    expect(digest.subject).toBe('2 new listings match "Daily incubators"');
    expect(digest.text).toContain('Your daily digest for "Daily incubators"');
    expect(digest.text).toContain('Binder CB 170 CO2 incubator');
    expect(digest.text).toContain('Memmert IN55 incubator');

    await publish(seller, 'Thermo Heracell incubator', 7000);
    await runAlerts();
    clock.advance(DAY);
    await runAlerts();
    clock.advance(DAY);
    await runAlerts();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const mails = setup.smtp.mailsTo(buyer.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('1 new listing matches "Daily incubators"');
  });
});

describe('GET /api/v1/listings/search?sort=…', () => {
  it('orders the matches by price or date in both modes, ties newest first; refuses an unknown sort', async () => {
    const seller = await createUser(app());
    const buyer = await createUser(app());
    const t0 = Date.now() - 10 * HOUR;
    const add = (title: string, price: number, hoursAfter: number) =>
      insertListing(app(), seller.id, { title, price, createdAt: new Date(t0 + hoursAfter * HOUR) });
    await add('Sonicator bath small', 300, 1);
    await add('Sonicator probe system', 1200, 2);
    await add('Sonicator ultrasonic cleaner', 300, 3);
    await add('Sonicator homogenizer', 800, 4);
    type Item = { title: string; price: number; created_at: string };
    const newestFirst = (a: Item, b: Item) => Date.parse(b.created_at) - Date.parse(a.created_at);
    const orders: Record<string, (a: Item, b: Item) => number> = {
      price_asc: (a, b) => a.price - b.price || newestFirst(a, b),
      price_desc: (a, b) => b.price - a.price || newestFirst(a, b),
      newest: newestFirst,
    };
    for (const use_rag of [false, true]) {
      const items = async (sort?: string) =>
        (await search(app(), { query: 'sonicator', use_rag, ...(sort && { sort }) }, buyer.token)).json<{ items: Item[] }>().items;
      // The same matches as best match finds (the AI engine judges which), in the order asked for.
      const matches = await items();
      expect(matches.length).toBeGreaterThanOrEqual(2);
      for (const [sort, order] of Object.entries(orders)) {
        expect((await items(sort)).map((i) => i.title)).toEqual([...matches].sort(order).map((i) => i.title));
      }
      expect((await items('relevance')).map((i) => i.title)).toEqual(matches.map((i) => i.title));
      expectDetail(await search(app(), { query: 'sonicator', use_rag, sort: 'cheapest' }, buyer.token), 400, SEARCH_SORT_INVALID);
    }
    // Plain search finds all four: two at the same price, the newer first.
    expect(
      (await search(app(), { query: 'sonicator', sort: 'price_asc' }, buyer.token)).json<{ items: Item[] }>().items.map((i) => i.title),
    ).toEqual(['Sonicator ultrasonic cleaner', 'Sonicator bath small', 'Sonicator homogenizer', 'Sonicator probe system']);
    // Without words, sorted by price too.
    const browsed = (await search(app(), { max_price: 1200, min_price: 300, sort: 'price_desc' }, buyer.token)).json<{
      items: { price: number }[];
    }>();
    const prices = browsed.items.map((i) => i.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });
});
