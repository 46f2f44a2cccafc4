import { LOGO_UPLOAD_FIELD, type SellerProfile, type SellerProfileUpdate } from '@benchmarket/shared';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listingKeys } from '@/lib/api/listings';
import { useAuth } from '@/lib/session/use-auth';
import { dashboardKeys } from './query-keys';

/**
 * Issue 15: the seller's public profile — GET and PUT /account/profile, PUT and DELETE
 * /account/logo. Each change also refreshes every listing copy (they carry the seller's name)
 * and the seller pages (kept under ['listings']).
 */

function getSellerProfile(options?: { signal?: AbortSignal }): Promise<SellerProfile> {
  return api.get<SellerProfile>('/account/profile', options);
}

function sellerProfileQueryOptions(userId: string | null) {
  return queryOptions({ queryKey: dashboardKeys.sellerProfile(userId), queryFn: ({ signal }) => getSellerProfile({ signal }) });
}

export function useSellerProfile() {
  const { user } = useAuth();
  return useQuery({ ...sellerProfileQueryOptions(user?.id ?? null), enabled: user !== null });
}

function useProfileChange<Variables>(mutationFn: (variables: Variables) => Promise<SellerProfile>) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn,
    onSuccess: (profile) => saved(queryClient, user?.id ?? null, profile),
  });
}

function saved(queryClient: QueryClient, userId: string | null, profile: SellerProfile): Promise<void> {
  queryClient.setQueryData(dashboardKeys.sellerProfile(userId), profile);
  return queryClient.invalidateQueries({ queryKey: listingKeys.all });
}

export function useUpdateSellerProfile() {
  return useProfileChange((update: SellerProfileUpdate) => api.put<SellerProfile>('/account/profile', update));
}

export function useUploadLogo() {
  return useProfileChange((file: File) => {
    const form = new FormData();
    form.append(LOGO_UPLOAD_FIELD, file, file.name);
    return api.putMultipart<SellerProfile>('/account/logo', form);
  });
}

export function useRemoveLogo() {
  return useProfileChange(() => api.delete<SellerProfile>('/account/logo'));
}
