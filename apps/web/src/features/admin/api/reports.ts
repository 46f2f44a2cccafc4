import { ResolveReportsBodySchema, type Paginated, type ReportGroup, type ResolveReportsBody } from '@benchmarket/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAdminMutation, useAdminViewer } from './admin-query';
import { adminKeys } from './query-keys';

export type ReportStatus = 'open' | 'resolved';
export type ReportGroupsPage = Paginated<ReportGroup>;

/** GET /admin/reports?status=&page=: reports grouped by listing, the oldest open report first. */
export function getReports(status: ReportStatus, page: number, options?: { signal?: AbortSignal }): Promise<ReportGroupsPage> {
  return api.get<ReportGroupsPage>('/admin/reports', { query: { status, page }, signal: options?.signal });
}

export function reportsQueryOptions(viewer: string | null, status: ReportStatus, page: number) {
  return queryOptions({
    queryKey: adminKeys.reports(viewer, status, page),
    queryFn: ({ signal }) => getReports(status, page, { signal }),
  });
}

export function useReports(status: ReportStatus, page: number) {
  const { viewer, isAdmin } = useAdminViewer();
  return useQuery({ ...reportsQueryOptions(viewer, status, page), enabled: isAdmin, placeholderData: keepPreviousData });
}

/** POST /admin/listings/{id}/reports/resolve {outcome, reason}: every open report of the listing at once. */
export function resolveReports({ listingId, body }: { listingId: string; body: ResolveReportsBody }): Promise<ReportGroup> {
  return api.post<ReportGroup>(`/admin/listings/${encodeURIComponent(listingId)}/reports/resolve`, ResolveReportsBodySchema.parse(body));
}

export const useResolveReports = () => useAdminMutation(resolveReports);
