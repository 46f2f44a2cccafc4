import {
  IdParamsSchema,
  SavedSearchCreateSchema,
  SavedSearchListSchema,
  SavedSearchSchema,
  SavedSearchUpdateSchema,
  UnsubscribeQuerySchema,
  UnsubscribedSchema,
} from '@benchmarket/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, signedInRoutes } from '../../lib/route-schemas.js';
import { currentUserOf } from '../auth/index.js';

const TAGS = ['saved-searches'];

/**
 * /saved-searches (issue 16): a verified user's saved searches. Visitors get 401, unverified
 * accounts 403 (code email_not_verified), another user's search 404 like an unknown id.
 * The unsubscribe call needs no login: its signed token is the proof.
 */
const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.savedSearches;
  const signedIn = signedInRoutes(app, TAGS, {
    guard: [app.requireUser, async (request: FastifyRequest) => service.refuseUnverified(currentUserOf(request))],
  });

  app.get(
    '/saved-searches',
    signedIn({
      summary: 'Your saved searches, oldest first',
      response: { 200: SavedSearchListSchema, ...errorResponses(401, 403) },
    }),
    async (request) => service.list(currentUserOf(request).id),
  );

  app.post(
    '/saved-searches',
    signedIn({
      summary: 'Save a search (words, AI flag, filters, sort) with a name and an alert frequency',
      description:
        "criteria takes GET /listings/search's parameters (without page) and is validated the same way. frequency: 'instant' " +
        "(a mail within minutes of a matching listing going live) or 'daily' (one digest a day); the mails list only listings " +
        'that went live after the search was saved, each once. At most 25 per account: the 26th answers 409 (code saved_searches_limit).',
      body: SavedSearchCreateSchema,
      response: { 201: SavedSearchSchema, ...errorResponses(400, 401, 403, 409) },
    }),
    async (request, reply) => {
      const saved = await service.create(currentUserOf(request).id, request.body);
      return reply.status(201).send(saved);
    },
  );

  app.put(
    '/saved-searches/:id',
    signedIn({
      summary: 'Rename a saved search, change its frequency, pause or resume its alerts',
      description: "What the body leaves out stays. Another user's search answers 404, like an unknown id.",
      params: IdParamsSchema,
      body: SavedSearchUpdateSchema,
      response: { 200: SavedSearchSchema, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => service.update(currentUserOf(request).id, request.params.id, request.body),
  );

  app.delete(
    '/saved-searches/:id',
    signedIn({
      summary: 'Delete a saved search (its alerts stop)',
      description: "Another user's search answers 404, like an unknown id.",
      params: IdParamsSchema,
      response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request, reply) => {
      await service.remove(currentUserOf(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/saved-searches/unsubscribe',
    {
      schema: {
        tags: TAGS,
        summary: "One-click unsubscribe from a saved search's alerts (RFC 8058); no login",
        description:
          "The URL of an alert mail's List-Unsubscribe header (mail programs POST 'List-Unsubscribe=One-Click' to it) and of the " +
          'unsubscribe page. The token is signed by the server: a forged or altered one answers 400 (code unsubscribe_link_invalid). ' +
          'The search stays on the dashboard with its alerts paused. Idempotent.',
        querystring: UnsubscribeQuerySchema,
        response: { 200: UnsubscribedSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => service.unsubscribe(request.query.token),
  );

  app.get(
    '/saved-searches/unsubscribe',
    {
      schema: {
        tags: TAGS,
        summary: 'A browser opening the List-Unsubscribe address is sent to the unsubscribe page (303)',
        querystring: UnsubscribeQuerySchema,
        response: { 303: z.null().describe('To the unsubscribe page'), ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      reply
        .status(303)
        .header('location', `/unsubscribe?token=${encodeURIComponent(request.query.token)}`)
        .send(null),
  );
};

export default savedSearchRoutes;
