import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createRoutes } from '@/app/router';
import { setToken } from '@/lib/token-storage';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

interface RenderOptions {
  /** Stores this access token first, as a returning logged-in visitor would have. */
  token?: string;
  /** Fills the query cache first, as hydrating a server-drawn page does. */
  cached?: (queryClient: QueryClient) => void;
}

/** Renders routes in a memory router inside the app's providers. */
export function renderRoutes(
  routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  path = '/',
  { token, cached }: RenderOptions = {},
) {
  if (token) setToken(token);
  const queryClient = createTestQueryClient();
  cached?.(queryClient);
  const router = createMemoryRouter(typeof routes === 'function' ? routes(queryClient) : routes, {
    initialEntries: [path],
  });
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, user, router, queryClient };
}

/** Renders the whole app (layout and lazy pages) at `path`. */
export function renderApp(path = '/', options?: RenderOptions) {
  return renderRoutes(createRoutes, path, options);
}

/** Renders a single element inside the providers and a router (for hooks and components). */
export function renderWithProviders(ui: ReactNode, options?: RenderOptions & { path?: string }) {
  return renderRoutes([{ path: '*', element: ui }], options?.path ?? '/', options);
}
