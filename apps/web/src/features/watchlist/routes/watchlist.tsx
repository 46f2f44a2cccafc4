import { Navigate, useLocation } from 'react-router';
import { WatchlistView } from '@/components/listing/watchlist-view';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/session/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /watchlist (issue 16): the signed-in user's watched listings; visitors go to /login and back. */
export default function WatchlistRoute() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  useDocumentTitle('Watchlist');

  if (isLoading) return <Spinner label="Checking your session…" className="py-24" />;
  if (!user) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Watchlist</h1>
      <p className="mt-2 mb-6 text-slate-600">The listings you watch, newest first.</p>
      <WatchlistView />
    </div>
  );
}
