import {
  API_PREFIX,
  CONDITION_LABELS,
  crawlPrefix,
  DEFAULT_CURRENCY,
  documentTitle,
  isCondition,
  jsonForScript,
  matchPage,
  PAGE_ROUTES,
  PAGES,
  PRODUCT_NAME,
  SITE_TITLE,
  sellerPublicName,
  type Condition,
} from '@benchmarket/shared';
import { and, desc, eq, isNull, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listingPhotos, listings, sellerProfiles, users } from '../db/schema.js';
import { activeListingSql, centsToUnits } from '../modules/listings/index.js';

/**
 * What search engines and link previews read: the <head> of the HTML the server sends for
 * each page (a chat app does not run the web app's JavaScript), /sitemap.xml and /robots.txt.
 *
 * - A listing URL (/listings/:id) of an active listing gets its own title, description,
 *   Open Graph and Twitter tags (the first photo as the image) and a schema.org Product.
 *   Anything else under /listings/ (unknown, unpaid, expired, removed) gets the generic head
 *   with noindex, so it says nothing about a listing the visitor may not see.
 * - Pages of the spec's routes get a title and description; private ones (dashboard, forms
 *   behind a login, token links) are noindex. Which pages there are, their titles, whether
 *   they are indexed, in the sitemap or disallowed come from the route registry
 *   ('@benchmarket/shared', routes.ts), which the web app's router reads too.
 */

const DEFAULT_TITLE = SITE_TITLE;
const DEFAULT_DESCRIPTION =
  'BenchMarket is the marketplace for new, pre-owned and refurbished lab and medical equipment. Search with AI, compare listings and contact verified sellers.';
/** In apps/web/public: 1200 × 630, the size link previews crop to. */
const DEFAULT_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'BenchMarket — the marketplace for lab and medical equipment',
};
/** Meta descriptions are cut to about this length (search results show ~155–160 characters). */
const DESCRIPTION_LENGTH = 160;
/** The sitemap protocol's limit per file. */
const SITEMAP_MAX_URLS = 50_000;

/** robots.txt: pages behind a login or for one listing's owner are not for crawlers (each path prefix once). */
const DISALLOWED_PATHS: readonly string[] = (() => {
  const prefixes = [...new Set(PAGES.filter(([, route]) => route.disallow).map(([, route]) => crawlPrefix(route)))];
  return prefixes.filter((prefix) => !prefixes.some((other) => other !== prefix && prefix.startsWith(`${other}/`)));
})();

interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page, without query: og:url and the canonical link. */
  url: string;
  image: { url: string; width?: number; height?: number; alt: string };
  type: 'website' | 'product';
  /** Left out of search results (private pages, unknown listings). */
  noindex: boolean;
  /**
   * The page's largest image as the app loads it (a listing's first photo): fetched from the
   * HTML at once, not after the script and the API call (Largest Contentful Paint).
   */
  preloadImage?: string;
  /** An API call the page makes first (a listing's data), fetched from the HTML at once. */
  preloadData?: string;
  /** Extra Open Graph properties, e.g. product:price:amount. */
  properties?: ReadonlyArray<readonly [string, string]>;
  jsonLd?: Record<string, unknown>;
}

