import { isAlreadyVerifiedDetail, type VerifyEmailResponse } from '@benchmarket/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/** POST /auth/verify-email {token} → {is_verified}. */
function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return api.post<VerifyEmailResponse>('/auth/verify-email', { token });
}

type VerificationOutcome = 'verified' | 'already-verified';

/**
 * The verification of one link, as a query keyed by its token: the token is single use, so
 * it must be sent once however often the page renders (React StrictMode mounts effects
 * twice; a focus or reconnect must not send it again). Query deduplication and a result that
 * never goes stale give exactly one request per token.
 *
 * spec §8: a failure whose detail contains 'already verified' counts as success.
 */
export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    // Not under ['auth']: refresh() invalidates that prefix, and a refetch would send the
    // token again.
    queryKey: ['email-verification', token] as const,
    // The abort signal is left unused on purpose: a StrictMode unmount must not cancel (and
    // so later repeat) the request.
    queryFn: async (): Promise<VerificationOutcome> => {
      try {
        await verifyEmail(token);
        return 'verified';
      } catch (error) {
        if (isApiError(error) && isAlreadyVerifiedDetail(error.detail)) return 'already-verified';
        throw error;
      }
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
