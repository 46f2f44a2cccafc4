import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useInboxCache } from './inbox-cache';

/** DELETE /messages/{id} → 204 (spec §7). */
export function deleteMessage(id: string): Promise<void> {
  return api.delete(`/messages/${encodeURIComponent(id)}`);
}

/** Deletes one of the seller's messages and drops it from the cached inbox. */
export function useDeleteMessage() {
  const inbox = useInboxCache();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (_data, id) => {
      inbox.update((messages) => messages.filter((message) => message.id !== id));
    },
  });
}
