import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerOrphanPhotoSweep } from './orphan-sweep.js';
import { PhotosService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    photos: PhotosService;
  }
}

/** The photos module: decorates `app.photos` and registers its job, the orphan photo sweep. */
async function photosPlugin(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ module: 'photos' });
  app.decorate('photos', new PhotosService({ db: app.db, storage: app.storage, listings: app.listings, log }));
  registerOrphanPhotoSweep(app.worker, { db: app.db, storage: app.storage, clock: app.clock, log });
}

export default fp(photosPlugin, { name: 'photos', dependencies: ['jobs', 'storage', 'listings'] });
