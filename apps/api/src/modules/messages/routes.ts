import { IdParamsSchema, MessageCreateSchema, MessageListSchema, MessageSchema } from '@benchmarket/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, signedInRoutes } from '../../lib/route-schemas.js';
import { z } from 'zod';
import { currentUserOf } from '../auth/index.js';

const HOUR_MS = 3600 * 1000;
const TAGS = ['messages'];

/**
 * /messages: buyers contact sellers (spec §7), sellers read their messages in the dashboard.
 * Every call needs a logged-in user; the token is checked on request, before the body, so a
 * caller without one always gets 401. Sending is rate-limited per user and per IP
 * (RATE_LIMIT_MESSAGES_PER_HOUR each): contact forms attract spam.
 */
const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.messages;
  const perHour = app.config.rateLimits.messagesPerHour;
  const signedIn = signedInRoutes(app, TAGS);
  // Issue 14: an unverified account is refused before its form is read.
  const verifiedSender = signedInRoutes(app, TAGS, {
    guard: [app.requireUser, async (request) => service.refuseUnverified(currentUserOf(request))],
  });

  app.post(
    '/messages',
    verifiedSender({
      summary: "Send a message to a listing's seller; the seller is mailed, with the buyer's address as reply-to",
      description:
        "Only active listings can be contacted (others answer 404 'Listing not found'); one's own listing cannot. Blank fields answer 400 'All fields are required'. " +
        'An account that has not verified its email answers 403 (code email_not_verified); a suspended seller 403 (code seller_unavailable).',
      body: MessageCreateSchema,
      response: { 201: MessageSchema, ...errorResponses(400, 401, 403, 404, 429) },
    }),
    async (request, reply) => {
      const user = currentUserOf(request);
      await app.rateLimiter.enforce([
        { key: `messages:user:${user.id}`, limit: perHour, windowMs: HOUR_MS },
        { key: `messages:ip:${request.ip}`, limit: app.config.rateLimits.messagesPerIpPerHour, windowMs: HOUR_MS },
      ]);
      const message = await service.send(user, request.body);
      return reply.status(201).send(message);
    },
  );

  app.get(
    '/messages/user',
    signedIn({
      summary: "The messages sent to the logged-in user's listings, newest first",
      response: { 200: MessageListSchema, ...errorResponses(401) },
    }),
    async (request) => service.listForRecipient(currentUserOf(request).id),
  );

  app.put(
    '/messages/:id/read',
    signedIn({
      summary: 'Mark one of your messages as read (idempotent)',
      description: 'A message that is not yours answers 404, like an unknown id.',
      params: IdParamsSchema,
      response: { 200: MessageSchema, ...errorResponses(400, 401, 404) },
    }),
    async (request) => service.markRead(currentUserOf(request).id, request.params.id),
  );

  app.delete(
    '/messages/:id',
    signedIn({
      summary: 'Delete one of your messages',
      description: 'A message that is not yours answers 404, like an unknown id.',
      params: IdParamsSchema,
      response: {
        204: z.null().describe('Deleted'),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (request, reply) => {
      await service.remove(currentUserOf(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default messagesRoutes;
