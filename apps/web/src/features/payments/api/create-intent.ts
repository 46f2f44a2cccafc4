import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CreateIntentInput, CreatedPaymentIntent } from './types';

/** POST /payments/cleanup-pending: removes the caller's abandoned pending payments. */
function cleanupPendingPayments(): Promise<unknown> {
  return api.post('/payments/cleanup-pending');
}

/**
 * POST /payments/create-intent, after the clean-up of pending payments (spec §7: "Clean-up of
 * pending payments is called before creating a payment"). The API cleans up too, so a failed
 * clean-up is only housekeeping left for later and does not stop the payment.
 */
async function createPaymentIntent(input: CreateIntentInput): Promise<CreatedPaymentIntent> {
  try {
    await cleanupPendingPayments();
  } catch {
    // Housekeeping only: the payment goes ahead.
  }
  return api.post<CreatedPaymentIntent>('/payments/create-intent', input);
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}
