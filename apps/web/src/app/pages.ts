import { PAGES, type PageName, type PageRoute } from '@benchmarket/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction } from 'react-router';

/**
 * What a route module (src/features/<domain>/routes/<name>.tsx) may export:
 * - default: the page component (required);
 * - clientLoader(queryClient): a loader, typically prefetching the page's queries with
 *   `queryClient.query(...)` (TanStack's successor of ensureQueryData/prefetchQuery) so
 *   data loads in parallel with the code;
 * - clientAction(queryClient): an action, if the page submits a router <Form>;
 * - ErrorBoundary: a page-specific error view (else the app fallback is shown);
 * - handle: free-form route data.
 */
interface RouteModule {
  default: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
  clientAction?: (queryClient: QueryClient) => ActionFunction;
  ErrorBoundary?: ComponentType;
  handle?: unknown;
}

export type RouteModuleImport = () => Promise<RouteModule>;

/**
 * Every page module, each its own chunk, keyed by its path in apps/web ('src/features/…').
 * Which path mounts which is the route registry's ('@benchmarket/shared', routes.ts);
 * src/app/route-registry.test.tsx fails on a module here that is not registered.
 */
export const PAGE_MODULES: Readonly<Record<string, RouteModuleImport>> = Object.fromEntries(
  Object.entries(import.meta.glob<RouteModule>(['/src/features/*/routes/*.tsx', '!/src/features/*/routes/*.test.tsx'])).map(
    ([key, load]) => [key.replace(/^\//, ''), load],
  ),
);

export interface Page {
  name: PageName;
  route: PageRoute;
  load: RouteModuleImport;
}

/** The registered pages with their modules, in registry order; a page without its module is an error. */
export function registeredPages(): Page[] {
  return PAGES.map(([name, route]) => {
    const load = PAGE_MODULES[route.module];
    if (!load) throw new Error(`The page '${name}' (${route.path}) names ${route.module}, which is not a page module`);
    return { name, route, load };
  });
}
