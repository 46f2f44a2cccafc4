import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from './support/admin.js';
import { api, callApi, logInWithToken, type TestUser, uniqueEmail } from './support/api.js';
import { launchBrowser, newSession } from './support/browser.js';
import { CARD_EXPIRY, CARD_OK, payByCardThroughApi } from './support/card-payments.js';
import { severeAxeViolations } from './support/listing-fixtures.js';
import { linkIn, startMailCatcher, type MailCatcher, type ReceivedMail } from './support/mail.js';
import { startServer, type RunningServer } from './support/server.js';

// Issue 14's journeys through the operations console and the trust rules, against the real
// server (sandbox card provider, the promotion over so every payment has an amount) with its
// mail going to a real SMTP server. The texts are the product's, written out on purpose.
//
// What the console pages are assumed to offer (r14-console):
//   /admin/reports  — per reported listing a button named 'Take down…' (e.g. 'Take down: <title>'),
//                     opening a dialog with a 'Reason' field and a submit named 'Take down…'.
//   /admin/payments — a table row per payment naming the listing, with a button named 'Refund…'
//                     (e.g. 'Refund payment 1a2b3c4d'), opening a dialog with the fields 'Amount…'
//                     and 'Reason' and the submit 'Refund'.

let mail: MailCatcher;
let server: RunningServer;
let browser: Browser;
let admin: TestUser;

const PASSWORD = 'Bench-Operations-2026';
const REPORT_THANKS = 'Thank you. Our team will review this listing.';
const EMAIL_NOT_VERIFIED_TO_PUBLISH =
  'Please verify your email address before publishing a listing. Use the link we emailed you, or send a new one.';

interface ListingBody {
  id: string;
  title: string;
  is_active: boolean;
  payment_status: 'paid' | 'unpaid';
  expiry_date: string | null;
  moderation?: { status: string; reason: string | null } | null;
}

/** Registers through the API; the account stays unverified. Answers the user with a token. */
async function registerUnverified(who: string): Promise<TestUser> {
  const email = uniqueEmail(who);
  await api(server.baseUrl, '/auth/register', { json: { email, password: PASSWORD } });
  const { access_token: token } = await api<{ access_token: string }>(server.baseUrl, '/auth/login', {
    form: { username: email, password: PASSWORD },
  });
  const me = await api<{ id: string }>(server.baseUrl, '/auth/me', { token });
  return { id: me.id, email, password: PASSWORD, token };
}

/** Registers and follows the verification link from the mail (the journey under test is not registration). */
async function registerVerified(who: string): Promise<TestUser> {
  const user = await registerUnverified(who);
  const verification = await mail.waitForMail(user.email, /verif/i);
  const token = new URL(linkIn(verification, '/verify-email')).searchParams.get('token') ?? '';
  await api(server.baseUrl, '/auth/verify-email', { json: { token } });
  return user;
}

/** POST /listings: an unpaid listing of `seller`. */
async function createListing(seller: TestUser, title: string, months = 1): Promise<ListingBody> {
  return api<ListingBody>(server.baseUrl, '/listings', {
    token: seller.token,
    json: {
      title,
      description: `${title}, serviced last year, with its manual, power cord and a service report.`,
      price: 2400,
      condition: 'pre-owned',
      location: 'Germany',
      duration_months: months,
    },
  });
}

async function getListing(seller: TestUser, id: string): Promise<ListingBody> {
  return api<ListingBody>(server.baseUrl, `/listings/${id}`, { token: seller.token });
}

/** The first mail to `to` whose text contains `text` (the subject is the API's to choose); waits for it. */
async function waitForMailContaining(to: string, text: string, timeoutMs = 20_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = mail.mails.find((received) => received.to.includes(to.toLowerCase()) && received.text.includes(text));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seen = mail.mails.map((received) => `${received.to.join(',')}: ${received.subject}`).join('; ') || 'none';
  throw new Error(`No mail to ${to} containing "${text}" within ${String(timeoutMs)} ms (received: ${seen})`);
}

async function expectAccessible(page: Page, include?: string): Promise<void> {
  expect(await severeAxeViolations(page, include ? { include } : {})).toEqual([]);
}

async function fillCard(page: Page): Promise<void> {
  await page.getByLabel('Card number').fill(CARD_OK);
  await page.getByLabel('Expiry (MM/YY)').fill(CARD_EXPIRY);
  await page.getByLabel('CVC').fill('123');
}

beforeAll(async () => {
  mail = await startMailCatcher();
  // The promotion ended long ago: every payment goes through the card step and can be refunded.
  server = await startServer({ SMTP_URL: mail.smtpUrl, PROMO_FREE_UNTIL: '2020-01-01' });
  browser = await launchBrowser();
  admin = await registerVerified('operator');
  await grantAdmin(server, admin.email);
  const me = await api<{ role?: string }>(server.baseUrl, '/auth/me', { token: admin.token });
  expect(me.role).toBe('admin');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.stop();
});

