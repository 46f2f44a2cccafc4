import type { SellerPage } from '@benchmarket/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { baseListing } from '@/testing/fixtures';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

const SELLER_ID = '6f1c2d3e-0000-4000-8000-000000000001';

function sellerPage(overrides: Partial<SellerPage> = {}): SellerPage {
  return {
    id: SELLER_ID,
    name: 'Meridian Scientific',
    company: 'Meridian Scientific Refurbishment Ltd',
    country: 'United Kingdom',
    about: 'Refurbished lab equipment since 2009.\nWe ship worldwide.',
    logo: null,
    member_since: '2024-03-01T09:00:00.000Z',
    email_verified: true,
    live_listings: 2,
    completed_sales_periods: 5,
    median_reply_minutes: null,
    listings: [
      baseListing({ id: '0b7a9c1e-1111-4111-8111-000000000001', title: 'Eppendorf 5810R Centrifuge', seller_name: 'Meridian Scientific' }),
      baseListing({
        id: '0b7a9c1e-1111-4111-8111-000000000002',
        title: 'Thermo Heracell 150i CO2 Incubator',
        seller_name: 'Meridian Scientific',
      }),
    ],
    ...overrides,
  };
}

describe('the seller page (/sellers/{id})', () => {
  it('shows the profile, the facts and the live listings as search cards', async () => {
    stubFetch({ [`GET /api/v1/sellers/${SELLER_ID}`]: { body: sellerPage() } });
    renderApp(`/sellers/${SELLER_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Meridian Scientific' })).toBeInTheDocument();
    expect(screen.getByText('Meridian Scientific Refurbishment Ltd')).toBeInTheDocument();
    expect(screen.getByText('United Kingdom')).toBeInTheDocument();
    expect(screen.getByText(/We ship worldwide/)).toBeInTheDocument();

    const facts = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(facts('Member since')).toHaveTextContent('Mar 1, 2024');
    expect(facts('Email')).toHaveTextContent('Verified');
    expect(facts('Live listings')).toHaveTextContent('2');
    expect(facts('Completed sales periods')).toHaveTextContent('5');
    expect(facts('Median reply time')).toHaveTextContent('Not enough replies yet');

    const grid = screen.getByRole('region', { name: 'Listings from Meridian Scientific' });
    const cards = within(grid).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'Eppendorf 5810R Centrifuge' })).toHaveAttribute(
      'href',
      '/listings/0b7a9c1e-1111-4111-8111-000000000001',
    );
    expect(within(cards[0]!).getByRole('link', { name: 'Meridian Scientific' })).toHaveAttribute('href', `/sellers/${SELLER_ID}`);
    expect(document.title).toBe('Meridian Scientific · BenchMarket');
  });

  it('says when the seller has no live listings, and shows a median reply time when there is one', async () => {
    stubFetch({
      [`GET /api/v1/sellers/${SELLER_ID}`]: {
        body: sellerPage({
          name: 'Seller from France',
          company: null,
          about: null,
          live_listings: 0,
          listings: [],
          median_reply_minutes: 180,
        }),
      },
    });
    renderApp(`/sellers/${SELLER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Seller from France' })).toBeInTheDocument();
    expect(screen.getByText('This seller has no live listings at the moment.')).toBeInTheDocument();
    expect(screen.getByText('Median reply time', { selector: 'dt' }).nextElementSibling).toHaveTextContent('3 h');
    expect(screen.queryByRole('heading', { name: 'About' })).not.toBeInTheDocument();
  });

  it("answers an unknown seller with 'Seller not found'", async () => {
    stubFetch({ [`GET /api/v1/sellers/${SELLER_ID}`]: { status: 404, body: { detail: 'Seller not found' } } });
    renderApp(`/sellers/${SELLER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Seller not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse equipment' })).toHaveAttribute('href', '/search');
  });
});
