import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.js';
import { addMonths } from '../src/modules/payments/pricing.js';
import type { TestContext } from './helpers.js';
import {
  confirmPayment,
  createIntent,
  createListing,
  createPaidListing,
  createSeller,
  DAY_MS,
  intentIdOf,
  listingRow,
  sandboxCard,
  settableClock,
  setupPaymentsApp,
  tokenFor,
  type Seller,
} from './support/payments-fixtures.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.js';

/**
 * The expiry worker (spec §4, §9): expired listings become inactive, and each seller is
 * mailed once, 7 days before expiry ('Expires soon'), with a link to extend. The clock is
 * the test's; mail goes to a real SMTP server.
 */

const PUBLIC_URL = 'http://localhost:3000';
const START = '2031-04-01T09:00:00.000Z';
const clock = settableClock(START);
let ctx: TestContext;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ ctx } = await setupPaymentsApp(clock, { SMTP_URL: smtp.url }));
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

/** One worker round a minute later: the sweep, then every job it queued (reminders, then their mails). */
async function workerRound(): Promise<void> {
  clock.advance(61_000);
  await ctx.app.worker.tick();
}

function remindersFor(seller: Seller) {
  return smtp.mailsTo(seller.email).filter((mail) => mail.subject.startsWith('Your listing expires soon'));
}

const payByCard = (clientSecret: string) => sandboxCard(ctx.app, clientSecret);

const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs);

describe('the listing expiry worker', () => {
  it('mails the seller once, inside the 7-day window, with a link to extend the listing', async () => {
    const seller = await createSeller(ctx.app);
    const soon = await createPaidListing(ctx.app, seller.id, at(5 * DAY_MS));
    const later = await createPaidListing(ctx.app, seller.id, at(10 * DAY_MS));

    await workerRound();
    const mail = await smtp.waitForMail(seller.email, { subject: 'Your listing expires soon' });
    expect(mail.subject).toBe(`Your listing expires soon: ${soon.title}`);
    expect(mail.text).toContain(`Your listing "${soon.title}" expires on`);
    expect(mail.text).toContain(`${PUBLIC_URL}/listings/${soon.id}/extend`);
    expect(mail.html).toContain(`${PUBLIC_URL}/listings/${soon.id}/extend`);
    expect((await listingRow(ctx.app, soon.id)).expiryReminderSentAt).not.toBeNull();
    expect((await listingRow(ctx.app, later.id)).expiryReminderSentAt).toBeNull();

    // Later rounds send nothing new for the same expiry.
    await workerRound();
    await workerRound();
    expect(remindersFor(seller)).toHaveLength(1);

    // Four days on, the other listing enters the window.
    clock.advance(4 * DAY_MS);
    await workerRound();
    await smtp.waitForMail(seller.email, { subject: later.title });
    expect(remindersFor(seller).map((m) => m.subject)).toEqual([
      `Your listing expires soon: ${soon.title}`,
      `Your listing expires soon: ${later.title}`,
    ]);
  });

  it('takes expired listings out of the storefront, and leaves the rest alone', async () => {
    const seller = await createSeller(ctx.app);
    const expiring = await createPaidListing(ctx.app, seller.id, at(2 * DAY_MS));
    const running = await createPaidListing(ctx.app, seller.id, at(40 * DAY_MS));

    await workerRound();
    expect((await listingRow(ctx.app, expiring.id)).isActive).toBe(true);

    clock.advance(2 * DAY_MS);
    await workerRound();
    expect(await listingRow(ctx.app, expiring.id)).toMatchObject({ isActive: false, paymentStatus: 'paid' });
    expect((await listingRow(ctx.app, running.id)).isActive).toBe(true);
  });

  it('does not remind a removed or an unpaid listing', async () => {
    const seller = await createSeller(ctx.app);
    await createListing(ctx.app, seller.id, { paymentStatus: 'paid', isActive: true, isDeleted: true, expiryDate: at(3 * DAY_MS) });
    await createListing(ctx.app, seller.id, { expiryDate: at(3 * DAY_MS) });
    await workerRound();
    await workerRound();
    expect(remindersFor(seller)).toEqual([]);
  });

  it('reminds again for the new expiry after an extension, and a renewal from now after expiry', async () => {
    const seller = await createSeller(ctx.app);
    const listing = await createPaidListing(ctx.app, seller.id, at(6 * DAY_MS));
    await workerRound();
    await smtp.waitForMail(seller.email, { subject: listing.title });
    const firstExpiry = (await listingRow(ctx.app, listing.id)).expiryDate as Date;

    // The seller follows the link and extends by a month (sandbox card).
    const token = await tokenFor(ctx.app, seller.id);
    const created = (await createIntent(ctx.app, token, { listing_id: listing.id, duration_months: 1, purpose: 'extend' })).json();
    expect(created.kind).toBe('extension');
    expect((await payByCard(created.client_secret)).statusCode).toBe(200);
    expect((await confirmPayment(ctx.app, token, created.payment_id, intentIdOf(created.client_secret))).statusCode).toBe(200);
    const extended = await listingRow(ctx.app, listing.id);
    expect(extended.expiryReminderSentAt).toBeNull();
    expect(extended.expiryDate?.getTime()).toBeGreaterThan(firstExpiry.getTime() + 27 * DAY_MS);

    await workerRound();
    expect(remindersFor(seller)).toHaveLength(1);

    // Within 7 days of the new expiry: one more reminder, about the new date.
    clock.set(new Date((extended.expiryDate as Date).getTime() - 3 * DAY_MS));
    await workerRound();
    await smtp.waitForMail(seller.email, { subject: listing.title });
    await workerRound();
    expect(remindersFor(seller)).toHaveLength(2);
    const reminderJobs = await ctx.app.db.select({ key: jobs.dedupeKey }).from(jobs).where(eq(jobs.kind, 'listings.expiry-reminder'));
    expect(reminderJobs.filter((job) => job.key?.includes(listing.id))).toHaveLength(2);

    // Past expiry the sweep switches it off and reminds no more; renewing starts again from now.
    clock.set(new Date((extended.expiryDate as Date).getTime() + DAY_MS));
    await workerRound();
    expect((await listingRow(ctx.app, listing.id)).isActive).toBe(false);
    expect(remindersFor(seller)).toHaveLength(2);

    const renewToken = await tokenFor(ctx.app, seller.id);
    const renewal = (await createIntent(ctx.app, renewToken, { listing_id: listing.id, duration_months: 3, purpose: 'extend' })).json();
    expect(renewal).toMatchObject({ kind: 'renewal', amount: 117 });
    expect((await payByCard(renewal.client_secret)).statusCode).toBe(200);
    const renewed = await listingRow(ctx.app, listing.id);
    expect(renewed).toMatchObject({ isActive: true, durationMonths: 3, expiryReminderSentAt: null });
    expect(renewed.expiryDate?.toISOString()).toBe(addMonths(clock.now(), 3).toISOString());
  });
});
