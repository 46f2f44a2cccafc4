import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RelatedListings } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 16: the related listings under a listing page. Owns no table. */
    relatedListings: RelatedListings;
  }
}

async function relatedPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('relatedListings', new RelatedListings({ db: app.db, clock: app.clock, listings: app.listings }));
}

export default fp(relatedPlugin, { name: 'related', dependencies: ['listings'] });
