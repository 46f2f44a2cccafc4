import type { AdminOverview } from '@benchmarket/shared';
import { api } from '@/lib/api-client';
import { useAdminQuery } from './admin-query';
import { adminKeys } from './query-keys';

/** GET /admin/overview: the counters and the series of the console's first page. */
export function useOverview() {
  return useAdminQuery(adminKeys.overview, (signal) => api.get<AdminOverview>('/admin/overview', { signal }));
}
