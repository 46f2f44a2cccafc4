import { isAlreadyVerifiedDetail, type MessageResponse } from '@benchmarket/shared';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { useAuth } from './use-auth';

/** Ours (the spec leaves the resend texts open): when the API gave no detail. */
export const RESEND_VERIFICATION_FAILED = 'Could not send a new verification email. Please try again.';

/** POST /auth/resend-verification (bearer): mails the logged-in, unverified user a new link. */
function resendVerification(): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/resend-verification');
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

/**
 * The resend of a notice standing where verification is required. When the API answers that
 * the address is verified already (in another tab, say), the session is checked again, so the
 * notice goes and the page moves on.
 */
export function useResendOrRefresh() {
  const { refresh } = useAuth();
  const resend = useResendVerification();
  const send = () => {
    resend.mutate(undefined, {
      onError: (error) => {
        if (isApiError(error) && isAlreadyVerifiedDetail(error.detail)) void refresh();
      },
    });
  };
  return { resend, send };
}
