import type { Listing, ListingCreate } from '@benchmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listingKeys } from '@/lib/api/listings';

/** POST /listings (spec §7): answers 201 with the new, unpaid listing. */
function createListing(body: ListingCreate): Promise<Listing> {
  return api.post<Listing>('/listings', body);
}

export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  });
}
