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
import { cn } from '@/lib/cn';
import { useListing } from '@/lib/api/listings';
import { usePaymentHistory } from '../api/get-payment-history';
import { actionLinkClass, StatusPill } from './ui';
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
      <td className="py-3 pr-3 pl-4 whitespace-nowrap text-slate-700">
        <time dateTime={payment.created_at}>{formatListedDate(payment.created_at)}</time>
      </td>
      <td className="px-3 py-3 whitespace-nowrap">
        {/* spec §3: the first 8 characters of the payment id. */}
        <code className="font-mono text-slate-800">{shortPaymentId(payment.id)}</code>
      </td>
      <td className="px-3 py-3">
        <PaymentListing payment={payment} />
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatDuration(payment.duration_months)}</td>
      {/* spec §3: the amount with 2 decimals; the currency sign is decoration. */}
      <td className="px-3 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums before:content-['$']">
        {formatAmount(payment.amount)}
      </td>
      <td className="px-3 py-3">
        <span title={STATUS_TITLES[payment.status]}>
          <StatusPill tone={STATUS_TONES[payment.status]} className="capitalize">
            {payment.status}
          </StatusPill>
        </span>
      </td>
      <td className="py-3 pr-4 pl-3">
        {action === 'pay' ? (
          <Link to={`/payment/${id}`} className={cn(actionLinkClass, 'border-teal-700 bg-teal-700 text-white hover:bg-teal-800')}>
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
      <p className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-700">
        You have no payments yet.
      </p>
    );
  }

  return (
    <div role="region" aria-label="Your payments" tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-teal-700">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Payment history</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-3 pr-3 pl-4">
              Date
            </th>
            <th scope="col" className="px-3 py-3">
              Payment ID
            </th>
            <th scope="col" className="px-3 py-3">
              Listing
            </th>
            <th scope="col" className="px-3 py-3">
              Duration
            </th>
            <th scope="col" className="px-3 py-3 text-right">
              Amount
            </th>
            <th scope="col" className="px-3 py-3">
              Status
            </th>
            <th scope="col" className="py-3 pr-4 pl-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {history.data.map((payment) => (
            <PaymentRow key={payment.id} payment={payment} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
