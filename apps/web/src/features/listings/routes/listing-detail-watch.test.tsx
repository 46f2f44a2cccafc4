import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { BUYER, LISTING_ID, SELLER, makeListing } from '../testing/make-listing';

/** Issue 16 on the listing page: the 'Watch' heart and 'Related equipment'. */

const path = `/listings/${LISTING_ID}`;
const detail = `GET /api/v1/listings/${LISTING_ID}`;
const related = `GET /api/v1/listings/${LISTING_ID}/related`;
const relative = makeListing({ id: '0b7a9c1e-2222-4222-8222-222222222222', title: 'Sorvall ST16R Centrifuge', price: 3900 });

beforeAll(async () => {
  await import('./listing-detail');
});

describe('/listings/{id}: watch and related', () => {
  it('shows related equipment as cards, and no heart to a visitor', async () => {
    stubFetch({ [detail]: { body: makeListing() }, [related]: { body: [relative] } });
    renderApp(path);
    const section = await screen.findByRole('region', { name: 'Related equipment' });
    expect(within(section).getByRole('article', { name: 'Sorvall ST16R Centrifuge' })).toBeInTheDocument();
    expect(within(section).getByText('$3,900.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Watch/ })).not.toBeInTheDocument();
  });

  it('gives a signed-in buyer the heart, pressed when the listing is on their watchlist; the owner has none', async () => {
    const listing = makeListing();
    stubFetch({
      'GET /api/v1/auth/me': { body: BUYER },
      [detail]: { body: listing },
      [related]: { body: [] },
      'GET /api/v1/watchlist': { body: { items: [{ watched_at: '2026-01-01T00:00:00.000Z', listing }] } },
    });
    const view = renderApp(path, { token: 'buyer-token' });
    expect(await screen.findByRole('button', { name: 'Watching', pressed: true })).toBeInTheDocument();
    // No related listings: no section.
    expect(screen.queryByRole('region', { name: 'Related equipment' })).not.toBeInTheDocument();
    view.unmount();

    stubFetch({ 'GET /api/v1/auth/me': { body: SELLER }, [detail]: { body: listing }, [related]: { body: [] } });
    renderApp(path, { token: 'seller-token' });
    await screen.findByRole('link', { name: 'Edit Listing' });
    expect(screen.queryByRole('button', { name: /^Watch/ })).not.toBeInTheDocument();
  });
});
