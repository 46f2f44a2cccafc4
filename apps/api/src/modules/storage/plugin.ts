import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ListingRow } from '../listings/mapper.js';
import { servePhotoFiles, withPhotoAccess } from './photo-access.js';
import { createS3Storage } from './s3-storage.js';

/**
 * The photo storage port. Local default: files under DATA_DIR/uploads served at /uploads/…
 * each only to whom its listing is visible (./photo-access.ts). With S3_BUCKET set:
 * an S3-compatible object store (./s3-storage.ts).
 */
export interface PhotoStorage {
  /** Saves bytes under a key like `listings/<listingId>/<photoId>.webp`. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** The URL a browser loads the key from. */
  url(key: string): string;
  /**
   * The URL of a listing's photo for whoever is shown the listing: url() while the listing is
   * public; for one only its owner sees, a signed URL nobody else is given (./photo-access.ts).
   * Absent (S3): url() always.
   */
  listingPhotoUrl?(key: string, listing: ListingVisibility): string;
  /**
   * Every stored key under `prefix` (a folder like `listings/`) with when it was written, in
   * key order; with `startAfter`, only the keys after it (to go on where an earlier call stopped).
   */
  list(prefix: string, startAfter?: string): AsyncIterable<StoredObject>;
}

/** What decides whether a listing, and so its photos, is public (listings/visibility.ts). */
export type ListingVisibility = Pick<ListingRow, 'isActive' | 'paymentStatus' | 'expiryDate' | 'isDeleted'>;

export interface StoredObject {
  key: string;
  modifiedAt: Date;
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
    list: (prefix, startAfter) => listLocalFiles(root, safeKey(prefix), startAfter),
  };
}

/** Files under `root/prefix`, depth first in name order (key order for photo keys); one removed while listing is skipped. */
async function* listLocalFiles(root: string, prefix: string, startAfter: string | undefined): AsyncIterable<StoredObject> {
  let entries;
  try {
    entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const key = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) {
      // A folder wholly before the starting point is not entered.
      if (startAfter !== undefined && `${key}/` < startAfter && !startAfter.startsWith(`${key}/`)) continue;
      yield* listLocalFiles(root, key, startAfter);
    } else if (entry.isFile() && (startAfter === undefined || key > startAfter)) {
      const info = await stat(path.join(root, key)).catch(() => undefined);
      if (info) yield { key, modifiedAt: info.mtime };
    }
  }
}

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
  await servePhotoFiles(app, { root, prefix: UPLOADS_PREFIX, secret, db: app.db, clock: app.clock });
}

export default fp(storagePlugin, { name: 'storage' });
