import {
  PROMO_FREE_DAYS_TEXT,
  PROMO_HEADLINE,
  expiryLabel,
  formatDuration,
  formatListedDate,
  formatPrice,
  type DurationMonths,
} from '@benchmarket/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useAppConfig } from '@/lib/app-config';
import type { PaymentQuote } from '../api/types';
import { initErrorMessage } from '../lib/payment-errors';
import { cardClass } from './ui';
import { Alert } from '@/components/ui/alert';

interface OrderSummaryProps {
  listingTitle: string;
  months: DurationMonths;
  quote: UseQueryResult<PaymentQuote>;
  /** The duration choice, shown between the listing and the prices. */
  children?: ReactNode;
}

function Row({ label, value, strong = false }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <div
      className={
        strong
          ? 'flex items-baseline justify-between gap-4 border-t border-slate-200 pt-3 text-base font-bold text-slate-900'
          : 'flex items-baseline justify-between gap-4 text-sm'
      }
    >
      <dt className={strong ? undefined : 'text-slate-600'}>{label}</dt>
      <dd className={strong ? 'tabular-nums' : 'font-medium text-slate-900 tabular-nums'}>{value}</dd>
    </div>
  );
}

const day = (iso: string) => <time dateTime={iso}>{formatListedDate(iso)}</time>;

/** The server's price for the chosen duration (spec §9: "Pricing is computed by the server"). */
function PriceBreakdown({ quote, months }: { quote: PaymentQuote; months: DurationMonths }) {
  const config = useAppConfig();
  const currency = quote.currency.toUpperCase();
  const price = (amount: number) => formatPrice(amount, currency);
  const { breakdown } = quote;
  const activation = quote.kind === 'activation';

  return (
    <dl className="space-y-2">
      {activation ? (
        <>
          <Row label="Base price (includes the first month)" value={price(breakdown.base)} />
          {months > 1 && <Row label={`Additional months (${String(months - 1)})`} value={price(breakdown.additional_months)} />}
        </>
      ) : (
        <Row
          label={`${quote.kind === 'renewal' ? 'Renewal' : 'Extension'}: ${formatDuration(quote.duration_months)}`}
          value={price(breakdown.extension)}
        />
      )}
      {breakdown.promotion_discount > 0 && (
        <Row
          label={
            <span className="flex flex-col text-emerald-800">
              <span className="font-semibold">{config.data?.promotion.label ?? PROMO_HEADLINE}</span>
              <span className="text-xs">{PROMO_FREE_DAYS_TEXT}</span>
            </span>
          }
          value={<span className="text-emerald-800">{price(-breakdown.promotion_discount)}</span>}
        />
      )}
      <Row strong label="Total" value={price(quote.amount)} />
      {!activation && quote.current_expiry_date && <Row label="Current expiry" value={day(quote.current_expiry_date)} />}
      <Row label={activation ? 'Active until' : 'New expiry date'} value={day(quote.new_expiry_date)} />
    </dl>
  );
}

/** The order: which listing, how long, and what it costs, from GET /payments/quote. */
export function OrderSummary({ listingTitle, months, quote, children }: OrderSummaryProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Order summary
      </h2>
      <dl className="mt-4 space-y-2">
        <Row label="Listing" value={<span className="break-words">{listingTitle}</span>} />
        <Row label="Duration" value={formatDuration(months)} />
      </dl>
      {children && <div className="mt-5">{children}</div>}
      <div className="mt-5" aria-busy={quote.isFetching}>
        {quote.data && quote.data.duration_months === months ? (
          <PriceBreakdown quote={quote.data} months={months} />
        ) : quote.isError ? (
          <Alert
            title={initErrorMessage(quote.error)}
            actions={
              <>
                <button
                  type="button"
                  onClick={() => {
                    void quote.refetch();
                  }}
                  className="rounded-md border border-red-300 bg-white px-3 py-1.5 font-semibold text-red-800 hover:bg-red-100"
                >
                  Try again
                </button>
              </>
            }
          />
        ) : (
          <p className="text-sm text-slate-600">Calculating the price…</p>
        )}
      </div>
    </section>
  );
}

/** The listing's expiry as its owner reads it: the date and 'Expired' / 'Expires soon' / 'Expires in …'. */
export function CurrentExpiry({ expiryDate }: { expiryDate: string | null }) {
  if (!expiryDate) return <span>No expiry date</span>;
  return (
    <span>
      <time dateTime={expiryDate}>{formatListedDate(expiryDate)}</time> ({expiryLabel(expiryDate)})
    </span>
  );
}
