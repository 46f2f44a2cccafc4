import { LISTING_LOAD_ERROR, LISTING_NOT_FOUND, type DurationMonths, type Listing } from '@benchmarket/shared';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useListing } from '@/lib/api/listings';
import { useAuth } from '@/lib/session/use-auth';
import { LinkButton } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { useQuote } from '../api/get-quote';
import type { PaymentPurpose } from '../api/types';
import { useCheckout } from '../lib/use-checkout';
import { ChosenDuration, DurationPicker } from './duration-picker';
import { FreeActivation } from './free-activation';
import { OrderSummary } from './order-summary';
import { PaymentStep } from './payment-step';
import { Busy } from './ui';
import { VerifyBeforePublishing } from './verify-before-publishing';

/** Ours: the API's refusal for someone else's listing. */
const NOT_YOUR_LISTING = 'You do not have permission to pay for this listing';

/** Why a listing cannot be paid for here, with a way on (`children`) and back to the dashboard. */
export function Blocked({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Alert
      title={message}
      actions={
        <>
          {children}
          <LinkButton to="/dashboard" variant="secondary">
            Go to Dashboard
          </LinkButton>
        </>
      }
    />
  );
}

type OwnListing = { id: string; listing: Listing; refusal?: undefined } | { id: string; listing?: undefined; refusal: ReactNode };

/**
 * The listing of the page's `{id}` when it belongs to the user, else the view to show instead:
 * loading, not found or not loaded, or someone else's (with `notYoursActions` next to the
 * way back to the dashboard).
 */
export function useOwnListing(notYoursActions?: (id: string) => ReactNode): OwnListing {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const listing = useListing(id, { enabled: id !== '', signedInOnly: true });

  if (listing.isPending) return { id, refusal: <Busy label="Loading listing…" className="py-16" /> };
  if (listing.isError) {
    const notFound = isApiError(listing.error) && listing.error.status === 404;
    return { id, refusal: <Blocked message={notFound ? LISTING_NOT_FOUND : LISTING_LOAD_ERROR} /> };
  }
  if (listing.data.user_id !== user?.id) {
    return { id, refusal: <Blocked message={NOT_YOUR_LISTING}>{notYoursActions?.(id)}</Blocked> };
  }
  return { id, listing: listing.data };
}

interface ListingCheckoutProps {
  listing: Listing;
  purpose: PaymentPurpose;
  initialMonths: DurationMonths;
  /** The duration picker's legend. */
  legend: string;
  /** Create the payment at once (a free period then activates without a click). */
  autoStart: boolean;
  /** The seller chose the duration before (the create form): shown, changed only on request. */
  durationChosen?: boolean;
  /** Shown above the order summary. */
  intro?: ReactNode;
  onFree: () => void;
}

/** The order (duration and quote) next to the card step, for paying or extending a listing. */
export function ListingCheckout({
  listing,
  purpose,
  initialMonths,
  legend,
  autoStart,
  durationChosen = false,
  intro,
  onFree,
}: ListingCheckoutProps) {
  const [months, setMonths] = useState<DurationMonths>(initialMonths);
  const quote = useQuote({ listingId: listing.id, months, purpose });
  const checkout = useCheckout({ listingId: listing.id, purpose, months, autoStart, onFree });
  const summary = (
    <OrderSummary listingTitle={listing.title} months={months} quote={quote}>
      {durationChosen ? (
        <ChosenDuration legend={legend} value={months} onChange={setMonths} disabled={checkout.status === 'starting'} />
      ) : (
        <DurationPicker legend={legend} value={months} onChange={setMonths} disabled={checkout.status === 'starting'} />
      )}
    </OrderSummary>
  );

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      {intro ? (
        <div className="space-y-6">
          {intro}
          {summary}
        </div>
      ) : (
        summary
      )}
      <PaymentStep
        listingId={listing.id}
        purpose={purpose}
        checkout={checkout}
        quotedAmount={quote.data?.duration_months === months ? quote.data.amount : undefined}
      />
    </div>
  );
}

interface SellerCheckoutProps {
  /** A first payment, which publishes a draft, or an extension of a published listing. */
  extension: boolean;
  /** This page's own refusals (already paid, removed…), or null when the listing may be paid for. */
  blocked: (listing: Listing) => ReactNode;
  /** Ways on beside 'You do not have permission…'. */
  notYoursActions?: (id: string) => ReactNode;
  /** The checkout's duration picker and start, for this listing. */
  checkout: (listing: Listing) => Pick<ListingCheckoutProps, 'initialMonths' | 'legend' | 'autoStart' | 'durationChosen' | 'intro'>;
}

/**
 * Paying for one's own listing, step by step: the listing loads, the page's refusals, a verified
 * email first (issue 14: paying publishes), then the checkout. A free period completed here keeps
 * its confirmation on screen while the listing reloads as paid.
 */
export function SellerCheckout({ extension, blocked, notYoursActions, checkout }: SellerCheckoutProps) {
  const { id, listing, refusal } = useOwnListing(notYoursActions);
  const { user } = useAuth();
  const [freeDone, setFreeDone] = useState(false);

  if (freeDone) return <FreeActivation listingId={id} extension={extension} />;
  if (!listing) return refusal;
  const refused = blocked(listing);
  if (refused) return refused;
  if (user && !user.is_verified) return <VerifyBeforePublishing listingId={id} draft={!extension} />;
  return (
    <ListingCheckout
      listing={listing}
      purpose={extension ? 'extend' : 'activate'}
      {...checkout(listing)}
      onFree={() => {
        setFreeDone(true);
      }}
    />
  );
}
