import { PHOTO_UPLOAD_FAILED, SESSION_EXPIRED_REDIRECT_MS } from '@benchmarket/shared';
import { useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { errorDetail } from '@/lib/api-client';
import { useAuth } from '@/lib/session/use-auth';
import { useUploadListingPhotos } from './api/upload-listing-photos';
import type { QueuedPhoto } from './components/photo-drop-zone';
import { UploadProgress } from './components/upload-progress';
import { submitError, type SubmitError } from './submit-error';
import { useDelayedRedirect } from './use-delayed-redirect';

/**
 * The photo side of the create and edit forms: the queue of new photos, their upload with
 * progress, and the form's failure. A failed upload keeps the photos not yet stored in the
 * queue; an expired session shows its message, then ends the session and opens /login after
 * 2 s (spec §8).
 */
export function usePhotoUpload() {
  const { logout } = useAuth();
  const uploadPhotos = useUploadListingPhotos();
  const [queue, setQueue] = useState<QueuedPhoto[]>([]);
  const [progress, setProgress] = useState<{ uploaded: number; total: number } | null>(null);
  const [error, setError] = useState<SubmitError | null>(null);
  /** The photos failed; `detail` is the server's reason, when it gave one. */
  const [uploadFailure, setUploadFailure] = useState<{ detail: string | null } | null>(null);

  useDelayedRedirect(error?.sessionExpired ?? false, '/login', SESSION_EXPIRED_REDIRECT_MS, logout);

  /** Clears the last failure: call at the start of a submit. */
  const clearFailures = () => {
    setError(null);
    setUploadFailure(null);
  };

  /** Uploads the queued photos to the listing; false when they failed (the failure is then shown). */
  const uploadQueue = async (listingId: string, onEachUploaded?: () => void): Promise<boolean> => {
    const files = queue.map((photo) => photo.file);
    if (files.length === 0) return true;
    setProgress({ uploaded: 0, total: files.length });
    try {
      await uploadPhotos.mutateAsync({
        listingId,
        files,
        onUploaded: (file, uploaded) => {
          setQueue((current) => current.filter((photo) => photo.file !== file));
          onEachUploaded?.();
          setProgress({ uploaded, total: files.length });
        },
      });
      return true;
    } catch (uploadError) {
      setProgress(null);
      const failure = submitError(uploadError, PHOTO_UPLOAD_FAILED);
      if (failure.sessionExpired) setError(failure);
      else setUploadFailure({ detail: errorDetail(uploadError, '') || null });
      return false;
    }
  };

  return {
    queue,
    setQueue,
    progress,
    uploading: progress !== null,
    error,
    setError,
    uploadFailure,
    clearFailures,
    uploadQueue,
  };
}

/** The form's status: upload progress, the failure, and for failed photos `afterPhotoFailure` (what was kept). */
export function PhotoUploadStatus({
  upload,
  afterPhotoFailure,
}: {
  upload: ReturnType<typeof usePhotoUpload>;
  afterPhotoFailure: ReactNode;
}) {
  const { progress, error, uploadFailure } = upload;
  return (
    <>
      {progress && <UploadProgress uploaded={progress.uploaded} total={progress.total} />}
      {error && <Alert title={error.message} />}
      {uploadFailure && (
        <Alert title={PHOTO_UPLOAD_FAILED}>
          {uploadFailure.detail && <p className="mt-1">{uploadFailure.detail}</p>}
          <p className="mt-1 text-red-900">{afterPhotoFailure}</p>
        </Alert>
      )}
    </>
  );
}
