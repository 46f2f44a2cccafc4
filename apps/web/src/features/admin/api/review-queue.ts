import type { Paginated, ReviewQueueItem } from '@benchmarket/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAdminViewer } from './admin-query';
import { adminKeys } from './query-keys';

export type ReviewQueuePage = Paginated<ReviewQueueItem>;

/** GET /admin/review-queue?page=: pending and rejected listings, oldest first, with their seller's history. */
export function getReviewQueue(page: number, options?: { signal?: AbortSignal }): Promise<ReviewQueuePage> {
  return api.get<ReviewQueuePage>('/admin/review-queue', { query: { page }, signal: options?.signal });
}

export function reviewQueueQueryOptions(viewer: string | null, page: number) {
  return queryOptions({ queryKey: adminKeys.reviewQueue(viewer, page), queryFn: ({ signal }) => getReviewQueue(page, { signal }) });
}

export function useReviewQueue(page: number) {
  const { viewer, isAdmin } = useAdminViewer();
  return useQuery({ ...reviewQueueQueryOptions(viewer, page), enabled: isAdmin, placeholderData: keepPreviousData });
}
