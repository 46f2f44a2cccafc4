import {
  ErrorResponseSchema,
  FEATURED_STRIP_LIMIT,
  LatestListingsQuerySchema,
  ListingCreateSchema,
  ListingListSchema,
  ListingSchema,
  ListingsPageSchema,
  ListingsQuerySchema,
  ListingUpdateSchema,
  MessageResponseSchema,
  SpecificationCountsSchema,
  SpecificationSuggestionsQuerySchema,
  UserListingsQuerySchema,
} from '@benchmarket/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createBodyCompressor } from '../../lib/compressed-bodies.js';
import { fastSerializer } from '../../lib/fast-serializer.js';
import { HttpError } from '../../lib/http-errors.js';
import { formatWait } from '../../lib/rate-limiter.js';
import { BEARER, errorResponses } from '../../lib/route-schemas.js';
import { currentUserOf } from '../auth/index.js';
import { listingBodyOf } from './input.js';
import { LISTING_DELETED } from './texts.js';

const TAGS = ['listings'];

/** A malformed id is a listing that does not exist: 404 'Listing not found', like an unknown one. */
export const ListingIdParamsSchema = z.object({ id: z.string().max(100) });

const PublicListQuerySchema = ListingsQuerySchema.extend(UserListingsQuerySchema.shape);

const writeErrors = errorResponses(400, 401, 403, 404, 409, 429);

/**
 * Creates and edits per account (issue 12): each runs the automatic check and the
 * categorisation, which can be a paid model call. Shared by create and edit.
 */
export const LISTING_WRITES_PER_HOUR = 60;
const HOUR_MS = 3600_000;
/** How long a kept answer (the latest listings, a visitor's listing) is sent as drawn, at most. */
export const KEPT_ANSWER_MS = 2_000;

function tooManyListingWrites(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(
    429,
    `You have created or edited too many listings in the last hour. Please try again in ${formatWait(seconds)}.`,
    'listing_write_limit',
    { 'retry-after': String(seconds) },
  );
}

/**
 * /listings (spec §7). Only the owner may change or remove a listing (spec §6: others get
 * 403 'You do not have permission to edit this listing'); a listing that is not active
 * (unpaid, expired, removed) is visible to its owner only — 404 'Listing not found' to
 * everyone else.
 */
