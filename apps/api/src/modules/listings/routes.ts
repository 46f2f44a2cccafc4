import {
  ErrorResponseSchema,
  LatestListingsQuerySchema,
  ListingCreateSchema,
  ListingListSchema,
  ListingSchema,
  ListingsPageSchema,
  ListingsQuerySchema,
  ListingUpdateSchema,
  MessageResponseSchema,
  UserListingsQuerySchema,
} from '@benchmarket/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserOf } from '../auth/auth-context.js';
import { listingBodyOf } from './input.js';
import { listingsServiceFor } from './service.js';
import { LISTING_DELETED } from './texts.js';

const TAGS = ['listings'];
const BEARER = [{ bearerAuth: [] }];

/** A malformed id is a listing that does not exist: 404 'Listing not found', like an unknown one. */
export const ListingIdParamsSchema = z.object({ id: z.string().max(100) });

const PublicListQuerySchema = ListingsQuerySchema.extend(UserListingsQuerySchema.shape);

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/**
 * /listings (spec §7). Only the owner may change or remove a listing (spec §6: others get
 * 403 'You do not have permission to edit this listing'); a listing that is not active
 * (unpaid, expired, removed) is visible to its owner only — 404 'Listing not found' to
 * everyone else.
 */
const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = listingsServiceFor(app);

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
          "Blank title, description or price answer 400 'Please fill in all required fields'; otherwise the first problem, with the form's texts.",
        body: ListingCreateSchema,
        response: { 201: ListingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUserOf(request);
      const listing = await service.create(user.id, listingBodyOf(request, 'create'));
      return reply.status(201).send(listing);
    },
  );

  app.get(
    '/listings',
    {
      onRequest: app.optionalUser,
      schema: {
        tags: TAGS,
        summary: 'Active listings, newest first, a page at a time',
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
      schema: {
        tags: TAGS,
        summary: 'The newest active listings (default 10, at most 50)',
        querystring: LatestListingsQuerySchema,
        response: { 200: ListingListSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => service.latest(request.query.limit),
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
      schema: {
        tags: TAGS,
        summary: 'One listing: active ones for everyone, the others for their owner only',
        params: ListingIdParamsSchema,
        response: { 200: ListingSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => service.get(request.params.id, request.currentUser?.id ?? null),
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
        params: ListingIdParamsSchema,
        body: ListingUpdateSchema,
        response: { 200: ListingSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUserOf(request);
      // Whose listing it is comes first: someone else's gets 403 whatever body they sent.
      await service.findOwnedForChange(request.params.id, user.id);
      return service.update(request.params.id, user.id, listingBodyOf(request, 'edit'));
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
