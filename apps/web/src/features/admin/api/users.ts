import { AdminReasonBodySchema, type AdminReasonBody, type AdminUser, type AdminUserDetail, type Paginated } from '@benchmarket/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAdminMutation, useAdminViewer } from './admin-query';
import { adminKeys } from './query-keys';

export type AdminUsersPage = Paginated<AdminUser>;

/** GET /admin/users?email=&page=: accounts whose email contains the text (every account, newest first, without it). */
export function getUsers(email: string, page: number, options?: { signal?: AbortSignal }): Promise<AdminUsersPage> {
  return api.get<AdminUsersPage>('/admin/users', { query: { email, page }, signal: options?.signal });
}

export function usersQueryOptions(viewer: string | null, email: string, page: number) {
  return queryOptions({ queryKey: adminKeys.users(viewer, email, page), queryFn: ({ signal }) => getUsers(email, page, { signal }) });
}

export function useUsers(email: string, page: number) {
  const { viewer, isAdmin } = useAdminViewer();
  return useQuery({ ...usersQueryOptions(viewer, email, page), enabled: isAdmin, placeholderData: keepPreviousData });
}

/** GET /admin/users/{id}: an account with its listings, payments, reports and messages. */
export function getUser(id: string, options?: { signal?: AbortSignal }): Promise<AdminUserDetail> {
  return api.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`, options);
}

export function userQueryOptions(viewer: string | null, id: string) {
  return queryOptions({ queryKey: adminKeys.user(viewer, id), queryFn: ({ signal }) => getUser(id, { signal }) });
}

export function useUser(id: string) {
  const { viewer, isAdmin } = useAdminViewer();
  return useQuery({ ...userQueryOptions(viewer, id), enabled: isAdmin });
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
