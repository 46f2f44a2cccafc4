import type { MessageResponse, SupportRequestInput as SupportRequest } from '@benchmarket/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /support {name, email, subject?, message} → {message}: mails the support address
 * (SUPPORT_EMAIL) and acknowledges to the sender. 400 with a detail for missing or invalid
 * fields; 429 when sending too often. Open to visitors; a logged-in caller's account is named.
 */
function sendSupportRequest(body: SupportRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/support', body);
}

export function useSendSupportRequest() {
  return useMutation({ mutationFn: sendSupportRequest });
}
