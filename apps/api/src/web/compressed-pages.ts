import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Distinct page bodies kept compressed (a page head per path: the static pages, the popular listings). */
const MAX_PAGES = 500;

interface Compressed {
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * Issue 19: the app shell's HTML is the same bytes for every visit to a page, so it is
 * compressed once per distinct body rather than once per request (docs/decisions/028). The
 * oldest body leaves first when more than MAX_PAGES are kept. A client that takes neither br
 * nor gzip gets the text, which @fastify/compress handles as before.
 */
export function createPageCompressor(): (request: FastifyRequest, reply: FastifyReply, html: string) => FastifyReply {
  const pages = new Map<string, Compressed>();
  return (request, reply, html) => {
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    let compressed = pages.get(html);
    if (!compressed) {
      if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
      compressed = {};
      pages.set(html, compressed);
    }
    const body = (compressed[encoding] ??= compress(html, encoding));
    return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(body);
  };
}

function compress(html: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      })
    : gzipSync(html, { level: constants.Z_BEST_COMPRESSION });
}

/** br, else gzip, among the encodings the client accepts (a q=0 refuses one); undefined for neither. */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
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
