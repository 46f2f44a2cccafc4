import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { matchPage, PAGES, type PageRoute } from '@benchmarket/shared';

/**
 * Each page of the web app is its own chunk, loaded by the router after the entry script
 * runs: a round trip the first visit waits for. The HTML of a page names that page's chunks
 * (and what they import) as modulepreloads, so the browser fetches them alongside the entry.
 *
 * Which chunk is which comes from Vite's build manifest (dist/.vite/manifest.json, keyed by
 * source path); which page a path shows, and its module, from the route registry
 * ('@benchmarket/shared', routes.ts) that the web router mounts, for the pages a visitor
 * lands on from outside (`entry`). A test checks that every registered page has its chunk in
 * the built app (test/route-registry.test.ts), so moving a page cannot silently drop its preloads.
 */

export interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** The pages whose HTML preloads their chunks. */
const ENTRY_PAGES: readonly PageRoute[] = PAGES.map(([, route]) => route).filter((route) => route.entry);

/** The registered pages whose module has no chunk in the manifest (a moved or renamed page). */
export function pagesWithoutChunk(manifest: Manifest): PageRoute[] {
  return PAGES.map(([, route]) => route).filter((route) => !manifest[route.module]);
}

/** The manifest keys a chunk needs, itself included, depth first. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (into.has(key) || !chunk) return into;
  into.add(key);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

type RoutePreloads = (pathname: string) => string[];

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
  for (const { module } of ENTRY_PAGES) {
    const chunks = [...closure(manifest, module)].filter((key) => !loaded.has(key));
    byModule.set(
      module,
      chunks.map((key) => `/${manifest[key]?.file ?? ''}`).filter((url) => url.endsWith('.js')),
    );
  }
  return (pathname) => {
    const page = matchPage(pathname);
    return page ? (byModule.get(page.route.module) ?? []) : [];
  };
}
