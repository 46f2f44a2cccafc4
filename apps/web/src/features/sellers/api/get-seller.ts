import type { SellerPage } from '@benchmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Public data, the same for every viewer: keyed by the seller only. Under ['listings'] so a listing change refreshes it. */
export const sellerKeys = {
  page: (id: string) => ['listings', 'seller', id] as const,
};

/** GET /sellers/{id} (issue 15): 404 for an unknown or suspended seller. */
function getSeller(id: string, options?: { signal?: AbortSignal }): Promise<SellerPage> {
  return api.get<SellerPage>(`/sellers/${encodeURIComponent(id)}`, options);
}

export function sellerQueryOptions(id: string) {
  return queryOptions({ queryKey: sellerKeys.page(id), queryFn: ({ signal }) => getSeller(id, { signal }) });
}

export function useSeller(id: string) {
  return useQuery(sellerQueryOptions(id));
}
