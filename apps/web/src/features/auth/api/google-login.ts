import type { TokenResponse } from '@benchmarket/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/google {token}: exchanges Google's ID-token credential for our access token. */
export function googleLogin(credential: string): Promise<TokenResponse> {
  return api.post<TokenResponse>('/auth/google', { token: credential });
}

export function useGoogleLogin() {
  return useMutation({ mutationFn: googleLogin });
}
