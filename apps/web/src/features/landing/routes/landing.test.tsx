import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { publicConfig } from '@/testing/fixtures';
import { FEATURED_EXPLAINED } from '../components/featured-listings';
import { renderWithProviders } from '@/testing/render-app';
import LandingRoute from './landing';

function listing(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `00000000-0000-4000-8000-00000000000${String(n)}`,
    user_id: '00000000-0000-4000-8000-0000000000aa',
    title: `Benchtop centrifuge ${String(n)}`,
    description: 'Serviced last year.',
    price: 1200 + n,
    condition: 'pre-owned',
    location: 'Germany',
    created_at: '2025-03-01T12:00:00.000Z',
    photos: [`/uploads/listings/${String(n)}/a.webp`],
    thumbnails: [`/uploads/listings/${String(n)}/a-thumb.webp`],
    is_verified: true,
    is_deleted: false,
    is_active: true,
    payment_status: 'paid',
    expiry_date: null,
    duration_months: 1,
    category: null,
    verification: null,
    ...overrides,
  };
}

describe('Landing page', () => {
  it('shows the hero, features, steps and promotion with their links', async () => {
    stubFetch({
      'GET /api/v1/config': {
        body: publicConfig({ promotion: { active: true, free_until: '2027-06-01', free_days: 30, label: 'List Free Until June' } }),
      },
    });
    renderWithProviders(<LandingRoute />);

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Explore Equipment' })).toHaveAttribute('href', '/search');
    expect(screen.getByRole('link', { name: 'List Your Equipment' })).toHaveAttribute('href', '/register');
    for (const title of ['AI-Powered Search', 'Trusted Reviews', 'Seamless Communication', 'Explore', 'Compare', 'Secure']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    // Issue 18: the hero's card is an example, and says so; the copy promises only what exists.
    expect(screen.getByText('Example')).toBeVisible();
    expect(screen.queryByText(/reviews? (by|from) buyers/i)).not.toBeInTheDocument();
    // Sellers verify only their email; reporting a listing takes a login and a reason.
    expect(screen.queryByText(/verified sellers/i)).not.toBeInTheDocument();
    expect(screen.getByText(/Signed-in buyers can report a listing from its page, with the reason\.$/)).toBeInTheDocument();
    expect(screen.queryByText(/report a listing in one click/i)).not.toBeInTheDocument();
    const promo = within(await screen.findByRole('region', { name: 'List Free Until June' }));
    expect(promo.getByText('Limited-time offer')).toBeInTheDocument();
    expect(
      promo.getByText(
        'List new equipment until June 1, 2027: the first 30 days of every new listing are free. Reach labs and clinics looking for exactly what you have.',
      ),
    ).toBeInTheDocument();
    expect(promo.getByText('30 days free listing')).toBeInTheDocument();
    expect(promo.getByText('Unlimited listings')).toBeInTheDocument();
    // Issue 14: featuring exists, and the team chooses it; it is not for sale.
    expect(promo.getByText('Featured placement, chosen by our team')).toBeInTheDocument();
    expect(promo.getByText('Direct buyer messaging')).toBeInTheDocument();
    expect(promo.getByRole('link', { name: 'Get Started Now' })).toHaveAttribute('href', '/register');
  });

  it('offers no promotion once it is over, or while the settings are not known', async () => {
    stubFetch({
      'GET /api/v1/config': {
        body: publicConfig({ promotion: { active: false, free_until: '2020-06-01', free_days: 30, label: 'List Free Until June' } }),
      },
    });
    const { queryClient } = renderWithProviders(<LandingRoute />);

    const block = within(screen.getByRole('region', { name: 'Sell your lab equipment on BenchMarket' }));
    await waitFor(() => {
      expect(queryClient.getQueryState(['config'])?.status).toBe('success');
    });
    expect(screen.getByRole('region', { name: 'Sell your lab equipment on BenchMarket' })).toBeInTheDocument();
    expect(screen.queryByText(/List Free Until June/)).not.toBeInTheDocument();
    expect(screen.queryByText(/free listing|free\b|Limited-time offer/)).not.toBeInTheDocument();
    expect(block.getByText('Featured placement, chosen by our team')).toBeInTheDocument();
    expect(block.getByRole('link', { name: 'Get Started Now' })).toHaveAttribute('href', '/register');
  });

  it('sends a logged-in seller to /create-listing from List Your Equipment', async () => {
    stubFetch({ 'GET /api/v1/auth/me': { body: { id: 'u-1', email: 's@example.com', is_verified: true } } });
    renderWithProviders(<LandingRoute />, { token: 'token-abc' });

    await waitFor(() => expect(screen.getByRole('link', { name: 'List Your Equipment' })).toHaveAttribute('href', '/create-listing'));
  });
});

describe('Featured strip', () => {
  it('shows the featured listings like the latest ones, each with its Featured label, and says who chooses them', async () => {
    const network = stubFetch({
      'GET /api/v1/listings/featured': { body: [listing(3, { is_featured: true }), listing(4, { is_featured: true })] },
      'GET /api/v1/listings/latest': { body: [listing(1)] },
    });
    renderWithProviders(<LandingRoute />);

    const strip = within(await screen.findByRole('region', { name: 'Featured' }));
    expect(strip.getByText(FEATURED_EXPLAINED)).toBeInTheDocument();
    const cards = strip.getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual([
      '/listings/00000000-0000-4000-8000-000000000003',
      '/listings/00000000-0000-4000-8000-000000000004',
    ]);
    expect(within(cards[0]!).getByText('Featured')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('$1,203.00')).toBeInTheDocument();
    expect(network.requests.some((request) => new URL(request.url).pathname === '/api/v1/listings/featured')).toBe(true);
    // The latest strip's cards carry the label only when featured.
    const latest = within(screen.getByRole('region', { name: 'Latest listings' }));
    expect(within(await latest.findByRole('link', { name: /Benchtop centrifuge 1/ })).queryByText('Featured')).not.toBeInTheDocument();
  });

  it('is not there when nothing is featured, or when the featured listings cannot be loaded', async () => {
    stubFetch({ 'GET /api/v1/listings/featured': { body: [] }, 'GET /api/v1/listings/latest': { body: [listing(1)] } });
    const { unmount } = renderWithProviders(<LandingRoute />);
    await screen.findByRole('link', { name: /Benchtop centrifuge 1/ });
    expect(screen.queryByRole('region', { name: 'Featured' })).not.toBeInTheDocument();
    unmount();

    stubFetch({ 'GET /api/v1/listings/featured': { status: 500 }, 'GET /api/v1/listings/latest': { body: [listing(1)] } });
    renderWithProviders(<LandingRoute />);
    await screen.findByRole('link', { name: /Benchtop centrifuge 1/ });
    expect(screen.queryByRole('region', { name: 'Featured' })).not.toBeInTheDocument();
  });
});

describe('Latest listings strip', () => {
  it('asks for the 8 newest listings and shows each as a link to its page, with price and a lazy, sized photo', async () => {
    const network = stubFetch({
      'GET /api/v1/listings/latest': { body: [listing(1), listing(2, { photos: [], thumbnails: [], location: null })] },
    });
    renderWithProviders(<LandingRoute />);

    const strip = within(screen.getByRole('region', { name: 'Latest listings' }));
    expect(strip.getByRole('status')).toHaveTextContent('Loading the latest listings…');

    const first = await strip.findByRole('link', { name: /Benchtop centrifuge 1/ });
    expect(first).toHaveAttribute('href', '/listings/00000000-0000-4000-8000-000000000001');
    expect(within(first).getByText('$1,201.00')).toBeInTheDocument();
    expect(within(first).getByText(/Germany · Listed Mar 1, 2025/)).toBeInTheDocument();
    const photo = first.querySelector('img');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('width', '400');
    expect(photo).toHaveAttribute('height', '300');
    expect(photo).toHaveAttribute('src', '/uploads/listings/1/a-thumb.webp');

    const second = strip.getByRole('link', { name: /Benchtop centrifuge 2/ });
    expect(within(second).getByText('No photo yet')).toBeInTheDocument();
    expect(strip.getByRole('link', { name: /Browse all equipment/ })).toHaveAttribute('href', '/search');

    const request = network.requests.find((r) => r.url.includes('/listings/latest'));
    expect(new URL(request?.url ?? '').searchParams.get('limit')).toBe('8');
  });

  it('keeps the page whole when the listings cannot be loaded, and points to search', async () => {
    stubFetch({ 'GET /api/v1/listings/latest': { status: 500, body: { detail: 'Database unavailable' } } });
    renderWithProviders(<LandingRoute />);

    const strip = within(screen.getByRole('region', { name: 'Latest listings' }));
    expect(await strip.findByText('The latest listings could not be loaded just now.')).toBeInTheDocument();
    expect(strip.getByRole('link', { name: 'Search all equipment' })).toHaveAttribute('href', '/search');
    expect(screen.getByRole('link', { name: 'Explore Equipment' })).toBeInTheDocument();
  });

  it('invites the first seller when nothing is listed yet', async () => {
    stubFetch({ 'GET /api/v1/listings/latest': { body: [] } });
    renderWithProviders(<LandingRoute />);

    const strip = within(screen.getByRole('region', { name: 'Latest listings' }));
    expect(await strip.findByRole('link', { name: 'Be the first to list your equipment' })).toHaveAttribute('href', '/register');
  });
});
