import type { SearchResponse } from '@benchmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SearchListingsParams } from '../search-criteria';
import { searchKeys } from './query-keys';

/**
 * GET /listings/search (spec §7): filters, the AI flag and a page; with use_rag every item
 * carries rag_search_response. Verified users only: others get 403 with the spec's text.
 */
function searchListings(params: SearchListingsParams, options?: { signal?: AbortSignal }): Promise<SearchResponse> {
  return api.get<SearchResponse>('/listings/search', { ...options, query: params });
}

/**
 * Results are a snapshot the buyer browses: they stay fresh for a few minutes so that
 * coming back from a listing shows exactly what was there (and an AI search is not run
 * again for nothing).
 */
const SEARCH_RESULTS_STALE_MS = 5 * 60_000;

function searchQueryOptions(params: SearchListingsParams) {
  return queryOptions({
    queryKey: searchKeys.results(params),
    queryFn: ({ signal }) => searchListings(params, { signal }),
    staleTime: SEARCH_RESULTS_STALE_MS,
  });
}

interface UseSearchOptions {
  /** Results kept from an earlier visit (session storage) for exactly these params. */
  initialData?: { data: SearchResponse; updatedAt: number };
}

export function useSearchListings(params: SearchListingsParams, { initialData }: UseSearchOptions = {}) {
  return useQuery({
    ...searchQueryOptions(params),
    initialData: initialData?.data,
    initialDataUpdatedAt: initialData?.updatedAt,
  });
}
