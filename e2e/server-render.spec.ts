import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from './support/api.js';
import { launchBrowser, newSession } from './support/browser.js';
import { createPublishedListing, type CreatedListing } from './support/listing-fixtures.js';
import { startServer, type RunningServer } from './support/server.js';

// Issue 19: the landing page, /search and a listing's page arrive with their content drawn in
// the HTML (before any script runs), and the app then takes that HTML over (hydration)
// without React finding anything different and without losing what the buttons do.

let server: RunningServer;
let browser: Browser;
let listing: CreatedListing;

const TITLE = 'Eppendorf 5810R Refrigerated Centrifuge, hydration check';

beforeAll(async () => {
  server = await startServer({ PROMO_FREE_UNTIL: '2099-06-01' });
  browser = await launchBrowser();
  const seller = await createVerifiedUser(server, 'ssr-seller');
  listing = await createPublishedListing(server, seller, {
    title: TITLE,
    description: 'Refrigerated benchtop centrifuge, 4 × 750 mL swing-bucket rotor, serviced this year.',
    price: 7340,
    condition: 'excellent-refurbished',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The page's <body> as the server sends it: one GET, no script run. */
async function serverBody(path: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}${path}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return html.slice(html.indexOf('<body'));
}

describe('pages that paint before React', () => {
  it("has the listing's title and price in the server's HTML, and the page works after hydration with no hydration error", async () => {
    const body = await serverBody(`/listings/${listing.id}`);
    expect(body).toContain(`<h1`);
    expect(body).toContain(TITLE);
    expect(body).toContain('7,340');

    const { context, page, pageErrors } = await newSession(browser, server.baseUrl);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    // The heading the server drew, taken before any of the app's scripts run (they are deferred).
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as { serverHeading?: Element | null }).serverHeading = document.querySelector('h1');
      });
    });
    try {
      await page.goto(`/listings/${listing.id}`);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await page.waitForLoadState('networkidle');
      // Hydrated, not drawn again: React adopted the server's element instead of replacing it.
      await expect(
        page.evaluate(() => {
          const drawn = (window as { serverHeading?: Element | null }).serverHeading;
          return drawn?.textContent === document.querySelector('h1')?.textContent && drawn?.isConnected === true;
        }),
      ).resolves.toBe(true);
      await expect(page.title()).resolves.toBe(`${TITLE} · BenchMarket`);

      // Interactive: a link the app handles moves to /search without a full page load.
      await page.evaluate(() => {
        (window as { stillHere?: boolean }).stillHere = true;
      });
      await page
        .getByRole('banner')
        .getByRole('link', { name: /search/i })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: 'Search Equipment' }).waitFor();
      await expect(page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).resolves.toBe(true);

      expect(consoleErrors.filter((text) => /hydrat|did not match|Minified React error/i.test(text))).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('draws the landing page and the first view of /search on the server, and hydrates both without errors', async () => {
    const landing = await serverBody('/');
    expect(landing).toContain(TITLE);
    const search = await serverBody('/search');
    expect(search).toContain('Search Equipment');
    expect(search).toContain(TITLE);

    const { context, page, pageErrors } = await newSession(browser, server.baseUrl);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    try {
      for (const path of ['/', '/search']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await page.getByRole('link', { name: TITLE }).first().waitFor();
      }
      expect(consoleErrors.filter((text) => /hydrat|did not match|Minified React error/i.test(text))).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
