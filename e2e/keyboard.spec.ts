import type { Browser, FileChooser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createVerifiedUser, logInWithToken, registerVerifiedByMail, type TestUser, uniqueEmail } from './support/api.js';
import { launchBrowser, newSession } from './support/browser.js';
import { focused, tabTo } from './support/keyboard.js';
import { createListing, createPublishedListing, orderSummaryValue, SMALL_PNG, type CreatedListing } from './support/listing-fixtures.js';
import { linkIn, startMailCatcher, type MailCatcher } from './support/mail.js';
import { startServer, type RunningServer } from './support/server.js';

// Issue 8: every journey of the suite also works by keyboard alone. The journeys here have
// no other keyboard variant (the landing page, the phone menu, support and the photo viewer
// have theirs in their own spec files). They use Tab, Shift+Tab, Enter, Space, the arrow keys
// and Escape only, plus typing into a field reached by Tab: no clicks, no element focused
// directly. Opening a mailed link is done by URL (a mail client is not the product), and Back
// is the browser's own (page.goBack), as a user presses Alt+Left. The operating system's file
// dialog, opened from the page by Enter or Space, is answered with Playwright's file chooser.
// Data that is not under test is set up through the API.

const PASSWORD = 'Centrifuge-Bench-42';
const NEW_PASSWORD = 'Autoclave-Shelf-97';

let mail: MailCatcher;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  mail = await startMailCatcher();
  // The promotion publishes listings without a card step; mail goes to the catcher.
  server = await startServer({ SMTP_URL: mail.smtpUrl, PROMO_FREE_UNTIL: '2099-06-01' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.stop();
});

/** A verified user with a token, through the API; the verification link comes from the mail. */
async function verifiedUser(who: string): Promise<TestUser> {
  return registerVerifiedByMail(server.baseUrl, mail, uniqueEmail(who), PASSWORD);
}

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('access_token'));
}

/** The focused element has a visible focus indicator (the outline or ring of :focus-visible). */
async function expectFocusVisible(page: Page, name: string | RegExp): Promise<void> {
  const element = await focused(page);
  if (typeof name === 'string') expect(element.name).toBe(name);
  else expect(element.name).toMatch(name);
  expect(element.indicated, `the focus on "${element.name}" is visible`).toBe(true);
}

// ── Accounts ────────────────────────────────────────────────────────────────

