import type { ReviewQueueItem, SellerHistory } from '@benchmarket/shared';
import { Link } from 'react-router';
import { StatusPill } from '@/components/ui/status-pill';
import { useReviewQueue } from '../api/review-queue';
import { ConsoleList } from '../components/console-list';
import { consoleRoute } from '../components/console-page';
import { ListingActions } from '../components/listing-actions';
import { ListingSummary } from '../components/listing-summary';
import { useNotice } from '../components/notice';
import { usePageParam } from '../components/use-page-param';
import { formatDate } from '../format';

/** What the seller did before: to judge a listing by its seller's record. */
function SellerRecord({ seller, openReports }: { seller: SellerHistory; openReports: number }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-3 text-sm">
      <p className="font-semibold text-slate-900">
        Seller&apos;s history{' '}
        {seller.suspended_at && (
          <StatusPill tone="danger" className="ml-1">
            Suspended
          </StatusPill>
        )}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-slate-700 sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">Member since</dt>
          <dd className="font-medium">{formatDate(seller.created_at)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Email</dt>
          <dd className="font-medium">{seller.is_verified ? 'Verified' : 'Not verified'}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Listings</dt>
          <dd className="font-medium">
            {seller.listings_total} ({seller.listings_live} live)
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Rejected / taken down</dt>
          <dd className="font-medium">
            {seller.listings_rejected} / {seller.listings_taken_down}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Reports against</dt>
          <dd className="font-medium">{seller.reports_against}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Open reports on this listing</dt>
          <dd className="font-medium">
            {openReports > 0 ? (
              <Link to="/admin/reports" className="text-teal-800 underline underline-offset-2">
                {openReports}
              </Link>
            ) : (
              0
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}

function QueueItem({ item, onDone }: { item: ReviewQueueItem; onDone: (message: string) => void }) {
  return (
    <li>
      <ListingSummary
        listing={item.listing}
        actions={<ListingActions listing={item.listing} actions={['approve', 'reject', 'takeDown', 'feature']} onDone={onDone} />}
      >
        <SellerRecord seller={item.seller} openReports={item.open_reports} />
      </ListingSummary>
    </li>
  );
}

function ReviewQueue() {
  const page = usePageParam();
  const queue = useReviewQueue(page);
  const notice = useNotice();
  return (
    <>
      {notice.element}
      <ConsoleList
        query={queue}
        what="review queue"
        empty={page > 1 ? 'No listings on this page.' : 'The queue is empty: no listing is waiting for a review.'}
        pagesLabel="Review queue pages"
        summary={(data) => (
          <p className="mb-4 text-sm text-slate-700">
            {data.total === 1 ? '1 listing waits' : `${String(data.total)} listings wait`} for a review, the oldest first.
          </p>
        )}
      >
        {(items) => (
          <ol className="space-y-4">
            {items.map((item) => (
              <QueueItem key={item.listing.id} item={item} onDone={notice.show} />
            ))}
          </ol>
        )}
      </ConsoleList>
    </>
  );
}

/** /admin/review: listings the check left pending or rejected, oldest first, to approve, reject or take down. */
export default consoleRoute(
  {
    title: 'Review queue',
    intro: "Listings the automatic check left pending or rejected, the oldest first, with the check's notes and the seller's history.",
  },
  ReviewQueue,
);
