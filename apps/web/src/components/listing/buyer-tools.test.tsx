import { COMPARE_FULL } from '@benchmarket/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { baseListing, verifiedUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { CompareBar } from './compare-bar';
import { ResultsGrid } from './results-grid';

const listings = [1, 2, 3, 4, 5].map((n) =>
  baseListing({ id: `0b7a9c1e-1111-4111-8111-11111111111${n}`, title: `Centrifuge ${n}`, user_id: '6f1c2d3e-0000-4000-8000-000000000001' }),
);

function Page() {
  return (
    <>
      <ResultsGrid listings={listings} buyerTools />
      <CompareBar />
    </>
  );
}

afterEach(() => {
  window.sessionStorage.clear();
});

describe('the buyer tools on result cards', () => {
  it('ticks up to 4 listings for comparison, refuses a fifth with a visible text, and links to the comparison', async () => {
    stubFetch({});
    const { user } = renderWithProviders(<Page />);
    const boxes = screen.getAllByRole('checkbox', { name: 'Compare' });
    // A visitor may compare, but has no heart.
    expect(screen.queryByRole('button', { name: 'Watch' })).not.toBeInTheDocument();
    for (const box of boxes.slice(0, 4)) await user.click(box);
    expect(screen.getByText('4 of 4 listings selected for comparison')).toBeInTheDocument();

    await user.click(boxes[4]!);
    expect(boxes[4]).not.toBeChecked();
    expect(screen.getByText(COMPARE_FULL)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Compare' })).toHaveAttribute(
      'href',
      `/compare?ids=${listings
        .slice(0, 4)
        .map((l) => l.id)
        .join(',')}`,
    );

    await user.click(boxes[0]!);
    expect(screen.getByText('3 of 4 listings selected for comparison')).toBeInTheDocument();
    // The choice is kept for the tab's session.
    expect(JSON.parse(window.sessionStorage.getItem('compare-selection') ?? '[]')).toHaveLength(3);
  });

  it('shows no heart to a visitor, and lets a signed-in buyer watch a listing', async () => {
    const network = stubFetch({
      'GET /api/v1/auth/me': { body: verifiedUser },
      'GET /api/v1/watchlist': { body: { items: [] } },
      [`PUT /api/v1/watchlist/${listings[0]!.id}`]: { body: { listing_id: listings[0]!.id, watched_at: '2026-01-01T00:00:00.000Z' } },
    });
    const { user } = renderWithProviders(<Page />, { token: 'buyer-token' });
    const [heart] = await screen.findAllByRole('button', { name: 'Watch' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart!);
    await waitFor(() => {
      expect(network.requests.some((request) => request.method === 'PUT' && request.url.endsWith(`/watchlist/${listings[0]!.id}`))).toBe(
        true,
      );
    });
  });
});
