import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentTitle, PAGES, PAGE_ROUTES } from '@benchmarket/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingPhotos, listings, sellerProfiles } from '../src/db/schema.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { createActiveListing, createListing } from './support/listings.js';
import { createUser, type TestUser } from './support/users.js';

// The HTML the server sends for each page (what link previews and crawlers read),
// /sitemap.xml, /robots.txt and the built assets. The web app's real index.html is served
// from a temporary WEB_DIST_DIR, so the test sees the tags the build ships with.

const PUBLIC_URL = 'http://localhost:3000';
const WEB_INDEX = fileURLToPath(new URL('../../web/index.html', import.meta.url));
const ASSET = 'assets/index-abc123.js';
/** Vite's build manifest: the entry, a shared chunk, and two pages' chunks. */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_react-r1.js'] },
  '_react-r1.js': { file: 'assets/react-r1.js' },
  '_format-f1.js': { file: 'assets/format-f1.js' },
  '_forms-z1.js': { file: 'assets/forms-z1.js', imports: ['_react-r1.js'] },
  'src/features/landing/routes/landing.tsx': { file: 'assets/landing-l1.js', imports: ['index.html', '_react-r1.js', '_format-f1.js'] },
  'src/features/listings/routes/listing-detail.tsx': {
    file: 'assets/listing-detail-d1.js',
    imports: ['index.html', '_forms-z1.js', '_format-f1.js'],
  },
};
const ASSET_BODY = `export const data = ${JSON.stringify('BenchMarket '.repeat(400))};\n`;

let ctx: TestContext;
let webDir: string;
let seller: TestUser;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'bm-web-dist-'));
  copyFileSync(WEB_INDEX, path.join(webDir, 'index.html'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, ASSET), ASSET_BODY);
  mkdirSync(path.join(webDir, '.vite'));
  writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  ctx = await setupTestApp({ env: { WEB_DIST_DIR: webDir } });
  seller = await createUser(ctx.app);
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDir, { recursive: true, force: true });
});

async function page(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  return response.body;
}

/** The content of <meta name|property="key">; undefined when absent. Fails if there are two. */
function meta(html: string, key: string): string | undefined {
  const pattern = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)" />`, 'g');
  const found = [...html.matchAll(pattern)].map((match) => match[1]);
  expect(found.length, `number of ${key} tags`).toBeLessThanOrEqual(1);
  return found[0];
}

function titleOf(html: string): string | undefined {
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]);
  expect(titles).toHaveLength(1);
  return titles[0];
}

function jsonLdOf(html: string): Record<string, unknown> | undefined {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as Record<string, unknown>) : undefined;
}

/** A photo row as the photos service stores it, without the image processing. */
async function addPhoto(listingId: string, position: number, key: string) {
  await ctx.app.db.insert(listingPhotos).values({
    listingId,
    position,
    path: key,
    thumbnailPath: key.replace('.webp', '-thumb.webp'),
    width: 1200,
    height: 900,
    bytes: 1000,
  });
}

