import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { stubFetch } from './fetch-stub';
import { renderApp } from './render-app';

/**
 * Opens a protected `path` as a visitor (no session) and waits until the page has sent them to
 * /login; the router is returned to check the way back.
 */
export async function expectVisitorSentToLogin(path: string) {
  stubFetch({});
  const { router } = renderApp(path);
  await waitFor(() => {
    expect(router.state.location.pathname).toBe('/login');
  });
  return router;
}
