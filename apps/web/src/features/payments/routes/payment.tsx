import {
  ALREADY_PAID,
  DURATION_OPTIONS,
  LISTING_LOAD_ERROR,
  LISTING_NOT_FOUND,
  payBlockReason,
  type DurationMonths,
  type Listing,
} from '@benchmarket/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useAuth } from '@/lib/session/use-auth';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useListing } from '@/lib/api/listings';
import { useQuote } from '../api/get-quote';
import { DurationPicker } from '../components/duration-picker';
import { FreeActivation } from '../components/free-activation';
import { OrderSummary } from '../components/order-summary';
import { PaymentStep } from '../components/payment-step';
import { RequireLogin } from '../components/require-login';
import { Busy, PaymentPageShell } from '../components/ui';
import { listingPath } from '../lib/paths';
import { useCheckout } from '../lib/use-checkout';
import { LinkButton } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';

const TITLE = 'Complete Payment';
/** Ours: the API's refusal for someone else's listing. */
const NOT_YOUR_LISTING = 'You do not have permission to pay for this listing';
const REMOVED = 'This listing has been removed and cannot be paid for.';

function initialDuration(listing: Listing): DurationMonths {
  return DURATION_OPTIONS.find((months) => months === listing.duration_months) ?? 1;
}

/**
 * The order and the card step of an unpaid listing. The payment for the listing's own duration
 * is created at once (the create flow's payment step, spec §4), so a free first month
 * activates without a click; another duration can be chosen before paying.
 */
function PaymentCheckout({ listing, onFree }: { listing: Listing; onFree: () => void }) {
  const [months, setMonths] = useState<DurationMonths>(() => initialDuration(listing));
  const quote = useQuote({ listingId: listing.id, months, purpose: 'activate' });
  const checkout = useCheckout({ listingId: listing.id, purpose: 'activate', months, autoStart: true, onFree });

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <OrderSummary listingTitle={listing.title} months={months} quote={quote}>
        <DurationPicker legend="Listing duration" value={months} onChange={setMonths} disabled={checkout.status === 'starting'} />
      </OrderSummary>
      <PaymentStep checkout={checkout} quotedAmount={quote.data?.duration_months === months ? quote.data.amount : undefined} />
    </div>
  );
}

function Blocked({ message, listingId }: { message: string; listingId?: string }) {
  return (
    <Alert title={message} actions={<>
      {listingId && (
        <LinkButton to={listingPath(listingId)}>
          View listing
        </LinkButton>
      )}
      <LinkButton to="/dashboard" variant="secondary">
        Go to Dashboard
      </LinkButton>
    </>} />
  );
}

function PaymentPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const listing = useListing(id, { enabled: id !== '', signedInOnly: true });
  // Set when a free payment completed here: the page keeps saying so while the listing reloads as paid.
  const [activated, setActivated] = useState(false);

  let body;
  if (activated) {
    body = <FreeActivation listingId={id} />;
  } else if (listing.isPending) {
    body = <Busy label="Loading listing…" className="py-16" />;
  } else if (listing.isError) {
    const notFound = isApiError(listing.error) && listing.error.status === 404;
    body = <Blocked message={notFound ? LISTING_NOT_FOUND : LISTING_LOAD_ERROR} />;
  } else if (listing.data.user_id !== user?.id) {
    body = <Blocked message={NOT_YOUR_LISTING} listingId={id} />;
  } else if (payBlockReason(listing.data)) {
    // spec §5: 'This listing has already been paid for.'
    body = <Blocked message={payBlockReason(listing.data) ?? ALREADY_PAID} listingId={id} />;
  } else if (listing.data.is_deleted) {
    body = <Blocked message={REMOVED} />;
  } else {
    body = (
      <PaymentCheckout
        listing={listing.data}
        onFree={() => {
          setActivated(true);
        }}
      />
    );
  }

  return (
    <PaymentPageShell title={TITLE} lead="Choose how long your listing runs, then pay to publish it.">
      {body}
    </PaymentPageShell>
  );
}

/** /payment/{id} (spec §2): complete the payment of an unpaid listing. */
export default function PaymentRoute() {
  useDocumentTitle(TITLE);
  return (
    <RequireLogin>
      <PaymentPage />
    </RequireLogin>
  );
}
