import {
  CREATE_LISTING_FAILED,
  LOGGED_OUT_REDIRECT_MS,
  LOGIN_REQUIRED_TO_CREATE,
  type Listing,
  type ListingCreate,
} from '@benchmarket/shared';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/session/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateListing } from '../api/create-listing';
import { ListingForm } from '../components/listing-form';
import { PageMessage } from '../components/page-message';
import { PhotoDropZone } from '../components/photo-drop-zone';
import { submitError } from '../submit-error';
import { useDelayedRedirect } from '../use-delayed-redirect';
import { PhotoUploadStatus, usePhotoUpload } from '../use-photo-upload';
import { buttonClass } from '@/components/ui/button';

/** spec §2: a visitor is told to log in and sent to /login after 2 s. */
function LoginRequired() {
  useDelayedRedirect(true, '/login', LOGGED_OUT_REDIRECT_MS);
  return (
    <PageMessage title={LOGIN_REQUIRED_TO_CREATE}>
      <p>Taking you to the login page…</p>
      <p>
        <Link to="/login" className="font-semibold text-teal-700 underline underline-offset-2">
          Log in now
        </Link>
      </p>
    </PageMessage>
  );
}

/**
 * The create flow of spec §4: create the listing, upload the queued photos (with progress),
 * then the payment step at /payment/{id}. When photos fail the listing already exists: the
 * fields lock, and the seller can retry the photos or continue to payment.
 */
function CreateListingPage() {
  const navigate = useNavigate();
  const [listing, setListing] = useState<Listing | null>(null);
  const createListing = useCreateListing();
  const upload = usePhotoUpload();
  const { queue, setQueue, uploading, error } = upload;
  const [storedPhotos, setStoredPhotos] = useState(0);
  const photosHeadingId = useId();

  const uploadQueued = async (created: Listing) => {
    const uploaded = await upload.uploadQueue(created.id, () => {
      setStoredPhotos((count) => count + 1);
    });
    if (uploaded) void navigate(`/payment/${encodeURIComponent(created.id)}`, { replace: true });
  };

  const onSubmit = async (values: ListingCreate) => {
    upload.clearFailures();
    // After a photo failure the listing exists: submitting again only retries the photos.
    if (listing) {
      await uploadQueued(listing);
      return;
    }
    let created: Listing;
    try {
      created = await createListing.mutateAsync(values);
    } catch (createError) {
      upload.setError(submitError(createError, CREATE_LISTING_FAILED));
      return;
    }
    setListing(created);
    setStoredPhotos(created.photos.length);
    await uploadQueued(created);
  };

  const busy = createListing.isPending || uploading || Boolean(error?.sessionExpired);

  let submitLabel = 'Create Listing';
  if (listing) submitLabel = queue.length > 0 ? 'Retry photo upload' : 'Continue to payment';

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Create Listing</h1>
      <p className="mt-2 text-slate-600">
        Describe your equipment and add up to 5 photos. You choose how long the listing runs and pay on the next step.
      </p>

      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <ListingForm
          mode="create"
          onSubmit={onSubmit}
          submitLabel={submitLabel}
          busyLabel={uploading ? 'Uploading photos…' : 'Creating listing…'}
          busy={busy}
          locked={listing !== null}
          photos={
            <section aria-labelledby={photosHeadingId} className="space-y-3">
              <div>
                <h2 id={photosHeadingId} className="text-sm font-semibold text-slate-800">
                  Photos
                </h2>
                <p className="text-xs text-slate-500">Optional, but listings with photos get far more interest.</p>
              </div>
              <PhotoDropZone queue={queue} onQueueChange={setQueue} existingCount={storedPhotos} disabled={busy} />
            </section>
          }
          status={
            <PhotoUploadStatus
              upload={upload}
              afterPhotoFailure="Your listing was created. Try the photos again, or continue to payment and add photos later from Edit Listing."
            />
          }
          secondaryAction={
            listing && queue.length > 0 && !busy ? (
              <Link to={`/payment/${encodeURIComponent(listing.id)}`} replace className={buttonClass('secondary')}>
                Continue to payment without these photos
              </Link>
            ) : null
          }
        />
      </div>
    </div>
  );
}

export default function CreateListingRoute() {
  useDocumentTitle('Create Listing');
  const { isLoggedIn, isLoading } = useAuth();
  if (isLoading) return <Spinner label="Checking your session…" className="py-24" />;
  if (!isLoggedIn) return <LoginRequired />;
  return <CreateListingPage />;
}
