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

  it('shows the API documentation at /api/docs/ with nothing blocked by its Content-Security-Policy (issue 18)', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    // Registered before Swagger UI's scripts run, so no violation goes unheard.
    await context.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
      });
    });

    const response = await page.goto('/api/docs/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toBeTruthy();
    await page.getByRole('heading', { name: /BenchMarket API/ }).waitFor();
    // The operations are drawn: a tag of the API with its routes under it.
    await page.locator('.opblock').first().waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(10);

    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
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
