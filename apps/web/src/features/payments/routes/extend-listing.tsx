import { EXTEND_UNPAID, LISTING_TAKEN_DOWN, extendBlockReason, isExpired, type Listing } from '@benchmarket/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { Blocked, SellerCheckout } from '../components/listing-checkout';
import { CurrentExpiry } from '../components/order-summary';
import { sellerPaymentRoute } from '../components/require-login';
import { cardClass } from '../components/ui';
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

/**
 * Why this listing cannot be extended (spec §5: removed, or unpaid — then 'Pay Now'; issue 14:
 * taken down by BenchMarket), or null.
 */
function extendRefusal(listing: Listing) {
  const blocked = extendBlockReason(listing) ?? (listing.moderation?.status === 'taken_down' ? LISTING_TAKEN_DOWN : null);
  if (!blocked) return null;
  return (
    <Blocked message={blocked}>
      {blocked === EXTEND_UNPAID && (
        <Link to={`/payment/${encodeURIComponent(listing.id)}`} className={buttonClass('primary')}>
          Pay Now
        </Link>
      )}
    </Blocked>
  );
}

function ExtendCheckout() {
  return (
    <SellerCheckout
      extension
      blocked={extendRefusal}
      checkout={(listing) => ({
        initialMonths: 1,
        legend: isExpired(listing.expiry_date) ? 'Renew for' : 'Extend by',
        autoStart: false,
        intro: <ListingStatus listing={listing} />,
      })}
    />
  );
}

/** /listings/{id}/extend (spec §2): choose an extension duration, then pay. */
export default sellerPaymentRoute(
  { title: 'Extend Listing', lead: 'Keep your listing in front of buyers: choose how many months to add, then pay.' },
  ExtendCheckout,
);
