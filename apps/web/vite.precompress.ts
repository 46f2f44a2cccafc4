import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this, the headers outweigh the saving (the API's on-the-fly threshold is the same). */
const MIN_BYTES = 1024;

/**
 * Issue 19: every compressible file of the client build gets a `.br` and a `.gz` beside it,
 * at the highest levels, once per build. The API serves them as they are (@fastify/static's
 * `preCompressed`) instead of compressing the same bytes on every request — the 314 KB React
 * chunk cost 16–17 ms of CPU per request that way. A variant that saves too little is skipped.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'benchmarket:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      // A server-side build (if any) is not served as files.
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < MIN_BYTES) continue;
        const brotli = brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        });
        const gzip = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
        if (brotli.length < body.length * 0.9) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < body.length * 0.9) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}
