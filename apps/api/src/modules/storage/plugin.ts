import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalStorage, createS3Storage, UPLOADS_PREFIX, type PhotoStorage } from '../../providers/storage/index.js';
import { servePhotoFiles, withPhotoAccess } from './photo-access.js';

export type { ListingVisibility, PhotoStorage, StoredObject } from '../../providers/storage/index.js';
/** perf/crash/run.ts builds the local adapter from here; it lives in providers/storage/local.ts. */
export { createLocalStorage } from '../../providers/storage/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    storage: PhotoStorage;
  }
}

/**
 * The storage module: decorates `app.storage` with the photo storage port's adapter — S3 with
 * S3_BUCKET set, else local files under DATA_DIR/uploads, served at /uploads/… each only to
 * whom its listing is visible (./photo-access.ts).
 */
async function storagePlugin(app: FastifyInstance): Promise<void> {
  if (app.config.s3) {
    app.decorate('storage', createS3Storage(app.config.s3));
    return;
  }
  const root = path.join(app.config.dataDir, 'uploads');
  await mkdir(root, { recursive: true });
  const secret = app.config.jwt.secret;
  app.decorate('storage', withPhotoAccess(createLocalStorage(root), secret, app.clock));
  // Each file only to whom its listing is visible (./photo-access.ts).
  await servePhotoFiles(app, { root, prefix: UPLOADS_PREFIX, secret, db: app.db, clock: app.clock, catalogVersion: app.catalogVersion });
}

export default fp(storagePlugin, { name: 'storage' });
