import { PHOTO_UPLOAD_FIELD } from '@benchmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listingKeys } from '@/lib/api/listings';

interface UploadListingPhotosOptions {
  /** Called after each photo is stored, so the caller can drop it from its queue and show progress. */
  onUploaded?: (file: File, uploadedCount: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /listings/{id}/photos, multipart with a `files` field (spec §7). One request per
 * photo, in order: the page can show determinate progress (photo k of n) through the one
 * API client, and when one fails the photos before it are kept and only the rest remain
 * to retry. The server still enforces the limit of 5 per listing.
 */
async function uploadListingPhotos(
  id: string,
  files: readonly File[],
  { onUploaded, signal }: UploadListingPhotosOptions = {},
): Promise<void> {
  let uploaded = 0;
  for (const file of files) {
    const form = new FormData();
    form.append(PHOTO_UPLOAD_FIELD, file, file.name);
    await api.postMultipart<unknown>(`/listings/${encodeURIComponent(id)}/photos`, form, { signal });
    uploaded += 1;
    onUploaded?.(file, uploaded);
  }
}

interface UploadListingPhotosVariables {
  listingId: string;
  files: readonly File[];
  onUploaded?: UploadListingPhotosOptions['onUploaded'];
}

export function useUploadListingPhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId, files, onUploaded }: UploadListingPhotosVariables) => uploadListingPhotos(listingId, files, { onUploaded }),
    // Also after a partial failure: the photos stored so far are part of the listing.
    onSettled: (_data, _error, { listingId }) => queryClient.invalidateQueries({ queryKey: listingKeys.detailOf(listingId) }),
  });
}
