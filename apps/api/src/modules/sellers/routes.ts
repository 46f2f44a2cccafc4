import {
  SELLER_ABOUT_MAX_LENGTH,
  SELLER_NOT_FOUND,
  SellerPageSchema,
  SellerProfileSchema,
  SellerProfileUpdateSchema,
} from '@benchmarket/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-errors.js';
import { errorResponses, IdPathSchema, signedInRoutes } from '../../lib/route-schemas.js';
import { currentUserOf } from '../auth/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Issue 15: /sellers/{id} (public) and the signed-in seller's profile under /account. The
 * logo's upload (PUT /account/logo) is the photos module's: the same content checks, decode
 * queue and hourly quota as listing photos (modules/photos/routes.ts).
 */
const sellerRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.sellers;
  /** The /account routes here are the signed-in seller's own (401 to visitors) and answer their profile as it then is. */
  const account = signedInRoutes(app, ['account']);
  const ownProfileRoute = <Schema extends object, Code extends number = never>(schema: Schema, ...errorCodes: Code[]) =>
    account({ ...schema, response: { 200: SellerProfileSchema, ...errorResponses<401 | Code>(401, ...errorCodes) } });

  app.get(
    '/sellers/:id',
    {
      schema: {
        tags: ['sellers'],
        summary: "A seller's public page: profile, counts and live listings (never the email)",
        description:
          "The name is the display name, else 'Seller from {country}'. Unknown and suspended sellers answer 404 'Seller not found'. " +
          'median_reply_minutes is null while no reply to buyers is recorded (replies go by email).',
        params: IdPathSchema,
        response: { 200: SellerPageSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      if (!UUID.test(request.params.id)) throw notFound(SELLER_NOT_FOUND, 'seller_not_found');
      return service.page(request.params.id.toLowerCase());
    },
  );

  app.get('/account/profile', ownProfileRoute({ summary: "The signed-in seller's public profile, as they edit it" }), async (request) =>
    service.profile(currentUserOf(request).id),
  );

  app.put(
    '/account/profile',
    ownProfileRoute(
      {
        summary: "Save the signed-in seller's public profile: display name, company, country, about",
        description:
          `Every field is optional; blank or missing clears it (the logo is not touched). About at most ${SELLER_ABOUT_MAX_LENGTH} characters; ` +
          "the country a name or ISO code from GET /countries ('Please choose a country from the list' otherwise).",
        body: SellerProfileUpdateSchema,
      },
      400,
    ),
    async (request) => service.updateProfile(currentUserOf(request).id, request.body),
  );

  app.delete('/account/logo', ownProfileRoute({ summary: "Remove the signed-in seller's logo (idempotent)" }), async (request) =>
    service.removeLogo(currentUserOf(request).id),
  );
};

export default sellerRoutes;
