// Only zod-free parts of shared (docs/performance.md): the strips are on the first load of /.
import { formatListedDate, formatPrice, type Listing } from '@benchmarket/shared';
import { Link } from 'react-router';
import { FeaturedBadge } from '@/components/listing/featured-badge';

// Photos are stored at most 1200 px wide with a 400 px thumbnail (docs/decisions/004-photos.md).
const THUMBNAIL_WIDTH = 400;
const PHOTO_WIDTH = 1200;
/** A card is 16rem wide in the phone's scrolling strip, a quarter of the container from md. */
const CARD_SIZES = '(min-width: 1280px) 296px, (min-width: 768px) 23vw, 16rem';

export const stripCardClass = 'w-64 shrink-0 snap-start md:w-auto';

/** One card of a landing strip: photo, title, price, place and date, the 'Featured' label when featured. */
function StripCard({ listing }: { listing: Listing }) {
  const thumbnail = listing.thumbnails[0];
  const photo = listing.photos[0];
  return (
    <li className={stripCardClass}>
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
          <FeaturedBadge listing={listing} className="mb-1 self-start px-2 py-0.5 text-xs" />
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

/** The cards of a landing strip: a sideways-scrolling row on a phone, a grid of four from md. */
export function ListingStrip({ listings }: { listings: readonly Listing[] }) {
  return (
    <ul className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 md:mx-0 md:grid md:grid-cols-4 md:overflow-visible md:px-0 md:pb-0">
      {listings.map((listing) => (
        <StripCard key={listing.id} listing={listing} />
      ))}
    </ul>
  );
}
