/**
 * The JavaScript a first visit to / downloads, gzipped, from the production build
 * (apps/web/dist): the entry script, the chunks index.html preloads, and the landing page's
 * chunk with every chunk it imports statically. Budget: 150 KB (docs/performance.md).
 *
 *   npx tsx lighthouse/first-load-js.ts        # from perf/, after `npm run build -w @benchmarket/web`
 *
 * Prints each chunk and the total; exits 1 over budget.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
export const FIRST_LOAD_BUDGET_KB = 150;
/** The route chunk of '/' (src/features/landing/routes/landing.tsx). */
const LANDING_CHUNK = /^landing-[\w-]+\.js$/;

export interface FirstLoad {
  chunks: Array<{ file: string; gzipKb: number }>;
  totalKb: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;

/** Static imports of a built chunk: `from"./x.js"` and side-effect `import"./x.js"`. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)].map((match) => match[1] ?? '');
}

export function measureFirstLoad(dist = WEB_DIST): FirstLoad {
  const indexFile = path.join(dist, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`No build at ${dist}: run npm run build -w @benchmarket/web`);
  const html = readFileSync(indexFile, 'utf8');
  const start = [
    ...[...html.matchAll(/<script[^>]+src="\/assets\/([^"]+\.js)"/g)].map((match) => match[1] ?? ''),
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([^"]+\.js)"/g)].map((match) => match[1] ?? ''),
  ];
  const assets = path.join(dist, 'assets');
  const landing = readdirSync(assets).find((file) => LANDING_CHUNK.test(file));
  if (!landing) throw new Error('No landing-*.js chunk in the build: has the route module moved?');
  start.push(landing);

  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    if (!file || seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(readFileSync(path.join(assets, file), 'utf8')));
  }
  const chunks = [...seen]
    .map((file) => ({ file, gzipKb: kb(gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length) }))
    .sort((a, b) => b.gzipKb - a.gzipKb);
  return { chunks, totalKb: kb(chunks.reduce((sum, chunk) => sum + chunk.gzipKb * 1024, 0)) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { chunks, totalKb } = measureFirstLoad();
  for (const chunk of chunks) console.log(`${chunk.gzipKb.toFixed(2).padStart(8)} KB  ${chunk.file}`);
  const within = totalKb <= FIRST_LOAD_BUDGET_KB;
  console.log(
    `${totalKb.toFixed(2).padStart(8)} KB  first-load JavaScript of / (gzip), budget ${String(FIRST_LOAD_BUDGET_KB)} KB: ${within ? 'within' : 'OVER'}`,
  );
  process.exitCode = within ? 0 : 1;
}
