import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '@/lib/session/use-auth';
import { useLatestListings } from '@/lib/api/listings';
import { LANDING_LISTINGS_LIMIT } from '../landing-listings-limit';
import { ArrowRightIcon } from './icons';
import { ListingStrip, stripCardClass } from './listing-strip';

/** Grey cards the size of the real ones, so nothing moves when the listings arrive. */
function Skeleton() {
  return (
    <>
      <p role="status" className="sr-only">
        Loading the latest listings…
      </p>
      <ul aria-hidden="true" className="-mx-4 flex gap-4 overflow-hidden px-4 md:mx-0 md:grid md:grid-cols-4 md:px-0">
        {Array.from({ length: LANDING_LISTINGS_LIMIT }, (_, index) => (
          <li key={index} className={`${stripCardClass} rounded-2xl border border-slate-200 bg-white`}>
            <div className="aspect-[4/3] animate-pulse bg-slate-200 motion-reduce:animate-none" />
            <div className="space-y-2 p-4">
              <div className="h-4 w-4/5 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
              <div className="h-4 w-3/5 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
              <div className="h-5 w-1/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
              <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-700">{children}</div>;
}

/**
 * The newest active listings (GET /listings/latest), so a visitor sees at once that the
 * marketplace is alive. A failure never breaks the page: the section says so and points
 * to search, where the visitor can try again.
 */
export function LatestListings() {
  const { isLoggedIn } = useAuth();
  const latest = useLatestListings(LANDING_LISTINGS_LIMIT);

  let content: ReactNode;
  if (latest.isPending) {
    content = <Skeleton />;
  } else if (latest.isError) {
    content = (
      <Notice>
        <p>The latest listings could not be loaded just now.</p>
        <p className="mt-2">
          <Link to="/search" className="font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-900">
            Search all equipment
          </Link>
        </p>
      </Notice>
    );
  } else if (latest.data.length === 0) {
    content = (
      <Notice>
        <p>No listings are live yet.</p>
        <p className="mt-2">
          <Link
            to={isLoggedIn ? '/create-listing' : '/register'}
            className="font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-900"
          >
            Be the first to list your equipment
          </Link>
        </p>
      </Notice>
    );
  } else {
    content = <ListingStrip listings={latest.data} />;
  }

  return (
    <section aria-labelledby="latest-title" aria-busy={latest.isPending} className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">Fresh on BenchMarket</p>
            <h2 id="latest-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
              Latest listings
            </h2>
          </div>
          <Link to="/search" className="inline-flex items-center gap-1.5 rounded-md font-semibold text-teal-800 hover:text-teal-900">
            Browse all equipment
            <ArrowRightIcon className="size-4" />
          </Link>
        </div>
        <div className="mt-8">{content}</div>
      </div>
    </section>
  );
}
