// Only zod-free parts of shared (docs/performance.md): this strip is on the first load of /.
import { formatListedDate, formatPrice, type Listing } from '@benchmarket/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '@/lib/session/use-auth';
import { useLatestListings } from '@/lib/api/listings';
import { LANDING_LISTINGS_LIMIT } from '../landing-listings-limit';
import { ArrowRightIcon } from './icons';

// Photos are stored at most 1200 px wide with a 400 px thumbnail (docs/decisions/004-photos.md).
const THUMBNAIL_WIDTH = 400;
const PHOTO_WIDTH = 1200;
/** A card is 16rem wide in the phone's scrolling strip, a quarter of the container from md. */
const CARD_SIZES = '(min-width: 1280px) 296px, (min-width: 768px) 23vw, 16rem';

const cardClass = 'w-64 shrink-0 snap-start md:w-auto';

function ListingCard({ listing }: { listing: Listing }) {
  const thumbnail = listing.thumbnails[0];
  const photo = listing.photos[0];
  return (
    <li className={cardClass}>
      <Link
        to={`/listings/${listing.id}`}
        className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-teal-600 hover:shadow-md"
      >
        <div className="aspect-[4/3] bg-slate-100">
          {thumbnail ? (
            <img
              src={thumbnail}
              srcSet={photo ? `${thumbnail} ${THUMBNAIL_WIDTH}w, ${photo} ${PHOTO_WIDTH}w` : undefined}
              sizes={photo ? CARD_SIZES : undefined}
              width={400}
              height={300}
              loading="lazy"
              decoding="async"
              // The title below names the link; the photo adds nothing for a screen reader.
              alt=""
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center text-sm text-slate-600">No photo yet</div>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-4">
          <h3 className="line-clamp-2 font-semibold text-slate-900 group-hover:text-teal-800">{listing.title}</h3>
          <p className="text-lg font-bold text-slate-900">{formatPrice(listing.price)}</p>
          <p className="mt-auto text-sm text-slate-600">
            {listing.location && <>{listing.location} · </>}
            Listed {formatListedDate(listing.created_at)}
          </p>
        </div>
      </Link>
    </li>
  );
}

/** Grey cards the size of the real ones, so nothing moves when the listings arrive. */
function Skeleton() {
  return (
    <>
      <p role="status" className="sr-only">
        Loading the latest listings…
      </p>
      <ul aria-hidden="true" className="-mx-4 flex gap-4 overflow-hidden px-4 md:mx-0 md:grid md:grid-cols-4 md:px-0">
        {Array.from({ length: LANDING_LISTINGS_LIMIT }, (_, index) => (
          <li key={index} className={`${cardClass} rounded-2xl border border-slate-200 bg-white`}>
            <div className="aspect-[4/3] animate-pulse bg-slate-200 motion-reduce:animate-none" />
            <div className="space-y-2 p-4">
              <div className="h-4 w-4/5 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
              <div className="h-4 w-3/5 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
              <div className="h-5 w-1/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
              <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-700">{children}</div>;
}

/**
 * The newest active listings (GET /listings/latest), so a visitor sees at once that the
 * marketplace is alive. A failure never breaks the page: the section says so and points
 * to search, where the visitor can try again.
 */
export function LatestListings() {
  const { isLoggedIn } = useAuth();
  const latest = useLatestListings(LANDING_LISTINGS_LIMIT);

  let content: ReactNode;
  if (latest.isPending) {
    content = <Skeleton />;
  } else if (latest.isError) {
    content = (
      <Notice>
        <p>The latest listings could not be loaded just now.</p>
        <p className="mt-2">
          <Link to="/search" className="font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-900">
            Search all equipment
          </Link>
        </p>
      </Notice>
    );
  } else if (latest.data.length === 0) {
    content = (
      <Notice>
        <p>No listings are live yet.</p>
        <p className="mt-2">
          <Link
            to={isLoggedIn ? '/create-listing' : '/register'}
            className="font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-900"
          >
            Be the first to list your equipment
          </Link>
        </p>
      </Notice>
    );
  } else {
    content = (
      <ul className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 md:mx-0 md:grid md:grid-cols-4 md:overflow-visible md:px-0 md:pb-0">
        {latest.data.map((listing) => (
          <ListingCard key={listing.id} listing={listing} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="latest-title" aria-busy={latest.isPending} className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">Fresh on BenchMarket</p>
            <h2 id="latest-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
              Latest listings
            </h2>
          </div>
          <Link to="/search" className="inline-flex items-center gap-1.5 rounded-md font-semibold text-teal-800 hover:text-teal-900">
            Browse all equipment
            <ArrowRightIcon className="size-4" />
          </Link>
        </div>
        <div className="mt-8">{content}</div>
      </div>
    </section>
  );
}
