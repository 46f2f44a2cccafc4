import { ErrorResponseSchema, ListingListSchema, RELATED_LISTINGS_LIMIT } from '@benchmarket/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdPathSchema } from '../../lib/route-schemas.js';

/** GET /listings/{id}/related (issue 16): public, like the listing itself. */
const relatedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/listings/:id/related',
    {
      onRequest: app.optionalUser,
      schema: {
        tags: ['listings'],
        summary: `Up to ${RELATED_LISTINGS_LIMIT} live listings of the same equipment family, nearest in price first`,
        description: "A listing the caller may not see answers 404 'Listing not found'; one without a family has none.",
        params: IdPathSchema,
        response: { 200: ListingListSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => app.relatedListings.of(request.params.id, request.currentUser?.id ?? null),
  );
};

export default relatedRoutes;
