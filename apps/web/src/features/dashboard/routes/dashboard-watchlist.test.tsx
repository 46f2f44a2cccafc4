import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { baseListing } from '@/testing/fixtures';
import { makeListing } from '../testing/fixtures';
import { itemWith, renderAsSeller, stubSellerApi } from '../testing/seller-api';

/** Issue 16 on the dashboard: how many watch each of the seller's listings, and the seller's own watchlist. */
describe('/dashboard and the watchlist', () => {
  it("shows '2 watching' on a watched listing's row, and nothing on the others", async () => {
    const watched = makeListing({ title: 'Watched Centrifuge' });
    const quiet = makeListing({ title: 'Quiet Microscope' });
    stubSellerApi({
      listings: [watched, quiet],
      extra: { 'GET /api/v1/watchlist/watchers': { body: { items: [{ listing_id: watched.id, watchers: 2 }] } } },
    });
    renderAsSeller('/dashboard');
    await screen.findByText('2 watching');
    expect(within(itemWith('Watched Centrifuge', 'tr')).getByText('2 watching')).toBeInTheDocument();
    expect(within(itemWith('Quiet Microscope', 'tr')).queryByText(/watching/)).not.toBeInTheDocument();
  });

  it("lists the listings the user watches on the 'Watchlist' tab, with 'Watching' pressed", async () => {
    const other = baseListing({ title: 'Someone Else’s Autoclave' });
    stubSellerApi({
      extra: { 'GET /api/v1/watchlist': { body: { items: [{ watched_at: '2026-01-01T00:00:00.000Z', listing: other }] } } },
    });
    renderAsSeller('/dashboard?tab=watchlist');
    const card = await screen.findByRole('article', { name: 'Someone Else’s Autoclave' });
    expect(within(card).getByRole('button', { name: 'Watching' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByRole('checkbox', { name: 'Compare' })).not.toBeChecked();
  });
});
