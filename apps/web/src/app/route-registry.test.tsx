import { documentTitle, PAGE_ROUTES, PAGES } from '@benchmarket/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { PAGE_MODULES, registeredPages } from './pages';

/**
 * The route registry ('@benchmarket/shared', routes.ts) is the one list of pages: the router
 * mounts it, the server's head and preloads read it. That the built app has a chunk for each
 * registered page is checked against the build manifest in apps/api/test/route-registry.test.ts.
 */
describe('the route registry and the page modules', () => {
  it('registers every page module the router can load', () => {
    const registered = new Set(PAGES.map(([, route]) => route.module));
    const unregistered = Object.keys(PAGE_MODULES).filter((module) => !registered.has(module));
    expect(unregistered, 'page modules under src/features/*/routes/ that no route registers').toEqual([]);
  });

  it('finds the module of every registered page', () => {
    expect(() => registeredPages()).not.toThrow();
    expect(registeredPages().map((page) => page.route.path)).toEqual(PAGES.map(([, route]) => route.path));
  });

  it('mounts each page at one path', () => {
    const paths = PAGES.map(([, route]) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('keeps the console (adminOnly) behind a login, out of search engines, the sitemap and crawlers', () => {
    const consolePages = PAGES.filter(([, route]) => route.adminOnly);
    expect(consolePages.map(([, route]) => route.path)).toEqual([
      '/admin',
      '/admin/review',
      '/admin/reports',
      '/admin/users',
      '/admin/users/:id',
      '/admin/payments',
      '/admin/featured',
      '/admin/settings',
      '/admin/inbox',
      '/admin/audit',
    ]);
    for (const [name, route] of consolePages) {
      expect({
        name,
        requiresLogin: route.requiresLogin,
        indexable: route.indexable,
        sitemap: route.sitemap,
        disallow: route.disallow,
      }).toEqual({
        name,
        requiresLogin: true,
        indexable: false,
        sitemap: undefined,
        disallow: true,
      });
      expect(route.module.startsWith('src/features/admin/routes/'), name).toBe(true);
    }
  });

  it("titles a page with the registry's title", async () => {
    stubFetch({});
    renderApp(PAGE_ROUTES.support.path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Support' })).toBeInTheDocument();
    expect(document.title).toBe(documentTitle(PAGE_ROUTES.support.title));
  });
});
