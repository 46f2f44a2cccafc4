import {
  DASHBOARD_DELETE_LISTING_FAILED,
  DASHBOARD_LISTINGS_FAILED,
  ROW_ACTION_LABELS,
  expiryLabel,
  formatListedDate,
  formatPrice,
  isExpired,
  listingRowActions,
  type Listing,
  type ListingRowAction,
} from '@benchmarket/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { VerificationBadge } from '@/components/listing/verification-badge';
import { FeaturedBadge } from '@/components/listing/featured-badge';
import { SellerNotice } from '@/components/listing/seller-notice';
import { cn } from '@/lib/cn';
import { useDeleteListing } from '../api/delete-listing';
import { useMyListings } from '../api/get-my-listings';
import { useWatcherCounts } from '@/lib/api/watchlist';
import { ConfirmDialog } from './confirm-dialog';
import { useConfirmedDelete } from './use-confirmed-delete';
import { RowButton, actionLinkClass, primaryActionLinkClass } from './ui';
import { EmptyState } from '@/components/ui/empty-state';
import { StatusPill } from '@/components/ui/status-pill';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { buttonClass } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';

/** Where each navigation action of a row goes (spec §2, §4). */
function actionPath(action: Exclude<ListingRowAction, 'delete'>, listing: Listing): string {
  const id = encodeURIComponent(listing.id);
  switch (action) {
    case 'edit':
      return `/edit-listing/${id}`;
    case 'view':
      return `/listings/${id}`;
    case 'pay':
      return `/payment/${id}`;
    case 'renew':
    case 'extend':
      return `/listings/${id}/extend`;
  }
}

const LISTING_COLUMNS: readonly DataColumn[] = [
  { label: <span className="sr-only">Photo</span> },
  { label: 'Title' },
  { label: 'Price' },
  { label: 'Payment' },
  { label: 'Verification' },
  { label: 'Expiry' },
  { label: 'Actions' },
];

