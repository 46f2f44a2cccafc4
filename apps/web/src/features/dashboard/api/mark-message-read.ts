import type { Message } from '@benchmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/session/use-auth';
import { api } from '@/lib/api-client';
import { messageKeys } from './message-keys';

/** PUT /messages/{id}/read → the message, now read (spec §7). */
export function markMessageRead(id: string): Promise<Message> {
  return api.put<Message>(`/messages/${encodeURIComponent(id)}/read`);
}

function setRead(messages: Message[] | undefined, id: string, isRead: boolean): Message[] | undefined {
  return messages?.map((message) => (message.id === id ? { ...message, is_read: isRead } : message));
}

/**
 * Marks a message read (spec §4: false → true on first expanding). The cached inbox changes
 * at once, so the 'New' badge and the tab's count go without waiting; a failure puts the
 * badge back.
 */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const key = messageKeys.inbox(user?.id ?? null);
  return useMutation({
    mutationFn: markMessageRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Message[]>(key, (messages) => setRead(messages, id, true));
    },
    onSuccess: (updated) => {
      queryClient.setQueryData<Message[]>(key, (messages) =>
        messages?.map((message) => (message.id === updated.id ? { ...message, ...updated } : message)),
      );
    },
    onError: (_error, id) => {
      queryClient.setQueryData<Message[]>(key, (messages) => setRead(messages, id, false));
    },
  });
}
