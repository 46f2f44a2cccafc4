import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listingKeys } from '@/lib/api/listings';

/** DELETE /listings/{id}/photos/{index} (spec §7: a photo is identified by its index). */
function deleteListingPhoto(id: string, index: number): Promise<unknown> {
  return api.delete<unknown>(`/listings/${encodeURIComponent(id)}/photos/${String(index)}`);
}

export function useDeleteListingPhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (index: number) => deleteListingPhoto(id, index),
    // Indices shift after a removal: wait for the fresh list before the next one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.detailOf(id) }),
  });
}
