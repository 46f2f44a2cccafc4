import { Link } from 'react-router';
import { errorDetail } from '@/lib/api-client';
import { useWatchlist } from '@/lib/api/watchlist';
import { Alert } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { CompareBar } from './compare-bar';
import { ResultsGrid } from './results-grid';

/**
 * Issue 16: the signed-in user's watched listings as cards with 'Compare' and 'Watching' (untick
 * the heart to unwatch), and the compare bar. On /watchlist and the dashboard's Watchlist tab.
 */
export function WatchlistView() {
  const watchlist = useWatchlist();
  if (watchlist.isPending) return <Spinner label="Loading your watchlist…" className="py-12" />;
  if (watchlist.isError) {
    return (
      <Alert
        title={errorDetail(watchlist.error, 'Your watchlist could not be loaded.')}
        retrying={watchlist.isFetching}
        onRetry={() => {
          void watchlist.refetch();
        }}
      />
    );
  }
  const listings = watchlist.data.items.map((item) => item.listing);
  return (
    <>
      {listings.length === 0 ? (
        <EmptyState>
          <p>You are not watching any listings yet.</p>
          <p className="mt-2">
            Press <strong>Watch</strong> on a listing in{' '}
            <Link to="/search" className="font-medium text-teal-800 underline underline-offset-2">
              search
            </Link>{' '}
            and we will email you when its price drops or it is about to end.
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600">
            {listings.length === 1 ? '1 listing' : `${listings.length} listings`} — we email you when a price drops or a listing has 7 days
            left.
          </p>
          <ResultsGrid listings={listings} buyerTools />
        </>
      )}
      <CompareBar />
    </>
  );
}
