import { RefundBodySchema, type AdminPayment, type RefundBody, type RefundResult } from '@benchmarket/shared';
import { api } from '@/lib/api-client';
import { useAdminMutation, useAdminPagedQuery } from './admin-query';
import { adminKeys } from './query-keys';

/** GET /admin/payments?q=&page=: newest first; q matches the payment id, provider id, email or listing title. */
export function usePayments(q: string, page: number) {
  return useAdminPagedQuery<AdminPayment>((viewer) => adminKeys.payments(viewer, q, page), '/admin/payments', { q, page });
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
