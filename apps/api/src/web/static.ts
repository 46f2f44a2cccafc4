import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/http-errors.js';
import { serveBuiltFiles } from './built-files.js';
import { entryOf } from '../lib/bounded-map.js';
import { createBodyCompressor, preferredEncoding, type BodyCompressor } from '../lib/compressed-bodies.js';
import type { FastAnswer, FastAnswerer, FastLane } from '../lib/fast-lane.js';
import { loadRoutePreloads } from './route-preloads.js';
import { reusingPages, type ReusedPages } from './kept-pages.js';
import { loadPageRenderer } from './server-render.js';
import seo, { injectHead, pageMeta, renderHead, renderModulePreloads } from './seo.js';

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** The path as written, or as sent when it is not valid percent-encoding. */
function decodePath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/uploads/');
}

/**
 * Serves the built web app: hashed assets with long cache headers (compressed once by the
 * build, docs/decisions/028), and index.html for every other non-API path so
 * client-side routes (/listings/abc) load the app on a full page load. The index.html of
 * each page carries that page's title, description and sharing tags (./seo.ts) and preloads
 * that page's chunks (./route-preloads.ts); the seo plugin adds /sitemap.xml and /robots.txt.
 */
async function webAppPlugin(app: FastifyInstance): Promise<void> {
  const root = app.config.webDistDir ? path.resolve(app.config.webDistDir) : DEFAULT_WEB_DIST;
  const indexFile = path.join(root, 'index.html');
  const built = existsSync(indexFile);
  const indexHtml = built ? readFileSync(indexFile, 'utf8') : undefined;
  const routePreloads = loadRoutePreloads(root);
  const sendPage = createBodyCompressor();
  // Issue 19: the landing page, /search and listings come with their HTML drawn (./server-render.ts).
  const renderPage = built ? await loadPageRenderer(app, root) : undefined;

  /** The page for a URL: its head (title, sharing tags, preloads) and, for the pages drawn on the server, its HTML. */
  const drawPage = async (shell: string, url: string): Promise<string> => {
    const pathname = url.split('?')[0] ?? '/';
    const page = pathname === '/index.html' ? '/' : decodePath(pathname);
    const meta = await pageMeta(app, page);
    const html = injectHead(shell, renderHead(meta), renderModulePreloads(routePreloads(page)));
    // A page that is not for search engines (an unknown listing) is not rendered either.
    return renderPage && !meta.noindex ? renderPage(url, html) : html;
  };
  const keptPages = indexHtml === undefined ? undefined : reusingPages(app.catalogVersion, (url) => drawPage(indexHtml, url));
  if (keptPages) app.fastLane.otherwise(fastKeptPages(app, keptPages, sendPage));

  await app.register(seo);

  if (built) serveBuiltFiles(app, root);

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw notFound(`Not found: ${request.method} ${pathname}`);
    }
    // A missing file with an extension (an old hashed asset) is a real 404, not the app.
    if (path.extname(pathname) && pathname !== '/index.html') throw notFound(`Not found: ${pathname}`);
    if (!keptPages) throw notFound('The web app is not built. Run `npm run build` first.');
    const html = await keptPages.page(request.url);
    return sendPage(request, reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8'), html);
  });
}

/** Prepared answers kept per page and encoding (as many as pages are kept, lib/compressed-bodies.ts). */
const PAGE_ANSWERS_KEPT = 500;

/**
 * The fast lane's share (lib/fast-lane.ts): a page kept at the catalog version this process
 * knows now, with the headers the not-found handler above sends it with. A page not drawn yet,
 * or no longer fresh, is left to the handler, which draws it (and counts it towards the flood
 * guard: a page sent from memory costs less than counting it would, docs/decisions/033).
 */
function fastKeptPages(app: FastifyInstance, pages: ReusedPages, bodies: BodyCompressor): FastAnswerer {
  type PageAnswers = Partial<Record<'br' | 'gzip' | 'identity', FastAnswer>>;
  const answers = new Map<string, PageAnswers>();
  const answerFor = (html: string, encoding: 'br' | 'gzip' | undefined): FastAnswer => {
    const kept = entryOf(answers, html, PAGE_ANSWERS_KEPT, (): PageAnswers => ({}));
    return (kept[encoding ?? 'identity'] ??= preparedPage(app.fastLane, bodies.bytes(html, encoding), encoding));
  };
  return (request) => {
    const version = app.catalogVersion.knownNow();
    const html = version === undefined ? undefined : pages.keptAt(request.url ?? '/', version);
    return html === undefined ? undefined : answerFor(html, preferredEncoding(request.headers['accept-encoding']));
  };
}

function preparedPage(lane: FastLane, body: Buffer, encoding: 'br' | 'gzip' | undefined): FastAnswer {
  return lane.prepare({
    route: 'unmatched',
    headers: {
      'cache-control': 'no-cache',
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': encoding,
      vary: 'accept-encoding',
      'content-length': body.length,
    },
    body,
  });
}

export default fp(webAppPlugin, { name: 'web-app', dependencies: ['errors'] });
