import { formatPrice, shortPaymentId, type AdminPayment, type RefundBody, type RefundResult } from '@benchmarket/shared';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { TextField } from '@/components/ui/text-field';
import { usePayments, useRefundPayment } from '../api/payments';
import { ActionDialog, ReasonField } from '../components/action-dialog';
import { ConsoleList, SearchCount } from '../components/console-list';
import { consoleRoute } from '../components/console-page';
import { useNotice } from '../components/notice';
import { PaymentStatus } from '../components/payment-status';
import { SearchForm, useSearchText } from '../components/search-form';
import { usePageParam } from '../components/use-page-param';
import { refundFormSchema, type RefundFormValues } from '../form-schemas';
import { formatDate, formatDateTime } from '../format';
import { ListingLink, UserLink } from '../components/record-links';

const KIND_LABELS: Record<AdminPayment['kind'], string> = { activation: 'Activation', extension: 'Extension', renewal: 'Renewal' };
const PROVIDER_LABELS: Record<AdminPayment['provider'], string> = { stripe: 'Stripe', sandbox: 'Sandbox', free: 'Free (promotion)' };
const SOURCE_LABELS = { admin: 'by an administrator', provider: "in the provider's dashboard", automatic: 'automatically' } as const;

const cents = (amount: number) => Math.round(amount * 100);
/** What can still be refunded of a payment. */
const remainingOf = (payment: AdminPayment) => (cents(payment.amount) - cents(payment.refunded_amount)) / 100;
const refundable = (payment: AdminPayment) => payment.status === 'completed' && payment.provider !== 'free' && remainingOf(payment) > 0;

/** The success message of a refund: how much went back and the listing's new expiry. */
function refundMessage(before: AdminPayment, result: RefundResult, now: Date = new Date()): string {
  const refunded = (cents(result.payment.refunded_amount) - cents(before.refunded_amount)) / 100;
  const amount = formatPrice(refunded > 0 ? refunded : remainingOf(before), before.currency);
  const expiry = result.listing_expiry_date;
  const listing = `'${before.listing_title}'`;
  let after: string;
  if (expiry === null) after = `${listing} has no expiry date now.`;
  else if (Date.parse(expiry) <= now.getTime()) after = `The paid time of ${listing} has ended (${formatDateTime(expiry)}).`;
  else after = `${listing} now expires on ${formatDateTime(expiry)}.`;
  return `Refunded ${amount} of payment ${shortPaymentId(before.id)}. ${after}`;
}

const REFUND_FIELDS = ['amount', 'reason'] as const;
const EMPTY_REFUND: RefundFormValues = { amount: '', reason: '' };

/**
 * One Idempotency-Key per refund meant, for as long as the dialog is open: submitting the same
 * amount again (a retry after an error or a lost answer) reuses the key, so the money goes back
 * once; another amount is another refund and gets a new key. Reopening the dialog starts anew.
 */
/** 128 random bits in hex (getRandomValues, unlike randomUUID, also works on a plain-HTTP origin). */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function useRefundKey(): (body: RefundBody) => string {
  const last = useRef<{ amount: number | undefined; key: string } | null>(null);
  return ({ amount }) => {
    if (!last.current || last.current.amount !== amount) last.current = { amount, key: newIdempotencyKey() };
    return last.current.key;
  };
}

function RefundDialog({ payment, onClose, onDone }: { payment: AdminPayment; onClose: () => void; onDone: (message: string) => void }) {
  const refund = useRefundPayment();
  const refundKeyFor = useRefundKey();
  const remaining = remainingOf(payment);
  const money = (amount: number) => formatPrice(amount, payment.currency);
  return (
    <ActionDialog
      title="Refund payment"
      description={
        <>
          {money(payment.amount)} paid by {payment.user_email} on {formatDate(payment.created_at)} for &apos;{payment.listing_title}&apos;.{' '}
          {money(remaining)} can still be refunded. The money goes back through {PROVIDER_LABELS[payment.provider]}, and the listing&apos;s
          paid time shrinks by the refunded share.
        </>
      }
      submitLabel="Refund"
      variant="danger"
      schema={refundFormSchema(remaining)}
      initial={EMPTY_REFUND}
      fieldOrder={REFUND_FIELDS}
      failedTitle="The payment could not be refunded."
      onClose={onClose}
      onSubmit={async (body) => {
        const result = await refund.mutateAsync({ id: payment.id, body, idempotencyKey: refundKeyFor(body) });
        onClose();
        onDone(refundMessage(payment, result));
      }}
    >
      {(field) => (
        <>
          <TextField
            label={
              <>
                Amount ({payment.currency}) <span className="font-normal text-slate-600">(optional)</span>
              </>
            }
            hint={`Leave it empty to refund everything left: ${money(remaining)}.`}
            inputMode="decimal"
            autoComplete="off"
            announceError={false}
            {...field('amount')}
          />
          <ReasonField {...field('reason')} />
        </>
      )}
    </ActionDialog>
  );
}

