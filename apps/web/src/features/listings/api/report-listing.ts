import type { ListingReportCreate, ListingReportCreated } from '@benchmarket/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /listings/{id}/reports {reason, details} → 201 {id, status, created_at, message}
 * (issue 14). 401 for visitors; 403 on one's own listing; 404 for a listing the caller
 * cannot see; 409 when the caller's earlier report is still open; 429 when reporting too often.
 */
export function reportListing(listingId: string, body: ListingReportCreate): Promise<ListingReportCreated> {
  return api.post<ListingReportCreated>(`/listings/${encodeURIComponent(listingId)}/reports`, body);
}

export function useReportListing(listingId: string) {
  return useMutation({ mutationFn: (body: ListingReportCreate) => reportListing(listingId, body) });
}
