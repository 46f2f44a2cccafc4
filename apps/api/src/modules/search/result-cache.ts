import type { SearchQuery } from '@benchmarket/shared';
import { and, eq, gt, min } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { CatalogVersion } from '../../db/catalog-version.js';
import type { Db } from '../../db/database.js';
import { listings } from '../../db/schema.js';

/**
 * Search pages as sent (serialized JSON), kept in this process's memory (decision 006).
 * Buyers repeat searches — the same words, filters and first page — and a page costs 10–20 ms
 * of database work at 100,000 listings, while checking it is still right costs one lookup of
 * the catalog version. A page is served from here only while all of these hold:
 * - the catalog version is the one it was computed at (any write that changes what search
 *   shows of listings or their photos, by any process, moves it: migrations 0007 and 0008);
 * - no listing has expired since (expiry is a moment, not a write): a page lives at most until
 *   the next expiry date among active listings;
 * - it is younger than the configured lifetime, and the clock has not gone back since.
 */
interface CachedPage {
  version: number;
  storedAt: number;
  validUntil: number;
  body: string;
}

interface SearchCacheOptions {
  /** SEARCH_CACHE_SECONDS; 0 turns the cache off. */
  lifetimeSeconds: number;
  /** Bound on memory: pages are ~10–30 kB of JSON each. */
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

export class SearchResultCache {
  private readonly pages: LRUCache<string, CachedPage> | undefined;
  constructor(
    private readonly db: Db,
    private readonly options: SearchCacheOptions,
    private readonly log: FastifyBaseLogger,
    private readonly version: CatalogVersion,
  ) {
    if (options.lifetimeSeconds > 0) {
      this.pages = new LRUCache<string, CachedPage>({
        maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES,
        sizeCalculation: (page) => page.body.length * 2 + 200,
      });
    }
  }

  get enabled(): boolean {
    return this.pages !== undefined;
  }

  /** The catalog version now; read before searching, so a page never claims a later version than it saw. */
  currentVersion(): Promise<number> {
    return this.version.current();
  }

  lookup(key: string, version: number, now: Date): string | undefined {
    const page = this.pages?.get(key);
    if (!page) return undefined;
    const at = now.getTime();
    if (page.version !== version || at >= page.validUntil || at < page.storedAt) {
      this.pages?.delete(key);
      return undefined;
    }
    return page.body;
  }

  /**
   * Keeps a page; a failure here only costs the cache, never the buyer's answer. `maxAgeMs`
   * shortens its life below SEARCH_CACHE_SECONDS (an answer that also shows what no listing
   * write changes, such as a seller's name).
   */
  async store(key: string, version: number, now: Date, body: string, maxAgeMs?: number): Promise<void> {
    if (!this.pages) return;
    const storedAt = now.getTime();
    let nextExpiry: number | undefined;
    try {
      nextExpiry = await this.nextExpiryAfter(now);
    } catch (error) {
      this.log.warn({ err: error }, 'search page not cached: the next expiry could not be read');
      return;
    }
    const lifetimeMs = Math.min(this.options.lifetimeSeconds * 1000, maxAgeMs ?? Number.POSITIVE_INFINITY);
    const validUntil = Math.min(storedAt + lifetimeMs, nextExpiry ?? Number.POSITIVE_INFINITY);
    if (validUntil <= storedAt) return;
    this.pages.set(key, { version, storedAt, validUntil, body });
  }

  /**
   * When the next active listing expires, or stops being featured (issue 14: browsing shows
   * featured listings first, and every listing's `is_featured`): the moment a cached page may
   * start to show one too many, or in the wrong order. Each `min` is one step down an index
   * (listings_expiry_idx, listings_featured_until_idx).
   */
  private async nextExpiryAfter(now: Date): Promise<number | undefined> {
    const [[expiring], [featured]] = await Promise.all([
      this.db
        .select({ next: min(listings.expiryDate) })
        .from(listings)
        .where(
          and(gt(listings.expiryDate, now), eq(listings.isActive, true), eq(listings.paymentStatus, 'paid'), eq(listings.isDeleted, false)),
        ),
      this.db
        .select({ next: min(listings.featuredUntil) })
        .from(listings)
        .where(gt(listings.featuredUntil, now)),
    ]);
    const moments = [expiring?.next, featured?.next].filter((next) => next != null).map((next) => new Date(next).getTime());
    return moments.length > 0 ? Math.min(...moments) : undefined;
  }
}

/** The same search, whatever the order or spelling of its parameters (they arrive validated and defaulted). */
export function searchCacheKey(query: SearchQuery): string {
  const entries = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => [name, typeof value === 'string' ? value.trim() : value] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}
