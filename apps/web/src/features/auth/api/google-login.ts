import type { GoogleNonceResponse, TokenResponse } from '@benchmarket/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /auth/google {token, password?}: exchanges Google's ID-token credential for our access
 * token. `password` proves an existing password account once, before Google sign-in is linked
 * to it (the API answers 409 until then).
 */
function googleLogin({ credential, password }: { credential: string; password?: string }): Promise<TokenResponse> {
  return api.post<TokenResponse>('/auth/google', password === undefined ? { token: credential } : { token: credential, password });
}

/** POST /auth/google/nonce: the nonce Google must put into the ID token (checked by the API). */
export async function googleNonce(): Promise<string> {
  return (await api.post<GoogleNonceResponse>('/auth/google/nonce')).nonce;
}

export function useGoogleLogin() {
  return useMutation({ mutationFn: googleLogin });
}
