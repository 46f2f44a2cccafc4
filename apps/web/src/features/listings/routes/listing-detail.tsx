import {
  LISTING_LOAD_ERROR,
  LISTING_NOT_FOUND,
  categoryName,
  expiryLabel,
  findCountry,
  formatListedDate,
  formatPrice,
  isExpired,
  ROW_ACTION_LABELS,
  type Listing,
} from '@benchmarket/shared';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useAuth } from '@/lib/session/use-auth';
import { hasErrorCode, isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrated } from '@/lib/use-hydrated';
import { readAiInsight, type AiInsight } from '@/components/listing/ai-insight-storage';
import { useListing } from '@/lib/api/listings';
import { AiSearchInsight } from '@/components/listing/ai-search-insight';
import { ConditionBadge } from '@/components/listing/condition-badge';
import { ContactSellerSlot } from '../components/contact-seller-slot';
import { DecontaminationCaution, RestrictedSaleNotice, SpecificationsTable } from '../components/specifications';
import { ReportListing } from '../components/report-listing/report-listing';
import { ListingDocuments } from '../components/listing-documents';
import { PageMessage } from '../components/page-message';
import { PhotoGallery } from '../components/photo-gallery';
import { RelatedListings } from '../components/related-listings';
import { WatchButton } from '@/components/listing/watch-button';
import { UnverifiedCaution, VerificationBadge } from '@/components/listing/verification-badge';
import { FeaturedBadge } from '@/components/listing/featured-badge';
import { SellerNotice } from '@/components/listing/seller-notice';
import { SellerLink } from '@/components/listing/seller-link';
import { LinkButton, buttonClass } from '@/components/ui/button';
import { CountryFlag } from '@/components/country-flag';
import { Alert } from '@/components/ui/alert';
import { SkeletonBlocks } from '@/components/ui/spinner';
import { CHANGES_SAVED, isSavedState } from '../listing-saved';

function ListingSkeleton() {
  const block = 'animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none';
  return (
    // A screen high, so the footer stays below the fold until the listing arrives (no layout shift).
    <div aria-busy="true" className="mx-auto min-h-dvh max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <p role="status" className="sr-only">
        Loading listing…
      </p>
      <div aria-hidden="true">
        <div className={cn(block, 'h-9 w-2/3')} />
        <div className="mt-3 flex gap-2">
          <div className={cn(block, 'h-7 w-28 rounded-full')} />
          <div className={cn(block, 'h-7 w-24 rounded-full')} />
        </div>
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className={cn(block, 'aspect-[4/3] w-full rounded-xl')} />
          <SkeletonBlocks
            className="space-y-4"
            blockClassName="rounded-lg"
            blocks={['h-10 w-40', 'h-5 w-full', 'h-5 w-5/6', 'h-5 w-2/3']}
          />
        </div>
      </div>
    </div>
  );
}

/**
 * Only the owner sees how their listing stands: what the check or BenchMarket's team wants
 * fixed (issue 14), unpaid, removed, when it expires.
 */
