import { WatchParamsSchema, WatcherCountsSchema, WatchlistSchema, WatchSchema, WATCHLIST_MAX } from '@benchmarket/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, signedInRoutes } from '../../lib/route-schemas.js';
import { currentUserOf } from '../auth/index.js';

/**
 * /watchlist (issue 16, docs/decisions/021): a signed-in account's watched listings. Visitors
 * get 401. Watching and unwatching are idempotent.
 */
const watchlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.watchlist;
  const signedIn = signedInRoutes(app, ['watchlist']);

  app.get(
    '/watchlist',
    signedIn({
      summary: "The caller's watched listings that are live, newest watch first, as cards",
      response: { 200: WatchlistSchema, ...errorResponses(401) },
    }),
    async (request) => service.list(currentUserOf(request).id),
  );

  app.get(
    '/watchlist/watchers',
    signedIn({
      summary: "How many accounts watch each of the caller's own listings (a count, never who)",
      response: { 200: WatcherCountsSchema, ...errorResponses(401) },
    }),
    async (request) => service.watcherCounts(currentUserOf(request).id),
  );

  app.put(
    '/watchlist/:listing_id',
    signedIn({
      summary: 'Watch a live listing (idempotent: watching again keeps the first watch)',
      description:
        "A listing that is not live (or unknown) answers 404 'Listing not found'; one's own listing 403 (code own_listing); " +
        `beyond ${WATCHLIST_MAX} watched listings 409 (code watchlist_full). The watcher is mailed when its price drops and when it has 7 days left.`,
      params: WatchParamsSchema,
      response: { 200: WatchSchema, ...errorResponses(401, 403, 404, 409) },
    }),
    async (request) => service.watch(currentUserOf(request), request.params.listing_id),
  );

  app.delete(
    '/watchlist/:listing_id',
    signedIn({
      summary: 'Stop watching a listing (idempotent: an unwatched listing answers 204 too); also stops its watch mails',
      params: WatchParamsSchema,
      response: { 204: z.null().describe('Not watched'), ...errorResponses(401) },
    }),
    async (request, reply) => {
      await service.unwatch(currentUserOf(request).id, request.params.listing_id);
      return reply.status(204).send(null);
    },
  );
};

export default watchlistRoutes;
