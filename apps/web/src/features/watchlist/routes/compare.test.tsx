import { COMPARE_MALFORMED, COMPARE_TOO_MANY } from '@benchmarket/shared';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { baseListing } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const A = '0b7a9c1e-1111-4111-8111-11111111111a';
const B = '0b7a9c1e-1111-4111-8111-11111111111b';
const GONE = '0b7a9c1e-1111-4111-8111-11111111111c';

beforeAll(async () => {
  await import('./compare');
});

describe('/compare', () => {
  it('shows the listings side by side, marks the rows that differ and says which listing is gone', async () => {
    stubFetch({
      [`GET /api/v1/listings/${A}`]: { body: baseListing({ id: A, title: 'Sorvall centrifuge', price: 4000, manufacturer: 'Thermo' }) },
      [`GET /api/v1/listings/${B}`]: { body: baseListing({ id: B, title: 'Eppendorf centrifuge', price: 3000, manufacturer: 'Thermo' }) },
      [`GET /api/v1/listings/${GONE}`]: { status: 404, body: { detail: 'Listing not found' } },
    });
    renderApp(`/compare?ids=${A},${B},${GONE}`);

    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      expect.stringContaining('Sorvall centrifuge'),
      expect.stringContaining('Eppendorf centrifuge'),
      expect.stringContaining('No longer available'),
    ]);
    const price = within(table).getByRole('row', { name: /^Price/ });
    expect(within(price).getByRole('rowheader')).toHaveTextContent('PriceDiffers');
    expect(price).toHaveTextContent('$4,000.00');
    expect(price).toHaveTextContent('$3,000.00');
    const maker = within(table).getByRole('row', { name: /^Maker/ });
    expect(within(maker).getByRole('rowheader')).toHaveTextContent(/^Maker$/);
    expect(screen.getByRole('region', { name: 'Comparison' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('link', { name: 'Sorvall centrifuge' })).toHaveAttribute('href', `/listings/${A}`);
  });

  it('refuses more than 4 listings and malformed links with a clear message', async () => {
    stubFetch({});
    const five = [1, 2, 3, 4, 5].map((n) => `0b7a9c1e-1111-4111-8111-11111111111${n}`).join(',');
    const view = renderApp(`/compare?ids=${five}`);
    expect(await screen.findByText(COMPARE_TOO_MANY)).toBeInTheDocument();
    view.unmount();

    renderApp('/compare?ids=1,2');
    expect(await screen.findByText(COMPARE_MALFORMED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search equipment' })).toHaveAttribute('href', '/search');
  });
});
