import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Each page of the web app is its own chunk, loaded by the router after the entry script
 * runs: a round trip the first visit waits for. The HTML of a page names that page's chunks
 * (and what they import) as modulepreloads, so the browser fetches them alongside the entry.
 *
 * Which chunk is which comes from Vite's build manifest (dist/.vite/manifest.json, keyed by
 * source path). The route table mirrors apps/web/src/app/router.tsx for the pages a visitor
 * lands on from outside; a path missing from the manifest just gets no preload.
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const ROUTE_MODULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/$/, 'src/features/landing/routes/landing.tsx'],
  [/^\/search$/, 'src/features/search/routes/search.tsx'],
  [/^\/listings\/[^/]+$/, 'src/features/listings/routes/listing-detail.tsx'],
  [/^\/support$/, 'src/features/support/routes/support.tsx'],
  [/^\/login$/, 'src/features/auth/routes/login.tsx'],
  [/^\/register$/, 'src/features/auth/routes/register.tsx'],
  [/^\/verify-email$/, 'src/features/auth/routes/verify-email.tsx'],
  [/^\/forgot-password$/, 'src/features/auth/routes/forgot-password.tsx'],
  [/^\/reset-password$/, 'src/features/auth/routes/reset-password.tsx'],
  [/^\/dashboard$/, 'src/features/dashboard/routes/dashboard.tsx'],
  [/^\/account$/, 'src/features/dashboard/routes/account.tsx'],
];

/** The manifest keys a chunk needs, itself included, depth first. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (into.has(key) || !chunk) return into;
  into.add(key);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

export type RoutePreloads = (pathname: string) => string[];

/** The /assets/… URLs to preload for a path, beyond what index.html already loads. */
export function loadRoutePreloads(webRoot: string): RoutePreloads {
  const file = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => [];
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return () => [];
  }
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loaded = new Set<string>();
  for (const entry of entries) closure(manifest, entry, loaded);

  const byModule = new Map<string, string[]>();
  for (const [, module] of ROUTE_MODULES) {
    const chunks = [...closure(manifest, module)].filter((key) => !loaded.has(key));
    byModule.set(
      module,
      chunks.map((key) => `/${manifest[key]?.file ?? ''}`).filter((url) => url.endsWith('.js')),
    );
  }
  return (pathname) => {
    const route = ROUTE_MODULES.find(([pattern]) => pattern.test(pathname));
    return route ? (byModule.get(route[1]) ?? []) : [];
  };
}
