import { ALREADY_PAID, DURATION_OPTIONS, LISTING_TAKEN_DOWN, payBlockReason, type DurationMonths, type Listing } from '@benchmarket/shared';
import { useState } from 'react';
import { FreeActivation } from '../components/free-activation';
import { Blocked, ListingCheckout, useOwnListing } from '../components/listing-checkout';
import { SellerPaymentPage } from '../components/require-login';
import { VerifyBeforePublishing } from '../components/verify-before-publishing';
import { useAuth } from '@/lib/session/use-auth';
import { listingPath } from '../lib/paths';
import { LinkButton } from '@/components/ui/button';

const REMOVED = 'This listing has been removed and cannot be paid for.';

function initialDuration(listing: Listing): DurationMonths {
  return DURATION_OPTIONS.find((months) => months === listing.duration_months) ?? 1;
}

function ViewListing({ listingId }: { listingId: string }) {
  return <LinkButton to={listingPath(listingId)}>View listing</LinkButton>;
}

function PaymentCheckout() {
  const { id, listing, refusal } = useOwnListing((listingId) => <ViewListing listingId={listingId} />);
  const { user } = useAuth();
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
  } else if (listing.moderation?.status === 'taken_down') {
    body = (
      <Blocked message={LISTING_TAKEN_DOWN}>
        <ViewListing listingId={id} />
      </Blocked>
    );
  } else if (user && !user.is_verified) {
    // Issue 14: publishing needs a verified email; said before the payment step, not after.
    body = <VerifyBeforePublishing listingId={id} draft />;
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

  return body;
}

/** /payment/{id} (spec §2): complete the payment of an unpaid listing. */
export default function PaymentRoute() {
  return (
    <SellerPaymentPage title="Complete Payment" lead="Choose how long your listing runs, then pay to publish it.">
      <PaymentCheckout />
    </SellerPaymentPage>
  );
}
