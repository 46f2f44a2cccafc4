import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createVerifiedUser, logInWithToken, type TestUser } from './support/api.js';
import { launchBrowser, newSession } from './support/browser.js';
import { CARD_DECLINED, CARD_EXPIRY, CARD_OK, payByCardThroughApi } from './support/card-payments.js';
import { orderSummaryValue } from './support/listing-fixtures.js';
import { startServer, type RunningServer } from './support/server.js';

// Paying for, extending and (during the promotion) freely activating listings, through the UI,
// against the real server with the sandbox card provider (spec §2 /payment/{id},
// /payment/confirmation, /listings/{id}/extend; §4; §8). Data is set up through the API.

interface ListingBody {
  id: string;
  title: string;
  payment_status: 'paid' | 'unpaid';
  is_active: boolean;
  expiry_date: string | null;
  duration_months: number;
}

interface QuoteBody {
  amount: number;
  new_expiry_date: string;
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function createListing(server: RunningServer, seller: TestUser, title: string, months = 1): Promise<ListingBody> {
  return api<ListingBody>(server.baseUrl, '/listings', {
    token: seller.token,
    json: {
      title,
      description: `${title}, serviced last year, with its manual and power cord.`,
      price: 2400,
      condition: 'pre-owned',
      location: 'Germany',
      duration_months: months,
    },
  });
}

async function getListing(server: RunningServer, seller: TestUser, id: string): Promise<ListingBody> {
  return api<ListingBody>(server.baseUrl, `/listings/${id}`, { token: seller.token });
}

async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(CARD_EXPIRY);
  await page.getByLabel('CVC').fill('123');
}

/** The date as the app prints it (formatListedDate: en-US, short month, the browser's time zone). */
function shortDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso));
}