describe('keyboard: accounts', () => {
  it('registers, verifies the email, logs in and logs out by keyboard alone', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    const email = uniqueEmail('keyboard-seller');

    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await tabTo(page, 'Register');
    await expectFocusVisible(page, 'Register');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/register`);
    await page.getByRole('heading', { level: 1, name: 'Register' }).waitFor();

    await tabTo(page, 'Email');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Confirm Password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Tab');
    await expectFocusVisible(page, 'Register');
    await page.keyboard.press('Enter');

    // The confirmation replaces the form and takes the focus (its heading).
    await page.getByText(`We've sent a verification email to ${email}.`).waitFor();
    expect(await focused(page)).toMatchObject({ tag: 'h1', name: 'Check your email' });

    await page.goto(linkIn(await mail.waitForMail(email, /verify/i), '/verify-email'));
    await page.getByText('Your email has been verified', { exact: false }).waitFor();
    expect(await focused(page)).toMatchObject({ tag: 'h1', name: 'Email verified' });
    await tabTo(page, 'Go to Login');
    await expectFocusVisible(page, 'Go to Login');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/login`);
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();

    await tabTo(page, 'Email');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/`);
    const header = page.getByRole('banner');
    await header.getByText(email, { exact: true }).waitFor();
    expect(await storedToken(page)).not.toBeNull();

    await tabTo(page, 'Logout', { backwards: true });
    await expectFocusVisible(page, 'Logout');
    await page.keyboard.press('Enter');
    await header.getByRole('link', { name: 'Login' }).waitFor();
    expect(await header.getByText(email, { exact: true }).count()).toBe(0);
    expect(await storedToken(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/');
    // The keyboard carries on from the header: the next Tab stop is a control of the page.
    await page.keyboard.press('Tab');
    expect((await focused(page)).tag).not.toBe('');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password and logs in with the new one by keyboard alone', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    const user = await verifiedUser('keyboard-forgetful');

    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await tabTo(page, 'Forgot password?');
    await expectFocusVisible(page, 'Forgot password?');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/forgot-password`);
    await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor();

    await tabTo(page, 'Email');
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await expectFocusVisible(page, 'Send Reset Link');
    await page.keyboard.press('Enter');
    await page.getByText('If your email is registered, you will receive a password reset link shortly.').waitFor();
    expect(await focused(page)).toMatchObject({ tag: 'h1', name: 'Check your email' });

    await page.goto(linkIn(await mail.waitForMail(user.email, /reset/i), '/reset-password'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await tabTo(page, 'New Password');
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Confirm Password');
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press('Tab');
    await expectFocusVisible(page, 'Reset Password');
    await page.keyboard.press('Enter');

    await page.waitForURL(`${server.baseUrl}/login`);
    await page.getByText('Your password has been reset. You can now log in.').waitFor();
    await tabTo(page, 'Email');
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expectFocusVisible(page, 'Login');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('banner').getByText(user.email, { exact: true }).waitFor();
    expect(await storedToken(page)).not.toBeNull();

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

// ── Search ──────────────────────────────────────────────────────────────────

describe('keyboard: search', () => {
  const EPPENDORF = 'Eppendorf 5810R Refrigerated Centrifuge';
  const HETTICH = 'Hettich Rotina 380R Benchtop Centrifuge';
  const SORVALL = 'Thermo Scientific Sorvall ST16R Centrifuge';
  let eppendorf: CreatedListing;

  beforeAll(async () => {
    const seller = await verifiedUser('keyboard-search-seller');
    // Long, specific descriptions pass the automatic check, as real listings do.
    eppendorf = await createPublishedListing(
      server,
      seller,
      {
        title: EPPENDORF,
        description: 'Refrigerated benchtop centrifuge with A-4-62 swing-bucket rotor and adapters for 50 ml tubes. Serviced 2024.',
        price: 4200,
        condition: 'certified-refurbished',
        location: 'Germany',
      },
      { photo: false },
    );
    await createPublishedListing(
      server,
      seller,
      {
        title: HETTICH,
        description: 'Refrigerated benchtop centrifuge with a swing-out rotor for 4 x 290 ml buckets. Used daily, runs quietly.',
        price: 3100,
        condition: 'pre-owned',
        location: 'Germany',
      },
      { photo: false },
    );
    await createPublishedListing(
      server,
      seller,
      {
        title: SORVALL,
        description:
          'Ventilated benchtop centrifuge with TX-400 swing-out rotor and buckets. Runs quietly, recently calibrated by an engineer.',
        price: 6800,
        condition: 'pre-owned',
        location: 'France',
      },
      { photo: false },
    );
  });

  it('a verified buyer sets the filters and AI, opens a result and comes back to the search as left, by keyboard alone', async () => {
    const buyer = await verifiedUser('keyboard-buyer');
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, buyer.token);
    await page.goto('/search');
    await page.getByRole('heading', { level: 2, name: 'Newest listings' }).waitFor();
    await page.getByRole('article', { name: EPPENDORF }).waitFor();

    // The skip link first, then into the form.
    await page.keyboard.press('Tab');
    await expectFocusVisible(page, 'Skip to main content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await tabTo(page, 'Search equipment');
    await expectFocusVisible(page, 'Search equipment');
    await page.keyboard.type('centrifuge');

    await tabTo(page, 'Use AI-enhanced search', { limit: 2 });
    await expectFocusVisible(page, 'Use AI-enhanced search');
    await page.keyboard.press('Space');
    const ai = page.getByRole('checkbox', { name: 'Use AI-enhanced search' });
    expect(await ai.isChecked()).toBe(true);

    await tabTo(page, 'Max price', { limit: 2 });
    await page.keyboard.type('5000');

    // The native select: the arrow keys move through the conditions.
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Condition');
    const condition = page.getByLabel('Condition');
    for (let i = 0; i < 9 && (await condition.inputValue()) !== 'certified-refurbished'; i += 1) {
      await page.keyboard.press('ArrowDown');
    }
    expect(await condition.inputValue()).toBe('certified-refurbished');

    // The location combobox: type, the first match is active, Enter chooses it (no submit).
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Location');
    const location = page.getByRole('combobox', { name: 'Location' });
    await page.keyboard.type('germ');
    const germany = page.getByRole('option', { name: 'Germany' });
    await germany.waitFor();
    expect(await location.getAttribute('aria-activedescendant')).toBe(await germany.getAttribute('id'));
    await page.keyboard.press('Enter');
    await germany.waitFor({ state: 'detached' });
    expect(await location.inputValue()).toBe('Germany');
    expect(new URL(page.url()).search).toBe('');

    // Back up to the Search button and press it.
    await tabTo(page, 'Search', { backwards: true, limit: 8 });
    await expectFocusVisible(page, 'Search');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 2, name: 'Results for “centrifuge”' }).waitFor();
    await page.waitForURL((url) => url.searchParams.get('q') === 'centrifuge');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      q: 'centrifuge',
      ai: '1',
      max: '5000',
      condition: 'certified-refurbished',
      location: 'Germany',
    });
    const card = page.getByRole('article', { name: EPPENDORF });
    await card.getByRole('group', { name: 'AI Insight' }).waitFor();
    expect(await page.getByRole('article', { name: HETTICH }).count()).toBe(0);
    expect(await page.getByRole('article', { name: SORVALL }).count()).toBe(0);
    const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('button');
    expect(await chips.allTextContents()).toEqual(['Up to $5,000.00', 'Certified Refurbished', 'Germany']);
    // Issue 18: the flag is an image, drawn where no emoji font exists.
    expect(
      await chips
        .last()
        .locator('img[data-country-flag="DE"]')
        .evaluate((image: HTMLImageElement) => image.naturalWidth > 0),
    ).toBe(true);

    // On to the result: its title is the card's link.
    await tabTo(page, EPPENDORF);
    await expectFocusVisible(page, EPPENDORF);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/listings/${eppendorf.id}`);
    await page.getByRole('heading', { level: 1, name: EPPENDORF }).waitFor();
    await page.getByRole('region', { name: 'AI Search Insight' }).waitFor();

    // Back: the same search, form and results, without searching again. Alt+Left is the
    // browser's shortcut, not the page's: CDP key events never reach the browser's own
    // accelerators, so the test presses the browser's Back as that shortcut would.
    let searches = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/listings/search') searches += 1;
    });
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'Results for “centrifuge”' }).waitFor();
    await card.getByRole('group', { name: 'AI Insight' }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search equipment' }).inputValue()).toBe('centrifuge');
    expect(await ai.isChecked()).toBe(true);
    expect(await page.getByLabel('Max price').inputValue()).toBe('5000');
    expect(await condition.inputValue()).toBe('certified-refurbished');
    expect(await location.inputValue()).toBe('Germany');
    expect(await chips.count()).toBe(3);
    expect(searches).toBe(0);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
  it('on a phone, opens the folded filters with Space and searches by condition, by keyboard alone', async () => {
    const buyer = await verifiedUser('keyboard-phone-buyer');
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl, { viewport: { width: 390, height: 844 } });
    await logInWithToken(context, buyer.token);
    await page.goto('/search');
    await page.getByRole('article', { name: EPPENDORF }).waitFor();

    const condition = page.getByLabel('Condition');
    expect(await condition.isVisible()).toBe(false);
    await tabTo(page, 'Filters');
    await expectFocusVisible(page, 'Filters');
    await page.keyboard.press('Space');
    await condition.waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: 'Filters', exact: true }).getAttribute('aria-expanded')).toBe('true');

    await tabTo(page, 'Condition', { limit: 3 });
    for (let i = 0; i < 9 && (await condition.inputValue()) !== 'pre-owned'; i += 1) {
      await page.keyboard.press('ArrowDown');
    }
    expect(await condition.inputValue()).toBe('pre-owned');
    await tabTo(page, 'Search', { backwards: true, limit: 8 });
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.searchParams.get('condition') === 'pre-owned');
    await page.getByRole('article', { name: HETTICH }).waitFor();
    await page.getByRole('article', { name: SORVALL }).waitFor();
    expect(await page.getByRole('article', { name: EPPENDORF }).count()).toBe(0);
    await page.getByRole('button', { name: 'Filters (1)', exact: true }).waitFor();
    // Nothing scrolls sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

