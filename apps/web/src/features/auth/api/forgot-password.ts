import type { ForgotPasswordRequest, MessageResponse } from '@benchmarket/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/forgot-password {email}: always answers the same neutral message. */
export function forgotPassword(body: ForgotPasswordRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/auth/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
