import { waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { stubFetch } from './fetch-stub';
import { renderWithProviders } from './render-app';

/**
 * Renders `ui` for the signed-in account `me` and checks that, once the session is known (its
 * one request answered), it renders nothing: a listing's own seller is offered no contact or report.
 */
export async function expectNothingRenderedFor(ui: ReactNode, me: unknown): Promise<void> {
  const network = stubFetch({ 'GET /api/v1/auth/me': { body: me } });
  const { container } = renderWithProviders(ui, { token: 'seller-token' });
  await waitFor(() => {
    expect(network.requests).toHaveLength(1);
  });
  await waitFor(() => {
    expect(container).toBeEmptyDOMElement();
  });
}