function OwnerPanel({ listing }: { listing: Listing }) {
  const expiry = expiryLabel(listing.expiry_date);
  const expired = isExpired(listing.expiry_date);
  const id = encodeURIComponent(listing.id);
  return (
    <section aria-label="Your listing" className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <SellerNotice listing={listing} />
      {expiry && (
        <p
          className={cn(
            'text-sm font-semibold',
            expired ? 'text-red-700' : expiry === 'Expires soon' ? 'text-amber-800' : 'text-slate-700',
          )}
        >
          {listing.expiry_date ? (
            <time dateTime={listing.expiry_date} title={formatListedDate(listing.expiry_date)}>
              {expiry}
            </time>
          ) : (
            expiry
          )}
        </p>
      )}
      {listing.is_deleted ? (
        <p className="text-sm text-slate-700">This listing has been removed. Buyers can no longer see it.</p>
      ) : (
        listing.payment_status === 'unpaid' && (
          <p className="text-sm text-slate-700">
            Buyers will see this listing once it is paid for.{' '}
            <Link to={`/payment/${id}`} className="font-semibold text-teal-700 underline underline-offset-2">
              Complete payment
            </Link>
          </p>
        )
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        {/* spec §4: a removed listing has no actions left. */}
        {/* Issue 18: an ended listing is renewed from its own page too, as from the dashboard. */}
        {!listing.is_deleted && listing.payment_status === 'paid' && expired && (
          <LinkButton to={`/listings/${id}/extend`}>{ROW_ACTION_LABELS.renew}</LinkButton>
        )}
        {!listing.is_deleted && (
          <Link to={`/edit-listing/${id}`} className={buttonClass(expired ? 'secondary' : 'primary')}>
            Edit Listing
          </Link>
        )}
        <LinkButton to="/dashboard" variant="secondary">
          Go to Dashboard
        </LinkButton>
      </div>
    </section>
  );
}

function ListingDetails({ listing, isOwner, insight }: { listing: Listing; isOwner: boolean; insight: AiInsight | null }) {
  const country = findCountry(listing.location);
  const category = listing.category ? categoryName(listing.category) : null;

  return (
    <article className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <header>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{listing.title}</h1>
          {/* Issue 16: the heart, for signed-in users, not on one's own listing. */}
          <WatchButton listing={listing} />
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <FeaturedBadge listing={listing} />
          <VerificationBadge listing={listing} />
          <ConditionBadge condition={listing.condition} />
        </div>
      </header>

      <div className="mt-4">
        <UnverifiedCaution listing={listing} />
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <PhotoGallery title={listing.title} photos={listing.photos} thumbnails={listing.thumbnails} />

        <div className="space-y-6">
          <p className="text-3xl font-bold text-slate-900">
            <span className="sr-only">Price: </span>
            {formatPrice(listing.price)}
          </p>

          <RestrictedSaleNotice listing={listing} />

          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium text-slate-500">Location</dt>
            <dd className="text-slate-900">
              {country ? (
                <>
                  <CountryFlag code={country.code} className="mr-1.5 align-[-2px]" />
                  {country.name}
                </>
              ) : (
                (listing.location ?? 'Not specified')
              )}
            </dd>
            <dt className="font-medium text-slate-500">Listed</dt>
            <dd className="text-slate-900">
              <time dateTime={listing.created_at}>{formatListedDate(listing.created_at)}</time>
            </dd>
            {listing.seller_name && (
              <>
                <dt className="font-medium text-slate-500">Seller</dt>
                <dd className="break-words text-slate-900">
                  <SellerLink
                    sellerId={listing.user_id}
                    name={listing.seller_name}
                    className="font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900"
                  />
                </dd>
              </>
            )}
            {category && (
              <>
                <dt className="font-medium text-slate-500">Category</dt>
                <dd className="text-slate-900">{category}</dd>
              </>
            )}
          </dl>

          <DecontaminationCaution listing={listing} />

          {insight && <AiSearchInsight insight={insight} />}

          {isOwner ? (
            <OwnerPanel listing={listing} />
          ) : (
            <>
              <ContactSellerSlot listing={listing} />
              <div className="flex flex-col items-end">
                <ReportListing listing={listing} />
              </div>
            </>
          )}
        </div>
      </div>

      <SpecificationsTable listing={listing} />

      <section aria-labelledby="listing-description" className="mt-10 max-w-3xl">
        <h2 id="listing-description" className="text-lg font-semibold text-slate-900">
          Description
        </h2>
        {/* Sellers format descriptions with line breaks and spacing: keep them. */}
        <p className="mt-3 leading-relaxed break-words whitespace-pre-wrap text-slate-700">{listing.description}</p>
      </section>
      <ListingDocuments documents={listing.documents} />
      <RelatedListings listingId={listing.id} />
    </article>
  );
}

/** Issue 18: what others see of a listing whose time ran out — no dead end. */
const LISTING_ENDED = 'This listing has ended';

function EndedListing({ listingId }: { listingId: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pb-12 sm:px-6 lg:px-8">
      <PageMessage title={LISTING_ENDED}>
        <p>Its listing period is over, so it is no longer for sale. Similar equipment on sale now is below.</p>
        <LinkButton to="/search">Browse equipment</LinkButton>
      </PageMessage>
      <RelatedListings listingId={listingId} />
    </div>
  );
}

/**
 * 'Changes saved' after an edit, once: the flag leaves the history entry, so a reload or a
 * return to the page does not say it again.
 */
function useSavedNotice(state: unknown): boolean {
  const [saved] = useState(() => isSavedState(state));
  const navigate = useNavigate();
  useEffect(() => {
    if (isSavedState(state)) void navigate('.', { replace: true, state: null });
  }, [state, navigate]);
  return saved;
}

/** /listings/{id} (spec §2): the listing, its photos, and for the owner its state and actions. */
export default function ListingDetailRoute() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { user } = useAuth();
  const listing = useListing(id);
  const notFound = isApiError(listing.error) && listing.error.status === 404;
  const ended = hasErrorCode(listing.error, 'listing_ended');
  const fromListing = listing.data?.rag_search_response;
  // Issue 19: the tab's own insight (sessionStorage, the history entry) is not in the server's HTML.
  const hydrated = useHydrated();
  const insight = useMemo(
    () => (hydrated ? readAiInsight(id, location.state, fromListing) : null),
    [hydrated, id, location.state, fromListing],
  );
  const saved = useSavedNotice(location.state);

  let title = 'Listing';
  if (listing.data) title = listing.data.title;
  else if (listing.isError) title = ended ? LISTING_ENDED : notFound ? LISTING_NOT_FOUND : LISTING_LOAD_ERROR;
  useDocumentTitle(title);

  if (listing.isPending) return <ListingSkeleton />;
  if (ended) return <EndedListing listingId={id} />;
  if (listing.isError) {
    return notFound ? (
      <PageMessage title={LISTING_NOT_FOUND}>
        <p>It may have been removed, or the link may be wrong.</p>
        <LinkButton to="/search">Browse equipment</LinkButton>
      </PageMessage>
    ) : (
      <PageMessage title={LISTING_LOAD_ERROR}>
        <button type="button" onClick={() => void listing.refetch()} className={buttonClass('secondary')}>
          Try again
        </button>
      </PageMessage>
    );
  }

  return (
    <>
      {saved && (
        <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6 lg:px-8">
          <Alert tone="success">{CHANGES_SAVED}</Alert>
        </div>
      )}
      <ListingDetails listing={listing.data} isOwner={user?.id === listing.data.user_id} insight={insight} />
    </>
  );
}
