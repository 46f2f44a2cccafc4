import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerOrphanDocumentSweep } from './orphan-sweep.js';
import { DocumentsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 15: a listing's PDF documents (the only writer of `listing_documents`). */
    listingDocuments: DocumentsService;
  }
}

/** The documents module: decorates `app.listingDocuments` and registers its job, the orphan document sweep. */
async function documentsPlugin(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ module: 'documents' });
  registerOrphanDocumentSweep(app.worker, { db: app.db, storage: app.storage, clock: app.clock, log });
  app.decorate(
    'listingDocuments',
    new DocumentsService({
      db: app.db,
      storage: app.storage,
      listings: app.listings,
      clock: app.clock,
      secret: app.config.jwt.secret,
      log,
    }),
  );
}

export default fp(documentsPlugin, { name: 'documents', dependencies: ['jobs', 'storage', 'listings'] });
