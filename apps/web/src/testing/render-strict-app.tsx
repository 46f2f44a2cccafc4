import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createRoutes } from '@/app/router';
import { setToken } from '@/lib/token-storage';
import { createTestQueryClient } from '@/testing/render-app';

/** The whole app at `path` inside <StrictMode>, as main.tsx renders it: effects run twice. Logged in when a token is given. */
export function renderStrictApp(path: string, token?: string) {
  if (token) setToken(token);
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { router, queryClient };
}
