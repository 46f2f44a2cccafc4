import { EXTEND_UNPAID, extendBlockReason, isExpired, type Listing } from '@benchmarket/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { FreeActivation } from '../components/free-activation';
import { Blocked, ListingCheckout, useOwnListing } from '../components/listing-checkout';
import { CurrentExpiry } from '../components/order-summary';
import { RequireLogin } from '../components/require-login';
import { cardClass, PaymentPageShell } from '../components/ui';
import { listingPath } from '../lib/paths';
import { buttonClass } from '@/components/ui/button';

const TITLE = 'Extend Listing';

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

function ExtendPage() {
  const { id, listing, refusal } = useOwnListing();
  const [extended, setExtended] = useState(false);

  let body;
  if (extended) {
    body = <FreeActivation listingId={id} extension />;
  } else if (!listing) {
    body = refusal;
  } else {
    // spec §5: removed → 'This listing has been removed and cannot be extended.';
    // unpaid → 'This listing needs to be paid for first before it can be extended.'
    const blocked = extendBlockReason(listing);
    body = blocked ? (
      <Blocked message={blocked}>
        {blocked === EXTEND_UNPAID && (
          <Link to={`/payment/${encodeURIComponent(id)}`} className={buttonClass('primary')}>
            Pay Now
          </Link>
        )}
      </Blocked>
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
