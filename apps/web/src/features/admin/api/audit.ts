import type { AuditEntry } from '@benchmarket/shared';
import { useAdminPagedQuery } from './admin-query';
import { adminKeys } from './query-keys';

/** GET /admin/audit?page=&object_id=: the audit log, newest first, optionally about one object. */
export function useAuditLog(page: number, objectId: string) {
  return useAdminPagedQuery<AuditEntry>((viewer) => adminKeys.audit(viewer, page, objectId), '/admin/audit', { page, object_id: objectId });
}
