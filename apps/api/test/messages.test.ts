import {
  CONTACT_ALL_REQUIRED,
  EMAIL_INVALID,
  EMAIL_NOT_VERIFIED_TO_CONTACT,
  LISTING_NOT_FOUND,
  MESSAGE_TOO_LONG,
  SELLER_UNAVAILABLE,
  SENDER_NAME_TOO_LONG,
} from '@benchmarket/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, listings, messages, users } from '../src/db/schema.js';
import { HOUR, testClock } from './support/clock.js';
import { call, createListing, createUser, uniqueIp, type TestUser } from './support/messages-fixtures.js';
import { useSmtpApp } from './support/smtp-app.js';
import { expectDetail } from './support/responses.js';

const PUBLIC_URL = 'http://localhost:3000';
const OWN_LISTING = 'You cannot send a message to your own listing.';
const MESSAGES_PER_HOUR = 4;
const MESSAGES_PER_IP_PER_HOUR = 6;
const DAY = 24 * HOUR;
const clock = testClock();

const setup = useSmtpApp(clock, {
  RATE_LIMITS: 'on',
  RATE_LIMIT_MESSAGES_PER_HOUR: String(MESSAGES_PER_HOUR),
  RATE_LIMIT_MESSAGES_PER_IP_PER_HOUR: String(MESSAGES_PER_IP_PER_HOUR),
});
const app = () => setup.ctx.app;

function form(listingId: string, overrides: Record<string, unknown> = {}) {
  return {
    listing_id: listingId,
    sender_name: 'Dr. Ada Byron',
    sender_email: 'ada@university.example',
    message: 'Is the rotor included, and can it ship to Vienna?',
    ...overrides,
  };
}

const send = (payload: unknown, token?: string, ip?: string) => call(app(), 'POST', '/messages', { payload, token, ip });
const inbox = (token?: string) => call(app(), 'GET', '/messages/user', { token });
const markRead = (id: string, token?: string) => call(app(), 'PUT', `/messages/${id}/read`, { token });
const remove = (id: string, token?: string) => call(app(), 'DELETE', `/messages/${id}`, { token });

/** A seller with an active listing, and a buyer. */
async function sellerAndBuyer() {
  const seller = await createUser(app());
  const buyer = await createUser(app());
  const listing = await createListing(app(), seller.id);
  return { seller, buyer, listing };
}

async function sendOk(buyer: TestUser, listingId: string, overrides: Record<string, unknown> = {}) {
  const response = await send(form(listingId, overrides), buyer.token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; [key: string]: unknown };
}

async function storedMessages(listingId: string) {
  return app().db.select().from(messages).where(eq(messages.listingId, listingId));
}

async function mailJobsTo(to: string) {
  const rows = await app().db.select().from(jobs).where(eq(jobs.kind, 'mail.send'));
  return rows.filter((row) => row.payload.to === to);
}

