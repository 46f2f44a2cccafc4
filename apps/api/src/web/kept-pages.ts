import type { CatalogVersion } from '../db/catalog-version.js';

/**
 * A page is reused while the catalog version it was drawn at holds (any change to what pages
 * show of listings, photos, documents or sellers' names moves it) and for at most this long —
 * what else a page shows (a seller's about text) is at most this old. Under load a page is
 * drawn a few times a second, not once per visit.
 */
const PAGE_REUSE_MS = 2_000;
/** Pages kept (the landing page, /search's first views, the listings visited most). */
const PAGES_KEPT = 500;

/** A page as drawn (or being drawn) for one URL, and the version it was drawn at. */
interface KeptPage {
  html: Promise<string>;
  /** The page once drawn. */
  drawn?: string;
  version: number;
  at: number;
}

export interface ReusedPages {
  /** The page for `url`: kept, or drawn now. */
  page(url: string): Promise<string>;
  /** The page for `url` when it is drawn and kept at `version` and still fresh; else undefined (no drawing). */
  keptAt(url: string, version: number): string | undefined;
}

/**
 * `draw`, with each URL's whole page — head, preloads and server-drawn HTML — reused while
 * nothing it shows can have changed. Visits that arrive while a page is being drawn wait for
 * that drawing (when a kept page ran out under load, every request in flight used to draw it
 * again at once: 50 renders of the landing page, a p99 near a second). Reusing the very same
 * string also lets the compressed copies (lib/compressed-bodies.ts) be found without reading
 * the page again (issue 19: a listing's page asked the database for its head on every visit).
 */
export function reusingPages(catalogVersion: CatalogVersion, draw: (url: string) => Promise<string>): ReusedPages {
  const kept = new Map<string, KeptPage>();
  const forget = (url: string, page: KeptPage) => {
    if (kept.get(url) === page) kept.delete(url);
  };
  const keptAt = (url: string, version: number): string | undefined => {
    const known = kept.get(url);
    return known?.version === version && Date.now() - known.at < PAGE_REUSE_MS ? known.drawn : undefined;
  };
  const pageFor = async (url: string): Promise<string> => {
    const version = await catalogVersion.current().catch(() => undefined);
    const now = Date.now();
    const previous = kept.get(url);
    if (previous && previous.version === version && now - previous.at < PAGE_REUSE_MS) return previous.html;
    const html = draw(url);
    if (version === undefined) return html;
    kept.delete(url);
    if (kept.size >= PAGES_KEPT) kept.delete(kept.keys().next().value!);
    const page: KeptPage = { html, version, at: now };
    kept.set(url, page);
    // A drawing that failed is not kept for the next visit.
    html.then(
      (drawn) => (page.drawn = drawn),
      () => forget(url, page),
    );
    return html;
  };
  return { page: pageFor, keptAt };
}
