import type { Listing } from '@benchmarket/shared';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { LoadBoundary } from '@/components/ui/load-boundary';
import { useAuth } from '@/lib/session/use-auth';

// The dialog validates with zod: it loads when a signed-in user opens it, not with the page.
const ReportListingDialog = lazy(() => import('./report-listing-dialog'));

export const REPORT_LINK = 'Report this listing';
/** Ours: the dialog's code did not arrive (offline). */
export const REPORT_DIALOG_FAILED = 'The report form could not load. Check your connection and try again.';

const linkClass =
  'inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-slate-600 underline underline-offset-2 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';

function FlagIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0">
      <path d="M3.5 2a.75.75 0 0 1 .75.75v.46l1.34-.34a6.5 6.5 0 0 1 4.48.5 5 5 0 0 0 3.45.38l2.1-.53A.75.75 0 0 1 16.5 4v7.5a.75.75 0 0 1-.57.73l-2.5.62a6.5 6.5 0 0 1-4.48-.5 5 5 0 0 0-3.45-.38l-1.25.31v5.47a.75.75 0 0 1-1.5 0V2.75A.75.75 0 0 1 3.5 2Z" />
    </svg>
  );
}

/**
 * 'Report this listing' on a listing page (issue 14), for everyone but the owner. A signed-in
 * user opens the report dialog; a visitor is sent to /login and brought back here, like
 * 'Contact Seller' (spec §6).
 */
export function ReportListing({ listing }: { listing: Pick<Listing, 'id' | 'title' | 'user_id'> }) {
  const { user, isLoading } = useAuth();
  const [open, setOpen] = useState(false);
  if (isLoading || user?.id === listing.user_id) return null;

  if (!user) {
    const returnPath = `/listings/${encodeURIComponent(listing.id)}`;
    return (
      <Link to={`/login?next=${encodeURIComponent(returnPath)}`} state={{ from: returnPath }} className={linkClass}>
        <FlagIcon />
        {REPORT_LINK}
      </Link>
    );
  }

  const close = () => {
    setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
        }}
        className={linkClass}
      >
        <FlagIcon />
        {REPORT_LINK}
      </button>
      {open && (
        <LoadBoundary
          fallback={
            <p role="alert" className="mt-2 text-sm text-red-700">
              {REPORT_DIALOG_FAILED}
            </p>
          }
        >
          <Suspense
            fallback={
              <p role="status" className="mt-2 text-sm text-slate-600">
                Loading the report form…
              </p>
            }
          >
            <ReportListingDialog listingId={listing.id} listingTitle={listing.title} onClose={close} />
          </Suspense>
        </LoadBoundary>
      )}
    </>
  );
}
