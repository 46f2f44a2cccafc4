import {
  DASHBOARD_LISTING_DETAILS_FAILED,
  DASHBOARD_PAYMENTS_FAILED,
  ROW_ACTION_LABELS,
  formatAmount,
  formatDuration,
  formatListedDate,
  paymentRowAction,
  shortPaymentId,
  type Payment,
  type PaymentStatus,
} from '@benchmarket/shared';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useListing } from '@/lib/api/listings';
import { usePaymentHistory } from '../api/get-payment-history';
import { actionLinkClass, primaryActionLinkClass } from './ui';
import { EmptyState } from '@/components/ui/empty-state';
import { StatusPill } from '@/components/ui/status-pill';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { Alert } from '@/components/ui/alert';

const STATUS_TONES: Record<PaymentStatus, 'success' | 'warning' | 'danger' | 'info'> = {
  completed: 'success',
  pending: 'warning',
  failed: 'danger',
  refunded: 'info',
};

/** A refund says where the money went. */
const STATUS_TITLES: Partial<Record<PaymentStatus, string>> = {
  refunded: 'This payment could not be applied to the listing and the amount was refunded to your card.',
};

const PAYMENT_COLUMNS: readonly DataColumn[] = [
  { label: 'Date' },
  { label: 'Payment ID' },
  { label: 'Listing' },
  { label: 'Duration' },
  { label: 'Amount', align: 'right' },
  { label: 'Status' },
  { label: <span className="sr-only">Actions</span> },
];

const titleLinkClass = 'font-medium break-words text-teal-800 underline-offset-2 hover:underline';

/**
 * The listing of a payment: its title when the history carries it, else the listing's own
 * details; when those cannot be loaded either, says so (spec §8).
 */
function PaymentListing({ payment }: { payment: Payment }) {
  const hasTitle = Boolean(payment.listing_title);
  const listing = useListing(payment.listing_id, { enabled: !hasTitle, signedInOnly: true });
  const to = `/listings/${encodeURIComponent(payment.listing_id)}`;
  if (hasTitle) {
    return (
      <Link to={to} className={titleLinkClass}>
        {payment.listing_title}
      </Link>
    );
  }
  if (listing.isPending) return <span className="text-slate-500">Loading…</span>;
  if (listing.isError) return <span className="text-red-700">{DASHBOARD_LISTING_DETAILS_FAILED}</span>;
  return (
    <Link to={to} className={titleLinkClass}>
      {listing.data.title}
    </Link>
  );
}

function PaymentRow({ payment }: { payment: Payment }) {
  // spec §4: 'Pay Now' for failed or pending, 'View' for completed.
  const action = paymentRowAction(payment.status);
  const id = encodeURIComponent(payment.listing_id);
  return (
    <tr>
      <td data-label="Date" className="whitespace-nowrap text-slate-700">
        <time dateTime={payment.created_at}>{formatListedDate(payment.created_at)}</time>
      </td>
      <td data-label="Payment ID" className="whitespace-nowrap">
        {/* spec §3: the first 8 characters of the payment id. */}
        <code className="font-mono text-slate-800">{shortPaymentId(payment.id)}</code>
      </td>
      <td data-label="Listing">
        <PaymentListing payment={payment} />
      </td>
      <td data-label="Duration" className="whitespace-nowrap text-slate-700">
        {formatDuration(payment.duration_months)}
      </td>
      {/* spec §3: the amount with 2 decimals; the currency sign is decoration. */}
      <td data-label="Amount" className="text-right whitespace-nowrap text-slate-900 tabular-nums">
        <span>
          <span aria-hidden="true">$</span>
          <span>{formatAmount(payment.amount)}</span>
        </span>
      </td>
      <td data-label="Status">
        <span title={STATUS_TITLES[payment.status]}>
          <StatusPill tone={STATUS_TONES[payment.status]} className="capitalize">
            {payment.status}
          </StatusPill>
        </span>
      </td>
      <td>
        {action === 'pay' ? (
          <Link to={`/payment/${id}`} className={primaryActionLinkClass}>
            {ROW_ACTION_LABELS.pay}
          </Link>
        ) : (
          <Link to={`/listings/${id}`} className={actionLinkClass}>
            {ROW_ACTION_LABELS.view}
          </Link>
        )}
      </td>
    </tr>
  );
}

/** The 'Payment History' tab (spec §2, §3, §4): clean-up of pending payments, then the table. */
export function PaymentsPanel() {
  const history = usePaymentHistory();

  if (history.isPending) return <Spinner label="Loading payment history…" className="py-12" />;
  if (history.isError) {
    return <Alert onRetry={() => void history.refetch()}>{DASHBOARD_PAYMENTS_FAILED}</Alert>;
  }
  if (history.data.length === 0) {
    return (
      <EmptyState>
        <p>You have no payments yet.</p>
      </EmptyState>
    );
  }

  return (
    <DataTable label="Your payments" caption="Payment history" columns={PAYMENT_COLUMNS} scrollCue={false} cellAlign="middle" stackOnPhone>
      {history.data.map((payment) => (
        <PaymentRow key={payment.id} payment={payment} />
      ))}
    </DataTable>
  );
}
