import { SEARCH_YEAR_RANGE_INVALID } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { makeListing, page, verifiedBuyer } from '../testing/fixtures';
import { expectRangeRefused } from '../testing/search-checks';

const ME = 'GET /api/v1/auth/me';
const SEARCH = 'GET /api/v1/listings/search';
const MAKERS = 'GET /api/v1/listings/manufacturers';
const makers = [
  { name: 'Thermo Fisher', count: 12 },
  { name: 'Eppendorf', count: 1 },
];

beforeAll(async () => {
  await import('./search');
});

function searchRequests(requests: Request[]): Array<Record<string, string>> {
  return requests
    .filter((request) => new URL(request.url).pathname === '/api/v1/listings/search')
    .map((request) => Object.fromEntries(new URL(request.url).searchParams));
}

function renderVerified(routes: Record<string, StubHandler>, path = '/search') {
  const network = stubFetch({ [ME]: { body: verifiedBuyer }, [MAKERS]: { body: makers }, ...routes });
  return { ...renderApp(path, { token: 'buyer-token' }), network };
}

const urlOf = (router: ReturnType<typeof renderVerified>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('/search: the specifications filters (issue 15)', { timeout: 20_000 }, () => {
  it('offers the makers with their counts, and searches by maker, years, warranty and shipping (URL and request)', async () => {
    const { network, user, router } = renderVerified({ [SEARCH]: { body: page([makeListing()]) } });
    await screen.findByText('1 result');

    const manufacturer = screen.getByLabelText('Manufacturer');
    await waitFor(() => {
      expect(
        within(manufacturer)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Any manufacturer', 'Thermo Fisher (12)', 'Eppendorf (1)']);
    });
    expect(within(screen.getByLabelText('Warranty')).getAllByRole('option')[0]).toHaveTextContent('Any warranty');
    expect(within(screen.getByLabelText('Shipping')).getAllByRole('option')[0]).toHaveTextContent('Any shipping');

    await user.selectOptions(manufacturer, 'Thermo Fisher (12)');
    await user.type(screen.getByLabelText('Year from'), '2015');
    await user.type(screen.getByLabelText('Year to'), '2020');
    await user.selectOptions(screen.getByLabelText('Warranty'), '90 days');
    await user.selectOptions(screen.getByLabelText('Shipping'), 'Pickup only');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const expected = { manufacturer: 'Thermo Fisher', year_from: '2015', year_to: '2020', warranty: '90_days', shipping: 'pickup_only' };
    await waitFor(() => {
      expect(searchRequests(network.requests).at(-1)).toEqual({ ...expected, use_rag: 'false', page: '1' });
    });
    expect(urlOf(router)).toEqual(expected);

    const chips = within(screen.getByRole('list', { name: 'Active filters' }));
    expect(chips.getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'Thermo Fisher',
      'Made in 2015 or later',
      'Made in 2020 or earlier',
      'Warranty: 90 days',
      'Pickup only',
    ]);

    await user.click(chips.getByRole('button', { name: 'Remove filter: Thermo Fisher' }));
    await waitFor(() => {
      expect(searchRequests(network.requests).at(-1)).not.toHaveProperty('manufacturer');
    });
    expect(urlOf(router)).not.toHaveProperty('manufacturer');
    expect(screen.getByLabelText('Manufacturer')).toHaveValue('');

    // The reset clears them too (the browse it goes back to is still cached: no new request).
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Year from')).toHaveValue(null);
    expect(screen.getByLabelText('Warranty')).toHaveValue('');
  });

  it('runs the search a shared URL names, and fills the form with it', async () => {
    const { network } = renderVerified(
      { [SEARCH]: { body: page([makeListing()]) } },
      '/search?manufacturer=Eppendorf&year_from=2010&warranty=manufacturer&shipping=freight&year_to=nope',
    );
    await screen.findByText('1 result');
    expect(searchRequests(network.requests)[0]).toEqual({
      manufacturer: 'Eppendorf',
      year_from: '2010',
      warranty: 'manufacturer',
      shipping: 'freight',
      use_rag: 'false',
      page: '1',
    });
    await waitFor(() => {
      expect(screen.getByLabelText('Manufacturer')).toHaveValue('Eppendorf');
    });
    expect(screen.getByLabelText('Year from')).toHaveValue(2010);
    expect(screen.getByLabelText('Year to')).toHaveValue(null);
    expect(screen.getByLabelText('Warranty')).toHaveValue('manufacturer');
    expect(screen.getByLabelText('Shipping')).toHaveValue('freight');
  });

  it('checks the years before searching', async () => {
    const rendered = renderVerified({ [SEARCH]: { body: page([]) } });
    await screen.findByText('0 results');
    await expectRangeRefused(rendered, ['Year from', '2020'], ['Year to', '2010'], SEARCH_YEAR_RANGE_INVALID);
  });

  it("shows each result's maker, model and year under its title", async () => {
    renderVerified({
      [SEARCH]: {
        body: page([
          makeListing({ title: 'Centrifuge', manufacturer: 'Thermo Fisher', model: 'Sorvall ST 16R', year_of_manufacture: 2019 }),
          makeListing({ title: 'Pipette', manufacturer: null, model: null, year_of_manufacture: null }),
        ]),
      },
    });
    await screen.findByText('2 results');
    const [centrifuge, pipette] = screen.getAllByRole('article');
    expect(within(centrifuge!).getByText('Thermo Fisher · Sorvall ST 16R · 2019')).toBeInTheDocument();
    expect(within(pipette!).queryByText(/·/)).not.toBeInTheDocument();
  });
});
