import type { MessageResponse } from '@benchmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /listings/{id} (spec §7): a soft delete, the listing stays as 'Removed'. */
export function deleteListing(id: string): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/listings/${encodeURIComponent(id)}`);
}

export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    // The dashboard's lists and any cached copy of the listing itself.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['listings'] }),
  });
}
