import type { MessageResponse } from '@benchmarket/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/resend-verification (bearer): mails the logged-in, unverified user a new link. */
export function resendVerification(): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/resend-verification');
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
