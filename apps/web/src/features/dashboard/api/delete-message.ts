import type { Message } from '@benchmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/session/use-auth';
import { api } from '@/lib/api-client';
import { messageKeys } from './message-keys';

/** DELETE /messages/{id} → 204 (spec §7). */
export function deleteMessage(id: string): Promise<void> {
  return api.delete(`/messages/${encodeURIComponent(id)}`);
}

/** Deletes one of the seller's messages and drops it from the cached inbox. */
export function useDeleteMessage() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const key = messageKeys.inbox(user?.id ?? null);
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<Message[]>(key, (messages) => messages?.filter((message) => message.id !== id));
    },
  });
}
