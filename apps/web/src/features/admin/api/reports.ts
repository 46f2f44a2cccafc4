import { ResolveReportsBodySchema, type ConversationReportGroup, type ReportGroup, type ResolveReportsBody } from '@benchmarket/shared';
import { api } from '@/lib/api-client';
import { useAdminMutation, useAdminPagedQuery } from './admin-query';
import { adminKeys } from './query-keys';

export type ReportStatus = 'open' | 'resolved';

/** GET /admin/reports?status=&page=: reports grouped by listing, the oldest open report first. */
export function useReports(status: ReportStatus, page: number) {
  return useAdminPagedQuery<ReportGroup>((viewer) => adminKeys.reports(viewer, status, page), '/admin/reports', { status, page });
}

/** POST /admin/listings/{id}/reports/resolve {outcome, reason}: every open report of the listing at once. */
export function resolveReports({ listingId, body }: { listingId: string; body: ResolveReportsBody }): Promise<ReportGroup> {
  return api.post<ReportGroup>(`/admin/listings/${encodeURIComponent(listingId)}/reports/resolve`, ResolveReportsBodySchema.parse(body));
}

export const useResolveReports = () => useAdminMutation(resolveReports);

/** GET /admin/conversation-reports?page=: open reports of conversations, grouped by conversation, the oldest first. */
export function useConversationReports(page: number) {
  return useAdminPagedQuery<ConversationReportGroup>(
    (viewer) => adminKeys.conversationReports(viewer, page),
    '/admin/conversation-reports',
    {
      page,
    },
  );
}

/** POST /admin/conversations/{id}/reports/resolve {outcome, reason}: every open report of the conversation at once. */
export function resolveConversationReports({
  conversationId,
  body,
}: {
  conversationId: string;
  body: ResolveReportsBody;
}): Promise<ConversationReportGroup> {
  return api.post<ConversationReportGroup>(
    `/admin/conversations/${encodeURIComponent(conversationId)}/reports/resolve`,
    ResolveReportsBodySchema.parse(body),
  );
}

export const useResolveConversationReports = () => useAdminMutation(resolveConversationReports);
