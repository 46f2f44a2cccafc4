import type { ReviewQueueItem } from '@benchmarket/shared';
import { useAdminPagedQuery } from './admin-query';
import { adminKeys } from './query-keys';

/** GET /admin/review-queue?page=: pending and rejected listings, oldest first, with their seller's history. */
export function useReviewQueue(page: number) {
  return useAdminPagedQuery<ReviewQueueItem>((viewer) => adminKeys.reviewQueue(viewer, page), '/admin/review-queue', { page });
}
