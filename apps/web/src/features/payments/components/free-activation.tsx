import { FREE_ACTIVATION_REDIRECT_MS } from '@benchmarket/shared';
import { Link } from 'react-router';
import { listingPath } from '../lib/paths';
import { useDelayedNavigate } from '../lib/use-delayed-navigate';
import { cardClass, textLinkClass } from './ui';

/** spec §4: a free payment is done at once; the listing opens after 1.5 s. */
export function FreeActivation({ listingId, extension = false }: { listingId: string; extension?: boolean }) {
  const to = listingPath(listingId);
  useDelayedNavigate(to, FREE_ACTIVATION_REDIRECT_MS);
  return (
    <div role="status" className={`${cardClass} border-emerald-200 bg-emerald-50 text-center`}>
      <p className="text-lg font-semibold text-emerald-900">
        {extension ? 'Your listing has been extended for free!' : 'Your listing has been activated for free!'}
      </p>
      <p className="mt-2 text-emerald-900">No payment was needed. Taking you to your listing…</p>
      <p className="mt-4">
        <Link to={to} replace className={textLinkClass}>
          View your listing now
        </Link>
      </p>
    </div>
  );
}
