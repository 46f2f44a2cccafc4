import {
  AI_INSIGHT_PREVIEW_LENGTH,
  DESCRIPTION_PREVIEW_LENGTH,
  findCountry,
  formatListedDate,
  formatPrice,
  makerModelYear,
  truncate,
  type Listing,
} from '@benchmarket/shared';
import { useId, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '@/lib/session/use-auth';
import { ConditionBadge } from '@/components/listing/condition-badge';
import { rememberInsight } from '@/components/listing/ai-insight-storage';
import { listingLinkState, listingPath } from './listing-link';
import { SellerLink } from './seller-link';
import { AiInsight } from '@/components/listing/ai-insight-card';
import { FeaturedBadge } from '@/components/listing/featured-badge';
import { CHECK_PATH, OutlineIcon, SolidIcon } from '@/components/ui/icon';
import { CountryFlag, GlobeIcon } from '@/components/country-flag';
import { CompareToggle } from './compare-toggle';
import { WatchButton } from './watch-button';

/** Elements that do their own thing when clicked: a click on them does not open the card. */
const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="button"]';

function VerifiedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-sm font-medium text-emerald-800 ring-1 ring-emerald-600/30 ring-inset">
      <SolidIcon className="size-3.5 shrink-0" d={CHECK_PATH} />
      Verified
    </span>
  );
}

function LocationBadge({ location }: { location: string | null }) {
  if (!location) return null;
  const country = findCountry(location);
  return (
    <span className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700">
      {country ? <CountryFlag code={country.code} /> : <GlobeIcon />}
      <span className="sr-only">Location: </span>
      <span className="truncate">{country?.name ?? location}</span>
    </span>
  );
}

function NoPhoto() {
  return (
    <div className="flex size-full flex-col items-center justify-center gap-1 text-slate-600">
      <OutlineIcon className="size-10 text-slate-400" strokeWidth={1.5}>
        <path d="m2.25 15.75 5.16-5.16a2.25 2.25 0 0 1 3.18 0l5.16 5.16m-1.5-1.5 1.41-1.41a2.25 2.25 0 0 1 3.18 0l2.91 2.91M3.75 21h16.5A1.5 1.5 0 0 0 21.75 19.5V4.5A1.5 1.5 0 0 0 20.25 3H3.75A1.5 1.5 0 0 0 2.25 4.5v15A1.5 1.5 0 0 0 3.75 21Zm10.5-12.75h.008v.008h-.008V8.25Zm.375 0a.375.375 0 1 1-.75 0 .375.375 0 0 1 .75 0Z" />
      </OutlineIcon>
      <span className="text-xs">No photo</span>
    </div>
  );
}

interface ListingCardProps {
  listing: Listing;
  /** Called just before the listing page opens (the page remembers where the buyer was). */
  onOpen?: (listing: Listing) => void;
  /** Issue 16: the 'Compare' tick box and, for signed-in users, the 'Watch' heart (search results, the watchlist). */
  buyerTools?: boolean;
}

/**
 * A result (spec §2): photo, condition and Verified badges, title, price, a 3-line
 * description, the AI insight when the search was AI-enhanced, the seller's name (a link to
 * their page, issue 15), location, listed date and 'Contact Seller'. The title is the card's link; a click anywhere else on the card that is
 * not on a button opens it too, so no interactive element is nested in another.
 */
export function ListingCard({ listing, onOpen, buyerTools = false }: ListingCardProps) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const titleId = useId();
  const path = listingPath(listing.id);
  const state = listingLinkState(listing);
  const insight = listing.rag_search_response ?? null;
  const photo = listing.thumbnails[0] ?? listing.photos[0];
  const isOwnListing = user !== null && user.id === listing.user_id;

  const beforeOpen = () => {
    rememberInsight(listing);
    onOpen?.(listing);
  };

  const onCardClick = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
    // Selecting text (to copy a model number) is not a request to open the listing.
    if (window.getSelection()?.toString()) return;
    beforeOpen();
    void navigate(path, { state });
  };

  const onContactSeller = () => {
    if (!user) {
      // spec §6: a visitor goes to /login with a return path to the listing.
      void navigate(`/login?next=${path}`, { state: { from: path } });
      return;
    }
    beforeOpen();
    void navigate(`${path}#contact`, { state });
  };

  return (
    <article
      aria-labelledby={titleId}
      onClick={onCardClick}
      className="group flex h-full cursor-pointer flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:border-teal-300 hover:shadow-md focus-within:border-teal-400 focus-within:ring-2 focus-within:ring-teal-600/30 motion-reduce:transition-none"
    >
      <div className="aspect-[4/3] overflow-hidden bg-slate-100">
        {photo ? (
          <img
            src={photo}
            alt=""
            width={400}
            height={300}
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition duration-300 group-hover:scale-[1.02] motion-reduce:transition-none"
          />
        ) : (
          <NoPhoto />
        )}
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-1.5">
          <FeaturedBadge listing={listing} />
          <ConditionBadge condition={listing.condition} />
          {listing.is_verified && <VerifiedBadge />}
        </div>

        <h3 id={titleId} className="text-base leading-snug font-semibold break-words text-slate-900">
          <Link
            to={path}
            state={state}
            onClick={beforeOpen}
            className="rounded-sm group-hover:text-teal-800 hover:underline focus:outline-none focus-visible:underline"
          >
            {listing.title}
          </Link>
        </h3>

        {/* Issue 15: 'Thermo Fisher · Sorvall ST 16R · 2019', what the seller stated of it. */}
        {makerModelYear(listing) && <p className="-mt-2 text-sm break-words text-slate-600">{makerModelYear(listing)}</p>}

        <p className="text-xl font-bold text-slate-900">
          <span className="sr-only">Price: </span>
          {formatPrice(listing.price)}
        </p>

        {/* spec §2, §9: clamped to 3 lines; a 100-character preview, 80 next to an AI insight. */}
        <p className="line-clamp-3 text-sm leading-relaxed break-words text-slate-600">
          {truncate(listing.description, insight ? AI_INSIGHT_PREVIEW_LENGTH : DESCRIPTION_PREVIEW_LENGTH)}
        </p>

        {insight && <AiInsight insight={insight} />}

        {/* Issue 15: the seller's public name (never their email), linking to their page. */}
        {listing.seller_name && (
          <p className="text-sm text-slate-600">
            Sold by{' '}
            <SellerLink
              sellerId={listing.user_id}
              name={listing.seller_name}
              className="font-medium text-teal-800 underline-offset-2 hover:underline focus-visible:underline"
            />
          </p>
        )}

        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1 text-xs text-slate-600">
          <LocationBadge location={listing.location} />
          <p>
            Listed <time dateTime={listing.created_at}>{formatListedDate(listing.created_at)}</time>
          </p>
        </div>

        {buyerTools && (
          <div className="flex flex-wrap items-start justify-between gap-2">
            <CompareToggle listingId={listing.id} describedBy={titleId} />
            <WatchButton listing={listing} describedBy={titleId} />
          </div>
        )}

        {/* spec §6: not on one's own listing. */}
        {!isOwnListing && (
          <button
            type="button"
            onClick={onContactSeller}
            aria-describedby={titleId}
            className="inline-flex w-full items-center justify-center gap-2 rounded-lg border border-teal-700 bg-white px-4 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
              <path d="M3 4a2 2 0 0 0-2 2v.4l9 4.5 9-4.5V6a2 2 0 0 0-2-2H3Z" />
              <path d="m19 8.6-9 4.5-9-4.5V14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V8.6Z" />
            </svg>
            Contact Seller
          </button>
        )}
      </div>
    </article>
  );
}
