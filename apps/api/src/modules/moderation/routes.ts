import { ListingReportCreatedSchema, ListingReportCreateSchema } from '@benchmarket/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, IdPathSchema, signedInRoutes } from '../../lib/route-schemas.js';
import { currentUserOf } from '../auth/index.js';

const HOUR_MS = 3600_000;
/** Reports per account per hour: enough for a buyer who finds several bad listings, not for a flood. */
export const REPORTS_PER_HOUR = 20;

/** 'Report this listing' (issue 14): signed-in users, on every listing page but their own. */
const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/listings/:id/reports',
    signedInRoutes(app, ['listings'])({
      summary: 'Report a listing to the operators (signed-in users)',
      description:
        "Reason 'other' needs details. One open report per user and listing (409 while it is open); one's own listing answers 403, " +
        `an unknown listing or one the caller cannot see 404. Up to ${REPORTS_PER_HOUR} reports per account per hour.`,
      params: IdPathSchema,
      body: ListingReportCreateSchema,
      response: { 201: ListingReportCreatedSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
    }),
    async (request, reply) => {
      const user = currentUserOf(request);
      await app.rateLimiter.enforce([{ key: `reports:user:${user.id}`, limit: REPORTS_PER_HOUR, windowMs: HOUR_MS }]);
      const created = await app.moderation.service.report(user, request.params.id, request.body);
      return reply.status(201).send(created);
    },
  );
};

export default moderationRoutes;