// ── Escaping ────────────────────────────────────────────────────────────────

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML attribute or element. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** One line, at most `max` characters, cut at a word boundary with an ellipsis. */
function summarize(text: string, max = DESCRIPTION_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  if (chars.length <= max) return line;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/u, '')}…`;
}

// ── The head ────────────────────────────────────────────────────────────────

/** The tags the server owns in index.html; anything matching is replaced by the page's own. */
const OWNED_TAGS = [
  /<title>[\s\S]*?<\/title>\s*/gi,
  /<meta\s+name="(?:description|robots|twitter:[^"]*)"[^>]*>\s*/gi,
  /<meta\s+property="(?:og|product):[^"]*"[^>]*>\s*/gi,
  /<link\s+rel="canonical"[^>]*>\s*/gi,
  /<script\s+type="application\/ld\+json"[^>]*>[\s\S]*?<\/script>\s*/gi,
];
const HEAD_MARK = '<!--bm-head-->';

export function renderHead(meta: PageMeta): string {
  const tag = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const lines = [`<title>${escapeHtml(meta.title)}</title>`, tag('name', 'description', meta.description)];
  if (meta.noindex) lines.push(tag('name', 'robots', 'noindex'));
  else lines.push(`<link rel="canonical" href="${escapeHtml(meta.url)}" />`);
  lines.push(
    tag('property', 'og:site_name', PRODUCT_NAME),
    tag('property', 'og:type', meta.type),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    tag('property', 'og:image', meta.image.url),
  );
  if (meta.image.width && meta.image.height) {
    lines.push(tag('property', 'og:image:width', String(meta.image.width)), tag('property', 'og:image:height', String(meta.image.height)));
  }
  lines.push(tag('property', 'og:image:alt', meta.image.alt));
  for (const [key, content] of meta.properties ?? []) lines.push(tag('property', key, content));
  lines.push(
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', meta.image.url),
    tag('name', 'twitter:image:alt', meta.image.alt),
  );
  if (meta.jsonLd) lines.push(`<script type="application/ld+json">${jsonForScript(meta.jsonLd)}</script>`);
  if (meta.preloadData) lines.push(`<link rel="preload" as="fetch" href="${escapeHtml(meta.preloadData)}" crossorigin="anonymous" />`);
  if (meta.preloadImage) lines.push(`<link rel="preload" as="image" href="${escapeHtml(meta.preloadImage)}" />`);
  return lines.join('\n    ');
}

/** Module preloads of a page's own chunks (route-preloads.ts), as Vite writes its own. */
export function renderModulePreloads(scripts: readonly string[]): string {
  return scripts.map((script) => `<link rel="modulepreload" crossorigin href="${escapeHtml(script)}">`).join('\n    ');
}

/**
 * index.html with its title, description and sharing tags replaced by `head`, and `tail`
 * (e.g. module preloads, which should queue behind the build's own) at the end of <head>.
 */
export function injectHead(indexHtml: string, head: string, tail = ''): string {
  // The page's tags go where the title was (else at the end of <head>).
  let html = indexHtml.replace(/<title>[\s\S]*?<\/title>/i, HEAD_MARK);
  for (const pattern of OWNED_TAGS) html = html.replace(pattern, '');
  if (!html.includes(HEAD_MARK)) html = html.replace(/<\/head>/i, `${HEAD_MARK}\n  </head>`);
  // Function replacements: `$` in a listing title must not be read as a pattern.
  html = html.replace(HEAD_MARK, () => `${head}\n    `);
  return tail ? html.replace(/<\/head>/i, () => `  ${tail}\n  </head>`) : html;
}

// ── Pages ───────────────────────────────────────────────────────────────────

/** Public pages listed in the sitemap besides the listings. */
const SITEMAP_PAGES: readonly string[] = PAGES.filter(([, route]) => route.sitemap).map(([, route]) => route.path);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LISTING_PATH = /^\/listings\/([^/]+)\/?$/;
/** Issue 15: a seller's page. */
const SELLER_PATH = /^\/sellers\/([^/]+)\/?$/;

/** schema.org's item conditions for the spec's condition values (§3). */
function schemaOrgCondition(condition: Condition): string {
  switch (condition) {
    case 'new':
    case 'new-other':
      return 'https://schema.org/NewCondition';
    case 'pre-owned':
      return 'https://schema.org/UsedCondition';
    case 'for-parts':
      return 'https://schema.org/DamagedCondition';
    default:
      return 'https://schema.org/RefurbishedCondition';
  }
}

/** Open Graph's product:condition knows new, refurbished and used. */
function openGraphCondition(condition: Condition): 'new' | 'refurbished' | 'used' {
  if (condition === 'new' || condition === 'new-other') return 'new';
  if (condition === 'pre-owned' || condition === 'for-parts') return 'used';
  return 'refurbished';
}

interface SeoContext {
  publicUrl: string;
  /** The URL a browser loads a stored photo from (a path under /uploads, or https). */
  photoUrl(key: string): string;
}

function absolute(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

function baseMeta(context: SeoContext, pathname: string): PageMeta {
  return {
    title: DEFAULT_TITLE,
    description: DEFAULT_DESCRIPTION,
    url: absolute(context.publicUrl, pathname),
    image: { ...DEFAULT_IMAGE, url: absolute(context.publicUrl, DEFAULT_IMAGE.path) },
    type: 'website',
    noindex: false,
  };
}

/** The head of a page that is not a listing: the registered pages, or noindex for anything else. */
function staticPageMeta(context: SeoContext, pathname: string): PageMeta {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = matchPage(normalised);
  const meta = baseMeta(context, normalised);
  // A listing's own head comes from its row (pageMeta); here a listing path is not a page.
  if (!page || page.route === PAGE_ROUTES.listingDetail) return { ...meta, title: documentTitle('Page not found'), noindex: true };
  // Owner-only pages of one listing keep the generic title. Neither they nor an unknown path
  // (the app's 'not found' fallback) belong in search results.
  if (page.route.ownerOnly) return { ...meta, title: DEFAULT_TITLE, noindex: true };
  return {
    ...meta,
    title: documentTitle(page.route.title),
    description: page.route.description ?? meta.description,
    noindex: !page.route.indexable,
  };
}

interface ListingHeadRow {
  id: string;
  title: string;
  description: string;
  priceCents: number;
  condition: string;
  location: string | null;
  updatedAt: Date;
  photoPath: string | null;
  photoWidth: number | null;
  photoHeight: number | null;
}

function listingMeta(context: SeoContext, row: ListingHeadRow): PageMeta {
  const url = absolute(context.publicUrl, `/listings/${row.id}`);
  const price = centsToUnits(row.priceCents).toFixed(2);
  const condition = isCondition(row.condition) ? row.condition : undefined;
  const image = row.photoPath
    ? {
        url: absolute(context.publicUrl, context.photoUrl(row.photoPath)),
        width: row.photoWidth ?? undefined,
        height: row.photoHeight ?? undefined,
        alt: row.title,
      }
    : { ...DEFAULT_IMAGE, url: absolute(context.publicUrl, DEFAULT_IMAGE.path) };
  const description = summarize(row.description) || DEFAULT_DESCRIPTION;
  return {
    title: documentTitle(row.title),
    description,
    url,
    image,
    ...(row.photoPath && { preloadImage: context.photoUrl(row.photoPath) }),
    preloadData: `${API_PREFIX}/listings/${row.id}`,
    type: 'product',
    noindex: false,
    properties: [
      ['product:price:amount', price],
      ['product:price:currency', DEFAULT_CURRENCY],
      ...(condition ? ([['product:condition', openGraphCondition(condition)]] as const) : []),
    ],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: row.title,
      description: summarize(row.description, 5000),
      url,
      ...(row.photoPath && { image: [image.url] }),
      offers: {
        '@type': 'Offer',
        url,
        price,
        priceCurrency: DEFAULT_CURRENCY,
        availability: 'https://schema.org/InStock',
        ...(condition && { itemCondition: schemaOrgCondition(condition) }),
        ...(row.location && { availableAtOrFrom: { '@type': 'Place', address: row.location } }),
      },
      ...(condition && { additionalProperty: { '@type': 'PropertyValue', name: 'Condition', value: CONDITION_LABELS[condition] } }),
    },
  };
}

// ── Database reads ──────────────────────────────────────────────────────────

/** An active listing with its first photo, in one query; undefined when not public. */
async function findPublicListing(app: FastifyInstance, id: string): Promise<ListingHeadRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await app.db
    .select({
      id: listings.id,
      title: listings.title,
      description: listings.description,
      priceCents: listings.priceCents,
      condition: listings.condition,
      location: listings.location,
      updatedAt: listings.updatedAt,
      photoPath: listingPhotos.path,
      photoWidth: listingPhotos.width,
      photoHeight: listingPhotos.height,
    })
    .from(listings)
    // Photos are numbered 0…n-1 in their order (photos service): 0 is the first.
    .leftJoin(listingPhotos, and(eq(listingPhotos.listingId, listings.id), eq(listingPhotos.position, 0)))
    .where(and(eq(listings.id, id), activeListingSql(app.clock.now())))
    .limit(1);
  return row;
}

/** The head for `pathname`: a listing's own when it is public, else the page's. */
export async function pageMeta(app: FastifyInstance, pathname: string): Promise<PageMeta> {
  const context: SeoContext = { publicUrl: app.config.publicUrl, photoUrl: (key) => app.storage.url(key) };
  const listingId = LISTING_PATH.exec(pathname)?.[1];
  if (listingId !== undefined) {
    const row = await findPublicListing(app, listingId).catch((error: unknown) => {
      // The page still loads (the app fetches the listing itself); only the preview is generic.
      app.log.warn({ err: error }, 'could not read the listing for its page head');
      return undefined;
    });
    if (row) return listingMeta(context, row);
    return { ...baseMeta(context, pathname), title: documentTitle(PAGE_ROUTES.listingDetail.title), noindex: true };
  }
  const sellerId = SELLER_PATH.exec(pathname)?.[1];
  if (sellerId !== undefined) {
    const seller = await findPublicSeller(app, sellerId).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not read the seller for its page head');
      return undefined;
    });
    const meta = baseMeta(context, pathname);
    if (!seller) return { ...meta, title: documentTitle(PAGE_ROUTES.sellerPage.title), noindex: true };
    const name = sellerPublicName({ display_name: seller.displayName, country: seller.country });
    return {
      ...meta,
      title: documentTitle(name),
      description: seller.about ? summarize(seller.about) : `Lab and medical equipment from ${name} on ${PRODUCT_NAME}.`,
      preloadData: `${API_PREFIX}/sellers/${seller.id}`,
    };
  }
  return staticPageMeta(context, pathname);
}

/** Issue 15: a seller who is not suspended, with their profile; undefined otherwise. Never the email. */
async function findPublicSeller(app: FastifyInstance, id: string) {
  if (!UUID.test(id)) return undefined;
  const [row] = await app.db
    .select({ id: users.id, displayName: sellerProfiles.displayName, country: sellerProfiles.country, about: sellerProfiles.about })
    .from(users)
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, users.id))
    .where(and(eq(users.id, id.toLowerCase()), isNull(users.suspendedAt)))
    .limit(1);
  return row;
}

// ── sitemap.xml and robots.txt ──────────────────────────────────────────────

function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char);
}

function renderRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    // Issue 17: the Prometheus metrics are for the operators' scraper, not for search engines.
    'Disallow: /metrics',
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

async function renderSitemap(app: FastifyInstance): Promise<string> {
  const { publicUrl } = app.config;
  const rows = await app.db
    .select({ id: listings.id, updatedAt: listings.updatedAt })
    .from(listings)
    .where(activeListingSql(app.clock.now()))
    .orderBy(desc(listings.updatedAt), desc(listings.id))
    .limit(SITEMAP_MAX_URLS - SITEMAP_PAGES.length);
  // Issue 15: the pages of sellers with live listings (suspended sellers have none), after the listings.
  const sellers = await app.db
    .select({ userId: listings.userId, updatedAt: max(listings.updatedAt) })
    .from(listings)
    .where(activeListingSql(app.clock.now()))
    .groupBy(listings.userId)
    .orderBy(desc(max(listings.updatedAt)), listings.userId)
    .limit(Math.max(0, SITEMAP_MAX_URLS - SITEMAP_PAGES.length - rows.length));
  const newest = rows[0]?.updatedAt;
  const url = (loc: string, lastmod?: Date) =>
    `  <url><loc>${xmlEscape(`${publicUrl}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    // The home page and search change whenever a listing does.
    ...SITEMAP_PAGES.map((page) => url(page, page === '/' || page === '/search' ? newest : undefined)),
    ...rows.map((row) => url(`/listings/${row.id}`, row.updatedAt)),
    ...sellers.map((seller) => url(`/sellers/${seller.userId}`, seller.updatedAt ?? undefined)),
    '</urlset>',
    '',
  ].join('\n');
}

async function seoPlugin(app: FastifyInstance): Promise<void> {
  const robots = renderRobots(app.config.publicUrl);

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('text/plain; charset=utf-8').send(robots),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(await renderSitemap(app)),
  );
}

export default fp(seoPlugin, { name: 'seo', dependencies: ['storage'] });
