import { AdminSettingsSchema, PromotionSettingBodySchema } from '@benchmarket/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute, errorResponses as errors } from '../../lib/route-schemas.js';
import { currentUserOf } from '../auth/index.js';

/** /admin/settings: the promotion's end date (issue 14), admins only. */
const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/settings',
    adminRoute(app, {
      summary: "The promotion's end date and whether it runs now (admins only)",
      response: { 200: AdminSettingsSchema, ...errors(401, 403) },
    }),
    async () => app.settings.current(),
  );

  app.put(
    '/admin/settings/promotion',
    adminRoute(app, {
      summary: "Set the promotion's end date (admins only; audited)",
      description:
        'The first month of a new listing is free until that day at 00:00 UTC. Wins over PROMO_FREE_UNTIL and the default; ' +
        'GET /config and prices follow at once. A day in the past ends the promotion.',
      body: PromotionSettingBodySchema,
      response: { 200: AdminSettingsSchema, ...errors(400, 401, 403) },
    }),
    async (request) => app.settings.setPromoFreeUntil(currentUserOf(request), request.body.promo_free_until, request.body.reason),
  );
};

export default settingsAdminRoutes;
