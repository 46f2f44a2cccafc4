import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newSession } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('foundation', () => {
  it('renders the landing page with the header and footer', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: /BenchMarket/ }).waitFor();
    expect(
      await header
        .getByRole('img')
        .first()
        .evaluate((img) => (img as HTMLImageElement).getBoundingClientRect().height),
    ).toBe(30);
    expect(await header.getByRole('link', { name: 'Search Equipment' }).count()).toBeGreaterThan(0);
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('button', { name: 'Provide Feedback' }).isVisible()).toBe(true);
    expect(await footer.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/support');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows the fallback inside the layout for an unknown route', async () => {
    const { page, context } = await newSession(browser, server.baseUrl);
    const response = await page.goto('/does-not-exist');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /home/i }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('loads a client-side route on a full page load', async () => {
    const { page, context } = await newSession(browser, server.baseUrl);
    await page.goto('/search');
    await page.getByRole('banner').waitFor();
    expect(await page.title()).toContain('BenchMarket');
    await context.close();
  });

  it('answers the health check and unknown API paths', async () => {
    const health = await fetch(`${server.baseUrl}/api/v1/health`);
    expect(health.status).toBe(200);
    expect((await health.json()).database.status).toBe('up');
    const missing = await fetch(`${server.baseUrl}/api/v1/nope`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).detail).toContain('Not found');
  });
});
