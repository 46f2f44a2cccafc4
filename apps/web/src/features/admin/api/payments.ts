import { RefundBodySchema, type AdminPayment, type Paginated, type RefundBody, type RefundResult } from '@benchmarket/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAdminMutation, useAdminViewer } from './admin-query';
import { adminKeys } from './query-keys';

export type AdminPaymentsPage = Paginated<AdminPayment>;

/** GET /admin/payments?q=&page=: newest first; q matches the payment id, provider id, email or listing title. */
export function getPayments(q: string, page: number, options?: { signal?: AbortSignal }): Promise<AdminPaymentsPage> {
  return api.get<AdminPaymentsPage>('/admin/payments', { query: { q, page }, signal: options?.signal });
}

export function paymentsQueryOptions(viewer: string | null, q: string, page: number) {
  return queryOptions({ queryKey: adminKeys.payments(viewer, q, page), queryFn: ({ signal }) => getPayments(q, page, { signal }) });
}

export function usePayments(q: string, page: number) {
  const { viewer, isAdmin } = useAdminViewer();
  return useQuery({ ...paymentsQueryOptions(viewer, q, page), enabled: isAdmin, placeholderData: keepPreviousData });
}

/**
 * POST /admin/payments/{id}/refund {amount?, reason}: through the payment provider; the listing's
 * paid time shrinks. The Idempotency-Key names one refund meant, so a retry after a lost answer
 * makes no second refund.
 */
export function refundPayment({
  id,
  body,
  idempotencyKey,
}: {
  id: string;
  body: RefundBody;
  idempotencyKey: string;
}): Promise<RefundResult> {
  return api.post<RefundResult>(`/admin/payments/${encodeURIComponent(id)}/refund`, RefundBodySchema.parse(body), {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export const useRefundPayment = () => useAdminMutation(refundPayment);
