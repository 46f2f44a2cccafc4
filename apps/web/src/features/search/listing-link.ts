import type { Listing, RagSearchResponse } from '@benchmarket/shared';

/**
 * Opening a result carries its AI insight to the listing page's 'AI Search Insight' (spec §2,
 * §3). The listing page (features/listings/ai-insight.ts) reads it from the router location
 * state `{ ragSearchResponse }` first, then from sessionStorage `ai-insight:<listing id>` —
 * which survives a reload of the listing page and a new tab opened from the result.
 */
export const AI_INSIGHT_STORAGE_PREFIX = 'ai-insight:';

export interface ListingLinkState {
  ragSearchResponse: RagSearchResponse;
}

export function listingPath(id: string): string {
  return `/listings/${encodeURIComponent(id)}`;
}

export function listingLinkState(listing: Pick<Listing, 'rag_search_response'>): ListingLinkState | undefined {
  return listing.rag_search_response ? { ragSearchResponse: listing.rag_search_response } : undefined;
}

/**
 * Stores the insight of the result being opened; a result without one clears an older
 * insight, so a listing opened from a plain search never shows a stale explanation.
 */
export function rememberInsight(listing: Pick<Listing, 'id' | 'rag_search_response'>): void {
  const key = `${AI_INSIGHT_STORAGE_PREFIX}${listing.id}`;
  try {
    if (listing.rag_search_response) window.sessionStorage.setItem(key, JSON.stringify(listing.rag_search_response));
    else window.sessionStorage.removeItem(key);
  } catch {
    // Storage unavailable: the location state still carries the insight.
  }
}
