import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp, renderRoutes } from '@/testing/render-app';
import { RootErrorPage, RouteErrorPage } from './error-page';
import { RootLayout } from './layout';

/** The error page shows the failure's text, and the layout's header and footer stay around it. */
async function expectErrorInsideLayout(message: string) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByText(message)).toBeInTheDocument();
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
}

describe('routing fallback', () => {
  it('shows Unexpected Application Error! with 404 and the path for an unknown route, inside the layout', async () => {
    stubFetch({});
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('404 Not Found')).toBeInTheDocument();
    expect(main.getByText('/no/such/page')).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    // Header and footer are still there.
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Search Equipment' })).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Contact Support' })).toBeInTheDocument();
  });

  it('shows the error text of a failing route inside the layout', async () => {
    stubFetch({});
    renderRoutes(
      [
        {
          path: '/',
          element: <RootLayout />,
          errorElement: <RootErrorPage />,
          children: [
            {
              errorElement: <RouteErrorPage />,
              HydrateFallback: () => null,
              children: [
                {
                  path: 'broken',
                  loader: () => {
                    throw new Error('The listing service is unavailable');
                  },
                  element: <p>never shown</p>,
                },
              ],
            },
          ],
        },
      ],
      '/broken',
    );

    await expectErrorInsideLayout('The listing service is unavailable');
  });

  it('keeps header and footer when the layout route itself fails', async () => {
    stubFetch({});
    renderRoutes(
      [
        {
          path: '/',
          element: <RootLayout />,
          errorElement: <RootErrorPage />,
          HydrateFallback: () => null,
          loader: () => {
            throw new Error('Session service unreachable');
          },
        },
      ],
      '/',
    );

    await expectErrorInsideLayout('Session service unreachable');
  });

  it('loads a lazy page module for a known route', async () => {
    stubFetch({});
    renderApp('/support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Support' })).toBeInTheDocument();
  });
});
