import type { LoginRequest, TokenResponse } from '@benchmarket/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/login, form-encoded `username` (the email) and `password` (spec §7). */
export function login({ username, password }: LoginRequest): Promise<TokenResponse> {
  return api.postForm<TokenResponse>('/auth/login', { username, password });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
