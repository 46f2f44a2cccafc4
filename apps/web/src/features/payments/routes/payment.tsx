import { DURATION_OPTIONS, LISTING_TAKEN_DOWN, payBlockReason, type DurationMonths, type Listing } from '@benchmarket/shared';
import { Blocked, SellerCheckout } from '../components/listing-checkout';
import { sellerPaymentRoute } from '../components/require-login';
import { listingPath } from '../lib/paths';
import { LinkButton } from '@/components/ui/button';

const REMOVED = 'This listing has been removed and cannot be paid for.';

function initialDuration(listing: Listing): DurationMonths {
  return DURATION_OPTIONS.find((months) => months === listing.duration_months) ?? 1;
}

function ViewListing({ listingId }: { listingId: string }) {
  return <LinkButton to={listingPath(listingId)}>View listing</LinkButton>;
}

/** Why this listing cannot be paid for (spec §5: already paid, removed; issue 14: taken down), or null. */
function paymentRefusal(listing: Listing) {
  const paid = payBlockReason(listing);
  if (paid) {
    return (
      <Blocked message={paid}>
        <ViewListing listingId={listing.id} />
      </Blocked>
    );
  }
  if (listing.is_deleted) return <Blocked message={REMOVED} />;
  if (listing.moderation?.status === 'taken_down') {
    return (
      <Blocked message={LISTING_TAKEN_DOWN}>
        <ViewListing listingId={listing.id} />
      </Blocked>
    );
  }
  return null;
}

function PaymentCheckout() {
  // The payment for the listing's own duration is created at once (the create flow's payment
  // step, spec §4), so a free first month activates without a click; another duration can be
  // chosen before paying ('Change duration': it was asked on the create form, issue 18).
  return (
    <SellerCheckout
      extension={false}
      blocked={paymentRefusal}
      notYoursActions={(listingId) => <ViewListing listingId={listingId} />}
      checkout={(listing) => ({
        initialMonths: initialDuration(listing),
        legend: 'Listing duration',
        autoStart: true,
        durationChosen: true,
      })}
    />
  );
}

/** /payment/{id} (spec §2): complete the payment of an unpaid listing. */
export default sellerPaymentRoute(
  { title: 'Complete Payment', lead: 'Check your order, then pay to publish your listing.' },
  PaymentCheckout,
);
