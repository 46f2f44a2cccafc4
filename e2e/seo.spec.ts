import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, type TestUser } from './support/api.js';
import { launchBrowser, newSession } from './support/browser.js';
import { createListing, createPublishedListing, type CreatedListing } from './support/listing-fixtures.js';
import { startServer, type RunningServer } from './support/server.js';

// What a chat app's link preview and a search engine see: the HTML the server sends (no
// JavaScript run), /sitemap.xml and /robots.txt — and that the app still runs on top of it.

let server: RunningServer;
let browser: Browser;
let seller: TestUser;
let listing: CreatedListing;

const TITLE = 'Thermo Fisher Heracell 150i CO₂ Incubator & "stand"';
const DESCRIPTION =
  'Stainless-steel CO₂ incubator with copper interior, HEPA filtration and a 140 °C sterilisation cycle. Serviced in 2024, ' +
  'calibrated, with two shelves and the original stand. Collection from Heidelberg or shipping on a pallet within the EU.';

beforeAll(async () => {
  server = await startServer({ PROMO_FREE_UNTIL: '2099-06-01' });
  browser = await launchBrowser();
  seller = await createVerifiedUser(server, 'seo-seller');
  listing = await createPublishedListing(server, seller, {
    title: TITLE,
    description: DESCRIPTION,
    price: 6250.5,
    condition: 'excellent-refurbished',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The page as a crawler fetches it: one GET, no script. */
async function fetchHtml(path: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { 'User-Agent': 'Slackbot-LinkExpanding 1.0' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  return response.text();
}

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html);
  return match?.[1] === undefined ? undefined : decode(match[1]);
}

describe('sharing and search engines', () => {
  it("answers a listing URL with the listing's title, description, image and Product data in the HTML itself", async () => {
    const html = await fetchHtml(`/listings/${listing.id}`);

    expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(`${TITLE} · BenchMarket`);
    expect(metaContent(html, 'og:title')).toBe(`${TITLE} · BenchMarket`);
    const description = metaContent(html, 'description') ?? '';
    expect(description.startsWith('Stainless-steel CO₂ incubator with copper interior')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(metaContent(html, 'og:description')).toBe(description);
    expect(metaContent(html, 'og:type')).toBe('product');
    expect(metaContent(html, 'og:url')).toBe(`${server.baseUrl}/listings/${listing.id}`);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');

    // The image is the listing's first photo, by an absolute URL a preview service can load.
    const image = metaContent(html, 'og:image') ?? '';
    expect(image).toBe(`${server.baseUrl}${listing.photos[0] ?? ''}`);
    const photo = await fetch(image);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');

    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(jsonLd ?? 'null')).toMatchObject({
      '@type': 'Product',
      name: TITLE,
      offers: { price: '6250.50', priceCurrency: 'USD', itemCondition: 'https://schema.org/RefurbishedCondition' },
    });
  });

  it('keeps an unpublished listing out of previews and search results', async () => {
    const draft = await createListing(server, seller, { title: 'Draft autoclave not for preview' });
    const html = await fetchHtml(`/listings/${draft.id}`);
    expect(html).not.toContain('Draft autoclave');
    expect(metaContent(html, 'robots')).toBe('noindex');
    expect(metaContent(html, 'og:image')).toBe(`${server.baseUrl}/og-image.png`);
    expect((await fetch(`${server.baseUrl}/og-image.png`)).headers.get('content-type')).toBe('image/png');
  });

  it('runs the app on top of the server-rendered head: the listing page loads and keeps its title', async () => {
    const { page, context, pageErrors } = await newSession(browser, server.baseUrl);
    await page.goto(`/listings/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(await page.title()).toBe(`${TITLE} · BenchMarket`);
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(`${server.baseUrl}${listing.photos[0] ?? ''}`);
    expect(await page.locator('title').count()).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('lists the active listings in /sitemap.xml and points to it from /robots.txt', async () => {
    const draft = await createListing(server, seller, { title: 'Draft centrifuge not in the sitemap' });
    const sitemap = await fetch(`${server.baseUrl}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${server.baseUrl}/listings/${listing.id}</loc>`);
    expect(xml).toContain(`<loc>${server.baseUrl}/</loc>`);
    expect(xml).not.toContain(draft.id);

    const robots = await fetch(`${server.baseUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    const text = await robots.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /dashboard');
    expect(text).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
  });

  it('serves the built assets compressed, with a long-lived cache', async () => {
    const html = await fetchHtml('/');
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const response = await fetch(`${server.baseUrl}${script ?? ''}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
