import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DocumentsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 15: a listing's PDF documents (the only writer of `listing_documents`). */
    listingDocuments: DocumentsService;
  }
}

/** The documents module: decorates `app.listingDocuments`. */
async function documentsPlugin(app: FastifyInstance): Promise<void> {
  app.decorate(
    'listingDocuments',
    new DocumentsService({
      db: app.db,
      storage: app.storage,
      listings: app.listings,
      clock: app.clock,
      secret: app.config.jwt.secret,
      log: app.log.child({ module: 'documents' }),
    }),
  );
}

export default fp(documentsPlugin, { name: 'documents', dependencies: ['storage', 'listings'] });
