import type { SpecificationCount } from '@benchmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /listings/manufacturers (issue 15): the makers of live listings with their counts, and
 * with `?manufacturer=` that maker's models. Shared: the listing form suggests them, the search
 * form filters by them. Keyed under ['listings'] so that saving a listing refreshes them too.
 */
export const manufacturerKeys = {
  makers: () => ['listings', 'manufacturers'] as const,
  models: (manufacturer: string) => ['listings', 'manufacturers', { manufacturer }] as const,
};

/** Makers change slowly: a few minutes old is fine for suggestions and a filter. */
const SUGGESTIONS_STALE_MS = 5 * 60_000;

function getSpecificationCounts(manufacturer: string | undefined, options?: { signal?: AbortSignal }): Promise<SpecificationCount[]> {
  // A blank maker is left out of the query string (the makers, not the models).
  return api.get<SpecificationCount[]>('/listings/manufacturers', { query: { manufacturer }, signal: options?.signal });
}

function manufacturersQueryOptions() {
  return queryOptions({
    queryKey: manufacturerKeys.makers(),
    queryFn: ({ signal }) => getSpecificationCounts(undefined, { signal }),
    staleTime: SUGGESTIONS_STALE_MS,
  });
}

function modelsQueryOptions(manufacturer: string) {
  return queryOptions({
    queryKey: manufacturerKeys.models(manufacturer),
    queryFn: ({ signal }) => getSpecificationCounts(manufacturer, { signal }),
    staleTime: SUGGESTIONS_STALE_MS,
  });
}

/** The makers of live listings, most listings first as the API orders them. */
export function useManufacturers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...manufacturersQueryOptions(), enabled });
}

/** The models of one maker; asks nothing for a blank maker. */
export function useManufacturerModels(manufacturer: string, { enabled = true }: { enabled?: boolean } = {}) {
  const name = manufacturer.trim();
  return useQuery({ ...modelsQueryOptions(name), enabled: enabled && name !== '' });
}
