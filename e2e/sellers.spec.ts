import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createVerifiedUser, logInWithToken, type TestUser } from './support/api.js';
import { launchBrowser, newSession } from './support/browser.js';
import { focusedName, tabTo } from './support/keyboard.js';
import { createPublishedListing, severeAxeViolations, SMALL_PNG, type CreatedListing } from './support/listing-fixtures.js';
import { startServer, type RunningServer } from './support/server.js';

/** Issue 15: a seller fills their profile on /account; a buyer finds it from a listing. */

let server: RunningServer;
let browser: Browser;
let seller: TestUser;
let listing: CreatedListing;

const DISPLAY_NAME = 'Van Dijk Lab Supplies';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  seller = await createVerifiedUser(server, 'profile-seller');
  listing = await createPublishedListing(server, seller, { title: 'Olympus CKX53 inverted microscope', location: 'Netherlands' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('seller pages', () => {
  it('a seller fills the profile on /account; a buyer on a phone follows the seller link from the listing to the seller page', async () => {
    // Before the profile: a name without the email.
    const before = await api<{ seller_name: string }>(server.baseUrl, `/listings/${listing.id}`);
    expect(before.seller_name).toBe('BenchMarket seller');

    const sellerSession = await newSession(browser, server.baseUrl);
    await logInWithToken(sellerSession.context, seller.token);
    const page = sellerSession.page;
    await page.goto('/account');
    const panel = page.getByRole('region', { name: 'Seller profile' });
    await panel.getByLabel('Display name').fill(DISPLAY_NAME);
    await panel.getByLabel('Company (optional)').fill('Van Dijk Laboratorium B.V.');
    await panel.getByRole('combobox', { name: 'Country' }).fill('Netherl');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await panel.getByLabel('About (optional)').fill('Microscopes and imaging from a closed histology lab.\nPickup in Utrecht.');
    await panel.getByLabel('Upload logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: SMALL_PNG });
    await panel.getByRole('img', { name: 'Your logo' }).waitFor();
    await panel.getByRole('button', { name: 'Save profile' }).click();
    await panel.getByText('Your seller profile has been saved.').waitFor();
    expect(await severeAxeViolations(page, { include: 'main' })).toEqual([]);
    expect(sellerSession.pageErrors).toEqual([]);
    await sellerSession.context.close();

    // A buyer, on a 390 px phone, by keyboard.
    const buyer = await createVerifiedUser(server, 'profile-buyer');
    const buyerSession = await newSession(browser, server.baseUrl, { viewport: { width: 390, height: 844 } });
    await logInWithToken(buyerSession.context, buyer.token);
    const phone = buyerSession.page;
    await phone.goto(`/listings/${listing.id}`);
    await phone.getByRole('heading', { level: 1, name: 'Olympus CKX53 inverted microscope' }).waitFor();
    expect(await phone.locator('main').textContent()).not.toContain(seller.email);
    await tabTo(phone, DISPLAY_NAME);
    expect(await focusedName(phone)).toBe(DISPLAY_NAME);
    await phone.keyboard.press('Enter');
    await phone.waitForURL(`**/sellers/${seller.id}`);

    await phone.getByRole('heading', { level: 1, name: DISPLAY_NAME }).waitFor();
    const main = phone.locator('main');
    expect(await main.textContent()).toContain('Van Dijk Laboratorium B.V.');
    expect(await main.textContent()).toContain('Netherlands');
    expect(await main.textContent()).toContain('Pickup in Utrecht.');
    expect(await main.textContent()).toContain('Not enough replies yet');
    expect(await main.textContent()).not.toContain(seller.email);
    const grid = phone.getByRole('region', { name: `Listings from ${DISPLAY_NAME}` });
    await grid.getByRole('link', { name: 'Olympus CKX53 inverted microscope' }).waitFor();
    expect(await grid.getByRole('article').count()).toBe(1);
    // Nothing wider than the phone's screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await severeAxeViolations(phone)).toEqual([]);
    expect(buyerSession.pageErrors).toEqual([]);
    await buyerSession.context.close();
  });
});
