import type { InboxItem, Paginated } from '@benchmarket/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAdminMutation, useAdminViewer } from './admin-query';
import { adminKeys } from './query-keys';

export type InboxStatus = 'open' | 'done';
export type InboxPage = Paginated<InboxItem>;

/** GET /admin/inbox?status=&page=: feedback and support requests, newest first. */
export function getInbox(status: InboxStatus, page: number, options?: { signal?: AbortSignal }): Promise<InboxPage> {
  return api.get<InboxPage>('/admin/inbox', { query: { status, page }, signal: options?.signal });
}

export function inboxQueryOptions(viewer: string | null, status: InboxStatus, page: number) {
  return queryOptions({ queryKey: adminKeys.inbox(viewer, status, page), queryFn: ({ signal }) => getInbox(status, page, { signal }) });
}

export function useAdminInbox(status: InboxStatus, page: number) {
  const { viewer, isAdmin } = useAdminViewer();
  return useQuery({ ...inboxQueryOptions(viewer, status, page), enabled: isAdmin, placeholderData: keepPreviousData });
}

/** POST /admin/inbox/{kind}/{id}/done: the item moves to 'Done'. */
export function markInboxItemDone({ kind, id }: Pick<InboxItem, 'kind' | 'id'>): Promise<InboxItem> {
  return api.post<InboxItem>(`/admin/inbox/${kind}/${encodeURIComponent(id)}/done`);
}

export const useMarkInboxItemDone = () => useAdminMutation(markInboxItemDone);
