import type { InboxItem } from '@benchmarket/shared';
import { api } from '@/lib/api-client';
import { useAdminMutation, useAdminPagedQuery } from './admin-query';
import { adminKeys } from './query-keys';

export type InboxStatus = 'open' | 'done';

/** GET /admin/inbox?status=&page=: feedback and support requests, newest first. */
export function useAdminInbox(status: InboxStatus, page: number) {
  return useAdminPagedQuery<InboxItem>((viewer) => adminKeys.inbox(viewer, status, page), '/admin/inbox', { status, page });
}

/** POST /admin/inbox/{kind}/{id}/done: the item moves to 'Done'. */
export function markInboxItemDone({ kind, id }: Pick<InboxItem, 'kind' | 'id'>): Promise<InboxItem> {
  return api.post<InboxItem>(`/admin/inbox/${kind}/${encodeURIComponent(id)}/done`);
}

export const useMarkInboxItemDone = () => useAdminMutation(markInboxItemDone);
