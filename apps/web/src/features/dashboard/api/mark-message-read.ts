import type { Message } from '@benchmarket/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useInboxCache } from './inbox-cache';

/** PUT /messages/{id}/read → the message, now read (spec §7). */
export function markMessageRead(id: string): Promise<Message> {
  return api.put<Message>(`/messages/${encodeURIComponent(id)}/read`);
}

function setRead(messages: Message[], id: string, isRead: boolean): Message[] {
  return messages.map((message) => (message.id === id ? { ...message, is_read: isRead } : message));
}

/**
 * Marks a message read (spec §4: false → true on first expanding). The cached inbox changes
 * at once, so the 'New' badge and the tab's count go without waiting; a failure puts the
 * badge back.
 */
export function useMarkMessageRead() {
  const inbox = useInboxCache();
  return useMutation({
    mutationFn: markMessageRead,
    onMutate: async (id) => {
      await inbox.cancel();
      inbox.update((messages) => setRead(messages, id, true));
    },
    onSuccess: (updated) => {
      inbox.update((messages) => messages.map((message) => (message.id === updated.id ? { ...message, ...updated } : message)));
    },
    onError: (_error, id) => {
      inbox.update((messages) => setRead(messages, id, false));
    },
  });
}
