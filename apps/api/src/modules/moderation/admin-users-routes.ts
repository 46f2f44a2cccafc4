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
import { BEARER, errorResponses } from '../../lib/route-schemas.js';
import { currentUserOf } from '../auth/index.js';

const TAGS = ['admin'];

const UsersQuerySchema = PageQuerySchema.extend({
  email: z.string().trim().max(320, 'The email to look for must be at most 320 characters').optional(),
});

/**
 * The console's users (issue 14), admins only: find accounts by email, see everything an
 * account did, suspend and reinstate (each with a reason the owner is mailed; audited).
 */
const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requireAdmin;

  app.get(
    '/admin/users',
    {
      onRequest,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Accounts whose email contains the text (all without it), newest first',
        querystring: UsersQuerySchema,
        response: { 200: AdminUsersPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, page_size: pageSize, email } = request.query;
      const { items, total } = await app.auth.listUsers({ email, page, pageSize });
      return { items, total, page, page_size: pageSize };
    },
  );

  app.get(
    '/admin/users/:id',
    {
      onRequest,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'An account with its listings, payments, reports made and against it, and messages sent',
        params: IdParamsSchema,
        response: { 200: AdminUserDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.moderation.userDetail(request.params.id),
  );

  app.post(
    '/admin/users/:id/suspend',
    {
      onRequest,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Suspend an account: it cannot log in, its live listings are hidden, messages to it are refused; the owner is mailed',
        description: 'Its sessions end at once. 409 for one’s own account or an account already suspended.',
        params: IdParamsSchema,
        body: AdminReasonBodySchema,
        response: { 200: AdminUserSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => app.auth.suspend(currentUserOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/admin/users/:id/reinstate',
    {
      onRequest,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Lift a suspension: the listings it hid are live again (if still paid for); the owner is mailed',
        params: IdParamsSchema,
        body: AdminReasonBodySchema,
        response: { 200: AdminUserSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => app.auth.reinstate(currentUserOf(request), request.params.id, request.body.reason),
  );
};

export default adminUsersRoutes;