function Thumbnail({ listing }: { listing: Listing }) {
  const src = listing.thumbnails[0] ?? listing.photos[0];
  if (!src) {
    return (
      <div role="img" aria-label="No photo" className="flex size-16 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth={1.5}>
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <circle cx="9" cy="10" r="1.5" />
          <path d="M21 16l-5-5-8 8" />
        </svg>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={listing.title}
      width={64}
      height={64}
      loading="lazy"
      // max-w-none: the base style's max-width: 100% let the table shrink the photo's cell to nothing (issue 18).
      className="size-16 max-w-none rounded-lg bg-slate-100 object-cover"
    />
  );
}

function ExpiryCell({ listing }: { listing: Listing }) {
  const label = expiryLabel(listing.expiry_date);
  if (!label || !listing.expiry_date) return <span className="text-slate-500">No expiry date</span>;
  const expired = isExpired(listing.expiry_date);
  return (
    <time
      dateTime={listing.expiry_date}
      title={formatListedDate(listing.expiry_date)}
      className={cn('font-medium', expired ? 'text-red-700' : label === 'Expires soon' ? 'text-amber-800' : 'text-slate-700')}
    >
      {label}
    </time>
  );
}

function ListingRow({ listing, watchers, onDelete }: { listing: Listing; watchers: number; onDelete: (listing: Listing) => void }) {
  const titleId = useId();
  // spec §4: removed → none; else Edit, View, Delete, plus Pay Now / Renew / Extend.
  const actions = listingRowActions(listing);
  return (
    <tr className={cn('align-middle', listing.is_deleted && 'bg-slate-50')}>
      <td>
        <Thumbnail listing={listing} />
      </td>
      <td>
        <span id={titleId} className="font-semibold break-words text-slate-900">
          {listing.title}
        </span>
        {listing.is_deleted && (
          <span className="ml-2 inline-flex items-center rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
            Removed
          </span>
        )}
        <FeaturedBadge listing={listing} className="ml-2 px-2 py-0.5 text-xs" />
        {/* Issue 16: how many people watch it (never who). */}
        {watchers > 0 && <span className="ml-2 text-xs font-medium whitespace-nowrap text-rose-800">{watchers} watching</span>}
        {/* Issue 14: what the check or BenchMarket's team wants fixed, and the way to fix it. */}
        <SellerNotice listing={listing} variant="compact" linkDescribedBy={titleId} className="mt-2 min-w-56" />
      </td>
      <td data-label="Price" className="whitespace-nowrap text-slate-900">
        {formatPrice(listing.price)}
      </td>
      <td data-label="Payment">
        {listing.payment_status === 'paid' ? <StatusPill tone="success">Paid</StatusPill> : <StatusPill tone="warning">Unpaid</StatusPill>}
      </td>
      <td data-label="Verification">
        <VerificationBadge listing={listing} className="whitespace-nowrap" />
      </td>
      <td data-label="Expiry" className="whitespace-nowrap">
        <ExpiryCell listing={listing} />
      </td>
      <td>
        {actions.length === 0 ? (
          <span className="text-sm text-slate-500">No actions</span>
        ) : (
          <div className="flex flex-wrap gap-2">
            {actions.map((action) =>
              action === 'delete' ? (
                <RowButton
                  key={action}
                  danger
                  aria-describedby={titleId}
                  onClick={() => {
                    onDelete(listing);
                  }}
                >
                  {ROW_ACTION_LABELS.delete}
                </RowButton>
              ) : (
                <Link
                  key={action}
                  to={actionPath(action, listing)}
                  aria-describedby={titleId}
                  className={action === 'pay' || action === 'renew' ? primaryActionLinkClass : actionLinkClass}
                >
                  {ROW_ACTION_LABELS[action]}
                </Link>
              ),
            )}
          </div>
        )}
      </td>
    </tr>
  );
}

/** The 'My Listings' tab (spec §2, §4): every listing of the seller with its state and actions. */
export function ListingsPanel() {
  const [activeOnly, setActiveOnly] = useState(false);
  const listings = useMyListings(!activeOnly);
  const watchers = useWatcherCounts();
  const deleteListing = useDeleteListing();
  const { pending: pendingDelete, ask: askDelete, failed: deleteFailed, dialogProps } = useConfirmedDelete<Listing>(deleteListing);
  const toggleId = useId();

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-end gap-3">
        <div className="flex items-center gap-2">
          <input
            id={toggleId}
            type="checkbox"
            checked={activeOnly}
            onChange={(event) => {
              setActiveOnly(event.target.checked);
            }}
            className="size-4 rounded border-slate-400 text-teal-700 focus:ring-teal-600"
          />
          <label htmlFor={toggleId} className="text-sm font-medium text-slate-800">
            Show active only
          </label>
        </div>
      </div>

      {deleteFailed && <Alert>{DASHBOARD_DELETE_LISTING_FAILED}</Alert>}

      {listings.isPending ? (
        <Spinner label="Loading your listings…" className="py-12" />
      ) : listings.isError ? (
        <Alert onRetry={() => void listings.refetch()}>{DASHBOARD_LISTINGS_FAILED}</Alert>
      ) : listings.data.length === 0 ? (
        <EmptyState>
          <p>{activeOnly ? 'You have no active listings.' : "You haven't listed any equipment yet."}</p>
          <Link to="/create-listing" className={cn(buttonClass('primary'), 'mt-4')}>
            Create Listing
          </Link>
        </EmptyState>
      ) : (
        <DataTable
          label="Your listings"
          caption="Your listings"
          columns={LISTING_COLUMNS}
          scrollCue={false}
          cellAlign="middle"
          stackOnPhone
        >
          {listings.data.map((listing) => (
            <ListingRow key={listing.id} listing={listing} watchers={watchers.get(listing.id) ?? 0} onDelete={askDelete} />
          ))}
        </DataTable>
      )}

      {pendingDelete && (
        <ConfirmDialog
          title="Delete this listing?"
          description={`"${pendingDelete.title}" will be removed from the marketplace. Buyers will no longer see it.`}
          confirmLabel="Delete listing"
          {...dialogProps}
        />
      )}
    </div>
  );
}
