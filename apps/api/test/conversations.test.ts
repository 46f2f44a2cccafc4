import {
  CONTACT_BLOCKED,
  CONVERSATION_BLOCKED,
  CONVERSATION_NOT_FOUND,
  CONVERSATION_REPORT_ALREADY_OPEN,
  LISTING_NO_LONGER_FOR_SALE,
  OFFER_ALREADY_DECIDED,
  OFFER_DECISION_ONLY_BY_SELLER,
  OFFER_ONLY_BY_BUYER,
  OFFER_SUPERSEDED,
  REPLY_REQUIRED,
  type ConversationDetail,
  type ConversationList,
  type Offer,
} from '@benchmarket/shared';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages, conversationReports, conversations, listings, messages } from '../src/db/schema.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { call, createListing, createUser, type TestUser } from './support/messages-fixtures.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.js';

const PUBLIC_URL = 'http://localhost:3000';
const MESSAGES_PER_HOUR = 5;

let ctx: TestContext;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await setupTestApp({
    env: { SMTP_URL: smtp.url, RATE_LIMIT_MESSAGES_PER_HOUR: String(MESSAGES_PER_HOUR), RATE_LIMIT_MESSAGES_PER_IP_PER_HOUR: '100' },
  });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const get = (url: string, user?: TestUser) => call(ctx.app, 'GET', url, { token: user?.token });
const post = (url: string, user?: TestUser, payload?: unknown) =>
  call(ctx.app, 'POST', url, { token: user?.token, payload: payload ?? {} });

