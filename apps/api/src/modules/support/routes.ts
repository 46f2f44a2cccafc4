import { MessageResponseSchema, SUPPORT_SENT } from '@benchmarket/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas.js';
import { SupportRequestSchema } from './schemas.js';

const HOUR_MS = 3600 * 1000;

/**
 * POST /support: the support form, open to everyone. A logged-in caller's account is named in
 * the mail to support. Limited per IP (RATE_LIMIT_MESSAGES_PER_HOUR, as the other contact
 * form) and per sender address (RATE_LIMIT_EMAIL_PER_HOUR: each request mails that address).
 */
const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const service = app.support;

  app.post(
    '/support',
    {
      onRequest: app.optionalUser,
      schema: {
        tags: ['support'],
        summary: 'Send a message to the support team (SUPPORT_EMAIL); the sender gets an acknowledgement',
        body: SupportRequestSchema,
        response: { 200: MessageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await app.rateLimiter.enforce([
        { key: `support:ip:${request.ip}`, limit: config.rateLimits.messagesPerHour, windowMs: HOUR_MS },
        { key: `support:email:${request.body.email}`, limit: config.rateLimits.emailPerHour, windowMs: HOUR_MS },
      ]);
      await service.contact(request.body, request.currentUser);
      return { message: SUPPORT_SENT };
    },
  );
};

export default supportRoutes;
