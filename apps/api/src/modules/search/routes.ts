import { SEARCH_VERIFIED_ONLY, SearchQuerySchema, SearchResponseSchema, type SearchQuery } from '@benchmarket/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, errorResponses } from '../../lib/route-schemas.js';
import { forbidden, HttpError } from '../../lib/http-errors.js';
import { formatWait } from '../../lib/rate-limiter.js';
import { searchCacheKey } from './result-cache.js';

/** JSON already serialized by the route's own serializer: sent as is (the typed reply only takes objects). */
function sendJsonText(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

function serializedText(body: string | ArrayBuffer | Buffer): string {
  return typeof body === 'string' ? body : Buffer.from(body as ArrayBuffer).toString('utf8');
}

/**
 * GET /listings/search (spec §7): verified users only (spec §5, §6) — a visitor or an
 * unverified user gets 403 'Only verified users can perform searches. Please verify your
 * account first.' (a visitor too, not 401: the search page shows that text to both). The
 * check runs before the query is validated.
 */
export const AI_SEARCHES_PER_WINDOW = 60;
export const AI_SEARCH_WINDOW_MS = 10 * 60_000;

function tooManyAiSearches(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(
    429,
    `You have made too many AI searches in a short time. Please try again in ${formatWait(seconds)}, or search without AI meanwhile.`,
    'ai_search_limit',
    { 'retry-after': String(seconds) },
  );
}

/**
 * What the console counts as a search (issue 14): words or filters asked for, first page — not
 * browsing the catalog, nor turning the pages of a search already counted.
 */
function isNewSearch(query: SearchQuery): boolean {
  const asked = [query.query, query.min_price, query.max_price, query.condition, query.location].some((value) => value !== undefined);
  return asked && query.page === 1;
}

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service, cache, ai } = app.listingSearch;
  // A remote model's answers depend on more than the catalog (its own state, its outages).
  const usesRemoteModel = (query: SearchQuery) => query.use_rag && ai !== undefined;

  // AI search per account (issue 12): with a model configured each one can be a paid call.
  const limitAiSearch = async (userId: string): Promise<void> => {
    const result = await app.rateLimiter.hit({
      key: `ai-search:user:${userId}`,
      limit: AI_SEARCHES_PER_WINDOW,
      windowMs: AI_SEARCH_WINDOW_MS,
    });
    if (!result.allowed) throw tooManyAiSearches(result.retryAfterSeconds);
  };

  // Issue 17: the engine's time per page and mode (pages from memory are counted as cache hits instead).
  const timedSearch = async (query: SearchQuery) => {
    const started = performance.now();
    const result = await service.search(query);
    app.metrics.search.observe(query.use_rag ? 'ai' : 'plain', (performance.now() - started) / 1000);
    return result;
  };

  const verifiedOnly = async (request: FastifyRequest) => {
    await app.optionalUser(request);
    if (!request.currentUser?.isVerified) throw forbidden(SEARCH_VERIFIED_ONLY, 'not_verified');
  };

  app.get(
    '/listings/search',
    {
      onRequest: verifiedOnly,
      schema: {
        tags: ['search'],
        security: BEARER,
        summary: 'Search active listings; with use_rag each result explains why it is relevant',
        description:
          'query uses web-search syntax ("exact phrase", -exclude, or) and matches the last word as a prefix. ' +
          'Filters: min_price, max_price, condition, location (country name or ISO code). ' +
          'use_rag=true reads the query (price phrases such as "under $5k", condition words, countries, equipment ' +
          'synonyms and abbreviations) and ranks by it; every result carries rag_search_response, whose explanation ' +
          "starts with 'Relevant:', 'Somewhat relevant:' or 'Not relevant:'. Sorted by relevance with a query, newest " +
          'first without (featured listings first); sort=newest|price_asc|price_desc orders the matches strictly by it (ties: newest first, ' +
          'then by id; sort=relevance is the default); pages of 12; total counts matches up to 1,000 (1,000 means 1,000 or more). ' +
          'Plain search: exact_matches says where listings with only some of the words begin; when fewer listings match than a page ' +
          'holds, the first page also carries similar (listings like the matches, neither among the items nor counted). Verified users only. ' +
          `use_rag=true is limited to ${AI_SEARCHES_PER_WINDOW} searches per account per ${AI_SEARCH_WINDOW_MS / 60_000} minutes (429 with Retry-After beyond).`,
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.use_rag && request.currentUser) await limitAiSearch(request.currentUser.id);
      if (isNewSearch(query)) app.activity.counters.count(query.use_rag ? 'search.ai' : 'search.plain');
      if (!cache.enabled || usesRemoteModel(query)) return timedSearch(query);
      const key = searchCacheKey(query);
      const version = await cache.currentVersion();
      const cached = cache.lookup(key, version, app.clock.now());
      if (cached !== undefined) {
        app.metrics.search.cacheHit();
        return sendJsonText(reply, cached);
      }
      app.metrics.search.cacheMiss();
      const now = app.clock.now();
      // Serialized (and checked against the response schema) once, sent as is from then on.
      const body = serializedText(reply.serialize(await timedSearch(query)));
      await cache.store(key, version, now, body);
      return sendJsonText(reply, body);
    },
  );
};

export default searchRoutes;
