import { SignedInPage } from '@/components/account/signed-in-page';
import { WatchlistView } from '@/components/listing/watchlist-view';

/** /watchlist (issue 16): the signed-in user's watched listings; visitors go to /login and back. */
export default function WatchlistRoute() {
  return (
    <SignedInPage title="Watchlist" lead="The listings you watch, newest first." className="max-w-7xl" leadClassName="mb-6">
      <WatchlistView />
    </SignedInPage>
  );
}
