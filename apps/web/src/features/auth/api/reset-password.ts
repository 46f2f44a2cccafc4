import type { MessageResponse, ResetPasswordRequest } from '@benchmarket/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/reset-password {token, password}. */
export function resetPassword(body: ResetPasswordRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
