import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInWithToken, registerVerifiedByMail, type TestUser, uniqueEmail } from './support/api.js';
import { launchBrowser, newSession } from './support/browser.js';
import { createPublishedListing, severeAxeViolations } from './support/listing-fixtures.js';
import { linkIn, startMailCatcher, type MailCatcher } from './support/mail.js';
import { startServer, type RunningServer } from './support/server.js';

// Issue 16's saved-search journey against the real server, its worker and a real SMTP server:
// a buyer saves a search on /search, a seller publishes a matching listing, the alert mail
// arrives with the listing and a one-click unsubscribe link that works logged out.
// ALERTS_EVERY_SECONDS=1 makes the worker look for new matches every second (60 by default).

let mail: MailCatcher;
let server: RunningServer;
let browser: Browser;

const PASSWORD = 'Saved-Search-Bench-16';

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ SMTP_URL: mail.smtpUrl, PROMO_FREE_UNTIL: '2099-06-01', ALERTS_EVERY_SECONDS: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.stop();
});

/** Registers through the API and follows the verification link from the mail. */
async function registerVerified(who: string): Promise<TestUser> {
  return registerVerifiedByMail(server.baseUrl, mail, uniqueEmail(who), PASSWORD);
}

describe('saved searches', () => {
  it('a buyer saves a search, a seller publishes a match, the alert arrives and its unsubscribe link works', async () => {
    const buyer = await registerVerified('buyer');
    const seller = await registerVerified('seller');
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl, { viewport: { width: 390, height: 844 } });
    await logInWithToken(context, buyer.token);

    // The buyer searches, sorts by price and saves the search with instant alerts (the default).
    await page.goto('/search?q=autoclave');
    await page.getByRole('heading', { level: 2, name: 'Results for “autoclave”' }).waitFor();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
    await page.waitForURL(/sort=price_asc/);
    await page.getByRole('button', { name: 'Save search' }).click();
    const form = page.getByRole('form', { name: 'Save search' });
    const name = form.getByRole('textbox', { name: 'Name' });
    expect(await name.inputValue()).toBe('autoclave');
    await name.fill('Autoclaves');
    expect(await form.getByRole('radio', { name: 'Instant' }).isChecked()).toBe(true);
    expect(await severeAxeViolations(page, { include: 'main' })).toEqual([]);
    await form.getByRole('button', { name: 'Save search' }).click();
    await page.getByText('Search saved as “Autoclaves”.').waitFor();

    // A seller publishes a matching listing (and one that does not match).
    const listing = await createPublishedListing(server, seller, { title: 'Tuttnauer 3870EA autoclave', price: 4200, location: 'Germany' });
    await createPublishedListing(server, seller, { title: 'Olympus CX23 microscope', price: 900 }, { photo: false });

    const alert = await mail.waitForMail(buyer.email, /Autoclaves/, 30_000);
    expect(alert.subject).toBe('1 new listing matches "Autoclaves"');
    expect(alert.text).toContain('Tuttnauer 3870EA autoclave');
    expect(alert.text).toContain('$4,200.00 · Pre-owned · Germany');
    expect(alert.text).not.toContain('microscope');
    expect(linkIn(alert, `/listings/${listing.id}`)).toBe(`${server.baseUrl}/listings/${listing.id}`);
    expect(alert.html).toContain('<img src="');

    // The dashboard lists the search with its alerts on.
    await page.goto('/dashboard?tab=saved-searches');
    const item = page.getByRole('listitem', { name: 'Autoclaves' });
    await item.getByText('Alerts on').waitFor();
    expect(await item.getByRole('link', { name: 'Run search' }).getAttribute('href')).toBe('/search?q=autoclave&sort=price_asc');
    expect(await severeAxeViolations(page, { include: 'main' })).toEqual([]);

    // The unsubscribe link works logged out, in one click.
    const visitor = await newSession(browser, server.baseUrl);
    await visitor.page.goto(linkIn(alert, '/unsubscribe'));
    await visitor.page.getByText('You will no longer receive alerts for "Autoclaves".').waitFor();
    expect(await severeAxeViolations(visitor.page, { include: 'main' })).toEqual([]);
    await visitor.context.close();

    await page.reload();
    await page.getByRole('listitem', { name: 'Autoclaves' }).getByText('Paused').waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
