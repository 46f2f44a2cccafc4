import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_ROUTES, PAGES } from '@benchmarket/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRoutePreloads, pagesWithoutChunk, type Manifest } from '../src/web/route-preloads.js';

/**
 * The route registry ('@benchmarket/shared', routes.ts) names each page's module; the server
 * finds the page's chunks under that name in the web build's manifest. A page moved or renamed
 * without its registry entry would silently lose its preloads: this fails instead.
 * (That every page module of the web app is registered is apps/web/src/app/route-registry.test.tsx.)
 */
const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const MANIFEST = path.join(WEB_DIST, '.vite', 'manifest.json');

function builtManifest(): Manifest {
  if (!existsSync(MANIFEST)) throw new Error(`No web build at ${MANIFEST}: run \`npm run build\` first`);
  return JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
}

/** A pathname the page's pattern matches ('/listings/:id' → '/listings/x'). */
const samplePath = (pattern: string) => pattern.replace(/:[^/]+/g, 'x');

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe('the route registry and the built web app', () => {
  it('has a chunk in the build for every registered page', () => {
    expect(pagesWithoutChunk(builtManifest()).map((route) => route.module)).toEqual([]);
  });

  it('preloads the chunks of every page a visitor lands on from outside', () => {
    const preloads = loadRoutePreloads(WEB_DIST);
    for (const [name, route] of PAGES.filter(([, page]) => page.entry)) {
      expect(preloads(samplePath(route.path)).length, name).toBeGreaterThan(0);
    }
  });

  it('reports a registered page whose module is not in the build (the check itself works)', () => {
    const manifest = builtManifest();
    delete manifest[PAGE_ROUTES.support.module];
    expect(pagesWithoutChunk(manifest)).toEqual([PAGE_ROUTES.support]);

    const root = mkdtempSync(path.join(os.tmpdir(), 'bm-registry-'));
    temporary.push(root);
    mkdirSync(path.join(root, '.vite'));
    writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
    expect(loadRoutePreloads(root)(PAGE_ROUTES.support.path)).toEqual([]);
  });
});
