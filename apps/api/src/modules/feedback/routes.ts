import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, signedInRoutes } from '../../lib/route-schemas.js';
import { currentUserOf } from '../auth/index.js';
import { FeedbackCreatedSchema, FeedbackRequestSchema } from './schemas.js';
import { FEEDBACK_VERIFIED_ONLY } from './texts.js';

const HOUR_MS = 3600 * 1000;

/**
 * POST /reviews/ (spec §7, with its trailing slash; /reviews answers the same): feedback from
 * verified users only (spec §6). The account is checked on request, before the body, so a
 * visitor gets 401 and an unverified user 403 whatever they sent. Limited per user
 * (RATE_LIMIT_MESSAGES_PER_HOUR) so the panel cannot be used to flood the table.
 */
const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.feedback;
  const perHour = app.config.rateLimits.messagesPerHour;
  const verifiedUser = signedInRoutes(app, ['feedback'], { guard: app.requireVerifiedUser(FEEDBACK_VERIFIED_ONLY) });

  for (const url of ['/reviews/', '/reviews']) {
    app.post(
      url,
      verifiedUser({
        // One entry in the OpenAPI document: the spec's path.
        hide: url === '/reviews',
        summary: 'Submit site feedback (verified users); stored with the user and the page it came from',
        body: FeedbackRequestSchema,
        response: { 201: FeedbackCreatedSchema, ...errorResponses(400, 401, 403, 429) },
      }),
      async (request, reply) => {
        const user = currentUserOf(request);
        await app.rateLimiter.enforce([{ key: `feedback:user:${user.id}`, limit: perHour, windowMs: HOUR_MS }]);
        const created = await service.submit(user.id, request.body);
        return reply.status(201).send(created);
      },
    );
  }
};

export default feedbackRoutes;
