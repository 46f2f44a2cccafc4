import { AdminReasonBodySchema, type AdminReasonBody, type AdminUser, type AdminUserDetail } from '@benchmarket/shared';
import { api } from '@/lib/api-client';
import { useAdminMutation, useAdminPagedQuery, useAdminQuery } from './admin-query';
import { adminKeys } from './query-keys';

/** GET /admin/users?email=&page=: accounts whose email contains the text (every account, newest first, without it). */
export function useUsers(email: string, page: number) {
  return useAdminPagedQuery<AdminUser>((viewer) => adminKeys.users(viewer, email, page), '/admin/users', { email, page });
}

/** GET /admin/users/{id}: an account with its listings, payments, reports and messages. */
export function useUser(id: string) {
  return useAdminQuery(
    (viewer) => adminKeys.user(viewer, id),
    (signal) => api.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`, { signal }),
  );
}

/** POST /admin/users/{id}/suspend {reason}: cannot log in, listings hidden, messages refused; the user is mailed. */
export function suspendUser({ id, body }: { id: string; body: AdminReasonBody }): Promise<AdminUser> {
  return api.post<AdminUser>(`/admin/users/${encodeURIComponent(id)}/suspend`, AdminReasonBodySchema.parse(body));
}

/** POST /admin/users/{id}/reinstate {reason}: undoes exactly what the suspension switched off; the user is mailed. */
export function reinstateUser({ id, body }: { id: string; body: AdminReasonBody }): Promise<AdminUser> {
  return api.post<AdminUser>(`/admin/users/${encodeURIComponent(id)}/reinstate`, AdminReasonBodySchema.parse(body));
}

export const useSuspendUser = () => useAdminMutation(suspendUser);
export const useReinstateUser = () => useAdminMutation(reinstateUser);
