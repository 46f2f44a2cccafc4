import { ALREADY_PAID, DURATION_OPTIONS, payBlockReason, type DurationMonths, type Listing } from '@benchmarket/shared';
import { useState } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { FreeActivation } from '../components/free-activation';
import { Blocked, ListingCheckout, useOwnListing } from '../components/listing-checkout';
import { RequireLogin } from '../components/require-login';
import { PaymentPageShell } from '../components/ui';
import { listingPath } from '../lib/paths';
import { LinkButton } from '@/components/ui/button';

const TITLE = 'Complete Payment';
const REMOVED = 'This listing has been removed and cannot be paid for.';

function initialDuration(listing: Listing): DurationMonths {
  return DURATION_OPTIONS.find((months) => months === listing.duration_months) ?? 1;
}

function ViewListing({ listingId }: { listingId: string }) {
  return <LinkButton to={listingPath(listingId)}>View listing</LinkButton>;
}

function PaymentPage() {
  const { id, listing, refusal } = useOwnListing((listingId) => <ViewListing listingId={listingId} />);
  // Set when a free payment completed here: the page keeps saying so while the listing reloads as paid.
  const [activated, setActivated] = useState(false);

  let body;
  if (activated) {
    body = <FreeActivation listingId={id} />;
  } else if (!listing) {
    body = refusal;
  } else if (payBlockReason(listing)) {
    // spec §5: 'This listing has already been paid for.'
    body = (
      <Blocked message={payBlockReason(listing) ?? ALREADY_PAID}>
        <ViewListing listingId={id} />
      </Blocked>
    );
  } else if (listing.is_deleted) {
    body = <Blocked message={REMOVED} />;
  } else {
    // The payment for the listing's own duration is created at once (the create flow's
    // payment step, spec §4), so a free first month activates without a click; another
    // duration can be chosen before paying.
    body = (
      <ListingCheckout
        listing={listing}
        purpose="activate"
        initialMonths={initialDuration(listing)}
        legend="Listing duration"
        autoStart
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
