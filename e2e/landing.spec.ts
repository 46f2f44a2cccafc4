import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, logInWithToken, type TestUser } from './support/api.js';
import { launchBrowser, newSession } from './support/browser.js';
import { createPublishedListing, type CreatedListing } from './support/listing-fixtures.js';
import { startServer, type RunningServer } from './support/server.js';

// The landing page (spec §2 '/') in both auth states, its latest-listings strip, and the
// header's collapsible menu on a phone, by touch and by keyboard.

let server: RunningServer;
let browser: Browser;
let seller: TestUser;
let listing: CreatedListing;

beforeAll(async () => {
  // The promotion publishes the fixture listing without a card step.
  server = await startServer({ PROMO_FREE_UNTIL: '2099-06-01' });
  browser = await launchBrowser();
  seller = await createVerifiedUser(server, 'landing-seller');
  listing = await createPublishedListing(server, seller, { title: 'Olympus CKX53 Inverted Microscope', price: 8900 });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function hrefOf(page: Page, name: string): Promise<string | null> {
  return page.getByRole('main').getByRole('link', { name, exact: true }).getAttribute('href');
}

/** Presses Tab until `name` has focus (at most `limit` times); fails if it never does. */
async function tabTo(page: Page, name: string, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element ? (element.getAttribute('aria-label') ?? element.innerText).trim() : '';
    });
    if (focused === name) return;
  }
  throw new Error(`"${name}" never got focus by Tab`);
}

describe('landing page', () => {
  it('shows a visitor the hero, features, steps and promotion, with the links of spec §2', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await page.goto('/');

    await page.getByRole('heading', { level: 1 }).waitFor();
    const main = page.getByRole('main');
    for (const title of ['AI-Powered Search', 'Trusted Reviews', 'Seamless Communication', 'Explore', 'Compare', 'Secure']) {
      expect(await main.getByRole('heading', { level: 3, name: title, exact: true }).isVisible()).toBe(true);
    }
    // The offer shows once the settings (GET /config) say it runs; featuring is the team's choice.
    const promo = main.getByRole('region', { name: 'List Free Until June' });
    await promo.waitFor();
    for (const perk of ['30 days free listing', 'Unlimited listings', 'Featured placement, chosen by our team', 'Direct buyer messaging']) {
      expect(await promo.getByText(perk, { exact: true }).isVisible()).toBe(true);
    }
    expect(await hrefOf(page, 'Explore Equipment')).toBe('/search');
    expect(await hrefOf(page, 'List Your Equipment')).toBe('/register');
    expect(await hrefOf(page, 'Get Started Now')).toBe('/register');

    await main.getByRole('link', { name: 'Explore Equipment' }).click();
    await page.waitForURL(`${server.baseUrl}/search`);
    await page.goBack();
    await main.getByRole('link', { name: 'List Your Equipment' }).click();
    await page.waitForURL(`${server.baseUrl}/register`);
    await page.goBack();
    await main.getByRole('link', { name: 'Get Started Now' }).click();
    await page.waitForURL(`${server.baseUrl}/register`);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('sends a logged-in seller from List Your Equipment to /create-listing; Get Started Now still registers', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, seller.token);
    await page.goto('/');

    await page.getByRole('banner').getByText(seller.email).waitFor();
    expect(await hrefOf(page, 'List Your Equipment')).toBe('/create-listing');
    expect(await hrefOf(page, 'Explore Equipment')).toBe('/search');
    expect(await hrefOf(page, 'Get Started Now')).toBe('/register');
    await page.getByRole('main').getByRole('link', { name: 'List Your Equipment' }).click();
    await page.waitForURL(`${server.baseUrl}/create-listing`);
    await page.getByRole('heading', { level: 1, name: 'Create Listing' }).waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows the latest listings from the API, each opening its page', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await page.goto('/');

    const strip = page.getByRole('region', { name: 'Latest listings' });
    const card = strip.getByRole('link', { name: /Olympus CKX53 Inverted Microscope/ });
    await card.waitFor();
    expect(await card.getByText('$8,900.00').isVisible()).toBe(true);
    const photo = card.locator('img');
    expect(await photo.getAttribute('loading')).toBe('lazy');
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    await card.click();
    await page.waitForURL(`${server.baseUrl}/listings/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: 'Olympus CKX53 Inverted Microscope' }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('works by keyboard alone: skip link, then Tab to Explore Equipment and Enter', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await tabTo(page, 'Explore Equipment');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/search`);

    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await tabTo(page, 'Get Started Now', 80);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/register`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('header on a phone', () => {
  const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

  async function phoneSession(): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
    const context = await browser.newContext({ baseURL: server.baseUrl, ...PHONE });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return { context, page, pageErrors };
  }

  it('collapses the links into a menu that opens and closes by touch', async () => {
    const { context, page, pageErrors } = await phoneSession();
    await page.goto('/');
    const banner = page.getByRole('banner');
    const toggle = banner.getByRole('button', { name: 'Open menu' });
    await toggle.waitFor();
    const search = banner.getByRole('link', { name: 'Search Equipment' });
    expect(await search.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.tap();
    const close = banner.getByRole('button', { name: 'Close menu' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    await search.waitFor({ state: 'visible' });
    for (const name of ['Home', 'Login', 'Register']) expect(await banner.getByRole('link', { name, exact: true }).isVisible()).toBe(true);

    // A tap on the toggle closes it again.
    await close.tap();
    await search.waitFor({ state: 'hidden' });

    // A tap outside the menu (on the page below it) closes it.
    await toggle.tap();
    await search.waitFor({ state: 'visible' });
    await page.touchscreen.tap(PHONE.viewport.width / 2, PHONE.viewport.height - 40);
    await search.waitFor({ state: 'hidden' });

    // A tap on a link navigates and closes the menu.
    await toggle.tap();
    await search.tap();
    await page.waitForURL(`${server.baseUrl}/search`);
    await search.waitFor({ state: 'hidden' });
    expect(await banner.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('opens with Enter or Space, is walked with Tab, and closes with Escape back on the toggle', async () => {
    const { context, page, pageErrors } = await phoneSession();
    await logInWithToken(context, seller.token);
    await page.goto('/');
    const banner = page.getByRole('banner');
    await page.getByRole('heading', { level: 1 }).waitFor();

    await tabTo(page, 'Open menu');
    await page.keyboard.press('Enter');
    const dashboard = banner.getByRole('link', { name: 'Dashboard' });
    await dashboard.waitFor({ state: 'visible' });
    expect(await banner.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    // The logged-in links follow the toggle in Tab order.
    await tabTo(page, 'Create Listing', 6);
    await page.keyboard.press('Escape');
    await dashboard.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');

    await page.keyboard.press('Space');
    await dashboard.waitFor({ state: 'visible' });
    await tabTo(page, 'Dashboard', 6);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/dashboard`);
    await dashboard.waitFor({ state: 'hidden' });

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
