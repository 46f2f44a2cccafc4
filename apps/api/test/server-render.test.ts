import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { documentTitle, PAGE_ROUTES } from '@benchmarket/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../src/db/schema.js';
import { fillRoot } from '../src/web/server-render.js';
import { setupTestApp, type TestContext } from './helpers.js';
import { createActiveListing, createListing } from './support/listings.js';
import { createUser, type TestUser } from './support/users.js';

/**
 * Issue 19: the landing page, /search and a listing's page come with their content in the
 * HTML, rendered by the web app's server build (apps/web/dist-ssr, made by `npm run build`),
 * so a browser paints them before any script runs. Served from the real build.
 */
const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const SERVER_ENTRY = fileURLToPath(new URL('../../web/dist-ssr/entry-server.js', import.meta.url));

const TITLE = 'Sartorius Cubis II Analytical Balance <0.1 mg> & draft shield';

let ctx: TestContext;
let seller: TestUser;
let listing: { id: string };

beforeAll(async () => {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`No server build at ${SERVER_ENTRY}: run \`npm run build\` first`);
  ctx = await setupTestApp({ env: { WEB_DIST_DIR: WEB_DIST } });
  seller = await createUser(ctx.app);
  listing = await createActiveListing(ctx.app, seller, {
    title: TITLE,
    description: 'Analytical balance, 220 g capacity, calibrated in March with certificate.',
    price: 4189.5,
    condition: 'excellent-refurbished',
  });
  // The latest listings (landing, a visitor's /search) are the verified ones.
  await ctx.app.db.update(listings).set({ isVerified: true }).where(eq(listings.id, listing.id));
});
afterAll(async () => {
  await ctx?.close();
});

/** The HTML the server sends, and its #root (what a browser paints before any script runs). */
async function page(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  const html = response.body;
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="bm-server-state"'));
  return { html, root };
}

/** The JSON the client hydrates from. */
function serverState(html: string): { queries: { queries: Array<{ queryKey: unknown[] }> } } {
  const match = /<script id="bm-server-state" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'the server state script').not.toBeNull();
  return JSON.parse(match?.[1] ?? 'null') as { queries: { queries: Array<{ queryKey: unknown[] }> } };
}

const escapedTitle = TITLE.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('pages rendered on the server', () => {
  it("draws a listing's page: its title as the heading, its price and condition, before any script", async () => {
    const { html, root } = await page(`/listings/${listing.id}`);
    expect(root).toMatch(new RegExp(`<h1[^>]*>${escapedTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(root).toContain('4,189.50');
    expect(root).toContain('Excellent - Refurbished');
    // The header is drawn for a visitor: no one's session is in shared HTML.
    expect(root).toContain('Log in');
    expect(html).toContain(`<title>${documentTitle(TITLE).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</title>`);
    // The listing's data goes along, so the app hydrates without asking the API again.
    const keys = serverState(html).queries.queries.map((query) => JSON.stringify(query.queryKey));
    expect(keys.some((key) => key.includes(listing.id))).toBe(true);
    // Nothing in the embedded JSON can close its <script>.
    const state = html.slice(html.indexOf('id="bm-server-state"'));
    expect(state.slice(0, state.indexOf('</script>'))).not.toContain('<0.1');
  });

  it('draws the landing page with the latest listings, and /search with its first view', async () => {
    const landing = await page('/');
    expect(landing.root).toContain(escapedTitle);
    expect(landing.root).toContain('<h1');

    const search = await page('/search');
    expect(search.root).toContain('Search Equipment');
    expect(search.root).toContain('Latest listings');
    expect(search.root).toContain(escapedTitle);
  });

  it('serves the generic page, noindex and not drawn, for a listing that is not public', async () => {
    const unpaid = await createListing(ctx.app, seller, { title: 'Unpaid centrifuge nobody may see yet' });
    for (const id of [unpaid.id as string, '00000000-0000-4000-8000-000000000000', 'not-a-listing']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/listings/${id}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(response.body).toContain(`<title>${documentTitle(PAGE_ROUTES.listingDetail.title)}</title>`);
      expect(response.body).not.toContain('bm-server-state');
      expect(response.body).not.toContain('Unpaid centrifuge');
    }
  });

  it('draws a page once for visits that arrive together, and serves them all the same page', async () => {
    const latestCalls = async () => {
      const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      const lines = metrics.body
        .split('\n')
        .filter((line) => line.startsWith('benchmarket_http_requests_total{') && line.includes('route="/api/v1/listings/latest"'));
      return lines.reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
    };
    const before = await latestCalls();
    const visits = await Promise.all(Array.from({ length: 8 }, () => page('/search?together=1')));
    expect(new Set(visits.map((visit) => visit.root)).size).toBe(1);
    expect(visits[0]!.root).toContain(escapedTitle);
    // The page's own call for the latest listings was made by one drawing, not by each visit.
    expect((await latestCalls()) - before).toBe(1);
  });

  it('asks for the scripts of a drawn page at low priority, so the stylesheet and images paint it first', async () => {
    const { html } = await page(`/listings/${listing.id}`);
    const scripts = html.match(/<(script type="module"|link rel="modulepreload")[^>]*>/g) ?? [];
    // The entry, its imports and the listing page's own chunk.
    expect(scripts.length).toBeGreaterThan(3);
    for (const tag of scripts) expect(tag).toMatch(/ fetchpriority="low">$/);
    // The build's own tags are otherwise as written (crossorigin, then the address).
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js" fetchpriority="low"><\/script>/);
    expect(html).not.toMatch(/<link rel="stylesheet"[^>]*fetchpriority/);
  });

  it('leaves the pages it does not draw as they were: the app renders them in the browser', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('bm-server-state');
    expect(response.body).toContain('<div id="root">');
    // Nothing is painted before the app runs here: its scripts keep their priority.
    expect(response.body).toMatch(/<script type="module"/);
    expect(response.body).not.toContain('fetchpriority="low"');
  });
});

describe('filling #root', () => {
  it("puts the page inside index.html's #root in place of its placeholder", () => {
    const index = '<html><head></head><body><div id="root"><div aria-hidden="true"><span>placeholder</span></div></div>\n</body></html>';
    const filled = fillRoot(index, { html: '<main>page</main>', stateScript: '<script id="s"></script>' });
    expect(filled).toBe('<html><head></head><body><div id="root"><main>page</main></div>\n    <script id="s"></script>\n</body></html>');
    expect(fillRoot('<html><body></body></html>', { html: 'x', stateScript: '' })).toBeUndefined();
  });
});
