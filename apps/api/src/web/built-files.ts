import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import mime from 'mime';
import { preferredEncoding } from '../lib/compressed-bodies.js';
import type { FastAnswer, FastAnswerer, FastLane } from '../lib/fast-lane.js';
import { browserCopyIsCurrent } from '../lib/conditional-requests.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files the web build writes .br and .gz beside (apps/web/vite.precompress.ts). */
const PRECOMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
const COPY = /\.(br|gz)$/;

/** One file of the web build, held in memory with its build-time compressed copies. */
interface BuiltFile {
  type: string;
  cacheControl: string;
  etag: string;
  lastModified: string;
  modifiedMs: number;
  /** Whether the answer depends on Accept-Encoding (a text file: compressed copies or compressed on the fly). */
  varies: boolean;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * Every file under `dir`, as paths relative to it with forward slashes. Dot files and folders
 * are not the site's (the build's own `.vite/manifest.json`), as @fastify/static ignored them.
 */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return filesUnder(path.join(dir, entry.name), relative);
    return entry.isFile() ? [relative] : [];
  });
}

function readCopy(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * The web build's files (index.html aside: every page's head is its own), read once at start:
 * hashed assets never change while the process runs, and the whole build is a few MB. Each
 * request then costs a map lookup and a write — no stat, open or read stream per request, as
 * @fastify/static did (issue 19: a 10 KB script cost 0.5 ms of CPU, eight times a hello-world).
 */
function loadBuiltFiles(root: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>();
  for (const relative of filesUnder(root)) {
    if (COPY.test(relative) || relative === 'index.html') continue;
    const full = path.join(root, relative);
    const identity = readFileSync(full);
    const modified = statSync(full).mtime;
    const varies = PRECOMPRESSIBLE.test(relative);
    files.set(`/${relative}`, {
      type: contentType(relative),
      cacheControl: relative.startsWith('assets/') ? IMMUTABLE : 'public, max-age=3600',
      etag: `W/"${createHash('sha1').update(identity).digest('base64url')}"`,
      lastModified: modified.toUTCString(),
      modifiedMs: Math.floor(modified.getTime() / 1000) * 1000,
      varies,
      identity,
      ...(varies && { br: readCopy(`${full}.br`), gzip: readCopy(`${full}.gz`) }),
    });
  }
  return files;
}

function contentType(file: string): string {
  const type = mime.getType(file) ?? 'application/octet-stream';
  return /^text\/|javascript|json|svg|xml/.test(type) ? `${type}; charset=utf-8` : type;
}

function sendBuiltFile(file: BuiltFile, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('cache-control', file.cacheControl).header('etag', file.etag).header('last-modified', file.lastModified);
  if (file.varies) reply.header('vary', 'accept-encoding');
  if (browserCopyIsCurrent(request, file)) return reply.code(304).send();
  reply.header('content-type', file.type);
  const encoding = file.varies ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  const copy = encoding && file[encoding];
  // Without a build-time copy, @fastify/compress compresses the text as before.
  if (encoding && copy) return reply.header('content-encoding', encoding).send(copy);
  return reply.send(file.identity);
}

/**
 * The same answers as `sendBuiltFile`, made once for the fast lane (lib/fast-lane.ts): one per
 * encoding the file has a copy in. A text file asked for in an encoding it has no copy of is
 * left to Fastify, which compresses it.
 */
function fastAnswers(lane: FastLane, url: string, file: BuiltFile): FastAnswerer {
  const route = url.startsWith('/assets/') ? '/assets/*' : url;
  const validators = {
    'cache-control': file.cacheControl,
    etag: file.etag,
    'last-modified': file.lastModified,
    vary: file.varies ? 'accept-encoding' : undefined,
  };
  const answer = (body: Buffer | undefined, encoding?: 'br' | 'gzip'): FastAnswer | undefined =>
    body &&
    lane.prepare({
      route,
      headers: { ...validators, 'content-type': file.type, 'content-encoding': encoding, 'content-length': body.length },
      body,
      notModified: { validators: file, headers: validators },
    });
  const identity = answer(file.identity);
  if (!file.varies) return () => identity;
  const copies = { br: answer(file.br, 'br'), gzip: answer(file.gzip, 'gzip') };
  return (request) => {
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    return encoding ? copies[encoding] : identity;
  };
}

/** A GET (and HEAD) route per built file, answered from memory — by the fast lane, or by Fastify when the lane leaves it. */
export function serveBuiltFiles(app: FastifyInstance, root: string): void {
  for (const [url, file] of loadBuiltFiles(root)) {
    app.get(url, { schema: { hide: true } }, (request, reply) => sendBuiltFile(file, request, reply));
    app.fastLane.at(url, fastAnswers(app.fastLane, url, file));
  }
}
