import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createVerifiedUser, logInWithToken, type TestUser } from './support/api.js';
import { launchBrowser, newSession } from './support/browser.js';
import { certificatePdf } from './support/documents.js';
import { createPublishedListing, severeAxeViolations } from './support/listing-fixtures.js';
import { startServer, type RunningServer } from './support/server.js';

interface ListingWithDocuments {
  documents?: { type: string; title: string; url: string }[];
}

let server: RunningServer;
let browser: Browser;
let seller: TestUser;
let buyer: TestUser;
let listingId = '';

beforeAll(async () => {
  // The promotion makes a 1-month activation free, so the listing can be published without a card.
  server = await startServer({ PROMO_FREE_UNTIL: '2099-06-01' });
  browser = await launchBrowser();
  [seller, buyer] = await Promise.all([createVerifiedUser(server, 'seller'), createVerifiedUser(server, 'buyer')]);
  listingId = (await createPublishedListing(server, seller, { title: 'Mettler Toledo XPR205 analytical balance' })).id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('listing documents journey (issue 15)', () => {
  it('the seller uploads a calibration certificate on the edit page, on a phone', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl, { viewport: { width: 390, height: 844 } });
    await logInWithToken(context, seller.token);
    await page.goto(`/edit-listing/${listingId}`);
    const section = page.getByRole('region', { name: 'Documents' });
    await section.waitFor();

    await section.getByLabel('Document type').selectOption({ label: 'Calibration certificate' });
    await section
      .getByLabel('PDF files')
      .setInputFiles({ name: 'Calibration certificate 2025.pdf', mimeType: 'application/pdf', buffer: certificatePdf() });
    await section.getByRole('button', { name: 'Upload document' }).click();
    await section.getByRole('button', { name: 'Remove Calibration certificate 2025' }).waitFor();
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await severeAxeViolations(page)).toEqual([]);

    const listing = await api<ListingWithDocuments>(server.baseUrl, `/listings/${listingId}`);
    expect(listing.documents).toMatchObject([{ type: 'calibration_certificate', title: 'Calibration certificate 2025' }]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a buyer sees it on the listing page and downloads it as a PDF', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, buyer.token);
    await page.goto(`/listings/${listingId}`);
    const section = page.getByRole('region', { name: 'Documents' });
    // The page is drawn by the server and then hydrated: wait for the row, as a reader would.
    await section.getByText('Calibration certificate', { exact: true }).waitFor();
    expect(await section.getByText('Calibration certificate', { exact: true }).isVisible()).toBe(true);
    expect(await section.textContent()).toMatch(/PDF, \d+ (bytes|kB)/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Download Calibration certificate 2025 (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Calibration-certificate-2025.pdf');
    const file = await download.path();
    expect(file).toBeTruthy();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
