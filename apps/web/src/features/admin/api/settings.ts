import { PromotionSettingBodySchema, type AdminSettings, type PromotionSettingBody } from '@benchmarket/shared';
import { appConfigQueryKey } from '@/lib/app-config';
import { api } from '@/lib/api-client';
import { useAdminMutation, useAdminQuery } from './admin-query';
import { adminKeys } from './query-keys';

/** GET /admin/settings: the promotion's end date and whether it still runs. */
export function useSettings() {
  return useAdminQuery(adminKeys.settings, (signal) => api.get<AdminSettings>('/admin/settings', { signal }));
}

/** PUT /admin/settings/promotion {promo_free_until, reason}. */
export function updatePromotion(body: PromotionSettingBody): Promise<AdminSettings> {
  return api.put<AdminSettings>('/admin/settings/promotion', PromotionSettingBodySchema.parse(body));
}

/** The public configuration (GET /config: the landing page's promotion) changes with it. */
export const useUpdatePromotion = () => useAdminMutation(updatePromotion, { alsoInvalidate: [appConfigQueryKey] });
