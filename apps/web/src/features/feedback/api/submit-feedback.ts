import type { FeedbackCreated, FeedbackRequest } from '@benchmarket/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /reviews/ {comment, page?} (spec §7). `page` (the path the panel was opened on) is
 * ours: the API accepts it beside the shared schema's comment. 401 for visitors, 403 for
 * unverified users (the detail explains), 400 for a blank comment. The request and answer
 * types are the API's ('@benchmarket/shared', schemas/feedback.ts).
 */
export type { FeedbackCreated, FeedbackRequest };

function submitFeedback(body: FeedbackRequest): Promise<FeedbackCreated> {
  return api.post<FeedbackCreated>('/reviews/', body);
}

export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}
