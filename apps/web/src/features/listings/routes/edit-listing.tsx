import {
  EDIT_LISTING_LOAD_ERROR,
  NO_EDIT_PERMISSION,
  PHOTO_DELETE_FAILED,
  UPDATE_LISTING_FAILED,
  type Listing,
  type ListingUpdate,
} from '@benchmarket/shared';
import { useId } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/session/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteListingPhoto } from '../api/delete-listing-photo';
import { useListing } from '@/lib/api/listings';
import { useUpdateListing } from '../api/update-listing';
import { ExistingPhotos } from '../components/existing-photos';
import { ListingDocumentsEditor } from '../components/listing-documents-editor';
import { ListingForm } from '../components/listing-form';
import { SellerNotice } from '@/components/listing/seller-notice';
import { PageMessage } from '../components/page-message';
import { PhotoDropZone } from '../components/photo-drop-zone';
import { submitError } from '../submit-error';
import { onlyFieldsShown, specificationValuesOf } from '../listing-form-values';
import { PhotoUploadStatus, usePhotoUpload } from '../use-photo-upload';
import { buttonClass } from '@/components/ui/button';
import { SAVED_STATE } from '../listing-saved';

/** The edit form of an owner's listing: fields, current photos (remove), new photos (add), then back to the listing. */
function EditListingForm({ listing }: { listing: Listing }) {
  const navigate = useNavigate();
  const updateListing = useUpdateListing(listing.id);
  const deletePhoto = useDeleteListingPhoto(listing.id);
  const upload = usePhotoUpload();
  const { queue, setQueue, uploading, error } = upload;
  const photosHeadingId = useId();

  const onRemovePhoto = async (index: number) => {
    try {
      await deletePhoto.mutateAsync(index);
    } catch {
      window.alert(PHOTO_DELETE_FAILED); // spec §8: an alert, not an inline message.
    }
  };

  const onSubmit = async (values: ListingUpdate) => {
    upload.clearFailures();
    try {
      await updateListing.mutateAsync(onlyFieldsShown(values, listing));
    } catch (updateError) {
      upload.setError(submitError(updateError, UPDATE_LISTING_FAILED));
      return;
    }
    if (!(await upload.uploadQueue(listing.id))) return;
    void navigate(`/listings/${encodeURIComponent(listing.id)}`, { state: SAVED_STATE });
  };

  const busy = updateListing.isPending || uploading || Boolean(error?.sessionExpired);
  const thumbnails = listing.photos.map((photo, index) => listing.thumbnails[index] ?? photo);

  return (
    <ListingForm
      mode="edit"
      defaultValues={{
        title: listing.title,
        description: listing.description,
        price: String(listing.price),
        condition: listing.condition,
        location: listing.location ?? '',
        ...specificationValuesOf(listing),
      }}
      onSubmit={onSubmit}
      submitLabel="Update Listing"
      busyLabel={uploading ? 'Uploading photos…' : 'Saving changes…'}
      busy={busy}
      photos={
        <section aria-labelledby={photosHeadingId} className="space-y-3">
          <h2 id={photosHeadingId} className="text-sm font-semibold text-slate-800">
            Photos
          </h2>
          <ExistingPhotos
            title={listing.title}
            photos={thumbnails}
            onRemove={(index) => void onRemovePhoto(index)}
            disabled={deletePhoto.isPending || busy}
          />
          <PhotoDropZone queue={queue} onQueueChange={setQueue} existingCount={listing.photos.length} disabled={busy} />
        </section>
      }
      status={<PhotoUploadStatus upload={upload} afterPhotoFailure="Your other changes were saved." />}
      secondaryAction={
        <Link to={`/listings/${encodeURIComponent(listing.id)}`} className={buttonClass('secondary')}>
          Cancel
        </Link>
      }
    />
  );
}

/** /edit-listing/{id}: owner only (spec §2, §6). */
export default function EditListingRoute() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { user, isLoading } = useAuth();
  const listing = useListing(id, { enabled: user !== null });
  const owner = Boolean(user && listing.data && listing.data.user_id === user.id);
  useDocumentTitle(listing.data && owner ? `Edit ${listing.data.title}` : 'Edit Listing');

  if (isLoading) return <Spinner label="Checking your session…" className="py-24" />;
  // spec §2: not authenticated → /login.
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (listing.isPending) return <Spinner label="Loading listing…" className="py-24" />;
  if (listing.isError) {
    return (
      <PageMessage title={EDIT_LISTING_LOAD_ERROR}>
        <button type="button" onClick={() => void listing.refetch()} className={buttonClass('secondary')}>
          Try again
        </button>
      </PageMessage>
    );
  }
  if (!owner) {
    return (
      <PageMessage title={NO_EDIT_PERMISSION}>
        <Link to={`/listings/${encodeURIComponent(id)}`} className={buttonClass('secondary')}>
          Back to the listing
        </Link>
      </PageMessage>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Edit Listing</h1>
      <p className="mt-2 break-words text-slate-600">{listing.data.title}</p>
      {/* Issue 14: what to fix, next to the form that fixes it. */}
      <SellerNotice listing={listing.data} editLink={false} className="mt-6" />
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {/* Keyed by listing: the form takes its values once, when the data is there. */}
        <EditListingForm key={listing.data.id} listing={listing.data} />
      </div>
      <ListingDocumentsEditor
        listingId={listing.data.id}
        documents={listing.data.documents}
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      />
    </div>
  );
}
