import type { AdminOverview } from '@benchmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAdminViewer } from './admin-query';
import { adminKeys } from './query-keys';

/** GET /admin/overview: the counters and the series of the console's first page. */
export function getOverview(options?: { signal?: AbortSignal }): Promise<AdminOverview> {
  return api.get<AdminOverview>('/admin/overview', options);
}

export function overviewQueryOptions(viewer: string | null) {
  return queryOptions({ queryKey: adminKeys.overview(viewer), queryFn: ({ signal }) => getOverview({ signal }) });
}

export function useOverview() {
  const { viewer, isAdmin } = useAdminViewer();
  return useQuery({ ...overviewQueryOptions(viewer), enabled: isAdmin });
}