describe('POST /api/v1/messages', () => {
  it('refuses a caller who is not logged in with 401, whatever the body', async () => {
    const { listing } = await sellerAndBuyer();
    for (const token of [undefined, 'not-a-jwt']) {
      const response = await send(form(listing.id), token);
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBeTruthy();
    }
    expect((await send({}, undefined)).statusCode).toBe(401);
    expect(await storedMessages(listing.id)).toHaveLength(0);
  });

  it('stores the message for the seller and answers 201 with the message as the seller will see it', async () => {
    const { seller, buyer, listing } = await sellerAndBuyer();
    const response = await send(
      form(listing.id, { sender_name: '  Dr. Ada Byron ', sender_email: ' Ada@University.example ', message: '  Still available?  ' }),
      buyer.token,
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      ['id', 'is_read', 'listing_id', 'listing_title', 'message', 'sender_email', 'sender_name', 'sent_at'].sort(),
    );
    expect(body).toMatchObject({
      listing_id: listing.id,
      listing_title: listing.title,
      sender_name: 'Dr. Ada Byron',
      sender_email: 'ada@university.example',
      message: 'Still available?',
      is_read: false,
    });
    expect(Number.isNaN(Date.parse(body.sent_at))).toBe(false);

    const [row] = await storedMessages(listing.id);
    expect(row).toMatchObject({ id: body.id, senderId: buyer.id, recipientId: seller.id, isRead: false });
  });

  it('refuses a logged-in user who has not verified their email (403, before the form is read), and lets them once verified', async () => {
    const seller = await createUser(app());
    const listing = await createListing(app(), seller.id);
    const unverified = await createUser(app(), { verified: false });
    for (const payload of [form(listing.id), {}]) {
      const refused = await send(payload, unverified.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ detail: EMAIL_NOT_VERIFIED_TO_CONTACT, code: 'email_not_verified' });
    }
    expect(EMAIL_NOT_VERIFIED_TO_CONTACT).toBe(
      'Please verify your email address before contacting sellers. Use the link we emailed you, or send a new one.',
    );
    expect(await storedMessages(listing.id)).toHaveLength(0);
    expect(await mailJobsTo(seller.email)).toHaveLength(0);

    await app().db.update(users).set({ isVerified: true }).where(eq(users.id, unverified.id));
    await sendOk(unverified, listing.id);
  });

  it('refuses a message to a suspended seller with 403, and stores nothing', async () => {
    const { seller, buyer, listing } = await sellerAndBuyer();
    await app().db.update(users).set({ suspendedAt: new Date(), suspensionReason: 'Fraud' }).where(eq(users.id, seller.id));
    const refused = await send(form(listing.id), buyer.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ detail: SELLER_UNAVAILABLE, code: 'seller_unavailable' });
    expect(SELLER_UNAVAILABLE).toBe('This seller cannot receive messages at the moment.');
    expect(await storedMessages(listing.id)).toHaveLength(0);
  });

  it("mails the seller a notification with the buyer's address as reply-to and a link to the dashboard", async () => {
    const { seller, buyer, listing } = await sellerAndBuyer();
    await sendOk(buyer, listing.id, { sender_email: 'buyer.lab@clinic.example', message: 'Can you send the service log?' });
    await app().worker.runDueJobs();
    const mail = await setup.smtp.waitForMail(seller.email);
    expect(mail.subject).toBe(`New message about "${listing.title}"`);
    expect(mail.parsed.replyTo?.value[0]?.address).toBe('buyer.lab@clinic.example');
    expect(mail.text).toContain('Can you send the service log?');
    expect(mail.text).toContain('Dr. Ada Byron');
    expect(mail.text).toContain(`${PUBLIC_URL}/dashboard?tab=messages`);
    expect(mail.html).toContain('Can you send the service log?');
    expect(mail.html).toContain(`${PUBLIC_URL}/dashboard?tab=messages`);
    // Only the seller is mailed: the buyer's address is a reply-to, not a recipient.
    expect(setup.smtp.mailsTo('buyer.lab@clinic.example')).toHaveLength(0);
    // The typed address is not the account's: the seller is told whose account wrote.
    expect(mail.text).toContain(
      `Note: this message was sent from the BenchMarket account ${buyer.email}; the sender asked for replies to buyer.lab@clinic.example.`,
    );
  });

  it("adds no note when the reply address is the sender's own account address", async () => {
    const { seller, buyer, listing } = await sellerAndBuyer();
    await sendOk(buyer, listing.id, { sender_email: buyer.email.toUpperCase(), message: 'Is it still available?' });
    await app().worker.runDueJobs();
    const mail = await setup.smtp.waitForMail(seller.email);
    expect(mail.text).toContain('Is it still available?');
    expect(mail.text).not.toContain('Note: this message was sent from the BenchMarket account');
  });

  it("answers 'All fields are required' when the name, email or message is missing or blank", async () => {
    const { buyer, listing } = await sellerAndBuyer();
    for (const field of ['sender_name', 'sender_email', 'message']) {
      for (const value of [undefined, '', '   \n ']) {
        const payload: Record<string, unknown> = form(listing.id, { [field]: value });
        if (value === undefined) delete payload[field];
        const response = await send(payload, buyer.token);
        expect(response.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(response.json().detail).toBe(CONTACT_ALL_REQUIRED);
      }
    }
    const empty = await send({ listing_id: listing.id }, buyer.token);
    expectDetail(empty, 400, CONTACT_ALL_REQUIRED);
    expect(await storedMessages(listing.id)).toHaveLength(0);
  });

  it('refuses an invalid sender email and a missing or malformed listing id', async () => {
    const { buyer, listing } = await sellerAndBuyer();
    const badEmail = await send(form(listing.id, { sender_email: 'not-an-address' }), buyer.token);
    expectDetail(badEmail, 400, EMAIL_INVALID);

    const noListing = await send({ ...form(listing.id), listing_id: undefined }, buyer.token);
    expect(noListing.statusCode).toBe(400);
    expect(noListing.json().detail).toContain('listing_id');
    const badListing = await send(form('42'), buyer.token);
    expect(badListing.statusCode).toBe(400);
    expect(badListing.json().detail).toContain('listing_id');
  });

  it('accepts a 2000-character message and a 100-character name, and refuses one character more', async () => {
    const seller = await createUser(app());
    const listing = await createListing(app(), seller.id);
    const buyer = await createUser(app());
    const longest = await send(form(listing.id, { message: ` ${'m'.repeat(2000)} `, sender_name: 'n'.repeat(100) }), buyer.token);
    expect(longest.statusCode).toBe(201);
    expect(longest.json().message).toHaveLength(2000);

    const tooLong = await send(form(listing.id, { message: 'm'.repeat(2001) }), buyer.token);
    expectDetail(tooLong, 400, MESSAGE_TOO_LONG);
    const nameTooLong = await send(form(listing.id, { sender_name: 'n'.repeat(101) }), buyer.token);
    expectDetail(nameTooLong, 400, SENDER_NAME_TOO_LONG);
    expect(await storedMessages(listing.id)).toHaveLength(1);
  });

  it('refuses a message to one’s own listing, even an unpaid one', async () => {
    const seller = await createUser(app());
    const listing = await createListing(app(), seller.id);
    const unpaid = await createListing(app(), seller.id, { paymentStatus: 'unpaid', isActive: false, expiryDate: null });
    for (const id of [listing.id, unpaid.id]) {
      const response = await send(form(id), seller.token);
      expectDetail(response, 400, OWN_LISTING);
    }
    expect(await storedMessages(listing.id)).toHaveLength(0);
    expect(await mailJobsTo(seller.email)).toHaveLength(0);
  });

  it("answers 404 'Listing not found' for unknown, unpaid, inactive, expired and removed listings", async () => {
    const seller = await createUser(app());
    const unpaid = await createListing(app(), seller.id, { paymentStatus: 'unpaid', isActive: false, expiryDate: null });
    const inactive = await createListing(app(), seller.id, { isActive: false });
    const expired = await createListing(app(), seller.id, { expiryDate: new Date(Date.now() - 60_000) });
    const removed = await createListing(app(), seller.id, { isDeleted: true });
    const ids = ['5b0f2b52-5f7e-4c1e-9a3e-0d3c2a9e8f11', unpaid.id, inactive.id, expired.id, removed.id];
    for (const id of ids) {
      const buyer = await createUser(app());
      const response = await send(form(id), buyer.token);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().detail).toBe(LISTING_NOT_FOUND);
    }
    for (const listing of [unpaid, inactive, expired, removed]) expect(await storedMessages(listing.id)).toHaveLength(0);
    expect(await mailJobsTo(seller.email)).toHaveLength(0);
  });

  it('stops accepting messages once the listing has expired by the clock', async () => {
    const seller = await createUser(app());
    const buyer = await createUser(app());
    const listing = await createListing(app(), seller.id, { expiryDate: new Date(Date.now() + DAY) });
    await sendOk(buyer, listing.id);
    clock.advance(DAY + 1000);
    const response = await send(form(listing.id), buyer.token);
    expectDetail(response, 404, LISTING_NOT_FOUND);
  });

  it('limits each user per hour, whatever address they send from, and lets them send again an hour later', async () => {
    const { buyer, listing } = await sellerAndBuyer();
    for (let i = 0; i < MESSAGES_PER_HOUR; i += 1) {
      expect((await send(form(listing.id), buyer.token, uniqueIp())).statusCode).toBe(201);
    }
    const refused = await send(form(listing.id), buyer.token, uniqueIp());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Too many attempts\. Please try again in \d+ (seconds|minutes)\.$/);
    expect(await storedMessages(listing.id)).toHaveLength(MESSAGES_PER_HOUR);

    clock.advance(HOUR + 1000);
    expect((await send(form(listing.id), buyer.token, uniqueIp())).statusCode).toBe(201);
  });

  it('limits each IP address per hour, whichever account sends', async () => {
    const seller = await createUser(app());
    const listing = await createListing(app(), seller.id);
    const ip = uniqueIp();
    for (let i = 0; i < MESSAGES_PER_IP_PER_HOUR; i += 1) {
      const buyer = await createUser(app());
      expect((await send(form(listing.id), buyer.token, ip)).statusCode).toBe(201);
    }
    const another = await createUser(app());
    const refused = await send(form(listing.id), another.token, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toContain('Too many attempts');
    // The same account from another address is still welcome.
    expect((await send(form(listing.id), another.token, uniqueIp())).statusCode).toBe(201);
  });
});

