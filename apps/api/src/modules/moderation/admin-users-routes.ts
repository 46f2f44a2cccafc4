import {
  AdminReasonBodySchema,
  AdminUserDetailSchema,
  AdminUserSchema,
  AdminUsersPageSchema,
  IdParamsSchema,
  PageQuerySchema,
} from '@benchmarket/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute, errorResponses } from '../../lib/route-schemas.js';
import { currentUserOf } from '../auth/index.js';

const UsersQuerySchema = PageQuerySchema.extend({
  email: z.string().trim().max(320, 'The email to look for must be at most 320 characters').optional(),
});

/**
 * The console's users (issue 14), admins only: find accounts by email, see everything an
 * account did, suspend and reinstate (each with a reason the owner is mailed; audited).
 */
const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/users',
    adminRoute(app, {
      summary: 'Accounts whose email contains the text (all without it), newest first',
      querystring: UsersQuerySchema,
      response: { 200: AdminUsersPageSchema, ...errorResponses(400, 401, 403) },
    }),
    async (request) => {
      const { page, page_size: pageSize, email } = request.query;
      const { items, total } = await app.auth.listUsers({ email, page, pageSize });
      return { items, total, page, page_size: pageSize };
    },
  );

  app.get(
    '/admin/users/:id',
    adminRoute(app, {
      summary: 'An account with its listings, payments, reports made and against it, and messages sent',
      params: IdParamsSchema,
      response: { 200: AdminUserDetailSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => app.moderation.userDetail(request.params.id),
  );

  app.post(
    '/admin/users/:id/suspend',
    adminRoute(app, {
      summary: 'Suspend an account: it cannot log in, its live listings are hidden, messages to it are refused; the owner is mailed',
      description: 'Its sessions end at once. 409 for one’s own account or an account already suspended.',
      params: IdParamsSchema,
      body: AdminReasonBodySchema,
      response: { 200: AdminUserSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => app.auth.suspend(currentUserOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/admin/users/:id/reinstate',
    adminRoute(app, {
      summary: 'Lift a suspension: the listings it hid are live again (if still paid for); the owner is mailed',
      params: IdParamsSchema,
      body: AdminReasonBodySchema,
      response: { 200: AdminUserSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => app.auth.reinstate(currentUserOf(request), request.params.id, request.body.reason),
  );
};

export default adminUsersRoutes;
