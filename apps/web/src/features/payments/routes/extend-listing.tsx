import { EXTEND_UNPAID, LISTING_TAKEN_DOWN, extendBlockReason, isExpired, type Listing } from '@benchmarket/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { FreeActivation } from '../components/free-activation';
import { Blocked, ListingCheckout, useOwnListing } from '../components/listing-checkout';
import { CurrentExpiry } from '../components/order-summary';
import { SellerPaymentPage } from '../components/require-login';
import { cardClass } from '../components/ui';
import { VerifyBeforePublishing } from '../components/verify-before-publishing';
import { useAuth } from '@/lib/session/use-auth';
import { listingPath } from '../lib/paths';
import { buttonClass } from '@/components/ui/button';

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

function ExtendCheckout() {
  const { id, listing, refusal } = useOwnListing();
  const { user } = useAuth();
  const [extended, setExtended] = useState(false);

  let body;
  if (extended) {
    body = <FreeActivation listingId={id} extension />;
  } else if (!listing) {
    body = refusal;
  } else {
    // spec §5: removed → 'This listing has been removed and cannot be extended.';
    // unpaid → 'This listing needs to be paid for first before it can be extended.'
    // Issue 14: a listing BenchMarket took down cannot be extended either.
    const blocked = extendBlockReason(listing) ?? (listing.moderation?.status === 'taken_down' ? LISTING_TAKEN_DOWN : null);
    body = blocked ? (
      <Blocked message={blocked}>
        {blocked === EXTEND_UNPAID && (
          <Link to={`/payment/${encodeURIComponent(id)}`} className={buttonClass('primary')}>
            Pay Now
          </Link>
        )}
      </Blocked>
    ) : user && !user.is_verified ? (
      // Issue 14: paying for more time publishes too: a verified email first.
      <VerifyBeforePublishing listingId={id} draft={false} />
    ) : (
      <ListingCheckout
        listing={listing}
        purpose="extend"
        initialMonths={1}
        legend={isExpired(listing.expiry_date) ? 'Renew for' : 'Extend by'}
        autoStart={false}
        intro={<ListingStatus listing={listing} />}
        onFree={() => {
          setExtended(true);
        }}
      />
    );
  }

  return body;
}

/** /listings/{id}/extend (spec §2): choose an extension duration, then pay. */
export default function ExtendListingRoute() {
  return (
    <SellerPaymentPage title="Extend Listing" lead="Keep your listing in front of buyers: choose how many months to add, then pay.">
      <ExtendCheckout />
    </SellerPaymentPage>
  );
}
