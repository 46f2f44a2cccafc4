import type { Listing } from '@benchmarket/shared';
import { errorDetail } from '@/lib/api-client';
import { useSetWatched, useWatchedIds } from '@/lib/api/watchlist';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/session/use-auth';
import { OutlineIcon } from '@/components/ui/icon';

const HEART_PATH =
  'M21 8.25c0-2.485-2.099-4.5-4.688-4.5-1.935 0-3.597 1.126-4.312 2.733-.715-1.607-2.377-2.733-4.313-2.733C5.1 3.75 3 5.765 3 8.25c0 7.22 9 12 9 12s9-4.78 9-12Z';

interface WatchButtonProps {
  listing: Pick<Listing, 'id' | 'user_id'>;
  /** The id of the listing's title: the button is read as 'Watch, <title>'. */
  describedBy?: string;
  className?: string;
}

/**
 * Issue 16: the heart — 'Watch' / 'Watching' (aria-pressed) for signed-in users; hidden for
 * visitors and on one's own listings (docs/decisions/021). Watching is idempotent on the
 * server, so a double click does no harm.
 */
export function WatchButton({ listing, describedBy, className }: WatchButtonProps) {
  const { user } = useAuth();
  const watchedIds = useWatchedIds();
  const setWatched = useSetWatched();
  if (!user || user.id === listing.user_id) return null;

  const watched = setWatched.isPending ? setWatched.variables.watched : watchedIds.has(listing.id);
  return (
    <div className={className}>
      <button
        type="button"
        aria-pressed={watched}
        aria-describedby={describedBy}
        onClick={() => {
          setWatched.mutate({ listingId: listing.id, watched: !watched });
        }}
        className={cn(
          'inline-flex items-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700',
          watched
            ? 'border-rose-300 bg-rose-50 text-rose-800 hover:bg-rose-100'
            : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
        )}
      >
        <OutlineIcon className="size-4" fill={watched ? 'currentColor' : 'none'}>
          <path d={HEART_PATH} />
        </OutlineIcon>
        {watched ? 'Watching' : 'Watch'}
      </button>
      {setWatched.isError && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {errorDetail(setWatched.error, 'Could not update your watchlist. Please try again.')}
        </p>
      )}
    </div>
  );
}
