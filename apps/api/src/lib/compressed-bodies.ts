import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { entryOf } from './bounded-map.js';

/** Distinct bodies kept compressed (a page head per path: the static pages, the popular listings; kept JSON answers). */
const MAX_BODIES = 500;

interface Compressed {
  br?: Buffer;
  gzip?: Buffer;
  /** The text's own bytes: a string would be encoded again on every write. */
  identity?: Buffer;
}

/**
 * Issue 19: a body sent again and again (the app shell's HTML of a page, a kept JSON answer)
 * is compressed once per distinct body rather than once per request (docs/decisions/028,
 * 031). The oldest body leaves first when more than MAX_BODIES are kept. A client that takes
 * neither br nor gzip gets the text's bytes, also kept (UTF-8 encoding a 30 KB page per
 * request was a fifth of the app shell's CPU). The reply's content type is the caller's to set.
 */
export interface BodyCompressor {
  (request: FastifyRequest, reply: FastifyReply, text: string): FastifyReply;
  /** The bytes sent for `text` in `encoding` (undefined: the text's own bytes), compressed once. */
  bytes(text: string, encoding: 'br' | 'gzip' | undefined): Buffer;
}

export function createBodyCompressor(): BodyCompressor {
  const bodies = new Map<string, Compressed>();
  const bytes = (text: string, encoding: 'br' | 'gzip' | undefined): Buffer => {
    const compressed = entryOf(bodies, text, MAX_BODIES, (): Compressed => ({}));
    return encoding ? (compressed[encoding] ??= compress(text, encoding)) : (compressed.identity ??= Buffer.from(text));
  };
  const send = (request: FastifyRequest, reply: FastifyReply, text: string): FastifyReply => {
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const body = bytes(text, encoding);
    if (!encoding) return reply.header('vary', 'accept-encoding').send(body);
    return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(body);
  };
  return Object.assign(send, { bytes });
}

function compress(text: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      })
    : gzipSync(text, { level: constants.Z_BEST_COMPRESSION });
}

/** The Accept-Encoding headers seen, read once each: browsers send a handful of distinct ones. */
const ENCODINGS_SEEN = new Map<string, 'br' | 'gzip' | undefined>();
const ENCODINGS_KEPT = 100;

/** br, else gzip, among the encodings the client accepts (a q=0 refuses one); undefined for neither. */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  if (typeof header !== 'string') return readPreferredEncoding(header);
  if (ENCODINGS_SEEN.has(header)) return ENCODINGS_SEEN.get(header);
  const encoding = readPreferredEncoding(header);
  if (ENCODINGS_SEEN.size >= ENCODINGS_KEPT) ENCODINGS_SEEN.delete(ENCODINGS_SEEN.keys().next().value!);
  ENCODINGS_SEEN.set(header, encoding);
  return encoding;
}

function readPreferredEncoding(header: string | string[]): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}
