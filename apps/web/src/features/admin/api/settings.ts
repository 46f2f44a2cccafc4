import { PromotionSettingBodySchema, type AdminSettings, type PromotionSettingBody } from '@benchmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { appConfigQueryKey } from '@/lib/app-config';
import { api } from '@/lib/api-client';
import { useAdminMutation, useAdminViewer } from './admin-query';
import { adminKeys } from './query-keys';

/** GET /admin/settings: the promotion's end date and whether it still runs. */
export function getSettings(options?: { signal?: AbortSignal }): Promise<AdminSettings> {
  return api.get<AdminSettings>('/admin/settings', options);
}

export function settingsQueryOptions(viewer: string | null) {
  return queryOptions({ queryKey: adminKeys.settings(viewer), queryFn: ({ signal }) => getSettings({ signal }) });
}

export function useSettings() {
  const { viewer, isAdmin } = useAdminViewer();
  return useQuery({ ...settingsQueryOptions(viewer), enabled: isAdmin });
}

/** PUT /admin/settings/promotion {promo_free_until, reason}. */
export function updatePromotion(body: PromotionSettingBody): Promise<AdminSettings> {
  return api.put<AdminSettings>('/admin/settings/promotion', PromotionSettingBodySchema.parse(body));
}

/** The public configuration (GET /config: the landing page's promotion) changes with it. */
export const useUpdatePromotion = () => useAdminMutation(updatePromotion, { alsoInvalidate: [appConfigQueryKey] });
