import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SandboxCardResult } from './types';

interface SandboxCardInput {
  client_secret: string;
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/**
 * POST /payments/sandbox/confirm-card: the sandbox provider's card step, as Stripe.js's
 * confirmCardPayment. A decline answers 402 with the card provider's text ('Your card was
 * declined.') and leaves the payment open for another card.
 */
function confirmSandboxCard(input: SandboxCardInput): Promise<SandboxCardResult> {
  return api.post<SandboxCardResult>('/payments/sandbox/confirm-card', input);
}

export function useConfirmSandboxCard() {
  return useMutation({ mutationFn: confirmSandboxCard });
}
