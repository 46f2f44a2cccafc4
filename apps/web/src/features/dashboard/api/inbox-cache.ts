import type { Message } from '@benchmarket/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/session/use-auth';
import { messageKeys } from './message-keys';

/**
 * The logged-in seller's cached inbox, for the mutations that change it at once (mark read,
 * delete): `update` rewrites the cached messages, and leaves an inbox not yet loaded alone.
 */
export function useInboxCache() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const queryKey = messageKeys.inbox(user?.id ?? null);
  return {
    cancel: () => queryClient.cancelQueries({ queryKey }),
    update: (change: (messages: Message[]) => Message[]) => {
      queryClient.setQueryData<Message[]>(queryKey, (messages) => messages && change(messages));
    },
  };
}
