import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type DataRouter, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/ui/spinner';
import { useRouteTitle } from '@/lib/use-document-title';
import { NotFoundPage, RootErrorPage, RouteErrorPage } from './error-page';
import { RootLayout } from './layout';
import { registeredPages, type Page } from './pages';

/** The page component, with the registry's document title set first. */
function titled(Component: ComponentType, title: string | undefined): ComponentType {
  function TitledPage() {
    useRouteTitle(title);
    return <Component />;
  }
  TitledPage.displayName = `Titled(${Component.displayName ?? Component.name})`;
  return TitledPage;
}

/** Turns a registered page's module into React Router's `lazy` (one chunk per page). */
function lazyRoute({ load, route }: Page, queryClient: QueryClient): RouteObject['lazy'] {
  return async () => {
    const { default: Component, clientLoader, clientAction, ErrorBoundary, handle } = await load();
    return {
      Component: titled(Component, route.title),
      ...(clientLoader && { loader: clientLoader(queryClient) }),
      ...(clientAction && { action: clientAction(queryClient) }),
      ...(ErrorBoundary && { ErrorBoundary }),
      ...(handle !== undefined && { handle }),
    };
  };
}

/** A registered page as a child route of the layout: '/' is its index, the others relative paths. */
function pageRoute(page: Page, queryClient: QueryClient): RouteObject {
  const lazy = lazyRoute(page, queryClient);
  return page.route.path === '/' ? { index: true, lazy } : { path: page.route.path.replace(/^\//, ''), lazy };
}

/**
 * The routes of spec §2, from the route registry ('@benchmarket/shared', routes.ts). To add a
 * page: create its module under src/features/<domain>/routes/ and register it there.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      element: <RootLayout />,
      // Errors of the layout itself: the fallback re-renders header and footer around it.
      errorElement: <RootErrorPage />,
      children: [
        {
          // Errors of a page render inside the layout, which stays mounted.
          errorElement: <RouteErrorPage />,
          // While the first page's code loads: header and footer show, the page area spins.
          HydrateFallback: PageLoading,
          children: [
            ...registeredPages().map((page) => pageRoute(page, queryClient)),
            // Unknown paths: the same fallback as routing errors, inside the layout.
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

/** The app's router; main.tsx passes its own when it hydrates a server-rendered page (issue 19). */
export function AppRouter({ router: given }: { router?: DataRouter }) {
  const queryClient = useQueryClient();
  const router = useMemo(() => given ?? createBrowserRouter(createRoutes(queryClient)), [given, queryClient]);
  return <RouterProvider router={router} />;
}
