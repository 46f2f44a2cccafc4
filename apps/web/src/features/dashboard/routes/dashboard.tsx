import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/session/use-auth';
import { unreadCount, useInbox } from '@/features/dashboard/api/get-inbox';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ListingsPanel } from '../components/listings-panel';
import { MessagesPanel } from '../components/messages-panel';
import { PaymentsPanel } from '../components/payments-panel';
import { SavedSearchesPanel } from '../components/saved-searches-panel';
import { Tabs, type TabItem } from '../components/tabs';
import { WatchlistView } from '@/components/listing/watchlist-view';

/** The tabs of spec §2, in order, as kept in the URL (`?tab=`). The account has its own page (/account). */
const DASHBOARD_TABS = ['listings', 'payments', 'messages', 'watchlist', 'saved-searches'] as const;
type DashboardTab = (typeof DASHBOARD_TABS)[number];

const TAB_LABELS: Record<DashboardTab, string> = {
  listings: 'My Listings',
  payments: 'Payment History',
  messages: 'Messages',
  watchlist: 'Watchlist',
  'saved-searches': 'Saved searches',
};

function isDashboardTab(value: string | null): value is DashboardTab {
  return (DASHBOARD_TABS as readonly (string | null)[]).includes(value);
}

/**
 * 'Messages', showing the number of unread messages when there are any ('Messages (2)').
 * The tab's name stays 'Messages' (spec); the count is its description for screen readers.
 */
function MessagesTabLabel({ unread }: { unread: number }) {
  if (unread === 0) return <>{TAB_LABELS.messages}</>;
  return (
    <>
      {TAB_LABELS.messages}{' '}
      <span aria-hidden="true" className="font-bold text-teal-700">
        ({unread})
      </span>
    </>
  );
}

function Dashboard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: DashboardTab = isDashboardTab(requested) ? requested : 'listings';
  // Loaded whatever the tab: the Messages tab shows how many are unread.
  const inbox = useInbox();
  const unread = unreadCount(inbox.data);

  const tabs: TabItem<DashboardTab>[] = [
    { id: 'listings', label: TAB_LABELS.listings },
    { id: 'payments', label: TAB_LABELS.payments },
    { id: 'messages', label: <MessagesTabLabel unread={unread} />, description: unread > 0 ? `${unread} unread` : undefined },
    // Issue 16: the listings this account watches (also at /watchlist).
    { id: 'watchlist', label: TAB_LABELS.watchlist },
    { id: 'saved-searches', label: TAB_LABELS['saved-searches'] },
  ];

  const select = (next: DashboardTab) => {
    if (next === tab) return;
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('tab', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Seller Dashboard</h1>
      <p className="mt-2 text-slate-600">Your listings, payments and messages from buyers.</p>
      <div className="mt-8">
        <Tabs label="Seller Dashboard" tabs={tabs} selected={tab} onSelect={select}>
          {tab === 'listings' && <ListingsPanel />}
          {tab === 'payments' && <PaymentsPanel />}
          {tab === 'messages' && <MessagesPanel />}
          {tab === 'watchlist' && <WatchlistView />}
          {tab === 'saved-searches' && <SavedSearchesPanel />}
        </Tabs>
      </div>
    </div>
  );
}

/** /dashboard (spec §2): 'Seller Dashboard' for logged-in users; visitors go to /login and back. */
export default function DashboardRoute() {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  useDocumentTitle('Seller Dashboard');

  if (isLoading) return <Spinner label="Checking your session…" className="py-24" />;
  if (!user) {
    const from = `${location.pathname}${location.search}`;
    // Spec: "redirects to /login" — the address stays /login, the way back rides in history state.
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return <Dashboard />;
}
