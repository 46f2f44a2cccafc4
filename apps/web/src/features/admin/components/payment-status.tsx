import type { AdminPayment } from '@benchmarket/shared';
import { StatusPill, type PillTone } from '@/components/ui/status-pill';

const STATUS: Record<AdminPayment['status'], { label: string; tone: PillTone }> = {
  completed: { label: 'Completed', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
  refunded: { label: 'Refunded', tone: 'neutral' },
};

/** The payment's status, 'Partly refunded' when some of it went back, and 'Disputed' when the card holder disputed it. */
export function PaymentStatus({ payment }: { payment: AdminPayment }) {
  const partly = payment.status === 'completed' && payment.refunded_amount > 0;
  const status = partly ? { label: 'Partly refunded', tone: 'info' as const } : STATUS[payment.status];
  return (
    <span className="flex flex-wrap gap-1.5">
      <StatusPill tone={status.tone}>{status.label}</StatusPill>
      {payment.disputed_at && <StatusPill tone="danger">Disputed</StatusPill>}
    </span>
  );
}
