import {
  CREATE_LISTING_FAILED,
  LOGGED_OUT_REDIRECT_MS,
  LOGIN_REQUIRED_TO_CREATE,
  PHOTO_UPLOAD_FAILED,
  SESSION_EXPIRED_REDIRECT_MS,
  type Listing,
  type ListingCreate,
} from '@benchmarket/shared';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/session/use-auth';
import { errorDetail } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateListing } from '../api/create-listing';
import { useUploadListingPhotos } from '../api/upload-listing-photos';
import { ListingForm } from '../components/listing-form';
import { PageMessage } from '../components/page-message';
import { PhotoDropZone, type QueuedPhoto } from '../components/photo-drop-zone';
import { UploadProgress } from '../components/upload-progress';
import { submitError, type SubmitError } from '../submit-error';
import { useDelayedRedirect } from '../use-delayed-redirect';
import { buttonClass } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';

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

interface UploadFailure {
  /** The server's reason, when it gave one. */
  detail: string | null;
}

/**
 * The create flow of spec §4: create the listing, upload the queued photos (with progress),
 * then the payment step at /payment/{id}. When photos fail the listing already exists: the
 * fields lock, and the seller can retry the photos or continue to payment.
 */
function CreateListingPage() {
  const navigate = useNavigate();
  const { logout } = useAuth();
  const [listing, setListing] = useState<Listing | null>(null);
  const createListing = useCreateListing();
  const uploadPhotos = useUploadListingPhotos();
  const [queue, setQueue] = useState<QueuedPhoto[]>([]);
  const [storedPhotos, setStoredPhotos] = useState(0);
  const [progress, setProgress] = useState<{ uploaded: number; total: number } | null>(null);
  const [error, setError] = useState<SubmitError | null>(null);
  const [uploadFailure, setUploadFailure] = useState<UploadFailure | null>(null);
  const photosHeadingId = useId();

  // spec §8: after a 401 the message stays 2 s, then the session ends and /login opens.
  useDelayedRedirect(error?.sessionExpired ?? false, '/login', SESSION_EXPIRED_REDIRECT_MS, logout);

  const toPayment = (id: string) => {
    void navigate(`/payment/${encodeURIComponent(id)}`, { replace: true });
  };

  const uploadQueued = async (created: Listing) => {
    const files = queue.map((photo) => photo.file);
    if (files.length > 0) {
      setProgress({ uploaded: 0, total: files.length });
      try {
        await uploadPhotos.mutateAsync({
          listingId: created.id,
          files,
          onUploaded: (file, uploaded) => {
            setQueue((current) => current.filter((photo) => photo.file !== file));
            setStoredPhotos((count) => count + 1);
            setProgress({ uploaded, total: files.length });
          },
        });
      } catch (uploadError) {
        setProgress(null);
        const failure = submitError(uploadError, PHOTO_UPLOAD_FAILED);
        if (failure.sessionExpired) setError(failure);
        else setUploadFailure({ detail: errorDetail(uploadError, '') || null });
        return;
      }
    }
    toPayment(created.id);
  };

  const onSubmit = async (values: ListingCreate) => {
    setError(null);
    setUploadFailure(null);
    // After a photo failure the listing exists: submitting again only retries the photos.
    if (listing) {
      await uploadQueued(listing);
      return;
    }
    let created: Listing;
    try {
      created = await createListing.mutateAsync(values);
    } catch (createError) {
      setError(submitError(createError, CREATE_LISTING_FAILED));
      return;
    }
    setListing(created);
    setStoredPhotos(created.photos.length);
    await uploadQueued(created);
  };

  const uploading = progress !== null;
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
            <>
              {progress && <UploadProgress uploaded={progress.uploaded} total={progress.total} />}
              {error && <Alert title={error.message} />}
              {uploadFailure && listing && (
                <Alert title={PHOTO_UPLOAD_FAILED}>
                  {uploadFailure.detail && <p className="mt-1">{uploadFailure.detail}</p>}
                  <p className="mt-1 text-red-900">
                    Your listing was created. Try the photos again, or continue to payment and add photos later from Edit
                    Listing.
                  </p>
                </Alert>
              )}
            </>
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
