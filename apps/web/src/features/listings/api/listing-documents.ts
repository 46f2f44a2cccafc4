import { DOCUMENT_TYPE_FIELD, DOCUMENT_UPLOAD_FIELD, type DocumentType, type ListingDocument } from '@benchmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listingKeys } from '@/lib/api/listings';

/**
 * POST /listings/{id}/documents (issue 15): multipart, `type` then the PDF in `files`. One
 * request per file, in order, so the page shows determinate progress and, when one fails,
 * keeps those before it. The server checks each PDF's content and the limit of 5.
 */
async function uploadListingDocuments(
  id: string,
  type: DocumentType,
  files: readonly File[],
  onUploaded?: (uploadedCount: number) => void,
): Promise<void> {
  let uploaded = 0;
  for (const file of files) {
    const form = new FormData();
    form.append(DOCUMENT_TYPE_FIELD, type);
    form.append(DOCUMENT_UPLOAD_FIELD, file, file.name);
    await api.postMultipart<ListingDocument[]>(`/listings/${encodeURIComponent(id)}/documents`, form);
    uploaded += 1;
    onUploaded?.(uploaded);
  }
}

export function useUploadListingDocuments(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, files, onUploaded }: { type: DocumentType; files: readonly File[]; onUploaded?: (uploaded: number) => void }) =>
      uploadListingDocuments(listingId, type, files, onUploaded),
    // Also after a partial failure: the documents stored so far are part of the listing.
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKeys.detailOf(listingId) }),
  });
}

/** DELETE /listings/{id}/documents/{documentId}. */
export function useDeleteListingDocument(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) =>
      api.delete<ListingDocument[]>(`/listings/${encodeURIComponent(listingId)}/documents/${encodeURIComponent(documentId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKeys.detailOf(listingId) }),
  });
}
