import type { Listing, RagSearchResponse } from '@benchmarket/shared';

/**
 * Opening a result carries its AI insight to the listing page's 'AI Search Insight' (spec §2,
 * §3) in the router location state `{ ragSearchResponse }` (and in sessionStorage, see
 * `@/components/listing/ai-insight-storage`).
 */
interface ListingLinkState {
  ragSearchResponse: RagSearchResponse;
}

export function listingPath(id: string): string {
  return `/listings/${encodeURIComponent(id)}`;
}

export function listingLinkState(listing: Pick<Listing, 'rag_search_response'>): ListingLinkState | undefined {
  return listing.rag_search_response ? { ragSearchResponse: listing.rag_search_response } : undefined;
}

/** Issue 15: a seller's public page. */
export function sellerPath(sellerId: string): string {
  return `/sellers/${encodeURIComponent(sellerId)}`;
}
