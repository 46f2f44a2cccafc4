import type { Message } from '@benchmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/session/use-auth';
import { api } from '@/lib/api-client';
import { messageKeys } from './message-keys';

/** GET /messages/user: the messages sent to the caller's listings (spec §7). */
export function getInbox(options?: { signal?: AbortSignal }): Promise<Message[]> {
  return api.get<Message[]>('/messages/user', options);
}

/** spec §4: newest first (the API sends them so; sorted again so the order never depends on it). */
export function newestFirst(messages: readonly Message[]): Message[] {
  return [...messages].sort((a, b) => Date.parse(b.sent_at) - Date.parse(a.sent_at));
}

export function inboxQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: messageKeys.inbox(userId),
    queryFn: async ({ signal }) => newestFirst(await getInbox({ signal })),
  });
}

/** The logged-in seller's messages; idle while logged out. */
export function useInbox() {
  const { user } = useAuth();
  return useQuery({ ...inboxQueryOptions(user?.id ?? null), enabled: user !== null });
}

/** spec §4: a message carries a 'New' badge until it is first expanded. */
export function unreadCount(messages: readonly Message[] | undefined): number {
  return messages?.filter((message) => !message.is_read).length ?? 0;
}