function PaymentRow({ payment, onRefund }: { payment: AdminPayment; onRefund: (payment: AdminPayment) => void }) {
  return (
    <tr>
      <td className="whitespace-nowrap">{formatDateTime(payment.created_at)}</td>
      <td>
        <span className="font-mono text-xs" title={payment.id}>
          {shortPaymentId(payment.id)}
        </span>
        <span className="block text-xs text-slate-600">{PROVIDER_LABELS[payment.provider]}</span>
        <span className="block font-mono text-xs break-all text-slate-800">{payment.provider_payment_id ?? 'No provider id'}</span>
      </td>
      <td className="min-w-44">
        <UserLink id={payment.user_id} className="break-all">
          {payment.user_email}
        </UserLink>
        <span className="block text-slate-700">
          <ListingLink id={payment.listing_id}>{payment.listing_title}</ListingLink>
        </span>
        <span className="block text-xs text-slate-600">
          {KIND_LABELS[payment.kind]}, {payment.duration_months === 1 ? '1 month' : `${String(payment.duration_months)} months`}
        </span>
      </td>
      <td className="text-right whitespace-nowrap">{formatPrice(payment.amount, payment.currency)}</td>
      <td className="min-w-40 text-right">
        <span className="whitespace-nowrap">{formatPrice(payment.refunded_amount, payment.currency)}</span>
        {payment.refunds.length > 0 && (
          <ul className="mt-1 space-y-0.5 text-left text-xs text-slate-600">
            {payment.refunds.map((refund) => (
              <li key={refund.id}>
                {formatPrice(refund.amount, payment.currency)} {SOURCE_LABELS[refund.source]} on {formatDate(refund.created_at)}
                {refund.reason && <>: {refund.reason}</>}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>
        <PaymentStatus payment={payment} />
      </td>
      <td>
        {refundable(payment) ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              onRefund(payment);
            }}
            aria-label={`Refund payment ${shortPaymentId(payment.id)}`}
          >
            Refund
          </Button>
        ) : (
          <span className="text-xs text-slate-600">—</span>
        )}
      </td>
    </tr>
  );
}

const COLUMNS = [
  { label: 'Date' },
  { label: 'Payment and provider id' },
  { label: 'User and listing' },
  { label: 'Amount', align: 'right' as const },
  { label: 'Refunded', align: 'right' as const },
  { label: 'Status' },
  { label: <span className="sr-only">Actions</span> },
];

function Payments() {
  const q = useSearchText('q');
  const page = usePageParam();
  const payments = usePayments(q, page);
  const notice = useNotice();
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  return (
    <>
      <SearchForm param="q" label="Search payments" hint="A payment id, a provider id (pi_…), an email or a listing title." />
      {notice.element}
      <ConsoleList
        query={payments}
        what="payments"
        empty={q ? `No payment matches '${q}'.` : 'No payments yet.'}
        pagesLabel="Payment pages"
        summary={(data) => <SearchCount total={data.total} search={q} noun="payments" />}
      >
        {(items) => (
          <DataTable label="Payments" caption="Payments, newest first, with their provider id, refunds and status" columns={COLUMNS}>
            {items.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} onRefund={setRefunding} />
            ))}
          </DataTable>
        )}
      </ConsoleList>
      {refunding && (
        <RefundDialog
          payment={refunding}
          onClose={() => {
            setRefunding(null);
          }}
          onDone={notice.show}
        />
      )}
    </>
  );
}

/** /admin/payments: every payment with its provider id and refunds; refund in full or in part. */
export default consoleRoute(
  {
    title: 'Payments',
    intro: "Every payment with its provider id. A refund goes back through the provider and shortens the listing's paid time.",
  },
  Payments,
);