describe('GET /listings/:id (the HTML page)', () => {
  it('answers an active listing with its own title, description, Open Graph image and Product data', async () => {
    const description = `${'Refrigerated benchtop centrifuge, serviced last year, with rotor and four buckets. '.repeat(4)}Ends here.`;
    const listing = await createActiveListing(ctx.app, seller, {
      title: 'Eppendorf 5810R refrigerated centrifuge',
      description,
      price: 4500.5,
      condition: 'certified-refurbished',
    });
    await addPhoto(listing.id, 1, `listings/${listing.id}/second.webp`);
    await addPhoto(listing.id, 0, `listings/${listing.id}/first.webp`);

    const html = await page(`/listings/${listing.id}`);

    expect(titleOf(html)).toBe('Eppendorf 5810R refrigerated centrifuge · BenchMarket');
    const summary = meta(html, 'description');
    expect(summary?.length).toBeLessThanOrEqual(160);
    expect(summary).toMatch(/^Refrigerated benchtop centrifuge, serviced last year/);
    expect(summary).toMatch(/…$/);
    expect(meta(html, 'og:title')).toBe('Eppendorf 5810R refrigerated centrifuge · BenchMarket');
    expect(meta(html, 'og:description')).toBe(summary);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/listings/${listing.id}`);
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/uploads/listings/${listing.id}/first.webp`);
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(`${PUBLIC_URL}/uploads/listings/${listing.id}/first.webp`);
    expect(meta(html, 'robots')).toBeUndefined();
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/listings/${listing.id}" />`);

    expect(jsonLdOf(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Eppendorf 5810R refrigerated centrifuge',
      url: `${PUBLIC_URL}/listings/${listing.id}`,
      image: [`${PUBLIC_URL}/uploads/listings/${listing.id}/first.webp`],
      offers: {
        '@type': 'Offer',
        price: '4500.50',
        priceCurrency: 'USD',
        itemCondition: 'https://schema.org/RefurbishedCondition',
        availability: 'https://schema.org/InStock',
      },
    });
    // The app still loads: the module script of the build is untouched.
    expect(html).toContain('<div id="root">');
    expect(html).toContain('<script type="module"');
  });

  it('maps the conditions to schema.org: pre-owned is used, for-parts is damaged, new is new', async () => {
    const cases = [
      ['pre-owned', 'https://schema.org/UsedCondition'],
      ['for-parts', 'https://schema.org/DamagedCondition'],
      ['new', 'https://schema.org/NewCondition'],
    ] as const;
    for (const [condition, itemCondition] of cases) {
      const listing = await createActiveListing(ctx.app, seller, { condition });
      const product = jsonLdOf(await page(`/listings/${listing.id}`));
      expect(product?.offers).toMatchObject({ itemCondition });
    }
  });

  it('escapes what the seller wrote in every tag and in the JSON-LD', async () => {
    const title = 'Microscope </title><script>alert("x")</script> & "friends" $& \'quoted\'';
    const listing = await createActiveListing(ctx.app, seller, {
      title,
      description: 'Works well. </script><script>alert(1)</script> <!-- comment --> & more',
    });

    const html = await page(`/listings/${listing.id}`);

    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<!-- comment');
    expect(titleOf(html)).toBe(
      'Microscope &lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;friends&quot; $&amp; &#39;quoted&#39; · BenchMarket',
    );
    expect(meta(html, 'og:title')).toContain('&amp; &quot;friends&quot; $&amp;');
    // JSON-LD is valid JSON with the text intact once parsed.
    const product = jsonLdOf(html);
    expect(product?.name).toBe(title);
    expect(product?.description).toBe('Works well. </script><script>alert(1)</script> <!-- comment --> & more');
  });

  it('uses the site image when the listing has no photo', async () => {
    const listing = await createActiveListing(ctx.app, seller);
    const html = await page(`/listings/${listing.id}`);
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/og-image.png`);
    expect(jsonLdOf(html)).not.toHaveProperty('image');
  });

  it('says nothing about a listing that is not public (unpaid, removed, unknown, malformed id): generic head, noindex', async () => {
    const unpaid = await createListing(ctx.app, seller, { title: 'Unpaid secret autoclave' });
    const removed = await createActiveListing(ctx.app, seller, { title: 'Removed secret incubator' });
    await ctx.app.db.update(listings).set({ isDeleted: true, isActive: false }).where(eq(listings.id, removed.id));

    for (const url of [
      `/listings/${unpaid.id}`,
      `/listings/${removed.id}`,
      '/listings/00000000-0000-4000-8000-000000000000',
      '/listings/not-a-uuid',
      '/listings/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    ]) {
      const html = await page(url);
      expect(html).not.toContain('secret');
      expect(html).not.toContain('<script>alert');
      expect(titleOf(html)).toBe('Listing · BenchMarket');
      expect(meta(html, 'robots')).toBe('noindex');
      expect(meta(html, 'og:type')).toBe('website');
      expect(jsonLdOf(html)).toBeUndefined();
    }
  });
});

describe('preloads', () => {
  /** The modulepreload URLs of a page, in order. */
  const modulePreloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

  it("preloads the page's own chunks (not the entry's) at the end of <head>", async () => {
    const home = await page('/');
    expect(modulePreloads(home)).toEqual(['/assets/landing-l1.js', '/assets/format-f1.js']);
    // Last in <head>: behind the build's own script and preloads, which the page needs first.
    expect(home).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/format-f1\.js">\s*<\/head>/);

    const listing = await createActiveListing(ctx.app, seller);
    expect(modulePreloads(await page(`/listings/${listing.id}`))).toEqual([
      '/assets/listing-detail-d1.js',
      '/assets/forms-z1.js',
      '/assets/format-f1.js',
    ]);
    expect(modulePreloads(await page('/does-not-exist'))).toEqual([]);
  });

  it("preloads a listing's first photo, the page's largest image, by the URL the app shows it at", async () => {
    const listing = await createActiveListing(ctx.app, seller);
    await addPhoto(listing.id, 0, `listings/${listing.id}/hero.webp`);
    const html = await page(`/listings/${listing.id}`);
    expect(html).toContain(`<link rel="preload" as="image" href="/uploads/listings/${listing.id}/hero.webp" />`);
    expect(await page('/')).not.toContain('rel="preload" as="image"');
  });

  it("preloads a public listing's data, which the page asks for first (the same request, so the browser reuses it)", async () => {
    const listing = await createActiveListing(ctx.app, seller);
    const unpaid = await createListing(ctx.app, seller);
    expect(await page(`/listings/${listing.id}`)).toContain(
      `<link rel="preload" as="fetch" href="/api/v1/listings/${listing.id}" crossorigin="anonymous" />`,
    );
    expect(await page(`/listings/${unpaid.id}`)).not.toContain('as="fetch"');
  });
});

describe('GET / and the other pages', () => {
  it('gives the home page the default title, description, canonical URL and an absolute sharing image', async () => {
    const html = await page('/');
    expect(titleOf(html)).toBe('BenchMarket — Lab &amp; Medical Equipment Marketplace');
    expect(meta(html, 'description')).toMatch(/^BenchMarket is the marketplace for new, pre-owned and refurbished/);
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/og-image.png`);
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/`);
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'theme-color')).toBe('#0f766e');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/" />`);
    expect(meta(html, 'robots')).toBeUndefined();
  });

  it('serves /index.html like / (with the head), not the raw file', async () => {
    const html = await page('/index.html');
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/og-image.png`);
  });

  it('names the public pages and keeps private ones and unknown paths out of search results', async () => {
    expect(titleOf(await page('/search'))).toBe('Search Equipment · BenchMarket');
    expect(titleOf(await page('/support'))).toBe('Contact Support · BenchMarket');
    expect(meta(await page('/support'), 'robots')).toBeUndefined();
    for (const url of [
      '/dashboard',
      '/create-listing',
      '/edit-listing/abc',
      '/payment/abc',
      '/reset-password?token=x',
      '/does-not-exist',
    ]) {
      expect(meta(await page(url), 'robots'), url).toBe('noindex');
    }
    expect(titleOf(await page('/does-not-exist'))).toBe('Page not found · BenchMarket');
  });

  it('titles each page as the web app does and indexes it as the route registry says', async () => {
    for (const [name, route] of PAGES) {
      // A listing's and a seller's page have their record's head (tested on their own).
      if (route.ownerOnly || route === PAGE_ROUTES.listingDetail || route === PAGE_ROUTES.sellerPage) continue;
      const html = await page(route.path);
      // What the head escapes ('&' of the site's title).
      expect(titleOf(html), name).toBe(documentTitle(route.title).replace(/&/g, '&amp;'));
      expect(meta(html, 'robots'), name).toBe(route.indexable ? undefined : 'noindex');
    }
    expect(titleOf(await page('/login'))).toBe('Log in · BenchMarket');
    // Owner-only pages of one listing keep the generic title, out of search results.
    expect(titleOf(await page('/listings/abc/extend'))).toBe('BenchMarket — Lab &amp; Medical Equipment Marketplace');
    expect(meta(await page('/listings/abc/extend'), 'robots')).toBe('noindex');
  });
});

describe('GET /robots.txt', () => {
  it('allows crawling except the private pages and points at the sitemap', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of [
      '/dashboard',
      '/account',
      '/edit-listing',
      '/payment',
      '/create-listing',
      '/admin',
      '/watchlist',
      '/messages',
      '/metrics',
    ])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /');
    // Each prefix once: /payment covers /payment/confirmation.
    expect(lines.filter((line) => line.startsWith('Disallow:'))).toHaveLength(9);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages and every active listing with its last change, and no inactive one', async () => {
    const active = await createActiveListing(ctx.app, seller, { title: 'Sitemap listed centrifuge' });
    const unpaid = await createListing(ctx.app, seller, { title: 'Sitemap unpaid centrifuge' });

    const response = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const xml = response.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const pagePath of ['/', '/search', '/support']) expect(xml).toContain(`<loc>${PUBLIC_URL}${pagePath}</loc>`);
    expect(xml).toMatch(
      new RegExp(`<url><loc>${PUBLIC_URL}/listings/${active.id}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T[^<]+</lastmod></url>`),
    );
    expect(xml).not.toContain(unpaid.id);
    expect(xml).not.toContain('/dashboard');
  });
});

describe('seller pages (issue 15)', () => {
  it("give a seller's page the seller's name, list sellers with live listings in the sitemap, and keep unknown ones out", async () => {
    const [listed, idle] = await Promise.all([createUser(ctx.app), createUser(ctx.app)]);
    await ctx.app.db.insert(sellerProfiles).values({ userId: listed.id, country: 'Portugal', about: 'Ultracentrifuges from Porto.' });
    await createActiveListing(ctx.app, listed, { title: 'Beckman Optima XPN-100 ultracentrifuge' });

    const html = await page(`/sellers/${listed.id}`);
    expect(titleOf(html)).toBe('Seller from Portugal · BenchMarket');
    expect(meta(html, 'description')).toBe('Ultracentrifuges from Porto.');
    expect(meta(html, 'robots')).toBeUndefined();
    expect(html).not.toContain(listed.email);
    // Pages are kept by catalog version (web/kept-pages.ts): the seller's edit is on the next visit.
    await ctx.app.db
      .update(sellerProfiles)
      .set({ displayName: 'Porto Lab Exchange', about: 'Refurbished ultracentrifuges from Porto, with rotors.' })
      .where(eq(sellerProfiles.userId, listed.id));
    const edited = await page(`/sellers/${listed.id}`);
    expect(titleOf(edited)).toBe('Porto Lab Exchange · BenchMarket');
    expect(meta(edited, 'description')).toBe('Refurbished ultracentrifuges from Porto, with rotors.');
    await ctx.app.db.update(sellerProfiles).set({ about: 'Ultracentrifuges and rotors.' }).where(eq(sellerProfiles.userId, listed.id));
    expect(meta(await page(`/sellers/${listed.id}`), 'description')).toBe('Ultracentrifuges and rotors.');
    for (const unknown of ['/sellers/0b7a9c1e-1111-4111-8111-111111111111', '/sellers/nobody']) {
      expect(meta(await page(unknown), 'robots'), unknown).toBe('noindex');
    }

    const xml = (await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(xml).toMatch(new RegExp(`<url><loc>${PUBLIC_URL}/sellers/${listed.id}</loc><lastmod>[^<]+</lastmod></url>`));
    expect(xml).not.toContain(`/sellers/${idle.id}`);
  });
});

describe('built assets', () => {
  it('are served compressed with a year-long immutable cache', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/${ASSET}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(ASSET_BODY.length / 4);
  });

  it('answers a missing hashed asset with 404, not the app', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(response.statusCode).toBe(404);
  });
});
