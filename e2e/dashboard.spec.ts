import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createVerifiedUser, logInWithToken, type TestUser } from './support/api.js';
import { LAPTOP, PHONE, launchBrowser, newSession, saveScreenshot } from './support/browser.js';
import { addPhoto } from './support/listing-fixtures.js';
import { startServer, type RunningServer } from './support/server.js';

// The seller dashboard and buyer-to-seller messages (spec §2, §4, §8) against the real server.
// Listings and payments are set up through the API; the journeys under test go through the UI.
// The expired case ('Renew') needs a listing past its expiry, which only time makes: it is
// covered by the component tests (src/features/dashboard/routes/dashboard.test.tsx).

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The promotion off, so a payment goes through the (sandbox) card step and has an amount.
  server = await startServer({ PROMO_FREE_UNTIL: '2000-06-01' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface CreatedListing {
  id: string;
  title: string;
}

async function createListing(seller: TestUser, title: string): Promise<CreatedListing> {
  return api<CreatedListing>(server.baseUrl, '/listings', {
    token: seller.token,
    json: {
      title,
      description: `${title}, serviced last year, with its original manual and power cord.`,
      price: 1250,
      condition: 'pre-owned',
      location: 'Germany',
      duration_months: 1,
    },
  });
}

/** Pays for a listing as the payment page would: intent, the sandbox's test card, confirm. */
async function payFor(seller: TestUser, listingId: string): Promise<void> {
  const intent = await api<{ client_secret: string; payment_id: string; provider: string }>(server.baseUrl, '/payments/create-intent', {
    token: seller.token,
    json: { listing_id: listingId, duration_months: 1 },
  });
  if (intent.provider === 'free') return; // Completed at once.
  const card = await api<{ payment_intent: { id: string } }>(server.baseUrl, '/payments/sandbox/confirm-card', {
    json: {
      client_secret: intent.client_secret,
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      cvc: '123',
    },
  });
  await api(server.baseUrl, '/payments/confirm', {
    token: seller.token,
    json: { payment_id: intent.payment_id, stripe_payment_id: card.payment_intent.id },
  });
}

function rowOf(page: Page, title: string): Locator {
  return page.getByRole('row').filter({ hasText: title });
}

/** The names of the links and buttons in a row, in order. */
async function actionsOf(page: Page, title: string): Promise<string[]> {
  const names = await rowOf(page, title).locator('a, button').allTextContents();
  return names.map((name) => name.trim());
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe('dashboard', () => {
  it("a buyer contacts the seller after logging in; the seller sees 'New', expands the message, and the badge goes", async () => {
    const seller = await createVerifiedUser(server, 'seller');
    const buyer = await createVerifiedUser(server, 'buyer');
    const listing = await createListing(seller, 'Olympus CX23 Microscope');
    await payFor(seller, listing.id);
    const text = `Is the LED illuminator still bright? Could you ship it to Lyon? (${String(Date.now())})`;

    // The buyer arrives as a visitor: 'Contact Seller' leads to /login and back.
    const buyerSession = await newSession(browser, server.baseUrl);
    const { page } = buyerSession;
    await page.goto(`/listings/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
    await page.getByRole('button', { name: 'Contact Seller' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email', { exact: true }).fill(buyer.email);
    await page.getByLabel('Password', { exact: true }).fill(buyer.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.baseUrl}/listings/${listing.id}`);

    const email = page.getByLabel('Email', { exact: true });
    await email.waitFor();
    expect(await email.inputValue()).toBe(buyer.email);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('All fields are required').waitFor();
    await page.getByLabel('Message', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Your message has been sent to the seller.').waitFor();
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('');
    expect(buyerSession.pageErrors).toEqual([]);
    await buyerSession.context.close();

    // The seller reads it in the dashboard.
    const sellerSession = await newSession(browser, server.baseUrl);
    await logInWithToken(sellerSession.context, seller.token);
    const sellerPage = sellerSession.page;
    await sellerPage.goto('/dashboard?tab=messages');
    await sellerPage.getByRole('heading', { level: 1, name: 'Seller Dashboard' }).waitFor();
    await sellerPage.getByRole('tab', { name: 'Messages', exact: true }).filter({ hasText: 'Messages (1)' }).waitFor();
    const item = sellerPage.getByRole('listitem').filter({ hasText: listing.title });
    await item.getByText('New', { exact: true }).waitFor();
    await expectNoAxeViolations(sellerPage);

    const toggle = item.getByRole('button', { expanded: false });
    const markedRead = sellerPage.waitForResponse((response) => response.url().endsWith('/read') && response.request().method() === 'PUT');
    await toggle.click();
    expect((await markedRead).status()).toBe(200);
    await item.getByText(text).waitFor();
    await item.getByText('New', { exact: true }).waitFor({ state: 'detached' });
    await sellerPage.getByRole('tab', { name: 'Messages', exact: true }).waitFor();
    const reply = item.getByRole('link', { name: 'Reply by email' });
    expect(await reply.getAttribute('href')).toBe(`mailto:${buyer.email}?subject=${encodeURIComponent(`Re: ${listing.title}`)}`);
    // Issue 18: 'Reply by email' was white on white (the shared action class's bg-white won).
    const colours = await reply.evaluate((link) => {
      const style = getComputedStyle(link);
      return { background: style.backgroundColor, text: style.color };
    });
    expect(colours.text).toBe('rgb(255, 255, 255)');
    expect(colours.background).not.toMatch(/^rgba?\(255, 255, 255|^rgba\(0, 0, 0, 0\)$|^transparent$/);
    await expectNoAxeViolations(sellerPage);

    // Read for good: after a reload there is no badge.
    await sellerPage.reload();
    await item.getByRole('button', { expanded: false }).waitFor();
    expect(await item.getByText('New', { exact: true }).count()).toBe(0);
    expect(sellerSession.pageErrors).toEqual([]);
    await sellerSession.context.close();
  });

  it('shows the row actions of an unpaid, a paid and a removed listing, deletes one, and lists the payment', async () => {
    const seller = await createVerifiedUser(server, 'seller');
    const unpaid = await createListing(seller, 'Unpaid Tuttnauer Autoclave');
    const paid = await createListing(seller, 'Paid Eppendorf Centrifuge');
    await payFor(seller, paid.id);
    await addPhoto(server, seller, paid.id);
    const removed = await createListing(seller, 'Removed Binder Incubator');
    await api(server.baseUrl, `/listings/${removed.id}`, { method: 'DELETE', token: seller.token });

    const { page, context, pageErrors } = await newSession(browser, server.baseUrl, { viewport: LAPTOP });
    await logInWithToken(context, seller.token);
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'My Listings', selected: true }).waitFor();
    await rowOf(page, unpaid.title).waitFor();

    expect(await actionsOf(page, unpaid.title)).toEqual(['Edit', 'View', 'Delete', 'Pay Now']);
    expect(await rowOf(page, unpaid.title).getByRole('link', { name: 'Pay Now' }).getAttribute('href')).toBe(`/payment/${unpaid.id}`);
    expect(await rowOf(page, unpaid.title).getByText('Unpaid', { exact: true }).count()).toBe(1);

    expect(await actionsOf(page, paid.title)).toEqual(['Edit', 'View', 'Delete', 'Extend']);
    const paidRow = rowOf(page, paid.title);
    expect(await paidRow.getByRole('link', { name: 'Extend' }).getAttribute('href')).toBe(`/listings/${paid.id}/extend`);
    expect(await paidRow.getByRole('link', { name: 'Edit', exact: true }).getAttribute('href')).toBe(`/edit-listing/${paid.id}`);
    expect(await paidRow.getByRole('link', { name: 'View' }).getAttribute('href')).toBe(`/listings/${paid.id}`);
    expect(await paidRow.getByText('Paid', { exact: true }).count()).toBe(1);
    expect(await paidRow.getByText(/^Expires (soon|in )/).count()).toBe(1);
    // Issue 18: the photo keeps its 64 px in the table, on a desktop and on a phone.
    const photo = paidRow.getByRole('img', { name: paid.title });
    expect((await photo.boundingBox())?.width).toBe(64);
    await saveScreenshot(page, 'dashboard-listings');
    await page.setViewportSize(PHONE);
    expect((await photo.boundingBox())?.width).toBe(64);
    // On a phone each listing is a card: its status, expiry and actions in the screen's width, not off to the side.
    for (const target of [
      rowOf(page, unpaid.title).getByText('Unpaid', { exact: true }),
      rowOf(page, unpaid.title).getByRole('link', { name: 'Pay Now' }),
      paidRow.getByText(/^Expires (soon|in )/),
      paidRow.getByRole('link', { name: 'Extend' }),
    ]) {
      const box = await target.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'dashboard-listings');
    await page.setViewportSize(LAPTOP);

    expect(await actionsOf(page, removed.title)).toEqual([]);
    expect(await rowOf(page, removed.title).getByText('Removed', { exact: true }).count()).toBe(1);
    await expectNoAxeViolations(page);

    // 'Show active only' leaves only the paid one.
    await page.getByRole('checkbox', { name: 'Show active only' }).check();
    await rowOf(page, unpaid.title).waitFor({ state: 'detached' });
    // The list reloads (show_all=false): wait for the new rows, not the loading state.
    await rowOf(page, paid.title).waitFor();
    expect(await rowOf(page, removed.title).count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Show active only' }).uncheck();

    // Delete, confirmed in a dialog: the listing stays as 'Removed', without actions.
    await rowOf(page, unpaid.title).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this listing?' });
    await dialog.getByRole('button', { name: 'Delete listing' }).click();
    await rowOf(page, unpaid.title).getByText('Removed', { exact: true }).waitFor();
    expect(await actionsOf(page, unpaid.title)).toEqual([]);

    // The payment of the paid listing, with the tab in the URL.
    await page.getByRole('tab', { name: 'Payment History' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'payments');
    const paymentRow = rowOf(page, paid.title);
    await paymentRow.waitFor();
    expect(await paymentRow.getByText(/^\d+\.\d{2}$/).count()).toBe(1);
    expect(await paymentRow.getByText(/^[0-9a-f-]{8}$/).count()).toBe(1);
    expect(await paymentRow.getByText('completed', { exact: true }).count()).toBe(1);
    expect(await paymentRow.getByRole('link', { name: 'View' }).getAttribute('href')).toBe(`/listings/${paid.id}`);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'dashboard-payments');

    // Issue 18, on a phone: each payment is a card with its status and action in the screen's
    // width, and every tab is within the screen (they wrap onto a second line, no scrolling).
    await page.setViewportSize(PHONE);
    for (const target of [paymentRow.getByText('completed', { exact: true }), paymentRow.getByRole('link', { name: 'View' })]) {
      const box = await target.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    }
    const tabs = page.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['My Listings', 'Payment History', 'Messages', 'Watchlist', 'Saved searches']);
    for (const tab of await tabs.all()) {
      const box = await tab.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, (await tab.textContent()) ?? '').toBe(true);
    }
    expect(await page.getByRole('tablist').evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await paymentRow.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'dashboard-payments');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('sends a visitor to /login and back to the dashboard', async () => {
    const seller = await createVerifiedUser(server, 'seller');
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await page.goto('/dashboard?tab=payments');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email', { exact: true }).fill(seller.email);
    await page.getByLabel('Password', { exact: true }).fill(seller.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard?tab=payments`);
    await page.getByRole('tab', { name: 'Payment History', selected: true }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
