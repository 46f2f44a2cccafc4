import { FREE_ACTIVATION_REDIRECT_MS } from '@benchmarket/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { listingPath } from '../lib/paths';
import { useDelayedNavigate } from '../lib/use-delayed-navigate';
import { cardClass, textLinkClass } from './ui';

/**
 * The success card of a payment flow: the `heading`, a `message`, and a link to the listing,
 * which opens by itself after `delayMs`.
 */
export function ListingReady({
  listingId,
  delayMs,
  heading,
  message,
}: {
  listingId: string;
  delayMs: number;
  heading: ReactNode;
  message: string;
}) {
  const to = listingPath(listingId);
  useDelayedNavigate(to, delayMs);
  return (
    <div role="status" className={`${cardClass} border-emerald-200 bg-emerald-50 text-center`}>
      {heading}
      <p className="mt-2 text-emerald-900">{message}</p>
      <p className="mt-4">
        <Link to={to} replace className={textLinkClass}>
          View your listing now
        </Link>
      </p>
    </div>
  );
}

/** spec §4: a free payment is done at once; the listing opens after 1.5 s. */
export function FreeActivation({ listingId, extension = false }: { listingId: string; extension?: boolean }) {
  return (
    <ListingReady
      listingId={listingId}
      delayMs={FREE_ACTIVATION_REDIRECT_MS}
      heading={
        <p className="text-lg font-semibold text-emerald-900">
          {extension ? 'Your listing has been extended for free!' : 'Your listing has been activated for free!'}
        </p>
      }
      message="No payment was needed. Taking you to your listing…"
    />
  );
}
