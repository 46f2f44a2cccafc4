import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ComponentType } from 'react';
import {
  createBrowserRouter,
  RouterProvider,
  type ActionFunction,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';
import { PageLoading } from '@/components/ui/spinner';
import { NotFoundPage, RootErrorPage, RouteErrorPage } from './error-page';
import { RootLayout } from './layout';

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
export interface RouteModule {
  default: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
  clientAction?: (queryClient: QueryClient) => ActionFunction;
  ErrorBoundary?: ComponentType;
  handle?: unknown;
}

type RouteModuleImport = () => Promise<RouteModule>;

/** Turns a dynamic import of a route module into React Router's `lazy` (one chunk per page). */
function lazyRoute(load: RouteModuleImport, queryClient: QueryClient): RouteObject['lazy'] {
  return async () => {
    const { default: Component, clientLoader, clientAction, ErrorBoundary, handle } = await load();
    return {
      Component,
      ...(clientLoader && { loader: clientLoader(queryClient) }),
      ...(clientAction && { action: clientAction(queryClient) }),
      ...(ErrorBoundary && { ErrorBoundary }),
      ...(handle !== undefined && { handle }),
    };
  };
}

/**
 * The routes of spec §2. To add a page: create its module under
 * src/features/<domain>/routes/ and add one line here.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const page = (load: RouteModuleImport) => lazyRoute(load, queryClient);

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
            { index: true, lazy: page(() => import('@/features/landing/routes/landing')) },
            { path: 'search', lazy: page(() => import('@/features/search/routes/search')) },

            { path: 'login', lazy: page(() => import('@/features/auth/routes/login')) },
            { path: 'register', lazy: page(() => import('@/features/auth/routes/register')) },
            { path: 'verify-email', lazy: page(() => import('@/features/auth/routes/verify-email')) },
            {
              path: 'forgot-password',
              lazy: page(() => import('@/features/auth/routes/forgot-password')),
            },
            {
              path: 'reset-password',
              lazy: page(() => import('@/features/auth/routes/reset-password')),
            },

            {
              path: 'create-listing',
              lazy: page(() => import('@/features/listings/routes/create-listing')),
            },
            {
              path: 'listings/:id',
              lazy: page(() => import('@/features/listings/routes/listing-detail')),
            },
            {
              path: 'edit-listing/:id',
              lazy: page(() => import('@/features/listings/routes/edit-listing')),
            },

            {
              path: 'listings/:id/extend',
              lazy: page(() => import('@/features/payments/routes/extend-listing')),
            },
            {
              path: 'payment/confirmation',
              lazy: page(() => import('@/features/payments/routes/payment-confirmation')),
            },
            { path: 'payment/:id', lazy: page(() => import('@/features/payments/routes/payment')) },

            { path: 'dashboard', lazy: page(() => import('@/features/dashboard/routes/dashboard')) },
            { path: 'account', lazy: page(() => import('@/features/dashboard/routes/account')) },
            { path: 'support', lazy: page(() => import('@/features/support/routes/support')) },

            // Unknown paths: the same fallback as routing errors, inside the layout.
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

export function AppRouter() {
  const queryClient = useQueryClient();
  const router = useMemo(() => createBrowserRouter(createRoutes(queryClient)), [queryClient]);
  return <RouterProvider router={router} />;
}