/** A buyer who wrote to a seller about their listing through the contact form: the conversation is open. */
async function openConversation(message = 'Is the rotor included?') {
  const seller = await createUser(ctx.app);
  const buyer = await createUser(ctx.app);
  const listing = await createListing(ctx.app, seller.id);
  const sent = await call(ctx.app, 'POST', '/messages', {
    token: buyer.token,
    payload: { listing_id: listing.id, sender_name: 'Dr. Ada Byron', sender_email: buyer.email, message },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const list = (await get('/conversations', buyer)).json() as ConversationList;
  const conversation = list.items.find((item) => item.listing.id === listing.id);
  if (!conversation) throw new Error('no conversation opened');
  return { seller, buyer, listing, id: conversation.id };
}

async function detail(id: string, user: TestUser): Promise<ConversationDetail> {
  const response = await get(`/conversations/${id}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function makeOffer(id: string, buyer: TestUser, amount = 3900.5, note?: string): Promise<Offer> {
  const response = await post(`/conversations/${id}/offers`, buyer, { amount, ...(note && { note }) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('POST /api/v1/messages opens a conversation', () => {
  it('opens one conversation per listing and buyer, continued by the next message, listed for both sides', async () => {
    const { seller, buyer, listing, id } = await openConversation('First question');
    await call(ctx.app, 'POST', '/messages', {
      token: buyer.token,
      payload: { listing_id: listing.id, sender_name: 'Dr. Ada Byron', sender_email: buyer.email, message: 'Second question' },
    });
    const sellerList = (await get('/conversations', seller)).json() as ConversationList;
    expect(sellerList.items).toHaveLength(1);
    expect(sellerList.items[0]).toMatchObject({
      id,
      role: 'seller',
      other_party_name: 'Dr. Ada Byron',
      last_message: 'Second question',
      unread_count: 2,
      listing: { id: listing.id, title: listing.title, price: 4500 },
      is_blocked: false,
    });
    expect(sellerList.unread_total).toBe(2);
    const buyerList = (await get('/conversations', buyer)).json() as ConversationList;
    // The seller has no profile: their public name, never their email.
    expect(buyerList.items[0]).toMatchObject({ id, role: 'buyer', other_party_name: 'BenchMarket seller', unread_count: 0 });
    expect(JSON.stringify(buyerList)).not.toContain(seller.email);
  });

  it("adds the conversation's link to the seller's mail about the contact message", async () => {
    const { seller, id } = await openConversation('Any service records?');
    await ctx.app.worker.runDueJobs();
    const mail = await smtp.waitForMail(seller.email, { subject: 'New message' });
    expect(mail.text).toContain('Any service records?');
    expect(mail.text).toContain(`${PUBLIC_URL}/messages/${id}`);
  });

  it('refuses a new message between accounts when either blocked the other (403)', async () => {
    const { seller, buyer, listing, id } = await openConversation();
    expect((await post(`/conversations/${id}/block`, seller)).statusCode).toBe(204);
    const other = await createListing(ctx.app, seller.id);
    for (const listingId of [listing.id, other.id]) {
      const refused = await call(ctx.app, 'POST', '/messages', {
        token: buyer.token,
        payload: { listing_id: listingId, sender_name: 'Ada', sender_email: buyer.email, message: 'Hello again' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ detail: CONTACT_BLOCKED, code: 'blocked' });
    }
  });
});

describe('GET /api/v1/conversations/:id', () => {
  it('answers 401 to visitors and 404 to anyone but the two participants', async () => {
    const { id } = await openConversation();
    const stranger = await createUser(ctx.app);
    expect((await get('/conversations')).statusCode).toBe(401);
    expect((await get(`/conversations/${id}`)).statusCode).toBe(401);
    const hidden = await get(`/conversations/${id}`, stranger);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().detail).toBe(CONVERSATION_NOT_FOUND);
    expect((await get('/conversations', stranger)).json()).toEqual({ items: [], unread_total: 0 });
    for (const path of ['messages', 'offers', 'block', 'unblock', 'report']) {
      const payload = { body: 'hi', amount: 10, reason: 'spam' };
      expect((await post(`/conversations/${id}/${path}`, stranger, payload)).statusCode, path).toBe(404);
      expect((await post(`/conversations/${id}/${path}`, undefined, payload)).statusCode, path).toBe(401);
    }
    expect((await get('/conversations/not-a-uuid', stranger)).statusCode).toBe(400);
  });

  it("shows messages and offers in order, each marked as the caller's or not, and marks the conversation read", async () => {
    const { seller, buyer, id } = await openConversation('Is it calibrated?');
    await post(`/conversations/${id}/messages`, seller, { body: 'Yes, last March.' });
    // The buyer has one unread (the seller's reply) until they open or answer it.
    expect(((await get('/conversations', buyer)).json() as ConversationList).items[0]?.unread_count).toBe(1);
    await makeOffer(id, buyer, 4000, 'Cash on pickup');
    const seen = await detail(id, seller);
    expect(seen.entries.map((e) => [e.kind, e.mine])).toEqual([
      ['message', false],
      ['message', true],
      ['offer', false],
    ]);
    expect(seen.entries[2]).toMatchObject({ kind: 'offer', amount: 4000, note: 'Cash on pickup', status: 'pending', decided_at: null });
    const after = (await get('/conversations', seller)).json() as ConversationList;
    expect(after.items.find((item) => item.id === id)?.unread_count).toBe(0);
    expect(((await get('/conversations', buyer)).json() as ConversationList).items[0]?.unread_count).toBe(0);
  });
});

describe('POST /api/v1/conversations/:id/messages', () => {
  it('stores the reply and mails the other side with a link to the conversation and the sender as reply-to', async () => {
    const { seller, buyer, id, listing } = await openConversation();
    const response = await post(`/conversations/${id}/messages`, seller, { body: '  It ships from Basel.  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ kind: 'message', mine: true, body: 'It ships from Basel.' });
    await ctx.app.worker.runDueJobs();
    const mail = await smtp.waitForMail(buyer.email, { subject: listing.title });
    expect(mail.subject).toBe(`New message about "${listing.title}"`);
    expect(mail.text).toContain('It ships from Basel.');
    expect(mail.text).toContain(`${PUBLIC_URL}/messages/${id}`);
    expect(mail.parsed.replyTo?.value[0]?.address).toBe(seller.email);
    expect(mail.text).toContain('Replying to this email sends your answer');
  });

  it('refuses a blank reply with 400 and a detail', async () => {
    const { seller, id } = await openConversation();
    const response = await post(`/conversations/${id}/messages`, seller, { body: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(REPLY_REQUIRED);
  });

  it('refuses messages and offers after a block by either side (403), and allows them again after unblocking', async () => {
    const { seller, buyer, id } = await openConversation();
    expect((await post(`/conversations/${id}/block`, buyer)).statusCode).toBe(204);
    for (const user of [buyer, seller]) {
      const refused = await post(`/conversations/${id}/messages`, user, { body: 'Hello?' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ detail: CONVERSATION_BLOCKED, code: 'blocked' });
    }
    expect((await post(`/conversations/${id}/offers`, buyer, { amount: 100 })).statusCode).toBe(403);
    expect(await detail(id, buyer)).toMatchObject({ is_blocked: true, blocked_by_me: true });
    expect(await detail(id, seller)).toMatchObject({ is_blocked: true, blocked_by_me: false });
    // Only the blocker can lift their block.
    await post(`/conversations/${id}/unblock`, seller);
    expect((await post(`/conversations/${id}/messages`, seller, { body: 'Still blocked?' })).statusCode).toBe(403);
    await post(`/conversations/${id}/unblock`, buyer);
    expect((await post(`/conversations/${id}/messages`, seller, { body: 'Welcome back' })).statusCode).toBe(201);
  });

  it('is rate-limited per user like the contact form (429)', async () => {
    const { seller, id } = await openConversation();
    for (let i = 0; i < MESSAGES_PER_HOUR; i += 1) {
      expect((await post(`/conversations/${id}/messages`, seller, { body: `Reply ${i}` })).statusCode).toBe(201);
    }
    const limited = await post(`/conversations/${id}/messages`, seller, { body: 'One too many' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toBeTruthy();
  });
});

describe('POST /api/v1/conversations/:id/offers', () => {
  it('takes an offer from the buyer only, and mails the seller with the amount and a link', async () => {
    const { seller, buyer, id, listing } = await openConversation();
    const refused = await post(`/conversations/${id}/offers`, seller, { amount: 100 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(OFFER_ONLY_BY_BUYER);
    const offer = await makeOffer(id, buyer, 3900.5, 'Can collect Friday');
    expect(offer).toMatchObject({ amount: 3900.5, note: 'Can collect Friday', status: 'pending' });
    await ctx.app.worker.runDueJobs();
    const mail = await smtp.waitForMail(seller.email, { subject: 'New offer' });
    expect(mail.subject).toBe(`New offer of $3,900.50 for "${listing.title}"`);
    expect(mail.text).toContain('Can collect Friday');
    expect(mail.text).toContain(`${PUBLIC_URL}/messages/${id}`);
    expect(mail.parsed.replyTo?.value[0]?.address).toBe(buyer.email);
  });

  it('refuses a missing, zero, negative or over-precise amount with 400', async () => {
    const { buyer, id } = await openConversation();
    for (const amount of [undefined, 0, -5, 10.123, 'ten']) {
      const response = await post(`/conversations/${id}/offers`, buyer, { amount });
      expect(response.statusCode, String(amount)).toBe(400);
      expect(response.json().detail).toBeTruthy();
    }
  });

  it('supersedes a pending offer with a newer one; the old one can no longer be accepted (409)', async () => {
    const { seller, buyer, id } = await openConversation();
    const first = await makeOffer(id, buyer, 3000);
    const second = await makeOffer(id, buyer, 3500);
    const late = await post(`/offers/${first.id}/accept`, seller);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(OFFER_SUPERSEDED);
    const entries = (await detail(id, buyer)).entries.filter((e) => e.kind === 'offer');
    expect(entries.map((e) => (e.kind === 'offer' ? [e.id, e.status] : []))).toEqual([
      [first.id, 'superseded'],
      [second.id, 'pending'],
    ]);
  });

  it('takes parallel offers one after the other: the last is pending, the others superseded', async () => {
    const { buyer, id } = await openConversation();
    const answers = await Promise.all([100, 200, 300].map((amount) => post(`/conversations/${id}/offers`, buyer, { amount })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const offers = (await detail(id, buyer)).entries.filter((e) => e.kind === 'offer');
    expect(offers.filter((e) => e.kind === 'offer' && e.status === 'pending')).toHaveLength(1);
    expect(offers.filter((e) => e.kind === 'offer' && e.status === 'superseded')).toHaveLength(2);
  });

  it('refuses an offer once the listing is no longer for sale (409)', async () => {
    const { buyer, id, listing } = await openConversation();
    await ctx.app.db.update(listings).set({ isDeleted: true }).where(eq(listings.id, listing.id));
    const response = await post(`/conversations/${id}/offers`, buyer, { amount: 100 });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(LISTING_NO_LONGER_FOR_SALE);
  });
});

describe('POST /api/v1/offers/:id/accept and /decline', () => {
  it('lets only the seller decide, once; the buyer is mailed and both see the offer accepted', async () => {
    const { seller, buyer, id, listing } = await openConversation();
    const offer = await makeOffer(id, buyer, 4100);
    const byBuyer = await post(`/offers/${offer.id}/accept`, buyer);
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().detail).toBe(OFFER_DECISION_ONLY_BY_SELLER);
    const stranger = await createUser(ctx.app);
    expect((await post(`/offers/${offer.id}/accept`, stranger)).statusCode).toBe(404);
    expect((await post(`/offers/${offer.id}/accept`)).statusCode).toBe(401);

    const accepted = await post(`/offers/${offer.id}/accept`, seller);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: offer.id, status: 'accepted' });
    for (const again of ['accept', 'decline']) {
      const second = await post(`/offers/${offer.id}/${again}`, seller);
      expect(second.statusCode).toBe(409);
      expect(second.json().detail).toBe(OFFER_ALREADY_DECIDED);
    }
    for (const user of [buyer, seller]) {
      const shown = (await detail(id, user)).entries.find((e) => e.id === offer.id);
      expect(shown).toMatchObject({ status: 'accepted' });
    }
    await ctx.app.worker.runDueJobs();
    const mail = await smtp.waitForMail(buyer.email, { subject: 'accepted' });
    expect(mail.subject).toBe(`Your offer for "${listing.title}" was accepted`);
    expect(mail.text).toContain(`${PUBLIC_URL}/messages/${id}`);
  });

  it("counts the seller's decision as unread for the buyer until they open the conversation", async () => {
    const { seller, buyer, id } = await openConversation();
    const unreadOf = async (user: TestUser) => {
      const list = (await get('/conversations', user)).json() as ConversationList;
      return [list.items.find((item) => item.id === id)?.unread_count, list.unread_total];
    };
    const first = await makeOffer(id, buyer, 2000);
    expect((await post(`/offers/${first.id}/decline`, seller)).statusCode).toBe(200);
    expect(await unreadOf(buyer)).toEqual([1, 1]);
    // Deciding reads the conversation for the seller: their own decision is not news to them.
    expect(await unreadOf(seller)).toEqual([0, 0]);
    await detail(id, buyer);
    expect(await unreadOf(buyer)).toEqual([0, 0]);

    // A superseded offer is the buyer's own doing; only the accept of the newer one counts.
    await makeOffer(id, buyer, 2200);
    const latest = await makeOffer(id, buyer, 2400);
    expect((await post(`/offers/${latest.id}/accept`, seller)).statusCode).toBe(200);
    expect(await unreadOf(buyer)).toEqual([1, 1]);
  });

  it('declines an offer; the buyer can then make a new one', async () => {
    const { seller, buyer, id } = await openConversation();
    const offer = await makeOffer(id, buyer, 2000);
    const declined = await post(`/offers/${offer.id}/decline`, seller);
    expect(declined.json()).toMatchObject({ status: 'declined' });
    await makeOffer(id, buyer, 2500);
  });

  it('shows neither offers nor amounts on the public listing', async () => {
    const { buyer, id, listing } = await openConversation();
    await makeOffer(id, buyer, 1234.56);
    const visitor = await get(`/listings/${listing.id}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).not.toContain('1234.56');
    expect(visitor.body).not.toContain('offer');
  });
});

