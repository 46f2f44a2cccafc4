import { useQuery } from '@tanstack/react-query';
import { useSearchParams, Navigate } from 'react-router';
import { useAuth } from '@/lib/session/use-auth';
import { conversationsQueryOptions } from '../api/conversations';
import { MessagesLayout } from '../components/messages-layout';

/**
 * ?listing={id} (the listing page's contact form, after sending): opens the caller's
 * conversation about that listing once the list is known.
 */
function ListingRedirect({ listingId }: { listingId: string }) {
  const { user } = useAuth();
  // Fetched again: a cached list (the header's) may predate the message just sent.
  const conversations = useQuery({ ...conversationsQueryOptions(user?.id ?? null), refetchOnMount: 'always' });
  const match = conversations.data?.items.find((item) => item.listing.id === listingId && item.role === 'buyer');
  return match ? <Navigate to={`/messages/${encodeURIComponent(match.id)}`} replace /> : null;
}

/** /messages (issue 16): the caller's conversations. */
export default function MessagesRoute() {
  const [searchParams] = useSearchParams();
  const listingId = searchParams.get('listing');
  return (
    <MessagesLayout>
      {listingId && <ListingRedirect listingId={listingId} />}
      <p className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-600">
        Choose a conversation to read and answer it.
      </p>
    </MessagesLayout>
  );
}
