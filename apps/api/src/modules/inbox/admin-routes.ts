import { AdminApproveBodySchema, IdSchema, InboxItemSchema, InboxPageSchema, PageQuerySchema } from '@benchmarket/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute, errorResponses as errors } from '../../lib/route-schemas.js';
import { currentUserOf } from '../auth/index.js';

export const InboxQuerySchema = PageQuerySchema.extend({
  status: z.enum(['open', 'done'], { error: "Status must be 'open' or 'done'." }).default('open'),
});

export const InboxItemParamsSchema = z.object({
  kind: z.enum(['feedback', 'support'], { error: "Kind must be 'feedback' or 'support'." }),
  id: IdSchema,
});

/** /admin/inbox: feedback and support requests, markable as done (issue 14), admins only. */
const inboxAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/inbox',
    adminRoute(app, {
      summary: 'Feedback and support requests, newest first (admins only)',
      description: 'status=open (the default) or done.',
      querystring: InboxQuerySchema,
      response: { 200: InboxPageSchema, ...errors(400, 401, 403) },
    }),
    async (request) => app.inbox.list({ status: request.query.status, page: request.query.page, pageSize: request.query.page_size }),
  );

  app.post(
    '/admin/inbox/:kind/:id/done',
    adminRoute(app, {
      summary: 'Mark feedback or a support request done (admins only; audited)',
      description: 'The body (a reason) is optional. Marking it again answers it as it is.',
      params: InboxItemParamsSchema,
      body: AdminApproveBodySchema.nullish(),
      response: { 200: InboxItemSchema, ...errors(400, 401, 403, 404) },
    }),
    async (request) => app.inbox.markDone(currentUserOf(request), request.params.kind, request.params.id, request.body?.reason ?? null),
  );
};

export default inboxAdminRoutes;
