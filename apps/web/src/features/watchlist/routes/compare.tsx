import { LISTING_NO_LONGER_AVAILABLE, parseCompareIds, type Listing } from '@benchmarket/shared';
import { useQueries } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { listingPath } from '@/components/listing/listing-link';
import { Alert } from '@/components/ui/alert';
import { LinkButton } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { listingQueryOptions } from '@/lib/api/listings';
import { comparePath } from '@/lib/compare-selection';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/session/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { compareRows } from '../compare-rows';

const TITLE = 'Compare listings';

function Photo({ listing }: { listing: Listing }) {
  const src = listing.thumbnails[0] ?? listing.photos[0];
  if (!src)
    return (
      <div className="flex aspect-[4/3] w-full items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-600">No photo</div>
    );
  return <img src={src} alt="" width={240} height={180} className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover" />;
}

/** The comparison: a column per listing, a row per fact; differing rows highlighted and labelled 'Differs'. */
function ComparisonTable({ ids, columns }: { ids: readonly string[]; columns: readonly (Listing | null)[] }) {
  const rows = compareRows(columns);
  const differing = rows.filter((row) => row.differs).length;
  return (
    <>
      <p className="mb-4 text-sm text-slate-600">
        {differing === 0 ? 'No differences in the facts below.' : `${differing} of ${rows.length} facts differ; they are highlighted.`}
      </p>
      {/* Scrolls sideways on a phone; focusable so it scrolls by keyboard too. */}
      <div
        role="region"
        aria-label="Comparison"
        tabIndex={0}
        className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-teal-700"
      >
        <table className="w-full min-w-[36rem] table-fixed border-collapse text-sm">
          <caption className="sr-only">{TITLE}: a column per listing, rows that differ are marked</caption>
          <colgroup>
            <col className="w-32 sm:w-40" />
            {columns.map((_, index) => (
              <col key={index} className="w-48" />
            ))}
          </colgroup>
          <thead>
            <tr className="align-top">
              <td className="p-3" />
              {columns.map((listing, index) => (
                <th key={ids[index]} scope="col" className="p-3 text-left font-semibold text-slate-900">
                  {listing ? (
                    <div className="space-y-2">
                      <Photo listing={listing} />
                      <Link
                        to={listingPath(listing.id)}
                        className="block break-words text-teal-800 underline underline-offset-2 hover:text-teal-900"
                      >
                        {listing.title}
                      </Link>
                    </div>
                  ) : (
                    <span className="text-slate-600">{LISTING_NO_LONGER_AVAILABLE}</span>
                  )}
                  <Link
                    to={comparePath(ids.filter((_, other) => other !== index))}
                    className="mt-2 inline-block text-xs font-medium text-slate-600 underline underline-offset-2 hover:text-slate-900"
                  >
                    Remove<span className="sr-only"> {listing?.title ?? 'this listing'} from the comparison</span>
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className={cn('border-t border-slate-200 align-top', row.differs && 'bg-amber-50')}>
                <th scope="row" className="p-3 text-left font-medium text-slate-700">
                  {row.label}
                  {row.differs && (
                    <span className="ml-2 inline-block rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-900">
                      Differs
                    </span>
                  )}
                </th>
                {row.values.map((value, index) => (
                  <td key={ids[index]} className={cn('p-3 break-words text-slate-900', row.differs && 'font-semibold')}>
                    {value ?? <span className="text-slate-500">—</span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Comparison({ ids }: { ids: readonly string[] }) {
  const { user, isLoading } = useAuth();
  const results = useQueries({
    queries: ids.map((id) => ({ ...listingQueryOptions(id, user?.id ?? null), enabled: !isLoading, retry: false })),
  });
  if (isLoading || results.some((result) => result.isPending)) return <Spinner label="Loading the listings…" className="py-16" />;
  // Not found (removed, expired, unknown) is 'no longer available'; anything else is a failure to load.
  const failed = results.find((result) => result.isError && !(isApiError(result.error) && result.error.status === 404));
  if (failed) {
    return (
      <Alert
        title="The listings could not be loaded."
        retrying={results.some((result) => result.isFetching)}
        onRetry={() => {
          for (const result of results) void result.refetch();
        }}
      />
    );
  }
  return <ComparisonTable ids={ids} columns={results.map((result) => result.data ?? null)} />;
}

/** /compare?ids=a,b,c (issue 16): up to 4 listings side by side; public and shareable. */
export default function CompareRoute() {
  useDocumentTitle(TITLE);
  const [searchParams] = useSearchParams();
  const parsed = parseCompareIds(searchParams.get('ids'));
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{TITLE}</h1>
      <p className="mt-2 mb-6 text-slate-600">Side by side, with the differences highlighted. Share this page's address to show someone.</p>
      {parsed.ok ? (
        <Comparison ids={parsed.ids} />
      ) : (
        <Alert title={parsed.error} actions={<LinkButton to="/search">Search equipment</LinkButton>} />
      )}
    </div>
  );
}
