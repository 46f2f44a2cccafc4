import type { CleanupPendingResponse, Payment } from '@benchmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/session/use-auth';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** POST /payments/cleanup-pending: removes the caller's abandoned pending payments. */
export function cleanupPendingPayments(options?: { signal?: AbortSignal }): Promise<CleanupPendingResponse> {
  return api.post<CleanupPendingResponse>('/payments/cleanup-pending', undefined, options);
}

/** GET /payments/history: the caller's payments, newest first. */
export function getPaymentHistory(options?: { signal?: AbortSignal }): Promise<Payment[]> {
  return api.get<Payment[]>('/payments/history', options);
}

/**
 * spec §7: opening the payment history first cleans up pending payments, then lists them.
 * A failed clean-up does not hide the history: it is housekeeping, and the history shows
 * the pending payments as they are. Never fresh for long: each opening of the tab repeats
 * both calls.
 */
export function paymentHistoryQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: dashboardKeys.paymentHistory(userId),
    queryFn: async ({ signal }) => {
      try {
        await cleanupPendingPayments({ signal });
      } catch (error) {
        if (signal.aborted) throw error;
      }
      return getPaymentHistory({ signal });
    },
    staleTime: 0,
  });
}

export function usePaymentHistory() {
  const { user } = useAuth();
  return useQuery({ ...paymentHistoryQueryOptions(user?.id ?? null), enabled: user !== null });
}