describe('GET /api/v1/conversations', () => {
  it('answers the 200 conversations with the latest activity (decision 022)', async () => {
    const seller = await createUser(ctx.app);
    const buyer = await createUser(ctx.app);
    const listing = await createListing(ctx.app, seller.id);
    // 201 conversations of one buyer, one a minute, written directly: the contact form is rate-limited.
    await ctx.app.db.execute(sql`
      with filler as (
        insert into listings (user_id, title, description, price_cents, condition, duration_months)
        select ${seller.id}, 'Filler listing ' || n, 'A listing for the cap.', 1000, 'pre-owned', 1 from generate_series(1, 200) n
        returning id
      )
      insert into conversations (listing_id, buyer_id, seller_id, buyer_name, last_activity_at)
      select id, ${buyer.id}, ${seller.id}, 'Ada', now() - interval '1 day' - row_number() over () * interval '1 minute' from filler`);
    await ctx.app.db.insert(conversations).values({ listingId: listing.id, buyerId: buyer.id, sellerId: seller.id, buyerName: 'Ada' });
    for (const user of [buyer, seller]) {
      const list = (await get('/conversations', user)).json() as ConversationList;
      expect(list.items).toHaveLength(200);
      expect(list.items[0]?.listing.id).toBe(listing.id);
    }
  });
});

