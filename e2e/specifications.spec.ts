import { LICENSED_PROFESSIONAL_CONFIRMATION, RESTRICTED_SALE_NOTICE } from '@benchmarket/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createVerifiedUser, logInWithToken, type TestUser } from './support/api.js';
import { launchBrowser, newSession } from './support/browser.js';
import { payByCardThroughApi } from './support/card-payments.js';
import { certificatePdf } from './support/documents.js';
import { severeAxeViolations } from './support/listing-fixtures.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 15, end to end: a seller fills the specifications and regulatory facts of a restricted
 * device and adds its calibration certificate; a buyer filters by maker and year, reads the
 * table, downloads the certificate, visits the seller page and, confirming they are a licensed
 * professional, contacts the seller.
 */

const TITLE = 'Quellberg QV-500 volumetric infusion pump';
const MAKER = 'Quellberg Medical';
const SERIAL = 'QV5-000-77812';

interface ListingBody {
  id: string;
  manufacturer: string | null;
  model: string | null;
  year_of_manufacture: number | null;
  serial_number?: string | null;
  regulatory: { device_class: string | null; fda_510k_number: string | null; sale_restriction: string };
  decontamination: { status: string; date: string | null } | null;
  documents?: { type: string }[];
}

let server: RunningServer;
let browser: Browser;
let seller: TestUser;
let buyer: TestUser;
let listingId = '';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  [seller, buyer] = await Promise.all([createVerifiedUser(server, 'spec-seller'), createVerifiedUser(server, 'spec-buyer')]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('specifications, regulatory facts and documents journey (issue 15)', () => {
  it('the seller fills specifications and regulatory facts, publishes, and adds a calibration certificate', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, seller.token);
    await page.goto('/create-listing');
    await page.getByRole('heading', { level: 1, name: 'Create Listing' }).waitFor();
    await page.getByLabel('Title').fill(TITLE);
    await page.getByLabel('Description').fill('Volumetric infusion pump from a closed ward, serviced and tested. Pole clamp included.');
    await page.getByLabel('Price').fill('1450');
    await page.getByLabel('Condition').selectOption({ label: 'Pre-owned' });

    await page.getByText('Specifications', { exact: true }).first().waitFor();
    await page.getByLabel('Manufacturer').fill(MAKER);
    await page.getByLabel('Model').fill('QV-500');
    await page.getByLabel('Year of manufacture').fill('2019');
    await page.getByLabel('Hours of use').fill('3200');
    await page.getByLabel('Serial number').fill(SERIAL);
    await page.getByLabel('Warranty').selectOption({ label: '90 days' });
    await page.getByLabel('Shipping').selectOption({ label: 'Seller ships (parcel)' });
    await page.getByLabel('Included accessories').fill('Pole clamp\nPower cord');

    await page.getByText('Regulatory and safety', { exact: true }).first().waitFor();
    await page.getByLabel('Device class').selectOption({ label: 'FDA Class II' });
    // A wrong 510(k) number is refused with its reason before anything is sent.
    await page.getByLabel('FDA 510(k)').fill('K19012');
    await page.getByRole('button', { name: 'Create Listing' }).click();
    await page.getByText('FDA 510(k) number must be K followed by 6 digits, for example K123456').first().waitFor();
    await page.getByLabel('FDA 510(k)').fill('K190123');
    await page.getByLabel('Sale restriction').selectOption({ label: 'Licensed professionals only (Rx)' });
    await page.getByLabel('Decontamination', { exact: true }).selectOption({ label: 'Decontaminated' });
    await page.getByLabel('Decontamination date').fill('2026-10-15');
    await page.getByRole('button', { name: 'Create Listing' }).click();
    await page.waitForURL(/\/payment\/[0-9a-f-]{36}$/);
    listingId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    expect(await payByCardThroughApi(server, seller, listingId)).not.toBeUndefined();

    // The calibration certificate, on the edit page.
    await page.goto(`/edit-listing/${listingId}`);
    const documents = page.getByRole('region', { name: 'Documents' });
    await documents.getByLabel('Document type').selectOption({ label: 'Calibration certificate' });
    await documents
      .getByLabel('PDF files')
      .setInputFiles({ name: 'QV-500 calibration 2026.pdf', mimeType: 'application/pdf', buffer: certificatePdf() });
    await documents.getByRole('button', { name: 'Upload document' }).click();
    await documents.getByRole('button', { name: 'Remove QV-500 calibration 2026' }).waitFor();

    const saved = await api<ListingBody>(server.baseUrl, `/listings/${listingId}`, { token: seller.token });
    expect(saved).toMatchObject({
      manufacturer: MAKER,
      model: 'QV-500',
      year_of_manufacture: 2019,
      serial_number: SERIAL,
      regulatory: { device_class: 'fda_ii', fda_510k_number: 'K190123', sale_restriction: 'licensed_professionals' },
      decontamination: { status: 'decontaminated', date: '2026-10-15' },
      documents: [{ type: 'calibration_certificate' }],
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a buyer on a phone filters by maker and year, reads the table, downloads the certificate, visits the seller and contacts them as a licensed professional', async () => {
    expect(listingId).not.toBe('');
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl, { viewport: { width: 390, height: 844 } });
    await logInWithToken(context, buyer.token);
    await page.goto('/search');
    // On a phone the filters fold behind their button.
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Manufacturer').selectOption({ label: `${MAKER} (1)` });
    await page.getByLabel('Year from').fill('2018');
    await page.getByLabel('Year to').fill('2020');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/manufacturer=Quellberg/);
    expect(page.url()).toMatch(/year_from=2018/);
    const card = page.getByRole('article').filter({ hasText: TITLE });
    await card.getByText(`${MAKER} · QV-500 · 2019`).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    await card.getByRole('link', { name: TITLE }).click();
    await page.waitForURL(`**/listings/${listingId}`);

    // The specifications table, without the serial number.
    const table = page.getByRole('region', { name: 'Specifications' });
    await table.waitFor();
    const text = (await table.textContent()) ?? '';
    for (const fact of [MAKER, 'QV-500', '2019', '3,200', '90 days', 'Seller ships (parcel)', 'FDA Class II', 'K190123', 'Pole clamp']) {
      expect(text).toContain(fact);
    }
    expect(await page.locator('main').textContent()).not.toContain(SERIAL);
    await page.getByText(RESTRICTED_SALE_NOTICE).first().waitFor();

    // The certificate downloads as a PDF attachment.
    const documents = page.getByRole('region', { name: 'Documents' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      documents.getByRole('link', { name: 'Download QV-500 calibration 2026 (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('QV-500-calibration-2026.pdf');
    expect(await severeAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The seller's page, and back.
    await page.getByRole('link', { name: 'BenchMarket seller' }).first().click();
    await page.waitForURL(`**/sellers/${seller.id}`);
    await page.getByRole('link', { name: TITLE }).first().waitFor();
    await page.goBack();
    await page.waitForURL(`**/listings/${listingId}`);

    // Contacting the seller of a restricted device needs the confirmation.
    await page.getByLabel('Message').fill('Is the pump still available? We are a licensed infusion clinic.');
    const confirmation = page.getByLabel(LICENSED_PROFESSIONAL_CONFIRMATION);
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await confirmation.evaluate((box) => (box as HTMLInputElement).validity.valid)).toBe(false);
    await confirmation.check();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Your message has been sent to the seller.').waitFor();

    const inbox = await api<{ listing_id: string; licensed_professional_confirmed?: boolean }[]>(server.baseUrl, '/messages/user', {
      token: seller.token,
    });
    expect(inbox.find((message) => message.listing_id === listingId)?.licensed_professional_confirmed).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
