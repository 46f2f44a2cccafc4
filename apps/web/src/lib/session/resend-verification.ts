import type { MessageResponse } from '@benchmarket/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Ours (the spec leaves the resend texts open): when the API gave no detail. */
export const RESEND_VERIFICATION_FAILED = 'Could not send a new verification email. Please try again.';

/** POST /auth/resend-verification (bearer): mails the logged-in, unverified user a new link. */
function resendVerification(): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/resend-verification');
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