const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.listings;
  const sendJson = createBodyCompressor();
  /**
   * Issue 19: answers that are the same for every caller until a listing changes (the latest
   * listings; a listing as a visitor sees it) are kept as sent, compressed once, while the
   * catalog version holds (listings, photos, documents and sellers' public names move it:
   * migrations 0008, 0024), never past the next expiry (the search cache's rules,
   * SEARCH_CACHE_SECONDS; 0 keeps nothing) and, as the server-rendered pages, for at most
   * KEPT_ANSWER_MS: whatever else an answer shows is at most that old. Callers
   * that come while an answer is drawn wait for that drawing, rather than 50 drawings at once
   * when a kept answer runs out.
   */
  const cache = app.listingSearch.cache;
  const inFlight = new Map<string, Promise<string>>();
  const draw = (reply: FastifyReply, key: string, version: number, answer: () => Promise<unknown>): Promise<string> => {
    const flight = `${key} @${version}`;
    let pending = inFlight.get(flight);
    if (!pending) {
      pending = (async () => {
        const at = app.clock.now();
        const body = String(reply.serialize(await answer()));
        await cache.store(key, version, at, body, KEPT_ANSWER_MS);
        return body;
      })().finally(() => inFlight.delete(flight));
      inFlight.set(flight, pending);
    }
    return pending;
  };
  const sendKept = async (request: FastifyRequest, reply: FastifyReply, answer: () => Promise<unknown>): Promise<FastifyReply> => {
    const key = `GET ${request.url}`;
    const version = await cache.currentVersion();
    const body = cache.lookup(key, version, app.clock.now()) ?? (await draw(reply, key, version, answer));
    return sendJson(request, reply.type('application/json; charset=utf-8'), body);
  };
  const limitWrites = async (userId: string): Promise<void> => {
    const result = await app.rateLimiter.hit({ key: `listing-writes:user:${userId}`, limit: LISTING_WRITES_PER_HOUR, windowMs: HOUR_MS });
    if (!result.allowed) throw tooManyListingWrites(result.retryAfterSeconds);
  };

  app.post(
    '/listings',
    {
      onRequest: app.requireUser,
      attachValidation: true,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Create a listing (unpaid and inactive until paid); checked and categorised automatically',
        description:
          "Blank title, description or price answer 400 'Please fill in all required fields'; otherwise the first problem, with the form's texts. " +
          `Up to ${LISTING_WRITES_PER_HOUR} creates and edits per account per hour (429 with Retry-After beyond).`,
        body: ListingCreateSchema,
        response: { 201: ListingSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = currentUserOf(request);
      const body = listingBodyOf(request, 'create');
      await limitWrites(user.id);
      const listing = await service.create(user.id, body);
      return reply.status(201).send(listing);
    },
  );

  app.get(
    '/listings',
    {
      onRequest: app.optionalUser,
      schema: {
        tags: TAGS,
        summary: 'Active listings, featured ones first, then newest first, a page at a time',
        description:
          "show_all adds the logged-in caller's own inactive listings (hide_deleted leaves out their removed ones); other sellers' inactive listings are never listed.",
        querystring: PublicListQuerySchema,
        response: { 200: ListingsPageSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => service.listPublic(request.query, request.currentUser?.id ?? null),
  );

  app.get(
    '/listings/latest',
    {
      serializerCompiler: fastSerializer,
      schema: {
        tags: TAGS,
        summary: 'The newest active listings (default 10, at most 50)',
        querystring: LatestListingsQuerySchema,
        response: { 200: ListingListSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const latest = () => service.latest(request.query.limit);
      return cache.enabled ? sendKept(request, reply, latest) : latest();
    },
  );

  app.get(
    '/listings/manufacturers',
    {
      schema: {
        tags: TAGS,
        summary: 'Makers of live listings with how many each has (or, with manufacturer, that maker’s models)',
        description:
          'For the search form’s manufacturer filter and the listing form’s suggestions. Spellings that differ only in case count as one; at most 200, most listings first.',
        querystring: SpecificationSuggestionsQuerySchema,
        response: { 200: SpecificationCountsSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => service.specificationCounts(request.query.manufacturer),
  );

  app.get(
    '/listings/featured',
    {
      schema: {
        tags: TAGS,
        summary: `Featured live listings (the landing page's strip), at most ${FEATURED_STRIP_LIMIT}`,
        description: 'Listings an operator features until a date; the one whose featuring ends soonest comes last.',
        response: { 200: ListingListSchema },
      },
    },
    async () => service.featured(FEATURED_STRIP_LIMIT),
  );

  app.get(
    '/listings/user',
    {
      onRequest: app.requireUser,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: "The caller's listings, newest first",
        description: 'show_all=false (default): only active ones; true: all. hide_deleted=true leaves out removed ones.',
        querystring: UserListingsQuerySchema,
        response: { 200: ListingListSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = currentUserOf(request);
      return service.listForUser(user.id, {
        showAll: request.query.show_all,
        hideDeleted: request.query.hide_deleted,
      });
    },
  );

  app.get(
    '/listings/:id',
    {
      onRequest: app.optionalUser,
      serializerCompiler: fastSerializer,
      schema: {
        tags: TAGS,
        summary: 'One listing: active ones for everyone, the others for their owner only',
        params: ListingIdParamsSchema,
        response: { 200: ListingSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const viewerId = request.currentUser?.id ?? null;
      const detail = async () => {
        const { listing, row } = await service.getWithRow(request.params.id, viewerId);
        // Issue 15: the detail page shows the listing's PDF documents (the documents module).
        return { ...listing, documents: app.listingDocuments.fromAttached(row, row.attachedDocuments) };
      };
      // A visitor's view is everyone's; a signed-in caller may be its owner (serial number, moderation).
      return cache.enabled && viewerId === null ? sendKept(request, reply, detail) : detail();
    },
  );

  app.put(
    '/listings/:id',
    {
      onRequest: app.requireUser,
      attachValidation: true,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Edit a listing (owner only); the automatic check and the category are redone',
        description: `Up to ${LISTING_WRITES_PER_HOUR} creates and edits per account per hour (429 with Retry-After beyond).`,
        params: ListingIdParamsSchema,
        body: ListingUpdateSchema,
        response: { 200: ListingSchema, ...writeErrors },
      },
    },
    async (request) => {
      const user = currentUserOf(request);
      // Whose listing it is comes first: someone else's gets 403 whatever body they sent.
      await service.findOwnedForChange(request.params.id, user.id);
      const body = listingBodyOf(request, 'edit');
      await limitWrites(user.id);
      return service.update(request.params.id, user.id, body);
    },
  );

  app.delete(
    '/listings/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Remove a listing (owner only; soft delete: is_deleted)',
        params: ListingIdParamsSchema,
        response: { 200: MessageResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = currentUserOf(request);
      await service.remove(request.params.id, user.id);
      return { message: LISTING_DELETED };
    },
  );
};

export default listingRoutes;