describe('operations (issue 14)', () => {
  it('a buyer reports a listing, an admin takes it down, and the seller is mailed and sees why', async () => {
    const seller = await registerVerified('reported-seller');
    const buyer = await registerVerified('reporting-buyer');
    const title = `Autoclave with Sample Vials ${Date.now().toString(36)}`;
    const listing = await createListing(seller, title);
    expect(await payByCardThroughApi(server, seller, listing.id, 1)).toBe('paid');
    expect(await getListing(seller, listing.id)).toMatchObject({ is_active: true, payment_status: 'paid' });

    // The buyer reports it from the listing page, by keyboard.
    const buyerSession = await newSession(browser, server.baseUrl);
    await logInWithToken(buyerSession.context, buyer.token);
    const { page } = buyerSession;
    await page.goto(`/listings/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const reportButton = page.getByRole('button', { name: 'Report this listing' });
    await reportButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Report this listing' });
    await dialog.waitFor();
    // The focus starts on the first reason; Space chooses it.
    expect(await dialog.getByRole('radio', { name: 'Prohibited item' }).evaluate((radio) => radio === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await dialog.getByRole('radio', { name: 'Prohibited item' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    const details = 'The photos show vials of a controlled substance next to the autoclave.';
    await page.keyboard.type(details);
    await expect.poll(() => dialog.getByText(`${String(details.length)}/1000`).count()).toBe(1);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Send report' }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('status').filter({ hasText: REPORT_THANKS }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await reportButton.evaluate((button) => button === document.activeElement)).toBe(true);
    // A second report by the same buyer is refused while the first is open.
    const again = await callApi(server.baseUrl, `/listings/${listing.id}/reports`, {
      token: buyer.token,
      json: { reason: 'duplicate' },
    });
    expect(again.status).toBe(409);
    expect(buyerSession.pageErrors).toEqual([]);
    await buyerSession.context.close();

    // The admin finds it in /admin/reports and takes it down with a reason.
    const reason = 'The listing offers a controlled substance with the autoclave.';
    const adminSession = await newSession(browser, server.baseUrl);
    await logInWithToken(adminSession.context, admin.token);
    const adminPage = adminSession.page;
    await adminPage.goto('/admin/reports');
    const group = adminPage.getByRole('listitem').filter({ hasText: title }).first();
    await group.waitFor();
    expect(await group.getByText('Prohibited item').count()).toBeGreaterThan(0);
    await group.getByRole('button', { name: /^Take down/ }).click();
    const takeDown = adminPage.getByRole('dialog');
    await takeDown.getByLabel('Reason').fill(reason);
    await takeDown.getByRole('button', { name: /^Take down/ }).click();
    await takeDown.waitFor({ state: 'detached' });
    expect(adminSession.pageErrors).toEqual([]);
    await adminSession.context.close();

    // The seller is mailed why, and sees it on the listing, which buyers no longer see.
    const notice = await waitForMailContaining(seller.email, reason);
    expect(notice.text).toContain(title);
    expect(await getListing(seller, listing.id)).toMatchObject({ is_active: false, moderation: { status: 'taken_down', reason } });

    const sellerSession = await newSession(browser, server.baseUrl, { viewport: { width: 390, height: 844 } });
    await logInWithToken(sellerSession.context, seller.token);
    await sellerSession.page.goto(`/listings/${listing.id}`);
    const sellerNotice = sellerSession.page.getByRole('region', {
      name: `Taken down by BenchMarket: ${reason} This listing is hidden from buyers.`,
    });
    await sellerNotice.waitFor();
    expect(await sellerNotice.getByRole('link', { name: 'Fix this listing' }).getAttribute('href')).toBe(`/edit-listing/${listing.id}`);
    await expectAccessible(sellerSession.page, 'main');
    expect(await sellerSession.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(sellerSession.pageErrors).toEqual([]);
    await sellerSession.context.close();

    const visitor = await newSession(browser, server.baseUrl);
    await visitor.page.goto(`/listings/${listing.id}`);
    await visitor.page.getByRole('heading', { level: 1, name: 'Listing not found' }).waitFor();
    await visitor.context.close();
  });

  it("an admin refunds part of a payment and the listing's expiry moves on the seller's dashboard", async () => {
    const seller = await registerVerified('refunded-seller');
    const title = `Refrigerated Centrifuge ${Date.now().toString(36)}`;
    const listing = await createListing(seller, title, 3);
    expect(await payByCardThroughApi(server, seller, listing.id, 3)).toBe('paid');
    const paid = await getListing(seller, listing.id);
    expect(paid.expiry_date).not.toBeNull();
    const history = await api<Array<{ listing_id: string; amount: number; status: string }>>(server.baseUrl, '/payments/history', {
      token: seller.token,
    });
    const payment = history.find((entry) => entry.listing_id === listing.id && entry.status === 'completed');
    if (!payment) throw new Error('The payment is not in the history');
    const half = (Math.round(payment.amount * 100) / 2 / 100).toFixed(2);

    // The dashboard shows the paid expiry.
    const sellerSession = await newSession(browser, server.baseUrl);
    await logInWithToken(sellerSession.context, seller.token);
    await sellerSession.page.goto('/dashboard');
    const expiryOf = async () => sellerSession.page.getByRole('row').filter({ hasText: title }).locator('time').getAttribute('datetime');
    await sellerSession.page.getByRole('row').filter({ hasText: title }).waitFor();
    expect(Date.parse((await expiryOf()) ?? '')).toBe(Date.parse(paid.expiry_date ?? ''));

    // The admin refunds half of it in /admin/payments.
    const adminSession = await newSession(browser, server.baseUrl);
    await logInWithToken(adminSession.context, admin.token);
    const adminPage = adminSession.page;
    await adminPage.goto('/admin/payments');
    const row = adminPage.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    await row.getByRole('button', { name: /^Refund/ }).click();
    const refund = adminPage.getByRole('dialog');
    await refund.getByLabel(/^Amount/).fill(half);
    await refund.getByLabel('Reason').fill('The buyer found the equipment elsewhere; half of the listing time is refunded.');
    await expectAccessible(adminPage);
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await refund.waitFor({ state: 'detached' });
    expect(adminSession.pageErrors).toEqual([]);
    await adminSession.context.close();

    // Half the paid time is gone: the API and the dashboard agree on the earlier expiry.
    const refunded = await getListing(seller, listing.id);
    const before = Date.parse(paid.expiry_date ?? '');
    const after = Date.parse(refunded.expiry_date ?? '');
    expect(after).toBeLessThan(before - 30 * 86_400_000);
    expect(after).toBeGreaterThan(Date.now());
    await sellerSession.page.reload();
    await sellerSession.page.getByRole('row').filter({ hasText: title }).waitFor();
    await expect.poll(async () => Date.parse((await expiryOf()) ?? '')).toBe(after);
    expect(sellerSession.pageErrors).toEqual([]);
    await sellerSession.context.close();
  });

  it('an unverified seller is stopped before the payment step, verifies from the mail and then publishes, on a phone', async () => {
    const seller = await registerUnverified('unverified-seller');
    const registration = await mail.waitForMail(seller.email, /verif/i);
    expect(linkIn(registration, '/verify-email')).toContain('token=');
    const title = `Benchtop pH Meter ${Date.now().toString(36)}`;

    const { page, context, pageErrors } = await newSession(browser, server.baseUrl, { viewport: { width: 390, height: 844 } });
    await logInWithToken(context, seller.token);
    await page.goto('/create-listing');
    await page.getByRole('heading', { level: 1, name: 'Create Listing' }).waitFor();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Benchtop pH meter with electrode stand and calibration buffers, calibrated this year.');
    await page.getByLabel('Price').fill('640');
    await page.getByLabel('Condition').selectOption({ label: 'Pre-owned' });
    await page.getByLabel('Duration').selectOption({ label: '1 month' });
    await page.getByRole('button', { name: 'Create Listing' }).click();

    // The draft is saved; the payment step says what is missing instead of asking for a card.
    await page.waitForURL(/\/payment\/[0-9a-f-]{36}$/);
    const listingId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    const prompt = page.getByRole('region', { name: EMAIL_NOT_VERIFIED_TO_PUBLISH });
    await prompt.waitFor();
    expect(await prompt.getByText('Your listing is saved as a draft', { exact: false }).count()).toBe(1);
    expect(await page.getByLabel('Card number').count()).toBe(0);
    expect(await getListing(seller, listingId)).toMatchObject({ title, payment_status: 'unpaid', is_active: false });
    await expectAccessible(page, 'main');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The API refuses the same, with the same words.
    const refused = await callApi<{ detail: string; code: string }>(server.baseUrl, '/payments/create-intent', {
      token: seller.token,
      json: { listing_id: listingId, duration_months: 1 },
    });
    expect(refused).toMatchObject({ status: 403, body: { detail: EMAIL_NOT_VERIFIED_TO_PUBLISH, code: 'email_not_verified' } });

    // The way out: a new link, by mail.
    await prompt.getByRole('button', { name: 'Resend verification email' }).click();
    await prompt.getByRole('status').filter({ hasText: seller.email }).waitFor();
    const resent = await mail.waitForMail(seller.email, /verif/i);
    await page.goto(linkIn(resent, '/verify-email'));
    await page.getByText('Your email has been verified', { exact: false }).waitFor();

    // Verified, the same payment step asks for the card and publishes the listing.
    await page.goto(`/payment/${listingId}`);
    await page.getByLabel('Card number').waitFor();
    expect(await page.getByRole('region', { name: EMAIL_NOT_VERIFIED_TO_PUBLISH }).count()).toBe(0);
    await fillCard(page);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/payment\/confirmation\?/);
    await page.getByText('Payment successful! Your listing is now active.').waitFor();
    await page.waitForURL(`${server.baseUrl}/listings/${listingId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await getListing(seller, listingId)).toMatchObject({ payment_status: 'paid', is_active: true });

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
