import {
  ConversationDetailSchema,
  ConversationEntrySchema,
  ConversationListSchema,
  ConversationReplySchema,
  ConversationReportCreateSchema,
  ConversationReportCreatedSchema,
  IdParamsSchema,
  OfferCreateSchema,
  OfferSchema,
} from '@benchmarket/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, signedInRoutes } from '../../lib/route-schemas.js';
import { currentUserOf } from '../auth/index.js';

const HOUR_MS = 3600 * 1000;
const PARTICIPANTS_ONLY = 'Only its buyer and seller see a conversation: anyone else gets 404, as for an unknown id.';

/**
 * Issue 16: conversations between a listing's buyer and seller, and offers (decision 022).
 * Every call needs a logged-in user (401 before anything is read). Writing is rate-limited like
 * the contact form (RATE_LIMIT_MESSAGES_PER_HOUR per user, …_PER_IP_PER_HOUR per IP).
 */
const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.conversations;
  const signedIn = signedInRoutes(app, ['conversations']);
  const { messagesPerHour, messagesPerIpPerHour } = app.config.rateLimits;
  const limitWrites = (request: FastifyRequest) =>
    app.rateLimiter.enforce([
      { key: `conversations:user:${currentUserOf(request).id}`, limit: messagesPerHour, windowMs: HOUR_MS },
      { key: `conversations:ip:${request.ip}`, limit: messagesPerIpPerHour, windowMs: HOUR_MS },
    ]);

  app.get(
    '/conversations',
    signedIn({
      summary: "The caller's conversations, newest activity first, with unread counts",
      response: { 200: ConversationListSchema, ...errorResponses(401) },
    }),
    async (request) => service.list(currentUserOf(request).id),
  );

  app.get(
    '/conversations/:id',
    signedIn({
      summary: 'A conversation: its messages and offers in order; marks it read for the caller',
      description: PARTICIPANTS_ONLY,
      params: IdParamsSchema,
      response: { 200: ConversationDetailSchema, ...errorResponses(400, 401, 404) },
    }),
    async (request) => service.get(currentUserOf(request).id, request.params.id),
  );

  app.post(
    '/conversations/:id/messages',
    signedIn({
      summary: 'Write in a conversation; the other side is mailed, with a link to it',
      description: `${PARTICIPANTS_ONLY} After a block by either side: 403 (code blocked).`,
      params: IdParamsSchema,
      body: ConversationReplySchema,
      response: { 201: ConversationEntrySchema, ...errorResponses(400, 401, 403, 404, 429) },
    }),
    async (request, reply) => {
      await limitWrites(request);
      return reply.status(201).send(await service.reply(currentUserOf(request), request.params.id, request.body));
    },
  );

  app.post(
    '/conversations/:id/offers',
    signedIn({
      summary: "The buyer's offer (amount in the currency unit, optional note); the seller is mailed",
      description: `${PARTICIPANTS_ONLY} Only the buyer offers (403 otherwise); a pending offer is superseded by the new one. 409 when the listing is no longer for sale; 403 after a block.`,
      params: IdParamsSchema,
      body: OfferCreateSchema,
      response: { 201: OfferSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
    }),
    async (request, reply) => {
      await limitWrites(request);
      return reply.status(201).send(await service.offer(currentUserOf(request), request.params.id, request.body));
    },
  );

  for (const [path, decision] of [
    ['accept', 'accepted'],
    ['decline', 'declined'],
  ] as const) {
    app.post(
      `/offers/:id/${path}`,
      signedIn({
        summary: `The seller ${decision} an offer (once); the buyer is mailed`,
        description:
          'Only the seller decides (403 for the buyer); a second decision, or one on a superseded offer, answers 409. Anyone outside the conversation gets 404.',
        params: IdParamsSchema,
        response: { 200: OfferSchema, ...errorResponses(400, 401, 403, 404, 409) },
      }),
      async (request) => service.decide(currentUserOf(request), request.params.id, decision),
    );
  }

  for (const [path, action] of [
    ['block', 'Block the other side: no more messages or offers between the two, here or in new conversations'],
    ['unblock', "Lift the caller's own block"],
  ] as const) {
    app.post(
      `/conversations/:id/${path}`,
      signedIn({
        summary: `${action} (idempotent)`,
        description: PARTICIPANTS_ONLY,
        params: IdParamsSchema,
        response: { 204: z.null().describe('Done'), ...errorResponses(400, 401, 404) },
      }),
      async (request, reply) => {
        const userId = currentUserOf(request).id;
        await (path === 'block' ? service.block(userId, request.params.id) : service.unblock(userId, request.params.id));
        return reply.status(204).send(null);
      },
    );
  }

  app.post(
    '/conversations/:id/report',
    signedIn({
      summary: 'Report a conversation to the operators (one open report per participant)',
      description: `${PARTICIPANTS_ONLY} A second open report answers 409.`,
      params: IdParamsSchema,
      body: ConversationReportCreateSchema,
      response: { 201: ConversationReportCreatedSchema, ...errorResponses(400, 401, 404, 409, 429) },
    }),
    async (request, reply) => {
      await limitWrites(request);
      return reply.status(201).send(await service.report(currentUserOf(request).id, request.params.id, request.body));
    },
  );
};

export default conversationsRoutes;
