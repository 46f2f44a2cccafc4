import type { Message, MessageCreate } from '@benchmarket/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /messages {listing_id, sender_name, sender_email, message} → 201 Message (spec §7).
 * 401 when not logged in; 400 'All fields are required' or one's own listing; 404 'Listing
 * not found'; 429 when sending too often. Issue 15: a message about a listing for licensed
 * professionals only carries the buyer's confirmation (`licensed_professional: true`);
 * without it the API answers 403 with LICENSED_PROFESSIONAL_REQUIRED.
 */
export type MessageRequest = MessageCreate;

function sendMessage(body: MessageRequest): Promise<Message> {
  return api.post<Message>('/messages', body);
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}