// ── Dashboard ───────────────────────────────────────────────────────────────

describe('keyboard: dashboard', () => {
  it('a seller walks the tabs (kept in the URL), deletes a listing through its dialog, reads and deletes a message and extends a listing, by keyboard alone', async () => {
    const seller = await verifiedUser('keyboard-dashboard');
    const buyer = await verifiedUser('keyboard-dashboard-buyer');
    const paid = await createPublishedListing(server, seller, { title: 'Paid Binder Incubator' }, { photo: false });
    const unpaid = await api<CreatedListing>(server.baseUrl, '/listings', {
      token: seller.token,
      json: {
        title: 'Unpaid Tuttnauer Autoclave',
        description: 'Tuttnauer benchtop autoclave, serviced last year, with its original manual and power cord.',
        price: 2100,
        condition: 'pre-owned',
        location: 'Germany',
        duration_months: 1,
      },
    });
    const text = `Does the incubator hold 37 °C within 0.2 °C? (${String(Date.now())})`;
    await api(server.baseUrl, '/messages', {
      token: buyer.token,
      json: { listing_id: paid.id, sender_name: 'Grace Hopper', sender_email: buyer.email, message: text },
    });

    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, seller.token);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Seller Dashboard' }).waitFor();
    await page.getByRole('row').filter({ hasText: unpaid.title }).waitFor();
    await page.getByRole('tab', { name: 'Messages', exact: true }).filter({ hasText: 'Messages (1)' }).waitFor();

    // The tabs: one Tab stop, the arrow keys, Home and End choose; the URL follows.
    const tabInUrl = () => new URL(page.url()).searchParams.get('tab');
    await tabTo(page, 'My Listings', { role: 'tab' });
    await expectFocusVisible(page, 'My Listings');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Payment History', selected: true }).waitFor();
    expect(tabInUrl()).toBe('payments');
    expect(await focused(page)).toMatchObject({ role: 'tab', name: 'Payment History' });
    await page.getByRole('row').filter({ hasText: paid.title }).getByText('completed', { exact: true }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Messages', exact: true, selected: true }).filter({ hasText: 'Messages (1)' }).waitFor();
    expect(tabInUrl()).toBe('messages');
    // Issue 16: then the buyer's tabs, 'Watchlist' and 'Saved searches', and round again.
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Watchlist', selected: true }).waitFor();
    expect(tabInUrl()).toBe('watchlist');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Saved searches', selected: true }).waitFor();
    expect(tabInUrl()).toBe('saved-searches');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'My Listings', selected: true }).waitFor();
    expect(tabInUrl()).toBe('listings');
    await page.keyboard.press('End');
    await page.getByRole('tab', { name: 'Saved searches', selected: true }).waitFor();
    expect(tabInUrl()).toBe('saved-searches');
    await page.keyboard.press('Home');
    await page.getByRole('tab', { name: 'My Listings', selected: true }).waitFor();
    expect(tabInUrl()).toBe('listings');
    expect(await focused(page)).toMatchObject({ role: 'tab', name: 'My Listings' });

    // A row action with its confirmation: Escape cancels and gives the focus back.
    const unpaidRow = page.getByRole('row').filter({ hasText: unpaid.title });
    await tabTo(page, 'Delete', { within: unpaid.title });
    await expectFocusVisible(page, 'Delete');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete this listing?' });
    await dialog.waitFor();
    expect(await focused(page)).toMatchObject({ name: 'Cancel', context: expect.stringContaining('Delete this listing?') as string });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toMatchObject({ name: 'Delete', context: expect.stringContaining(unpaid.title) as string });

    // Again, confirmed: Tab stays in the dialog (Cancel ↔ Delete listing).
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    await expectFocusVisible(page, 'Delete listing');
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Cancel');
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).name).toBe('Delete listing');
    await page.keyboard.press('Enter');
    await unpaidRow.getByText('Removed', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The Delete button went with the listing: the focus is on the table, not lost.
    expect(await focused(page)).toMatchObject({ name: 'Your listings', role: 'region' });
    await expectFocusVisible(page, 'Your listings');
    expect(await unpaidRow.getByRole('button').count()).toBe(0);

    // Reading a message: back to the tabs, Messages is third (End is 'Saved searches'), Enter expands it.
    await tabTo(page, 'My Listings', { role: 'tab', backwards: true });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Messages', exact: true, selected: true }).filter({ hasText: 'Messages (1)' }).waitFor();
    const item = page.getByRole('listitem').filter({ hasText: paid.title });
    await item.getByText('New', { exact: true }).waitFor();
    await tabTo(page, /Grace Hopper/);
    expect(await focused(page)).toMatchObject({ tag: 'button', context: expect.stringContaining(`Re: ${paid.title}`) as string });
    await expectFocusVisible(page, /Grace Hopper/);
    const markedRead = page.waitForResponse((response) => response.url().endsWith('/read') && response.request().method() === 'PUT');
    await page.keyboard.press('Enter');
    expect((await markedRead).status()).toBe(200);
    await item.getByText(text).waitFor();
    await item.getByText('New', { exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Messages', exact: true, selected: true }).waitFor();
    expect(await item.getByRole('button', { name: /Grace Hopper/ }).getAttribute('aria-expanded')).toBe('true');

    await tabTo(page, 'Reply by email', { limit: 3 });
    await expectFocusVisible(page, 'Reply by email');
    expect(await item.getByRole('link', { name: 'Reply by email' }).getAttribute('href')).toBe(
      `mailto:${buyer.email}?subject=${encodeURIComponent(`Re: ${paid.title}`)}`,
    );
    // Issue 16: the conversations, where the seller can answer inside BenchMarket.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ name: 'Open conversations' });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ name: 'Delete', context: expect.stringContaining(text) as string });
    await page.keyboard.press('Enter');
    const messageDialog = page.getByRole('alertdialog', { name: 'Delete this message?' });
    await messageDialog.waitFor();
    expect((await focused(page)).name).toBe('Cancel');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('No messages yet.', { exact: false }).waitFor();
    await messageDialog.waitFor({ state: 'detached' });
    // The message went with its Delete button: the focus is on the tab's panel, not lost.
    expect(await focused(page)).toMatchObject({ name: 'Messages', role: 'tabpanel' });
    await expectFocusVisible(page, 'Messages');

    // A navigation action of a row: Extend opens the extension of the paid listing.
    await tabTo(page, 'Messages', { role: 'tab', backwards: true });
    await page.keyboard.press('Home');
    await page.getByRole('tab', { name: 'My Listings', selected: true }).waitFor();
    await tabTo(page, 'Extend', { within: paid.title });
    await expectFocusVisible(page, 'Extend');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/listings/${paid.id}/extend`);
    await page.getByRole('heading', { level: 1, name: 'Extend Listing' }).waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

// ── Messaging ───────────────────────────────────────────────────────────────

describe('keyboard: messaging', () => {
  it('a visitor presses Contact Seller on a listing, logs in and writes to the seller, by keyboard alone', async () => {
    const seller = await verifiedUser('keyboard-message-seller');
    const buyer = await verifiedUser('keyboard-message-buyer');
    const listing = await createPublishedListing(server, seller, { title: 'Olympus CX23 Binocular Microscope' }, { photo: false });
    const text = `Is the LED illuminator still bright? Could you ship it to Lyon? (${String(Date.now())})`;

    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await page.goto(`/listings/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();

    // A visitor's Contact Seller leads to /login and back to the listing.
    await tabTo(page, 'Contact Seller');
    await expectFocusVisible(page, 'Contact Seller');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await tabTo(page, 'Email');
    await page.keyboard.type(buyer.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(buyer.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/listings/${listing.id}`);

    // The form, its name and email filled in from the account.
    const form = page.getByRole('region', { name: 'Contact the Seller' });
    const message = form.getByLabel('Message', { exact: true });
    await message.waitFor();
    expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe(buyer.email);
    await tabTo(page, 'Name');
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).not.toBe('');
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Email');

    // Sent without a message: refused, and the focus goes to the field to fill in.
    await tabTo(page, 'Send Message', { limit: 3 });
    await expectFocusVisible(page, 'Send Message');
    await page.keyboard.press('Enter');
    await form.getByRole('alert').filter({ hasText: 'All fields are required' }).waitFor();
    expect((await focused(page)).name).toBe('Message');
    expect(await message.getAttribute('aria-invalid')).toBe('true');

    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
    await expectFocusVisible(page, 'Send Message');
    const sent = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/messages' && response.request().method() === 'POST',
    );
    await page.keyboard.press('Enter');
    expect((await sent).status()).toBe(201);
    await form.getByRole('status').getByText('Your message has been sent to the seller.').waitFor();
    expect(await message.inputValue()).toBe('');
    expect(await form.getByRole('alert').count()).toBe(0);
    // The button is disabled while sending, which drops the focus (as every form of the app
    // does); the keyboard still carries on from the button: Shift+Tab reaches the conversation
    // the message opened (issue 16), then the message.
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).name).toBe('Open the conversation');
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).name).toBe('Message');

    // The seller has it.
    const inbox = await api<Array<{ listing_id: string; sender_email: string; message: string }>>(server.baseUrl, '/messages/user', {
      token: seller.token,
    });
    expect(inbox).toEqual([expect.objectContaining({ listing_id: listing.id, sender_email: buyer.email, message: text })]);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

// ── Listings ────────────────────────────────────────────────────────────────

interface ListingBody {
  id: string;
  user_id: string;
  title: string;
  description: string;
  price: number;
  condition: string;
  location: string | null;
  duration_months: number;
  payment_status: string;
  is_active: boolean;
  photos: string[];
}

/** Presses ArrowDown in the focused native select until it holds `value` (fails otherwise). */
async function arrowToOption(page: Page, label: string, value: string): Promise<void> {
  const select = page.getByLabel(label, { exact: true });
  for (let i = 0; i < 12 && (await select.inputValue()) !== value; i += 1) {
    await page.keyboard.press('ArrowDown');
  }
  expect(await select.inputValue()).toBe(value);
}

describe('keyboard: listings', () => {
  it('a verified seller creates a listing with photos, reaches the payment step, then edits it and removes a photo, by keyboard alone', async () => {
    const seller = await verifiedUser('keyboard-listing-seller');
    const title = 'Eppendorf 5424R Refrigerated Microcentrifuge';
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    // Playwright intercepts the file dialog only while a listener exists, and switching that
    // on is asynchronous: a listener added just before the key press can lose the race.
    const choosers: FileChooser[] = [];
    page.on('filechooser', (opened) => choosers.push(opened));
    await logInWithToken(context, seller.token);
    await page.goto('/create-listing');
    await page.getByRole('heading', { level: 1, name: 'Create Listing' }).waitFor();

    await tabTo(page, 'Title');
    await expectFocusVisible(page, 'Title');
    await page.keyboard.type(title);
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Description');
    // Enter in the textarea is a new line, not a submit.
    await page.keyboard.type('Refrigerated microcentrifuge with FA-45-24-11 rotor, serviced 2024.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Includes the aerosol-tight lid and the original manual.');
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Price');
    await page.keyboard.type('4250.50');

    // The native select: the arrow keys choose the condition.
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Condition');
    await arrowToOption(page, 'Condition', 'pre-owned');

    // The location combobox: type, the first match is active, Enter chooses it (no submit).
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Location');
    const location = page.getByRole('combobox', { name: 'Location' });
    await page.keyboard.type('germ');
    const germany = page.getByRole('option', { name: 'Germany' });
    await germany.waitFor();
    expect(await location.getAttribute('aria-activedescendant')).toBe(await germany.getAttribute('id'));
    await page.keyboard.press('Enter');
    await germany.waitFor({ state: 'detached' });
    expect(await location.inputValue()).toBe('Germany');
    expect(new URL(page.url()).pathname).toBe('/create-listing');

    // Past the combobox's Clear button to the duration.
    await tabTo(page, 'Duration', { limit: 3 });
    await expectFocusVisible(page, 'Duration');
    await arrowToOption(page, 'Duration', '6');

    // The optional groups (issue 15) open and fold from their summaries: this seller skips
    // them, folding each with Enter, so Tab goes on to the photos.
    for (const [group, firstField] of [
      [/^Specifications/, 'Manufacturer'],
      [/^Regulatory and safety/, 'Device class'],
    ] as const) {
      await tabTo(page, group, { limit: 1 });
      await expectFocusVisible(page, group);
      expect(await page.getByLabel(firstField).isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByLabel(firstField).isVisible()).toBe(false);
    }

    // The drop zone's 'browse' control: Enter opens the file dialog, which the test answers
    // (the dialog is the operating system's, not the page's).
    await tabTo(page, 'browse', { limit: 3 });
    await expectFocusVisible(page, 'browse');
    await page.keyboard.press('Enter');
    await expect.poll(() => choosers.length).toBe(1);
    const fileChooser = choosers[0]!;
    expect(fileChooser.isMultiple()).toBe(true);
    await fileChooser.setFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: SMALL_PNG },
      { name: 'back.png', mimeType: 'image/png', buffer: SMALL_PNG },
    ]);
    const queued = page.getByRole('list', { name: 'Photos to upload' }).getByRole('img');
    await expect.poll(() => queued.count()).toBe(2);
    await page.getByText('Images only, up to 5 photos (2 of 5 used).').waitFor();
    // Space opens it too; a third photo.
    await page.keyboard.press('Space');
    await expect.poll(() => choosers.length).toBe(2);
    await choosers[1]!.setFiles([{ name: 'side.png', mimeType: 'image/png', buffer: SMALL_PNG }]);
    await expect.poll(() => queued.count()).toBe(3);

    // A queued photo is removed with its button; the focus stays in the photos.
    await tabTo(page, 'Remove side.png', { limit: 4 });
    await expectFocusVisible(page, 'Remove side.png');
    await page.keyboard.press('Enter');
    await expect.poll(() => queued.count()).toBe(2);
    expect(await page.getByRole('img', { name: 'Preview of side.png' }).count()).toBe(0);
    expect((await focused(page)).name).toMatch(/^Remove (front|back)\.png$/);

    await tabTo(page, 'Create Listing', { limit: 4 });
    await expectFocusVisible(page, 'Create Listing');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/payment\/[0-9a-f-]{36}$/);
    const listingId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await page.getByRole('heading', { level: 1, name: 'Complete Payment' }).waitFor();
    await page.getByLabel('Card number').waitFor();
    expect(await orderSummaryValue(page, 'Duration')).toBe('6 months');

    const created = await api<ListingBody>(server.baseUrl, `/listings/${listingId}`, { token: seller.token });
    expect(created).toMatchObject({
      user_id: seller.id,
      title,
      description:
        'Refrigerated microcentrifuge with FA-45-24-11 rotor, serviced 2024.\nIncludes the aerosol-tight lid and the original manual.',
      price: 4250.5,
      condition: 'pre-owned',
      location: 'Germany',
      duration_months: 6,
      payment_status: 'unpaid',
    });
    expect(created.photos).toHaveLength(2);

    // The seller opens the listing (by its address, as from a bookmark) and edits it.
    await page.goto(`/listings/${listingId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await tabTo(page, 'Edit Listing');
    await expectFocusVisible(page, 'Edit Listing');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/edit-listing/${listingId}`);
    await page.getByRole('heading', { level: 1, name: 'Edit Listing' }).waitFor();

    // Tab into a filled field selects its text: typing replaces it.
    await tabTo(page, 'Title');
    await page.keyboard.type('Eppendorf 5424R Microcentrifuge with rotor');
    await tabTo(page, 'Price', { limit: 2 });
    await page.keyboard.type('3999');

    const removeButtons = page.getByRole('list', { name: 'Current photos' }).getByRole('button');
    expect(await removeButtons.count()).toBe(2);
    await tabTo(page, 'Remove photo 2');
    await expectFocusVisible(page, 'Remove photo 2');
    const removed = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().includes('/photos/'));
    await page.keyboard.press('Enter');
    expect((await removed).ok()).toBe(true);
    await expect.poll(() => removeButtons.count()).toBe(1);
    await page.getByText('Images only, up to 5 photos (1 of 5 used).').waitFor();
    // The button went with the photo: the focus moves to the photo that is left, not lost.
    await expect.poll(async () => (await focused(page)).name).toBe('Remove photo 1');
    await expectFocusVisible(page, 'Remove photo 1');
    // The edits typed before are still there.
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Eppendorf 5424R Microcentrifuge with rotor');

    await tabTo(page, 'Update Listing', { limit: 6 });
    await expectFocusVisible(page, 'Update Listing');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/listings/${listingId}`);
    await page.getByRole('heading', { level: 1, name: 'Eppendorf 5424R Microcentrifuge with rotor' }).waitFor();
    await page.getByText('$3,999.00').waitFor();
    await page.getByRole('img', { name: 'Eppendorf 5424R Microcentrifuge with rotor — photo 1 of 1' }).waitFor();

    const edited = await api<ListingBody>(server.baseUrl, `/listings/${listingId}`, { token: seller.token });
    expect(edited).toMatchObject({ title: 'Eppendorf 5424R Microcentrifuge with rotor', price: 3999 });
    expect(edited.photos).toHaveLength(1);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

// ── Payments ────────────────────────────────────────────────────────────────

describe('keyboard: payments', () => {
  const CARD_OK = '4242 4242 4242 4242';
  const CARD_DECLINED = '4000 0000 0000 0002';
  const EXPIRY = `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
  let paying: RunningServer;
  let seller: TestUser;

  beforeAll(async () => {
    // The promotion ended long ago: every payment has an amount and goes through the card step.
    paying = await startServer({ PROMO_FREE_UNTIL: '2020-01-01' });
    seller = await createVerifiedUser(paying, 'keyboard-payer');
  });
  afterAll(async () => {
    await paying?.stop();
  });

  async function getListing(id: string): Promise<ListingBody> {
    return api<ListingBody>(paying.baseUrl, `/listings/${id}`, { token: seller.token });
  }

  /** From the focused card number: number, expiry, CVC, each reached by Tab. */
  async function typeCard(page: Page, number: string): Promise<void> {
    expect((await focused(page)).name).toBe('Card number');
    await page.keyboard.type(number);
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Expiry (MM/YY)');
    await page.keyboard.type(EXPIRY.replace('/', ''));
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('CVC');
    await page.keyboard.type('123');
  }

  it('a seller chooses 3 months with the arrow keys and pays with the test card 4242…, by keyboard alone', async () => {
    const listing = await createListing(paying, seller, { title: 'Thermo Heracell 150i CO2 Incubator', price: 2400 });
    const { page, context, pageErrors } = await newSession(browser, paying.baseUrl);
    await logInWithToken(context, seller.token);
    await page.goto(`/payment/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: 'Complete Payment' }).waitFor();
    await page.getByRole('button', { name: 'Pay $49.00' }).waitFor();

    // The duration was asked on the create form (issue 18): 'Change duration' opens the radio
    // group with the focus on the checked option; the arrow keys choose.
    await tabTo(page, 'Change duration');
    await expectFocusVisible(page, 'Change duration');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ name: '1 month' });
    await expectFocusVisible(page, '1 month');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: '3 months' }).isChecked()).toBe(true);
    expect(await focused(page)).toMatchObject({ name: '3 months' });
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect.poll(() => orderSummaryValue(page, 'Total')).toBe('$107.00');
    await summary.getByText('3 months').first().waitFor();

    // Another duration needs a new payment: 'Continue to payment' makes it.
    await tabTo(page, 'Continue to payment', { limit: 6 });
    await expectFocusVisible(page, 'Continue to payment');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Pay $107.00' }).waitFor();
    await tabTo(page, 'Card number', { limit: 6 });
    await expectFocusVisible(page, 'Card number');
    await typeCard(page, CARD_OK);
    await tabTo(page, 'Pay $107.00', { limit: 3 });
    await expectFocusVisible(page, 'Pay $107.00');
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/payment\/confirmation\?/);
    await page.getByText('Payment successful! Your listing is now active.').waitFor();
    await page.waitForURL(`${paying.baseUrl}/listings/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
    expect(await getListing(listing.id)).toMatchObject({ payment_status: 'paid', is_active: true, duration_months: 3 });

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("a declined card shows 'Your card was declined.' with the focus on it; the seller types another card and pays, by keyboard alone", async () => {
    const listing = await createListing(paying, seller, { title: 'Sartorius Cubis II Analytical Balance', price: 2400 });
    const { page, context, pageErrors } = await newSession(browser, paying.baseUrl);
    await logInWithToken(context, seller.token);
    await page.goto(`/payment/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: 'Complete Payment' }).waitFor();
    await page.getByRole('button', { name: 'Pay $49.00' }).waitFor();

    await tabTo(page, 'Card number');
    await typeCard(page, CARD_DECLINED);
    await page.keyboard.press('Enter'); // Enter in a field submits the card form
    const alert = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await alert.waitFor();
    // The focus is on the message (read out at once), just before the card number.
    await expect.poll(async () => (await focused(page)).name).toBe('Your card was declined.');
    await expectFocusVisible(page, 'Your card was declined.');
    expect(new URL(page.url()).pathname).toBe(`/payment/${listing.id}`);
    expect((await getListing(listing.id)).payment_status).toBe('unpaid');

    // Tab: the card number, its text selected, so typing replaces it.
    await page.keyboard.press('Tab');
    await expectFocusVisible(page, 'Card number');
    await page.keyboard.type(CARD_OK);
    expect(await page.getByLabel('Card number').inputValue()).toBe(CARD_OK);
    await tabTo(page, 'Pay $49.00', { limit: 5 });
    await page.keyboard.press('Enter');
    await page.getByText('Payment successful! Your listing is now active.').waitFor();
    await page.waitForURL(`${paying.baseUrl}/listings/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
    expect((await getListing(listing.id)).payment_status).toBe('paid');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

// ── Feedback ────────────────────────────────────────────────────────────────

describe('keyboard: feedback', () => {
  it('a verified user opens the feedback panel, is refused blank feedback, writes and sends it, by keyboard alone', async () => {
    const user = await verifiedUser('keyboard-feedback');
    const text = 'Found a centrifuge in two minutes, by keyboard.';
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, user.token);
    await page.goto('/search');
    await page.getByRole('banner').getByText(user.email, { exact: true }).waitFor();

    // The footer's button is the page's last Tab stop: Shift+Tab from the top.
    await tabTo(page, 'Provide Feedback', { backwards: true });
    await expectFocusVisible(page, 'Provide Feedback');
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Share Your Feedback' });
    await panel.waitFor();
    const field = panel.getByRole('textbox', { name: 'Your feedback' });
    await field.waitFor();
    expect(await focused(page)).toMatchObject({ role: 'dialog', name: 'Share Your Feedback' });

    await tabTo(page, 'Submit Feedback', { limit: 4 });
    await expectFocusVisible(page, 'Submit Feedback');
    await page.keyboard.press('Enter');
    await panel.getByText('Please enter your feedback. Blank submissions are not allowed.').waitFor();
    // Refused: the focus goes to the field to fill in.
    expect((await focused(page)).name).toBe('Your feedback');
    await expectFocusVisible(page, 'Your feedback');

    await page.keyboard.type(text);
    await panel.getByText(`${String(text.length)}/1000`, { exact: true }).waitFor();
    await page.keyboard.press('Tab');
    await expectFocusVisible(page, 'Submit Feedback');
    const submitted = page.waitForResponse((response) => response.url().endsWith('/api/v1/reviews/'));
    await page.keyboard.press('Enter');
    const response = await submitted;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({ comment: text, page: '/search' });
    await panel.getByText('Thank you for your feedback!').waitFor();

    // The panel closes by itself and gives the focus back to its button.
    await panel.waitFor({ state: 'detached', timeout: 5000 });
    await expectFocusVisible(page, 'Provide Feedback');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

// ── Buyer tools (issue 16) ──────────────────────────────────────────────────

describe('keyboard: buyer tools', () => {
  const NANODROP = 'Thermo Scientific NanoDrop One Spectrophotometer';
  const IMPLEN = 'Implen NanoPhotometer N60 Spectrophotometer';
  let seller: TestUser;
  let buyer: TestUser;
  let nanodrop: CreatedListing;
  let implen: CreatedListing;

  beforeAll(async () => {
    [seller, buyer] = await Promise.all([verifiedUser('keyboard-tools-seller'), verifiedUser('keyboard-tools-buyer')]);
    nanodrop = await createPublishedListing(
      server,
      seller,
      {
        title: NANODROP,
        description: 'Microvolume UV-Vis spectrophotometer with touchscreen, 1 µl samples, calibrated by the maker in 2024.',
        price: 7900,
      },
      { photo: false },
    );
    implen = await createPublishedListing(
      server,
      seller,
      {
        title: IMPLEN,
        description: 'Microvolume and cuvette spectrophotometer, battery powered, with its case and the calibration certificate.',
        price: 5200,
      },
      { photo: false },
    );
  });

  const watchedIds = async (): Promise<string[]> =>
    (await api<{ items: { listing: { id: string } }[] }>(server.baseUrl, '/watchlist', { token: buyer.token })).items.map(
      (item) => item.listing.id,
    );

  it('a buyer sorts the results, ticks Compare on two cards, watches and unwatches one, and opens the comparison from the bar, by keyboard alone', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, buyer.token);
    await page.goto('/search');
    await page.getByRole('heading', { level: 2, name: 'Newest listings' }).waitFor();
    await tabTo(page, 'Search equipment');
    await page.keyboard.type('spectrophotometer');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Results for “spectrophotometer”' }).waitFor();
    await page.getByRole('article', { name: NANODROP }).waitFor();
    const order = async () =>
      (await page.getByRole('article').allTextContents()).map((text) => [NANODROP, IMPLEN].find((title) => text.includes(title)));

    // The native select: the arrow keys move through the orders, each one searching again.
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    expect(await sort.inputValue()).toBe('');
    await tabTo(page, 'Sort by');
    await expectFocusVisible(page, 'Sort by');
    for (let i = 0; i < 3 && (await sort.inputValue()) !== 'price_asc'; i += 1) await page.keyboard.press('ArrowDown');
    expect(await sort.inputValue()).toBe('price_asc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
    await expect.poll(order).toEqual([IMPLEN, NANODROP]);
    expect((await focused(page)).name).toBe('Sort by');

    // Compare: the tick box of each card, with Space.
    for (const title of [IMPLEN, NANODROP]) {
      await tabTo(page, 'Compare', { within: title });
      await expectFocusVisible(page, 'Compare');
      await page.keyboard.press('Space');
      expect(await page.getByRole('article', { name: title }).getByRole('checkbox', { name: 'Compare' }).isChecked()).toBe(true);
    }
    const bar = page.getByRole('region', { name: 'Compare listings' });
    await bar.getByText('2 of 4 listings selected for comparison').waitFor();

    // The heart beside it: Enter watches, Space unwatches, Enter watches again; the focus stays on it.
    await tabTo(page, 'Watch', { within: NANODROP, limit: 3 });
    await expectFocusVisible(page, 'Watch');
    const card = page.getByRole('article', { name: NANODROP });
    await page.keyboard.press('Enter');
    await card.getByRole('button', { name: 'Watching', pressed: true }).waitFor();
    await expectFocusVisible(page, 'Watching');
    await expect.poll(watchedIds).toEqual([nanodrop.id]);
    await page.keyboard.press('Space');
    await card.getByRole('button', { name: 'Watch', pressed: false }).waitFor();
    await expect.poll(watchedIds).toEqual([]);
    await page.keyboard.press('Enter');
    await card.getByRole('button', { name: 'Watching', pressed: true }).waitFor();
    await expect.poll(watchedIds).toEqual([nanodrop.id]);

    // On to the bar below the results: its link opens the comparison of the two, in the order ticked.
    const link = await tabTo(page, 'Compare');
    expect(link.tag).toBe('a');
    await expectFocusVisible(page, 'Compare');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/compare');
    expect(new URL(page.url()).searchParams.get('ids')).toBe(`${implen.id},${nanodrop.id}`);
    const headers = page.getByRole('table').getByRole('columnheader');
    await headers.first().waitFor();
    const names = await headers.allTextContents();
    expect(names).toHaveLength(2);
    expect(names[0]).toContain(IMPLEN);
    expect(names[1]).toContain(NANODROP);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a buyer makes an offer in the conversation and the seller accepts it, by keyboard alone', async () => {
    // The contact form that opens the conversation has its own keyboard journey (messaging).
    await api(server.baseUrl, '/messages', {
      token: buyer.token,
      json: { listing_id: implen.id, sender_name: 'Dr. Ada Keyboard', sender_email: buyer.email, message: 'Would you take an offer?' },
    });
    const conversations = await api<{ items: { id: string; listing: { id: string } }[] }>(server.baseUrl, '/conversations', {
      token: buyer.token,
    });
    const conversationId = conversations.items.find((item) => item.listing.id === implen.id)?.id;
    if (!conversationId) throw new Error('The message opened no conversation');

    const buyerSession = await newSession(browser, server.baseUrl);
    await logInWithToken(buyerSession.context, buyer.token);
    const buyerPage = buyerSession.page;
    await buyerPage.goto(`/messages/${conversationId}`);
    const buyerEntries = buyerPage.getByRole('list', { name: 'Messages and offers' });
    await buyerEntries.getByText('Would you take an offer?').waitFor();

    await tabTo(buyerPage, 'Make an offer');
    await expectFocusVisible(buyerPage, 'Make an offer');
    await buyerPage.keyboard.press('Enter');
    await buyerPage.getByRole('form', { name: 'Make an offer' }).waitFor();
    // The form opens with the focus on its first field.
    await expectFocusVisible(buyerPage, 'Amount (USD)');
    await buyerPage.keyboard.type('4950');
    await buyerPage.keyboard.press('Tab');
    expect((await focused(buyerPage)).name).toBe('Note (optional)');
    await buyerPage.keyboard.type('I can collect it next week.');
    await buyerPage.keyboard.press('Tab');
    await expectFocusVisible(buyerPage, 'Send offer');
    await buyerPage.keyboard.press('Enter');
    await buyerEntries.getByText('Your offer: $4,950.00').waitFor();
    await buyerEntries.getByText('Waiting for the seller').waitFor();
    await buyerPage.getByRole('form', { name: 'Make an offer' }).waitFor({ state: 'detached' });

    const sellerSession = await newSession(browser, server.baseUrl);
    await logInWithToken(sellerSession.context, seller.token);
    const sellerPage = sellerSession.page;
    await sellerPage.goto(`/messages/${conversationId}`);
    const sellerEntries = sellerPage.getByRole('list', { name: 'Messages and offers' });
    await sellerEntries.getByText('I can collect it next week.').waitFor();
    await tabTo(sellerPage, 'Accept');
    await expectFocusVisible(sellerPage, 'Accept');
    await sellerPage.keyboard.press('Enter');
    await sellerEntries.getByText('Accepted', { exact: true }).waitFor();
    expect(await sellerEntries.getByRole('button', { name: 'Accept' }).count()).toBe(0);

    // The seller's answer is news to the buyer: the header counts it until they open the conversation.
    await buyerPage.goto('/watchlist');
    await buyerPage.getByRole('banner').getByRole('link', { name: 'Messages 1 unread' }).waitFor();

    expect(buyerSession.pageErrors).toEqual([]);
    expect(sellerSession.pageErrors).toEqual([]);
    await buyerSession.context.close();
    await sellerSession.context.close();
  });
});
