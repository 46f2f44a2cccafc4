import type { ConfirmPaymentRequest, ConfirmPaymentResponse } from '@benchmarket/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listingKeys } from '@/lib/api/listings';
import { paymentKeys } from './query-keys';

/** POST /payments/confirm: `{ payment_id, stripe_payment_id }` → `{ listing_id }` (spec §7). */
function confirmPayment(body: ConfirmPaymentRequest): Promise<ConfirmPaymentResponse> {
  return api.post<ConfirmPaymentResponse>('/payments/confirm', body);
}

/** After a payment: the listing, the seller's listings (dashboard) and the payment history are out of date. */
export async function invalidateAfterPayment(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: listingKeys.all }),
    queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  ]);
}

export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPayment,
    onSuccess: () => {
      void invalidateAfterPayment(queryClient);
    },
  });
}