describe('POST /api/v1/conversations/:id/report', () => {
  it('keeps one open report per participant for the operators', async () => {
    const { seller, buyer, id } = await openConversation();
    const first = await post(`/conversations/${id}/report`, seller, { reason: 'scam_or_fraud', details: 'Asks to pay outside' });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBeTruthy();
    const again = await post(`/conversations/${id}/report`, seller, { reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(CONVERSATION_REPORT_ALREADY_OPEN);
    expect((await post(`/conversations/${id}/report`, buyer, { reason: 'other' })).statusCode).toBe(201);
    expect((await post(`/conversations/${id}/report`, buyer, { reason: 'nonsense' })).statusCode).toBe(400);
    const rows = await ctx.app.db.select().from(conversationReports).where(eq(conversationReports.conversationId, id));
    expect(rows.map((r) => r.reason).sort()).toEqual(['other', 'scam_or_fraud']);
  });
});

describe('migration 0022', () => {
  it('turns the messages sent before conversations existed into conversations, one per listing and sender, in order', async () => {
    const seller = await createUser(ctx.app);
    const [ada, bob] = [await createUser(ctx.app), await createUser(ctx.app)];
    const listing = await createListing(ctx.app, seller.id);
    const at = (minute: number) => new Date(Date.UTC(2025, 0, 5, 10, minute));
    const old = (sender: TestUser, name: string, text: string, minute: number, isRead: boolean) => ({
      listingId: listing.id,
      senderId: sender.id,
      recipientId: seller.id,
      senderName: name,
      senderEmail: sender.email,
      message: text,
      sentAt: at(minute),
      isRead,
    });
    await ctx.app.db
      .insert(messages)
      .values([old(ada, 'Ada', 'First', 1, true), old(bob, 'Bob', 'Hello', 2, false), old(ada, 'Dr. Ada', 'Second', 3, true)]);

    // The data part of the migration, as it ran on a database holding these messages.
    const migration = readFileSync(new URL('../drizzle/0022_conversations.sql', import.meta.url), 'utf8');
    const dataPart = migration.slice(migration.indexOf('-- Issue 16'));
    for (const statement of dataPart.split('--> statement-breakpoint')) await ctx.app.db.execute(sql.raw(statement));

    const opened = await ctx.app.db.select().from(conversations).where(eq(conversations.listingId, listing.id));
    const ofAda = opened.find((c) => c.buyerId === ada.id);
    const ofBob = opened.find((c) => c.buyerId === bob.id);
    expect(opened).toHaveLength(2);
    expect(ofAda).toMatchObject({ sellerId: seller.id, buyerName: 'Dr. Ada', lastActivityAt: at(3), sellerLastReadAt: at(3) });
    expect(ofBob).toMatchObject({ buyerName: 'Bob', sellerLastReadAt: null });
    const adaMessages = await ctx.app.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, ofAda?.id ?? ''));
    expect(adaMessages.map((m) => m.body).sort()).toEqual(['First', 'Second']);
    // The seller sees them on /messages: Bob's unread, Ada's read.
    const list = (await get('/conversations', seller)).json() as ConversationList;
    expect(list.items.map((item) => [item.other_party_name, item.unread_count, item.last_message])).toEqual([
      ['Dr. Ada', 0, 'Second'],
      ['Bob', 1, 'Hello'],
    ]);
  });
});
