import type { AuditEntry, Paginated } from '@benchmarket/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAdminViewer } from './admin-query';
import { adminKeys } from './query-keys';

export type AuditPage = Paginated<AuditEntry>;

/** GET /admin/audit?page=&object_id=: the audit log, newest first, optionally about one object. */
export function getAuditLog(page: number, objectId: string, options?: { signal?: AbortSignal }): Promise<AuditPage> {
  return api.get<AuditPage>('/admin/audit', { query: { page, object_id: objectId }, signal: options?.signal });
}

export function auditQueryOptions(viewer: string | null, page: number, objectId: string) {
  return queryOptions({
    queryKey: adminKeys.audit(viewer, page, objectId),
    queryFn: ({ signal }) => getAuditLog(page, objectId, { signal }),
  });
}

export function useAuditLog(page: number, objectId: string) {
  const { viewer, isAdmin } = useAdminViewer();
  return useQuery({ ...auditQueryOptions(viewer, page, objectId), enabled: isAdmin, placeholderData: keepPreviousData });
}
