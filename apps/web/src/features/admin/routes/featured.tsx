import { FEATURE_NOT_LIVE, type AdminListing } from '@benchmarket/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { answerDetail } from '@/lib/api-client';
import { useAdminListing, useFeatureListing, useFeaturedListings, useUnfeatureListing } from '../api/listings';
import { ReasonField } from '../components/action-dialog';
import { ConfirmAction } from '../components/confirm-action';
import { consoleRoute } from '../components/console-page';
import { ListingPills } from '../components/listing-summary';
import { useNotice } from '../components/notice';
import { OFFLINE, QueryView } from '../components/query-view';
import { useConsoleForm } from '../components/use-console-form';
import { FeatureFormSchema, type FeatureFormValues } from '../form-schemas';
import { formatDate, isLive, todayIso } from '../format';
import { ListingLink, UserLink } from '../components/record-links';

const FEATURE_FIELDS = ['listing_id', 'until', 'reason'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The listing the id names, so the admin sees what they are about to feature. */
function ListingPreview({ id }: { id: string }) {
  const listing = useAdminListing(id);
  if (listing.isPending) return <Spinner label="Looking up the listing…" className="justify-start py-2" />;
  if (listing.isError)
    return <p className="text-sm font-medium text-red-700">{answerDetail(listing.error, 'No listing has this id.', OFFLINE)}</p>;
  const live = isLive(listing.data);
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
      <p className="font-semibold text-slate-900">
        <ListingLink id={listing.data.id}>{listing.data.title}</ListingLink>{' '}
        <span className="font-normal text-slate-600">by {listing.data.seller_email}</span>
      </p>
      <div className="mt-2">
        <ListingPills listing={listing.data} />
      </div>
      {!live && <p className="mt-2 font-medium text-amber-900">{FEATURE_NOT_LIVE}</p>}
    </div>
  );
}

function FeatureForm({ listingId, onDone }: { listingId: string; onDone: (message: string) => void }) {
  const initial: FeatureFormValues = { listing_id: listingId, until: '', reason: '' };
  const { values, setValues, error, errorId, formRef, submitWith, fieldProps, failure } = useConsoleForm({
    schema: FeatureFormSchema,
    initial,
    fieldOrder: FEATURE_FIELDS,
  });
  const feature = useFeatureListing();
  const id = values.listing_id.trim();

  const submit = submitWith(
    async (request) => {
      const listing = await feature.mutateAsync({ id: request.listing_id, body: { until: request.until, reason: request.reason } });
      setValues({ listing_id: '', until: '', reason: '' });
      onDone(`'${listing.title}' is featured until ${formatDate(listing.featured_until) || request.until}.`);
    },
    { pending: feature.isPending },
  );

  return (
    <section aria-labelledby="feature-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="feature-title" className="text-xl font-semibold text-slate-900">
        Feature a listing
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A featured listing shows in the landing page&apos;s &apos;Featured&apos; strip and first when browsing, with a &apos;Featured&apos;
        label, until the day you choose. Only live listings can be featured.
      </p>
      <form ref={formRef} noValidate onSubmit={submit} className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Listing id"
            hint="From the listing's address (/listings/…), or use Feature on a listing in the review queue or a user's page."
            autoComplete="off"
            spellCheck={false}
            announceError={false}
            {...fieldProps('listing_id')}
          />
          <TextField label="Featured until" type="date" min={todayIso()} announceError={false} {...fieldProps('until')} />
        </div>
        {UUID.test(id) && <ListingPreview id={id.toLowerCase()} />}
        <ReasonField optional {...fieldProps('reason')} />
        {error && <Alert id={errorId}>{error}</Alert>}
        {failure.alert('The listing could not be featured.')}
        <Button type="submit" pending={feature.isPending}>
          Feature listing
        </Button>
      </form>
    </section>
  );
}

function FeaturedList({ listings, onDone }: { listings: readonly AdminListing[]; onDone: (message: string) => void }) {
  const [unfeaturing, setUnfeaturing] = useState<AdminListing | null>(null);
  const unfeature = useUnfeatureListing();
  if (listings.length === 0) return <EmptyState>No listing is featured now.</EmptyState>;
  return (
    <>
      <DataTable
        label="Featured listings"
        caption="Featured listings, the soonest ending last"
        columns={[
          { label: 'Listing' },
          { label: 'Seller' },
          { label: 'Featured until' },
          { label: <span className="sr-only">Actions</span> },
        ]}
      >
        {listings.map((listing) => (
          <tr key={listing.id}>
            <td className="min-w-48">
              <ListingLink id={listing.id}>{listing.title}</ListingLink>
            </td>
            <td className="break-all">
              <UserLink id={listing.user_id}>{listing.seller_email}</UserLink>
            </td>
            <td className="whitespace-nowrap">{formatDate(listing.featured_until)}</td>
            <td>
              <Button size="sm" variant="secondary" onClick={() => setUnfeaturing(listing)} aria-label={`Unfeature: ${listing.title}`}>
                Unfeature
              </Button>
            </td>
          </tr>
        ))}
      </DataTable>
      {unfeaturing && (
        <ConfirmAction
          title="Stop featuring this listing?"
          description={`'${unfeaturing.title}' leaves the landing page's Featured strip and the top of the browse page.`}
          confirmLabel="Unfeature"
          failedTitle="The listing could not be unfeatured."
          onClose={() => setUnfeaturing(null)}
          onConfirm={async () => {
            await unfeature.mutateAsync(unfeaturing.id);
            setUnfeaturing(null);
            onDone(`'${unfeaturing.title}' is no longer featured.`);
          }}
        />
      )}
    </>
  );
}

function Featured() {
  const [searchParams] = useSearchParams();
  const listingId = searchParams.get('listing') ?? '';
  const featured = useFeaturedListings();
  const notice = useNotice();
  return (
    <>
      {notice.element}
      <FeatureForm key={listingId} listingId={listingId} onDone={notice.show} />
      <section aria-labelledby="featured-title" className="mt-10">
        <h2 id="featured-title" className="mb-4 text-xl font-semibold text-slate-900">
          Featured now
        </h2>
        <QueryView query={featured} what="featured listings">
          {(listings) => <FeaturedList listings={listings} onDone={notice.show} />}
        </QueryView>
      </section>
    </>
  );
}

/** /admin/featured: the featured listings, and a form to feature a live listing until a date. */
export default consoleRoute(
  { title: 'Featured listings', intro: "Live listings shown in the landing page's Featured strip and first when browsing." },
  Featured,
);
