import type {
  ConversationDetail,
  ConversationEntry,
  ConversationList,
  ConversationReply,
  ConversationReportCreate,
  Offer,
  OfferCreate,
} from '@benchmarket/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/session/use-auth';

/**
 * Issue 16: the conversations API. Private data, keyed by the user, so another account on the
 * same browser never sees a cached copy.
 */
export const conversationKeys = {
  all: ['conversations'] as const,
  list: (userId: string | null) => ['conversations', userId, 'list'] as const,
  detail: (userId: string | null, id: string) => ['conversations', userId, 'detail', id] as const,
};

const path = (id: string) => `/conversations/${encodeURIComponent(id)}`;

/** GET /conversations: the caller's, newest activity first, with unread counts. */
export function conversationsQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: conversationKeys.list(userId),
    queryFn: ({ signal }) => api.get<ConversationList>('/conversations', { signal }),
  });
}

export function useConversations() {
  const { user } = useAuth();
  return useQuery({ ...conversationsQueryOptions(user?.id ?? null), enabled: user !== null });
}

/** GET /conversations/{id}: messages and offers in order; opening it marks it read. */
export function useConversation(id: string) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: conversationKeys.detail(user?.id ?? null, id),
    queryFn: async ({ signal }) => {
      const detail = await api.get<ConversationDetail>(path(id), { signal });
      // It is read now: the list's and the header's counts follow.
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list(user?.id ?? null) });
      return detail;
    },
    enabled: user !== null,
  });
}

/** A mutation about a conversation that refreshes the conversations (its view, the list, the counts) when done. */
function useConversationMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}

/** POST /conversations/{id}/messages */
export function useReply(conversationId: string) {
  return useConversationMutation((body: ConversationReply) => api.post<ConversationEntry>(`${path(conversationId)}/messages`, body));
}

/** POST /conversations/{id}/offers (the buyer only) */
export function useMakeOffer(conversationId: string) {
  return useConversationMutation((body: OfferCreate) => api.post<Offer>(`${path(conversationId)}/offers`, body));
}

/** POST /offers/{id}/accept|decline (the seller only, once) */
export function useDecideOffer() {
  return useConversationMutation(({ offerId, decision }: { offerId: string; decision: 'accept' | 'decline' }) =>
    api.post<Offer>(`/offers/${encodeURIComponent(offerId)}/${decision}`),
  );
}

/** POST /conversations/{id}/block and /unblock */
export function useBlock(conversationId: string) {
  return useConversationMutation((block: boolean) => api.post<null>(`${path(conversationId)}/${block ? 'block' : 'unblock'}`));
}

/** POST /conversations/{id}/report */
export function useReport(conversationId: string) {
  return useConversationMutation((body: ConversationReportCreate) =>
    api.post<{ id: string; message: string }>(`${path(conversationId)}/report`, body),
  );
}
