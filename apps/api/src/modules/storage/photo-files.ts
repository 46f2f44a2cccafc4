import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import mime from 'mime';
import { browserCopyIsCurrent, type Validators } from '../../lib/conditional-requests.js';

/**
 * Issue 19: photo files sent from memory. A stored photo never changes under its key (a new
 * photo gets a new name), so its bytes are read from disk once and kept. A listing's photo
 * is looked at on disk again (a stat: still there, same size and time?) once per catalog
 * version — every change of a listing's photos, made by this process or another, moves the
 * version (migration 0008) — so a photo removed through the product answers 404 at once,
 * and between changes a request costs one write, not a stat on the thread pool (0.23 →
 * 0.18 ms of CPU a photo on two cores). A file removed by hand, behind the product's back, is
 * noticed at the next change of the catalog or when memory lets it go. Files asked for
 * without a version (sellers' logos) are looked at on every request.
 *
 * Validators as @fastify/static (the `send` library) wrote them, so browsers' copies stay valid:
 * a weak ETag of size and modification time, and Last-Modified.
 */
interface KeptFile extends Validators {
  body: Buffer;
  size: number;
  mtimeMs: number;
  lastModified: string;
  type: string;
  /** The catalog version it was last found on disk at. */
  seenAt?: number;
}

/** Bound on memory (the API stays under 400 MB RSS, issue 11): ~20–150 KB a photo, so the few hundred most asked for — the front page's and the latest listings'. */
const KEPT_BYTES = 16 * 1024 * 1024;
/** Larger files are not kept (none is, today: photos are resized to fit 1,600 px). */
const LARGEST_KEPT_FILE = 2 * 1024 * 1024;

function weakEtag(size: number, mtimeMs: number): string {
  return `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

/** `catalogVersion`: the version the caller checked the file's listing at (see above). */
export type PhotoFileSender = (request: FastifyRequest, reply: FastifyReply, key: string, catalogVersion?: number) => Promise<FastifyReply>;

export interface PhotoFiles {
  send: PhotoFileSender;
  /** The file under `key` as kept in memory, when it was last found on disk at `catalogVersion`; else undefined. */
  keptAt(key: string, catalogVersion: number): KeptPhotoFile | undefined;
}

export type KeptPhotoFile = Readonly<Omit<KeptFile, 'seenAt'>>;

/**
 * Sends the file stored under `key` (already checked to be a photo's or a logo's: no `..`,
 * no other directory) from `root`, or answers `notFound()` when it is not there.
 */
export function photoFiles(root: string, notFound: () => Error): PhotoFiles {
  const kept = new LRUCache<string, KeptFile>({ maxSize: KEPT_BYTES, sizeCalculation: (file) => file.body.length + 200 });

  const current = async (key: string, catalogVersion: number | undefined): Promise<KeptFile> => {
    const known = kept.get(key);
    if (known && catalogVersion !== undefined && known.seenAt === catalogVersion) return known;
    const file = path.join(root, key);
    const stats = await stat(file).catch(() => undefined);
    if (!stats?.isFile()) {
      kept.delete(key);
      throw notFound();
    }
    if (known && known.size === stats.size && known.mtimeMs === stats.mtimeMs) {
      known.seenAt = catalogVersion;
      return known;
    }
    const body = await readFile(file).catch(() => undefined);
    if (!body) throw notFound();
    const read: KeptFile = {
      body,
      size: stats.size,
      mtimeMs: stats.mtimeMs,
      etag: weakEtag(stats.size, stats.mtimeMs),
      modifiedMs: Math.floor(stats.mtimeMs / 1000) * 1000,
      lastModified: stats.mtime.toUTCString(),
      type: mime.getType(key) ?? 'application/octet-stream',
      seenAt: catalogVersion,
    };
    if (body.length <= LARGEST_KEPT_FILE) kept.set(key, read);
    return read;
  };

  return {
    async send(request, reply, key, catalogVersion) {
      const file = await current(key, catalogVersion);
      void reply.header('etag', file.etag).header('last-modified', file.lastModified).type(file.type);
      if (browserCopyIsCurrent(request, file)) return reply.code(304).send();
      return reply.send(file.body);
    },
    keptAt(key, catalogVersion) {
      const known = kept.get(key);
      return known?.seenAt === catalogVersion ? known : undefined;
    },
  };
}
