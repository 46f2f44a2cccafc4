import type { Listing, ListingUpdate } from '@benchmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listingKeys } from '@/lib/api/listings';

/** PUT /listings/{id} (spec §7): owner only, 403 otherwise. */
function updateListing(id: string, body: ListingUpdate): Promise<Listing> {
  return api.put<Listing>(`/listings/${encodeURIComponent(id)}`, body);
}

export function useUpdateListing(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ListingUpdate) => updateListing(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  });
}
