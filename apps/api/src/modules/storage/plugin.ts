import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createS3Storage } from './s3-storage.js';

/**
 * The photo storage port. Local default: files under DATA_DIR/uploads served at /uploads/…
 * with long cache headers (keys are content-unique, never overwritten). With S3_BUCKET set:
 * an S3-compatible object store (./s3-storage.ts).
 */
export interface PhotoStorage {
  /** Saves bytes under a key like `listings/<listingId>/<photoId>.webp`. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** The URL a browser loads the key from. */
  url(key: string): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: PhotoStorage;
  }
}

const UPLOADS_PREFIX = '/uploads/';

export function safeKey(key: string): string {
  const normalised = path.posix.normalize(key);
  if (normalised.startsWith('..') || path.posix.isAbsolute(normalised) || normalised.includes('\0')) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return normalised;
}

export function createLocalStorage(root: string): PhotoStorage {
  return {
    async put(key, bytes) {
      const file = path.join(root, safeKey(key));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async remove(key) {
      await rm(path.join(root, safeKey(key)), { force: true });
    },
    url: (key) => `${UPLOADS_PREFIX}${safeKey(key)}`,
  };
}

async function storagePlugin(app: FastifyInstance): Promise<void> {
  if (app.config.s3) {
    app.decorate('storage', createS3Storage(app.config.s3));
    return;
  }
  const root = path.join(app.config.dataDir, 'uploads');
  await mkdir(root, { recursive: true });
  app.decorate('storage', createLocalStorage(root));
  await app.register(fastifyStatic, {
    root,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    immutable: true,
    maxAge: '365d',
    setHeaders(res) {
      res.header('x-content-type-options', 'nosniff');
    },
  });
}

export default fp(storagePlugin, { name: 'storage' });
