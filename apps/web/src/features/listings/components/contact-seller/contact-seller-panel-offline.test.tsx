import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { allowConsoleError } from '@/testing/console-guard';
import { stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/render-app';
import { ContactSellerPanel } from './contact-seller-panel';

// The form's code fails to load, as it does offline or after a deploy replaced its chunk.
vi.mock('./contact-form', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const listing = {
  id: '1a1a1a1a-0000-4000-8000-000000000001',
  title: 'Eppendorf 5810R Centrifuge',
  user_id: '5b0c1a2e-0000-4000-8000-00000000000a',
};
const buyer = { id: '5b0c1a2e-0000-4000-8000-00000000000b', email: 'jane.doe@example.com', is_verified: true };

describe('ContactSellerPanel when the form cannot load', () => {
  it('says so inside the panel and keeps the rest of the page', async () => {
    // React reports an error its boundary caught.
    allowConsoleError(/error when mocking a module|Failed to fetch dynamically imported module/);
    stubFetch({ 'GET /api/v1/auth/me': { body: buyer } });
    renderWithProviders(
      <main>
        <h1>{listing.title}</h1>
        <ContactSellerPanel listing={listing} />
      </main>,
      { path: `/listings/${listing.id}`, token: 'buyer-token' },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The contact form could not load. Check your connection and reload the page to try again.',
    );
    expect(screen.getByRole('heading', { level: 1, name: listing.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contact the Seller' })).toBeInTheDocument();
  });
});