describe('GET /api/v1/messages/user', () => {
  it('answers 401 without a valid token', async () => {
    expect((await inbox()).statusCode).toBe(401);
    expect((await inbox('garbage')).statusCode).toBe(401);
  });

  it("lists only the messages to the user's own listings, newest first, with each listing's title", async () => {
    const seller = await createUser(app());
    const firstListing = await createListing(app(), seller.id, { title: 'Zeiss Axio microscope' });
    const secondListing = await createListing(app(), seller.id, { title: 'Thermo -80 freezer' });
    const otherSeller = await createUser(app());
    const otherListing = await createListing(app(), otherSeller.id);
    const buyer = await createUser(app());

    const oldest = await sendOk(buyer, firstListing.id, { message: 'first' });
    clock.advance(1000);
    await sendOk(buyer, otherListing.id, { message: 'to someone else' });
    const middle = await sendOk(buyer, secondListing.id, { message: 'second' });
    const newest = await sendOk(buyer, firstListing.id, { message: 'third' });
    // The seller writing to someone else's listing: their sent message is not in their inbox.
    await sendOk(seller, otherListing.id, { message: 'sent by the seller' });

    const response = await inbox(seller.token);
    expect(response.statusCode).toBe(200);
    const list = response.json() as { id: string; listing_title: string; message: string }[];
    expect(list.map((m) => m.id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(list.map((m) => m.listing_title)).toEqual(['Zeiss Axio microscope', 'Thermo -80 freezer', 'Zeiss Axio microscope']);
    expect(list[0]).toEqual(newest);

    const otherInbox = (await inbox(otherSeller.token)).json() as { message: string }[];
    expect(otherInbox.map((m) => m.message).sort()).toEqual(['sent by the seller', 'to someone else']);
  });

  it('keeps showing messages about listings that have since expired or been removed', async () => {
    const seller = await createUser(app());
    const buyer = await createUser(app());
    const listing = await createListing(app(), seller.id, { expiryDate: new Date(Date.now() + DAY) });
    const other = await createListing(app(), seller.id);
    const sent = await sendOk(buyer, listing.id);
    const aboutRemoved = await sendOk(buyer, other.id);
    await app().db.update(listings).set({ isDeleted: true }).where(eq(listings.id, other.id));
    clock.advance(2 * DAY);
    const list = (await inbox(seller.token)).json() as { id: string }[];
    expect(list.map((m) => m.id)).toEqual([aboutRemoved.id, sent.id]);
  });

  it('answers an empty list to a user with no messages', async () => {
    const loner = await createUser(app());
    const response = await inbox(loner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('PUT /api/v1/messages/:id/read', () => {
  it('marks the message read and answers it; marking it again changes nothing', async () => {
    const { seller, buyer, listing } = await sellerAndBuyer();
    const sent = await sendOk(buyer, listing.id);

    const first = await markRead(sent.id, seller.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ...sent, is_read: true });
    const [row] = await storedMessages(listing.id);
    const readAt = row?.readAt;
    expect(readAt).toBeInstanceOf(Date);

    clock.advance(HOUR);
    const again = await markRead(sent.id, seller.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().is_read).toBe(true);
    const [after] = await storedMessages(listing.id);
    expect(after?.readAt?.getTime()).toBe(readAt?.getTime());

    expect((await inbox(seller.token)).json()).toEqual([{ ...sent, is_read: true }]);
  });

  it('answers 404 to anyone but the seller — the buyer who sent it and a stranger — and leaves it unread', async () => {
    const { buyer, listing } = await sellerAndBuyer();
    const stranger = await createUser(app());
    const sent = await sendOk(buyer, listing.id);
    for (const user of [buyer, stranger]) {
      const response = await markRead(sent.id, user.token);
      expectDetail(response, 404, 'Message not found');
    }
    const [row] = await storedMessages(listing.id);
    expect(row?.isRead).toBe(false);
  });

  it('answers 404 for an unknown id, 400 for a malformed one and 401 without a token', async () => {
    const { seller, buyer, listing } = await sellerAndBuyer();
    const sent = await sendOk(buyer, listing.id);
    const unknown = await markRead('5b0f2b52-5f7e-4c1e-9a3e-0d3c2a9e8f11', seller.token);
    expectDetail(unknown, 404, 'Message not found');
    expect((await markRead('not-an-id', seller.token)).statusCode).toBe(400);
    expect((await markRead(sent.id)).statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/messages/:id', () => {
  it('deletes the message with 204; it is gone from the inbox and a second delete is 404', async () => {
    const { seller, buyer, listing } = await sellerAndBuyer();
    const kept = await sendOk(buyer, listing.id, { message: 'keep me' });
    const doomed = await sendOk(buyer, listing.id, { message: 'delete me' });

    const response = await remove(doomed.id, seller.token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(((await inbox(seller.token)).json() as { id: string }[]).map((m) => m.id)).toEqual([kept.id]);
    expect((await remove(doomed.id, seller.token)).statusCode).toBe(404);
  });

  it("answers 404 when another user tries to delete the seller's message, and keeps it", async () => {
    const { seller, buyer, listing } = await sellerAndBuyer();
    const stranger = await createUser(app());
    const sent = await sendOk(buyer, listing.id);
    // The stranger gets a message of their own, so they are a seller with valid ids too.
    const strangerListing = await createListing(app(), stranger.id);
    const strangerMessage = await sendOk(buyer, strangerListing.id);

    for (const user of [buyer, stranger]) {
      const response = await remove(sent.id, user.token);
      expectDetail(response, 404, 'Message not found');
    }
    // And the seller cannot delete the stranger's message either.
    expect((await remove(strangerMessage.id, seller.token)).statusCode).toBe(404);

    expect(((await inbox(seller.token)).json() as { id: string }[]).map((m) => m.id)).toEqual([sent.id]);
    expect(((await inbox(stranger.token)).json() as { id: string }[]).map((m) => m.id)).toEqual([strangerMessage.id]);
  });

  it('answers 401 without a token and 400 for a malformed id', async () => {
    const { seller, buyer, listing } = await sellerAndBuyer();
    const sent = await sendOk(buyer, listing.id);
    expect((await remove(sent.id)).statusCode).toBe(401);
    expect((await remove('nope', seller.token)).statusCode).toBe(400);
    expect(await storedMessages(listing.id)).toHaveLength(1);
  });
});
