import {
  formatListedDate,
  NOT_ENOUGH_REPLIES,
  SELLER_NOT_FOUND,
  SELLER_PAGE_FAILED,
  findCountry,
  type SellerPage,
} from '@benchmarket/shared';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ResultsGrid } from '@/components/listing/results-grid';
import { SellerLogo } from '@/components/listing/seller-logo';
import { LinkButton, buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { CHECK_PATH, SolidIcon } from '@/components/ui/icon';
import { useSeller } from '../api/get-seller';
import { CountryFlag } from '@/components/country-flag';

/** '3 h', '2 days': the median reply time, when there is one. */
function formatReplyTime(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

function Logo({ seller }: { seller: SellerPage }) {
  if (seller.logo) {
    return <SellerLogo src={seller.logo} alt="" size={96} className="size-20 shrink-0 rounded-xl sm:size-24" />;
  }
  const initial = Array.from(seller.name)[0]?.toUpperCase() ?? '?';
  return (
    <div
      aria-hidden="true"
      className="flex size-20 shrink-0 items-center justify-center rounded-xl bg-teal-700 text-3xl font-bold text-white sm:size-24"
    >
      {initial}
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="mt-1 text-lg font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}

function SellerDetails({ seller }: { seller: SellerPage }) {
  const country = findCountry(seller.country);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Logo seller={seller} />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{seller.name}</h1>
          {seller.company && <p className="mt-1 break-words text-slate-700">{seller.company}</p>}
          <p className="mt-1 text-sm text-slate-600">
            {country && <CountryFlag code={country.code} className="mr-1.5 align-[-2px]" />}
            {country?.name ?? seller.country ?? 'Country not given'}
          </p>
        </div>
      </header>

      <dl className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Fact term="Member since">
          <time dateTime={seller.member_since}>{formatListedDate(seller.member_since)}</time>
        </Fact>
        <Fact term="Email">
          {seller.email_verified ? (
            <span className="inline-flex items-center gap-1.5 text-emerald-800">
              <SolidIcon className="size-4 shrink-0" d={CHECK_PATH} />
              Verified
            </span>
          ) : (
            'Not verified'
          )}
        </Fact>
        <Fact term="Live listings">{seller.live_listings}</Fact>
        <Fact term="Completed sales periods">{seller.completed_sales_periods}</Fact>
        <Fact term="Median reply time">
          {seller.median_reply_minutes === null ? (
            <span className="text-base font-normal text-slate-700">{NOT_ENOUGH_REPLIES}</span>
          ) : (
            formatReplyTime(seller.median_reply_minutes)
          )}
        </Fact>
      </dl>

      {seller.about && (
        <section aria-labelledby="seller-about" className="mt-8 max-w-3xl">
          <h2 id="seller-about" className="text-lg font-semibold text-slate-900">
            About
          </h2>
          <p className="mt-2 leading-relaxed break-words whitespace-pre-wrap text-slate-700">{seller.about}</p>
        </section>
      )}

      <section aria-labelledby="seller-listings" className="mt-10">
        <h2 id="seller-listings" className="text-lg font-semibold text-slate-900">
          Listings from {seller.name}
        </h2>
        <div className="mt-4">
          {seller.listings.length > 0 ? (
            <ResultsGrid listings={seller.listings} />
          ) : (
            <EmptyState>This seller has no live listings at the moment.</EmptyState>
          )}
        </div>
      </section>
    </div>
  );
}

/**
 * /sellers/{id} (issue 15): who sells — name (never the email), company, country, member
 * since, email verified, live listings, completed sales periods, median reply time — and
 * their live listings as search cards.
 */
export default function SellerRoute() {
  const { id = '' } = useParams();
  const seller = useSeller(id);
  const notFound = isApiError(seller.error) && seller.error.status === 404;

  let title = 'Seller';
  if (seller.data) title = seller.data.name;
  else if (seller.isError) title = notFound ? SELLER_NOT_FOUND : SELLER_PAGE_FAILED;
  useDocumentTitle(title);

  if (seller.isPending) return <Spinner label="Loading the seller…" className="py-24" />;
  if (seller.isError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{notFound ? SELLER_NOT_FOUND : SELLER_PAGE_FAILED}</h1>
        <div className="mt-6">
          {notFound ? (
            <LinkButton to="/search">Browse equipment</LinkButton>
          ) : (
            <button type="button" onClick={() => void seller.refetch()} className={buttonClass('secondary')}>
              Try again
            </button>
          )}
        </div>
      </div>
    );
  }
  return <SellerDetails seller={seller.data} />;
}
