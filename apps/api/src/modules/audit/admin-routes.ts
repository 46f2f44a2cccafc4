import { AuditPageSchema, emptyAsUndefined, PageQuerySchema } from '@benchmarket/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute, errorResponses as errors } from '../../lib/route-schemas.js';

export const AuditQuerySchema = PageQuerySchema.extend({
  object_id: z.preprocess(emptyAsUndefined, z.string().trim().max(200, 'An object id is at most 200 characters.').optional()),
});

/** GET /admin/audit (issue 14): the audit log, newest first, admins only. Nothing here changes it. */
const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    adminRoute(app, {
      summary: 'The audit log of admin actions, newest first (admins only)',
      description: 'object_id: only the entries about that listing, user, payment, report, setting or inbox item.',
      querystring: AuditQuerySchema,
      response: { 200: AuditPageSchema, ...errors(400, 401, 403) },
    }),
    async (request) => {
      const { page, page_size: pageSize, object_id: objectId } = request.query;
      const { items, total } = await app.audit.list({ page, pageSize, ...(objectId ? { objectId } : {}) });
      return { items, total, page, page_size: pageSize };
    },
  );
};

export default auditAdminRoutes;