describe('payments with the promotion over (sandbox card provider)', () => {
  let server: RunningServer;
  let seller: TestUser;

  beforeAll(async () => {
    // The promotion ended long ago, so every payment has an amount and goes through the card step.
    server = await startServer({ PROMO_FREE_UNTIL: '2020-01-01' });
    seller = await createVerifiedUser(server, 'payer');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('creates a listing, pays with the test card 4242… and lands on the active listing', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, seller.token);
    await page.goto('/create-listing');
    await page.getByRole('heading', { level: 1, name: 'Create Listing' }).waitFor();
    await page.getByLabel('Title').fill('Thermo Heracell 150i CO2 Incubator');
    await page.getByLabel('Description').fill('Dual-chamber CO2 incubator, decontaminated and serviced.');
    await page.getByLabel('Price').fill('3100');
    await page.getByLabel('Condition').selectOption({ label: 'Pre-owned' });
    await page.getByLabel('Duration').selectOption({ label: '3 months' });
    await page.getByRole('button', { name: 'Create Listing' }).click();

    // spec §4: create → (photos) → the payment step.
    await page.waitForURL(/\/payment\/[0-9a-f-]{36}$/);
    const listingId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await page.getByRole('heading', { level: 1, name: 'Complete Payment' }).waitFor();
    expect(await page.title()).toContain('Complete Payment');
    await page.getByLabel('Card number').waitFor();
    expect(await orderSummaryValue(page, 'Listing')).toBe('Thermo Heracell 150i CO2 Incubator');
    expect(await orderSummaryValue(page, 'Duration')).toBe('3 months');
    expect(await orderSummaryValue(page, 'Base price')).toBe('$49.00');
    expect(await orderSummaryValue(page, 'Additional months')).toBe('$58.00');
    expect(await orderSummaryValue(page, 'Total')).toBe('$107.00');
    // Issue 18: the duration chosen on the create form is not asked again.
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Change duration' }).isVisible()).toBe(true);
    expect(await page.getByText('4242 4242 4242 4242 (succeeds)', { exact: false }).isVisible()).toBe(true);
    await expectAccessible(page);

    await fillCard(page, CARD_OK);
    await page.getByRole('button', { name: 'Pay $107.00' }).click();

    await page.waitForURL(/\/payment\/confirmation\?/);
    const confirmation = new URL(page.url()).searchParams;
    expect(confirmation.get('payment_intent')).toMatch(/^pi_/);
    expect(confirmation.get('payment_id')).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByText('Payment successful! Your listing is now active.').waitFor();

    // spec §4: the listing opens 2 s after the success.
    await page.waitForURL(`${server.baseUrl}/listings/${listingId}`);
    await page.getByRole('heading', { level: 1, name: 'Thermo Heracell 150i CO2 Incubator' }).waitFor();
    const listing = await getListing(server, seller, listingId);
    expect(listing).toMatchObject({ payment_status: 'paid', is_active: true });
    const months = (Date.parse(listing.expiry_date ?? '') - Date.now()) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(2.8);
    expect(months).toBeLessThan(3.2);

    // spec §5: paying again is refused.
    await page.goto(`/payment/${listingId}`);
    await page.getByText('This listing has already been paid for.').waitFor();
    expect(await page.getByRole('link', { name: 'View listing' }).getAttribute('href')).toBe(`/listings/${listingId}`);

    const history = await api<Array<{ listing_id: string; amount: number; status: string }>>(server.baseUrl, '/payments/history', {
      token: seller.token,
    });
    expect(history.filter((payment) => payment.listing_id === listingId)).toMatchObject([{ amount: 107, status: 'completed' }]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("shows 'Your card was declined.' for 4000 0000 0000 0002, then takes another card", async () => {
    const listing = await createListing(server, seller, 'Sartorius Cubis II Analytical Balance');
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl, { viewport: { width: 390, height: 844 } });
    await logInWithToken(context, seller.token);

    // spec §5: an unpaid listing cannot be extended; 'Pay Now' leads to the payment.
    await page.goto(`/listings/${listing.id}/extend`);
    await page.getByText('This listing needs to be paid for first before it can be extended.').waitFor();
    await page.getByRole('link', { name: 'Pay Now' }).click();
    await page.waitForURL(`${server.baseUrl}/payment/${listing.id}`);

    await page.getByLabel('Card number').waitFor();
    await fillCard(page, CARD_DECLINED);
    await page.getByRole('button', { name: 'Pay $49.00' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await alert.waitFor();
    expect(await alert.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/payment/${listing.id}`);
    expect((await getListing(server, seller, listing.id)).payment_status).toBe('unpaid');

    await page.getByLabel('Card number').fill(CARD_OK);
    await page.getByRole('button', { name: 'Pay $49.00' }).click();
    await page.getByText('Payment successful! Your listing is now active.').waitFor();
    await page.waitForURL(`${server.baseUrl}/listings/${listing.id}`);
    expect((await getListing(server, seller, listing.id)).payment_status).toBe('paid');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('extends a paid listing by one month: the expiry moves a month on', async () => {
    const created = await createListing(server, seller, 'Eppendorf 5424R Microcentrifuge');
    await payByCardThroughApi(server, seller, created.id);
    const before = await getListing(server, seller, created.id);
    const quote = await api<QuoteBody>(server.baseUrl, `/payments/quote?listing_id=${created.id}&duration_months=1&purpose=extend`, {
      token: seller.token,
    });

    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, seller.token);
    await page.goto(`/listings/${created.id}/extend`);
    await page.getByRole('heading', { level: 1, name: 'Extend Listing' }).waitFor();
    expect(await page.title()).toContain('Extend Listing');
    await page.getByText('Current expiry:').waitFor();
    expect(await page.getByRole('radio', { name: '1 month' }).isChecked()).toBe(true);
    await page.getByRole('region', { name: 'Order summary' }).getByText('Extension: 1 month').waitFor();
    expect(await orderSummaryValue(page, 'Total')).toBe('$39.00');
    expect(await orderSummaryValue(page, 'New expiry date')).toBe(shortDate(quote.new_expiry_date));
    await expectAccessible(page);

    // The radio group works from the keyboard: 3 months, then back to 1.
    await page.getByRole('radio', { name: '1 month' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: '3 months' }).isChecked()).toBe(true);
    await page.getByRole('region', { name: 'Order summary' }).getByText('Extension: 3 months').waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('region', { name: 'Order summary' }).getByText('Extension: 1 month').waitFor();

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await fillCard(page, CARD_OK);
    await page.getByRole('button', { name: 'Pay $39.00' }).click();
    await page.getByText('Payment successful! Your listing is now active.').waitFor();
    await page.waitForURL(`${server.baseUrl}/listings/${created.id}`);

    const after = await getListing(server, seller, created.id);
    expect(after.expiry_date).toBe(quote.new_expiry_date);
    const movedDays = (Date.parse(after.expiry_date ?? '') - Date.parse(before.expiry_date ?? '')) / 86_400_000;
    expect(movedDays).toBeGreaterThanOrEqual(28);
    expect(movedDays).toBeLessThanOrEqual(31);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('payments during the promotion', () => {
  let server: RunningServer;
  let seller: TestUser;

  beforeAll(async () => {
    // 'List Free Until June': a new listing's first month is free.
    server = await startServer({ PROMO_FREE_UNTIL: '2099-06-01' });
    seller = await createVerifiedUser(server, 'promo');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('activates a one-month listing for free and opens it after 1.5 s', async () => {
    const listing = await createListing(server, seller, 'Olympus CKX53 Inverted Microscope', 1);
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, seller.token);
    await page.goto(`/payment/${listing.id}`);

    await page.getByText('Your listing has been activated for free!').waitFor();
    const shownAt = Date.now();
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await page.waitForURL(`${server.baseUrl}/listings/${listing.id}`);
    expect(Date.now() - shownAt).toBeGreaterThan(1000);
    await page.getByRole('heading', { level: 1, name: 'Olympus CKX53 Inverted Microscope' }).waitFor();

    expect(await getListing(server, seller, listing.id)).toMatchObject({ payment_status: 'paid', is_active: true });
    const history = await api<Array<{ listing_id: string; amount: number; status: string }>>(server.baseUrl, '/payments/history', {
      token: seller.token,
    });
    expect(history.filter((payment) => payment.listing_id === listing.id)).toMatchObject([{ amount: 0, status: 'completed' }]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("shows the promotion's discount on a longer listing, which still has a price", async () => {
    const listing = await createListing(server, seller, 'Bio-Rad T100 Thermal Cycler', 3);
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, seller.token);
    await page.goto(`/payment/${listing.id}`);

    await page.getByLabel('Card number').waitFor();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByText('List Free Until June').waitFor();
    expect(await summary.getByText('30 days free listing').isVisible()).toBe(true);
    expect(await orderSummaryValue(page, 'Total')).toBe('$58.00');
    expect(await page.getByRole('button', { name: 'Pay $58.00' }).isVisible()).toBe(true);
    expect((await getListing(server, seller, listing.id)).payment_status).toBe('unpaid');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
