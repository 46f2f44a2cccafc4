import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, callApi, createVerifiedUser, logInWithToken, type TestUser } from './support/api.js';
import { launchBrowser, newSession } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/** The fields of a listing this journey reads (spec §3). */
interface ListingBody {
  id: string;
  user_id: string;
  title: string;
  price: number;
  condition: string;
  location: string | null;
  duration_months: number;
  payment_status: string;
  is_deleted: boolean;
  photos: string[];
  thumbnails: string[];
}

// ── A real PNG, made here: signature, IHDR, one IDAT of RGB rows, IEND ────────────────
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A width × height PNG: a two-colour diagonal split, so each test photo looks different. */
function makePng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1); // each row starts with filter type 0
    for (let x = 0; x < width; x += 1) {
      const light = x > y ? 1 : 0.5;
      rows.set([Math.round(r * light), Math.round(g * light), Math.round(b * light)], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let server: RunningServer;
let browser: Browser;
let seller: TestUser;
let buyer: TestUser;
let listingId = '';

/** No WCAG 2 A/AA violations in the page area (or in `selector`, e.g. an open dialog). */
async function expectAccessible(page: Page, selector = 'main'): Promise<void> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

async function focusedLabel(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
}

beforeAll(async () => {
  // The promotion makes a 1-month activation free, so the journey can publish without a card.
  server = await startServer({ PROMO_FREE_UNTIL: '2099-06-01' });
  browser = await launchBrowser();
  [seller, buyer] = await Promise.all([createVerifiedUser(server, 'seller'), createVerifiedUser(server, 'buyer')]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('listings journey', () => {
  it('creates a listing with two photos and goes on to the payment step', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, seller.token);
    await page.goto('/create-listing');

    await page.getByRole('heading', { level: 1, name: 'Create Listing' }).waitFor();
    await page.getByLabel('Title').fill('Eppendorf 5810R Refrigerated Centrifuge');
    await page.getByLabel('Description').fill('Benchtop centrifuge, serviced 2024.\n\nIncludes A-4-62 swing-bucket rotor.');
    await page.getByLabel('Price').fill('4250.50');
    await page.getByLabel('Condition').selectOption({ label: 'Pre-owned' });
    const location = page.getByRole('combobox', { name: 'Location' });
    await location.fill('germ');
    await page.getByRole('option', { name: 'Germany' }).waitFor();
    await location.press('Enter');
    expect(await location.inputValue()).toBe('Germany');
    await page.getByLabel('Duration').selectOption({ label: '6 months' });

    await page.getByLabel('browse').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: makePng(64, 48, [20, 140, 130]) },
      { name: 'back.png', mimeType: 'image/png', buffer: makePng(48, 64, [200, 90, 40]) },
    ]);
    const queued = page.getByRole('list', { name: 'Photos to upload' }).getByRole('img');
    await expect.poll(() => queued.count()).toBe(2);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Create Listing' }).click();
    await page.waitForURL(/\/payment\/[0-9a-f-]{36}$/);
    listingId = new URL(page.url()).pathname.split('/').at(-1) ?? '';

    const listing = await api<ListingBody>(server.baseUrl, `/listings/${listingId}`, { token: seller.token });
    expect(listing).toMatchObject({
      user_id: seller.id,
      title: 'Eppendorf 5810R Refrigerated Centrifuge',
      price: 4250.5,
      condition: 'pre-owned',
      location: 'Germany',
      duration_months: 6,
      payment_status: 'unpaid',
    });
    expect(listing.photos).toHaveLength(2);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows the owner the unpaid listing, with a lightbox that works from the keyboard', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, seller.token);
    await page.goto(`/listings/${listingId}`);

    await page.getByRole('heading', { level: 1, name: 'Eppendorf 5810R Refrigerated Centrifuge' }).waitFor();
    expect(await page.title()).toContain('Eppendorf 5810R Refrigerated Centrifuge');
    expect(await page.getByText('Pre-owned').count()).toBeGreaterThan(0);
    expect(await page.getByText('$4,250.50').isVisible()).toBe(true);
    expect(await page.getByText('Germany').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Edit Listing' }).getAttribute('href')).toBe(`/edit-listing/${listingId}`);
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(await page.getByRole('link', { name: 'Complete payment' }).isVisible()).toBe(true);

    // The stored photos load (served from /uploads).
    const first = page.getByRole('img', { name: 'Eppendorf 5810R Refrigerated Centrifuge — photo 1 of 2' });
    await expect.poll(() => first.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(page);

    // Open with the keyboard, move with the arrows, close with Escape: focus comes back.
    const opener = page.getByRole('button', { name: 'Open photo 1 of 2 in the photo viewer' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await focusedLabel(page)).toBe('Close photo viewer');
    await dialog.getByText('Photo 1 of 2').waitFor();
    await page.keyboard.press('ArrowRight');
    await dialog.getByText('Photo 2 of 2').waitFor();
    const viewed = dialog.getByRole('img', { name: 'Eppendorf 5810R Refrigerated Centrifuge — photo 2 of 2' });
    await expect.poll(() => viewed.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // Tab stays inside the dialog.
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await page.keyboard.press('ArrowLeft');
    await dialog.getByText('Photo 1 of 2').waitFor();
    await expectAccessible(page, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedLabel(page)).toBe('Open photo 1 of 2 in the photo viewer');

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('edits the listing: new title and price, one photo removed, then back on its page', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, seller.token);
    await page.goto(`/listings/${listingId}`);
    await page.getByRole('link', { name: 'Edit Listing' }).click();
    await page.waitForURL(`**/edit-listing/${listingId}`);

    const title = page.getByLabel('Title');
    await page.getByRole('heading', { level: 1, name: 'Edit Listing' }).waitFor();
    expect(await title.inputValue()).toBe('Eppendorf 5810R Refrigerated Centrifuge');
    expect(await page.getByLabel('Duration').count()).toBe(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Remove photo 2' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Remove photo/ }).count()).toBe(1);

    await title.fill('Eppendorf 5810R Centrifuge with rotor');
    await page.getByLabel('Price').fill('3999');
    await page.getByRole('button', { name: 'Update Listing' }).click();
    await page.waitForURL(`**/listings/${listingId}`);
    await page.getByRole('heading', { level: 1, name: 'Eppendorf 5810R Centrifuge with rotor' }).waitFor();
    expect(await page.getByText('$3,999.00').isVisible()).toBe(true);

    const listing = await api<ListingBody>(server.baseUrl, `/listings/${listingId}`, { token: seller.token });
    expect(listing.title).toBe('Eppendorf 5810R Centrifuge with rotor');
    expect(listing.price).toBe(3999);
    expect(listing.photos).toHaveLength(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('refuses the edit page to another user', async () => {
    const { page, context } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, buyer.token);
    // Published (free first month), so the other user can load it but not edit it.
    const payment = await api<{ client_secret: string; amount: number }>(server.baseUrl, '/payments/create-intent', {
      token: seller.token,
      json: { listing_id: listingId, duration_months: 1 },
    });
    expect(payment.amount).toBe(0);
    expect(payment.client_secret.startsWith('free_tier_')).toBe(true);

    await page.goto(`/listings/${listingId}`);
    await page.getByRole('heading', { level: 1, name: 'Eppendorf 5810R Centrifuge with rotor' }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit Listing' }).count()).toBe(0);

    await page.goto(`/edit-listing/${listingId}`);
    await page.getByText('You do not have permission to edit this listing').waitFor();
    await context.close();
  });

  it("removes the listing: other users then see 'Listing not found'", async () => {
    const refused = await callApi(server.baseUrl, `/listings/${listingId}`, { method: 'DELETE', token: buyer.token });
    expect(refused.status).toBe(403);
    await api(server.baseUrl, `/listings/${listingId}`, { method: 'DELETE', token: seller.token });

    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, buyer.token);
    await page.goto(`/listings/${listingId}`);
    await page.getByRole('heading', { level: 1, name: 'Listing not found' }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();

    // The owner still finds it, marked as removed.
    const owner = await newSession(browser, server.baseUrl);
    await logInWithToken(owner.context, seller.token);
    await owner.page.goto(`/listings/${listingId}`);
    await owner.page.getByText('This listing has been removed. Buyers can no longer see it.').waitFor();
    await owner.context.close();
  });

  it("tells a visitor 'You must be logged in to create listings' and opens /login after 2 s", async () => {
    const { page, context } = await newSession(browser, server.baseUrl);
    await page.goto('/create-listing');
    await page.getByText('You must be logged in to create listings').waitFor();
    await page.waitForURL('**/login', { timeout: 5000 });
    await context.close();
  });
});
