import { AdminOverviewSchema } from '@benchmarket/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute, errorResponses as errors } from '../../lib/route-schemas.js';

/** GET /admin/overview (issue 14), admins only. */
const activityAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/overview',
    adminRoute(app, {
      summary: 'Listings live, new and expiring, open reports, review queue, revenue by month, searches and messages per day (admins only)',
      description: 'Revenue: the last 12 months, net of refunds. Searches and messages: the last 30 days (UTC), oldest first.',
      response: { 200: AdminOverviewSchema, ...errors(401, 403) },
    }),
    async () => app.activity.overview.read(),
  );
};

export default activityAdminRoutes;
