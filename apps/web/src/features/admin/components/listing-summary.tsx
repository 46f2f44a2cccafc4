import { conditionLabel, formatPrice, type AdminListing } from '@benchmarket/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { VerificationBadge } from '@/components/listing/verification-badge';
import { StatusPill } from '@/components/ui/status-pill';
import { formatDate, formatDateTime, isFeaturedNow, listingState } from '../format';
import { UserLink } from './record-links';

/** The listing's photos as small thumbnails, each opening the full photo in a new tab. */
export function ListingThumbnails({ listing }: { listing: AdminListing }) {
  if (listing.thumbnails.length === 0) return <p className="text-sm text-slate-600">No photos.</p>;
  return (
    <ul aria-label="Photos" className="flex flex-wrap gap-2">
      {listing.thumbnails.map((thumbnail, index) => (
        <li key={thumbnail}>
          <a
            href={listing.photos[index] ?? thumbnail}
            target="_blank"
            rel="noreferrer"
            className="block overflow-hidden rounded-md ring-1 ring-slate-200 hover:ring-teal-600"
          >
            <img
              src={thumbnail}
              alt={`Photo ${String(index + 1)} of ${String(listing.thumbnails.length)} (opens in a new tab)`}
              width={72}
              height={72}
              loading="lazy"
              className="size-18 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The pills that say where a listing stands: state, verification badge, featured, operator's decision. */
export function ListingPills({ listing }: { listing: AdminListing }) {
  const state = listingState(listing);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <StatusPill tone={state.tone}>{state.label}</StatusPill>
      <VerificationBadge listing={listing} className="px-2.5 py-0.5 text-xs" />
      {isFeaturedNow(listing) && <StatusPill tone="info">Featured until {formatDate(listing.featured_until)}</StatusPill>}
      {listing.moderation?.status === 'rejected' && <StatusPill tone="danger">Rejected by an administrator</StatusPill>}
      {listing.moderation?.status === 'approved' && <StatusPill tone="success">Approved by an administrator</StatusPill>}
    </div>
  );
}

/** The check's notes, the prohibited-item reason and the operator's last decision, when there are any. */
export function ListingNotes({ listing }: { listing: AdminListing }) {
  const notes = listing.verification?.verification_notes;
  if (!notes && !listing.prohibited_reason && !listing.moderation?.reason) return null;
  return (
    <dl className="space-y-2 text-sm">
      {notes && (
        <div className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950">
          <dt className="font-semibold">The check&apos;s notes</dt>
          <dd className="mt-0.5 whitespace-pre-line">{notes}</dd>
        </div>
      )}
      {listing.prohibited_reason && (
        <div className="rounded-lg bg-red-50 px-3 py-2 text-red-900">
          <dt className="font-semibold">Prohibited item</dt>
          <dd className="mt-0.5">{listing.prohibited_reason}</dd>
        </div>
      )}
      {listing.moderation?.reason && (
        <div className="rounded-lg bg-slate-100 px-3 py-2 text-slate-800">
          <dt className="font-semibold">
            Administrator&apos;s reason{listing.moderation.at ? ` (${formatDateTime(listing.moderation.at)})` : ''}
          </dt>
          <dd className="mt-0.5 whitespace-pre-line">{listing.moderation.reason}</dd>
        </div>
      )}
    </dl>
  );
}

interface ListingSummaryProps {
  listing: AdminListing;
  /** The heading level of the title in the page's outline. */
  headingLevel?: 2 | 3;
  /** Under the title (e.g. the seller's history). */
  children?: ReactNode;
  /** The card's actions. */
  actions?: ReactNode;
}

/** A listing as the console shows it in a card: title, price, seller, photos, state, notes, then the actions. */
export function ListingSummary({ listing, headingLevel = 2, children, actions }: ListingSummaryProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading className="text-lg font-semibold break-words text-slate-900">
            <Link to={`/listings/${listing.id}`} className="hover:text-teal-800 hover:underline">
              {listing.title}
            </Link>
          </Heading>
          <p className="mt-1 text-sm text-slate-600">
            {formatPrice(listing.price)} · {conditionLabel(listing.condition)} · created {formatDate(listing.created_at)}
            {listing.expiry_date && <> · expires {formatDate(listing.expiry_date)}</>}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            Seller: <UserLink id={listing.user_id}>{listing.seller_email}</UserLink>
          </p>
        </div>
        <ListingPills listing={listing} />
      </div>
      <div className="mt-4 space-y-4">
        <ListingThumbnails listing={listing} />
        <ListingNotes listing={listing} />
        {children}
      </div>
      {actions && <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-4">{actions}</div>}
    </article>
  );
}
