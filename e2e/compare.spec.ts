import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createVerifiedUser, logInWithToken, type TestUser } from './support/api.js';
import { launchBrowser, newSession } from './support/browser.js';
import { severeAxeViolations } from './support/listing-fixtures.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 16, end to end: a buyer ticks three listings in search, compares them side by side
 * (differences highlighted), reloads and shares the address (a visitor on a phone opens it);
 * and watches a listing and finds it on /watchlist.
 */

const CENTRIFUGES = [
  {
    title: 'Eppendorf 5810R Refrigerated Centrifuge',
    price: 4200,
    condition: 'certified-refurbished',
    location: 'Germany',
    manufacturer: 'Eppendorf',
    model: '5810R',
    year_of_manufacture: 2019,
  },
  {
    title: 'Thermo Scientific Sorvall ST16R Centrifuge',
    price: 6800,
    condition: 'pre-owned',
    location: 'France',
    manufacturer: 'Thermo Fisher Scientific',
    model: 'Sorvall ST16R',
    year_of_manufacture: 2017,
  },
  {
    title: 'Beckman Coulter Allegra X-15R Centrifuge',
    price: 5100,
    condition: 'pre-owned',
    location: 'Germany',
    manufacturer: 'Beckman Coulter',
    model: 'Allegra X-15R',
    year_of_manufacture: 2019,
  },
];

let server: RunningServer;
let browser: Browser;
let seller: TestUser;
let buyer: TestUser;
const ids = new Map<string, string>();

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ PROMO_FREE_UNTIL: '2099-06-01' }), launchBrowser()]);
  [seller, buyer] = await Promise.all([createVerifiedUser(server, 'compare-seller'), createVerifiedUser(server, 'compare-buyer')]);
  for (const listing of CENTRIFUGES) {
    const { id } = await api<{ id: string }>(server.baseUrl, '/listings', {
      token: seller.token,
      json: {
        ...listing,
        description: `${listing.title}: benchtop centrifuge, serviced last year, with rotor and buckets.`,
        duration_months: 1,
      },
    });
    await api(server.baseUrl, '/payments/create-intent', { token: seller.token, json: { listing_id: id, duration_months: 1 } });
    ids.set(listing.title, id);
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('compare and watch (issue 16)', () => {
  it('a buyer ticks three listings in search, compares them side by side, reloads, and shares the address', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, buyer.token);
    await page.goto('/search');
    for (const { title } of CENTRIFUGES) {
      await page.getByRole('article', { name: title }).getByRole('checkbox', { name: 'Compare' }).check();
    }
    const bar = page.getByRole('region', { name: 'Compare listings' });
    await bar.getByText('3 of 4 listings selected for comparison').waitFor();
    await bar.getByRole('link', { name: 'Compare' }).click();
    await page.waitForURL('**/compare?ids=*');
    const expectedIds = CENTRIFUGES.map(({ title }) => ids.get(title)).join(',');
    expect(new URL(page.url()).searchParams.get('ids')).toBe(expectedIds);

    const expectComparison = async (): Promise<void> => {
      const table = page.getByRole('table');
      await table.waitFor();
      const headers = await table.getByRole('columnheader').allTextContents();
      expect(headers).toHaveLength(3);
      CENTRIFUGES.forEach(({ title }, index) => expect(headers[index]).toContain(title));
      // Prices and makers differ; the rows say so in their header ('Differs').
      const price = table.getByRole('row', { name: /^Price/ });
      expect(await price.getByRole('rowheader').textContent()).toBe('PriceDiffers');
      expect(await price.textContent()).toContain('$6,800.00');
      expect(
        await table
          .getByRole('row', { name: /^Maker/ })
          .getByRole('rowheader')
          .textContent(),
      ).toBe('MakerDiffers');
      // All three are verified the same way: not a difference.
      expect(
        await table
          .getByRole('row', { name: /^Verification/ })
          .getByRole('rowheader')
          .textContent(),
      ).toBe('Verification');
    };
    await expectComparison();
    expect(await severeAxeViolations(page, { include: 'main' })).toEqual([]);

    await page.reload();
    await expectComparison();
    expect(pageErrors).toEqual([]);
    await context.close();

    // The address works for anyone: a visitor on a 390 px phone scrolls the table sideways, not the page.
    const phone = await newSession(browser, server.baseUrl, { viewport: { width: 390, height: 844 } });
    await phone.page.goto(`/compare?ids=${expectedIds}`);
    await phone.page.getByRole('table').waitFor();
    expect(await phone.page.getByRole('columnheader').count()).toBe(3);
    const region = phone.page.getByRole('region', { name: 'Comparison' });
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await severeAxeViolations(phone.page)).toEqual([]);
    expect(phone.pageErrors).toEqual([]);
    await phone.context.close();
  });

  it('a buyer watches a listing from search and finds it on /watchlist', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await logInWithToken(context, buyer.token);
    const [watched] = CENTRIFUGES;
    await page.goto('/search');
    const heart = page.getByRole('article', { name: watched!.title }).getByRole('button', { name: 'Watch' });
    await heart.click();
    await page.getByRole('article', { name: watched!.title }).getByRole('button', { name: 'Watching', pressed: true }).waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watchlist' }).click();
    await page.waitForURL('**/watchlist');
    await page.getByRole('heading', { level: 1, name: 'Watchlist' }).waitFor();
    const card = page.getByRole('article', { name: watched!.title });
    await card.waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    expect(await card.getByRole('button', { name: 'Watching' }).getAttribute('aria-pressed')).toBe('true');
    expect(await severeAxeViolations(page, { include: 'main' })).toEqual([]);

    // The seller sees that one person watches it (not who).
    const counts = await api<{ items: { listing_id: string; watchers: number }[] }>(server.baseUrl, '/watchlist/watchers', {
      token: seller.token,
    });
    expect(counts.items).toEqual([{ listing_id: ids.get(watched!.title), watchers: 1 }]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
