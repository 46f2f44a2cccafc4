import {
  EXTEND_UNPAID,
  LISTING_LOAD_ERROR,
  LISTING_NOT_FOUND,
  extendBlockReason,
  isExpired,
  type DurationMonths,
  type Listing,
} from '@benchmarket/shared';
import { useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useAuth } from '@/lib/session/use-auth';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useListing } from '@/lib/api/listings';
import { useQuote } from '../api/get-quote';
import { DurationPicker } from '../components/duration-picker';
import { FreeActivation } from '../components/free-activation';
import { CurrentExpiry, OrderSummary } from '../components/order-summary';
import { PaymentStep } from '../components/payment-step';
import { RequireLogin } from '../components/require-login';
import { Busy, cardClass, PaymentPageShell } from '../components/ui';
import { listingPath } from '../lib/paths';
import { useCheckout } from '../lib/use-checkout';
import { LinkButton, buttonClass } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';

const TITLE = 'Extend Listing';
/** Ours: the API's refusal for someone else's listing. */
const NOT_YOUR_LISTING = 'You do not have permission to pay for this listing';

/** The listing now: its expiry and, once expired, that paying renews it from today. */
function ListingStatus({ listing }: { listing: Listing }) {
  const headingId = useId();
  const expired = isExpired(listing.expiry_date);
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
        {listing.title}
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        <span className="font-medium">Current expiry:</span> <CurrentExpiry expiryDate={listing.expiry_date} />
      </p>
      {expired && (
        <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This listing has expired. Paying renews it: the new period starts today.
        </p>
      )}
      <p className="mt-3">
        <Link to={listingPath(listing.id)} className="text-sm font-semibold text-teal-700 underline underline-offset-2">
          View listing
        </Link>
      </p>
    </section>
  );
}

function ExtendCheckout({ listing, onFree }: { listing: Listing; onFree: () => void }) {
  const [months, setMonths] = useState<DurationMonths>(1);
  const quote = useQuote({ listingId: listing.id, months, purpose: 'extend' });
  const checkout = useCheckout({ listingId: listing.id, purpose: 'extend', months, autoStart: false, onFree });
  const renewal = isExpired(listing.expiry_date);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <div className="space-y-6">
        <ListingStatus listing={listing} />
        <OrderSummary listingTitle={listing.title} months={months} quote={quote}>
          <DurationPicker
            legend={renewal ? 'Renew for' : 'Extend by'}
            value={months}
            onChange={setMonths}
            disabled={checkout.status === 'starting'}
          />
        </OrderSummary>
      </div>
      <PaymentStep checkout={checkout} quotedAmount={quote.data?.duration_months === months ? quote.data.amount : undefined} />
    </div>
  );
}

function Blocked({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Alert title={message} actions={<>
      {children}
      <LinkButton to="/dashboard" variant="secondary">
        Go to Dashboard
      </LinkButton>
    </>} />
  );
}

function ExtendPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const listing = useListing(id, { enabled: id !== '', signedInOnly: true });
  const [extended, setExtended] = useState(false);

  let body;
  if (extended) {
    body = <FreeActivation listingId={id} extension />;
  } else if (listing.isPending) {
    body = <Busy label="Loading listing…" className="py-16" />;
  } else if (listing.isError) {
    const notFound = isApiError(listing.error) && listing.error.status === 404;
    body = <Blocked message={notFound ? LISTING_NOT_FOUND : LISTING_LOAD_ERROR} />;
  } else if (listing.data.user_id !== user?.id) {
    body = <Blocked message={NOT_YOUR_LISTING} />;
  } else {
    // spec §5: removed → 'This listing has been removed and cannot be extended.';
    // unpaid → 'This listing needs to be paid for first before it can be extended.'
    const blocked = extendBlockReason(listing.data);
    body = blocked ? (
      <Blocked message={blocked}>
        {blocked === EXTEND_UNPAID && (
          <Link to={`/payment/${encodeURIComponent(id)}`} className={buttonClass('primary')}>
            Pay Now
          </Link>
        )}
      </Blocked>
    ) : (
      <ExtendCheckout
        listing={listing.data}
        onFree={() => {
          setExtended(true);
        }}
      />
    );
  }

  return (
    <PaymentPageShell title={TITLE} lead="Keep your listing in front of buyers: choose how many months to add, then pay.">
      {body}
    </PaymentPageShell>
  );
}

/** /listings/{id}/extend (spec §2): choose an extension duration, then pay. */
export default function ExtendListingRoute() {
  useDocumentTitle(TITLE);
  return (
    <RequireLogin>
      <ExtendPage />
    </RequireLogin>
  );
}
