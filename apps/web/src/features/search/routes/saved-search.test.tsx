import { SAVED_SEARCHES_LIMIT_REACHED, SAVED_SEARCH_NAME_REQUIRED, type SavedSearch } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { makeListing, page, verifiedBuyer } from '../testing/fixtures';

const ME = 'GET /api/v1/auth/me';
const SEARCH = 'GET /api/v1/listings/search';
const SAVE = 'POST /api/v1/saved-searches';

beforeAll(async () => {
  await import('./search');
  await import('../components/save-search-panel');
});

function renderVerified(routes: Record<string, StubHandler>, path: string) {
  const network = stubFetch({
    [ME]: { body: verifiedBuyer },
    [SEARCH]: { body: page([makeListing({ title: 'Eppendorf 5810R' })]) },
    ...routes,
  });
  return { ...renderApp(path, { token: 'buyer-token' }), network };
}

const searchCalls = (requests: Request[]) =>
  requests.filter((r) => new URL(r.url).pathname === '/api/v1/listings/search').map((r) => new URL(r.url).searchParams);

/** The 'Sort by' box, showing this order and offering these. */
async function findSortBy(shown: string, options: readonly string[]) {
  const sort = await screen.findByRole('combobox', { name: 'Sort by' });
  expect(sort).toHaveDisplayValue(shown);
  expect(
    within(sort)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(options);
  return sort;
}

const saved = (overrides: Partial<SavedSearch> = {}): SavedSearch => ({
  id: '6f7c1f0e-0000-4000-8000-00000000c001',
  name: 'centrifuge',
  criteria: { query: 'centrifuge', use_rag: false },
  frequency: 'instant',
  paused: false,
  created_at: '2025-03-01T08:00:00.000Z',
  last_alert_at: null,
  ...overrides,
});

describe('/search — Sort by', { timeout: 20_000 }, () => {
  it('searches again in the order chosen, and keeps it in the URL', async () => {
    const { user, router, network } = renderVerified({}, '/search?q=centrifuge');
    const sort = await findSortBy('Best match', ['Best match', 'Newest', 'Price: low to high', 'Price: high to low']);

    await user.selectOptions(sort, 'Price: low to high');

    await waitFor(() => {
      expect(searchCalls(network.requests).at(-1)?.get('sort')).toBe('price_asc');
    });
    expect(router.state.location.search).toContain('sort=price_asc');
    expect(searchCalls(network.requests).at(-1)?.get('query')).toBe('centrifuge');
  });

  it("names the default order 'Newest' without words, as the results are newest first, and offers no best match", async () => {
    const { user, router, network } = renderVerified({}, '/search?condition=pre-owned');
    const sort = await findSortBy('Newest', ['Newest', 'Price: low to high', 'Price: high to low']);

    await user.selectOptions(sort, 'Price: high to low');
    await waitFor(() => {
      expect(searchCalls(network.requests).at(-1)?.get('sort')).toBe('price_desc');
    });
    await user.selectOptions(sort, 'Newest');
    await waitFor(() => {
      expect(router.state.location.search).not.toContain('sort=');
    });
    // Back to the default order: the first answer, cached, is on show again.
    expect(searchCalls(network.requests).every((params) => params.get('sort') !== 'newest')).toBe(true);
    expect(sort).toHaveDisplayValue('Newest');
  });

  it('shows an explicit newest-first order without words as the one Newest', async () => {
    renderVerified({}, '/search?condition=pre-owned&sort=newest');
    expect(await screen.findByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Newest');
  });

  it('opens a sorted search from its URL', async () => {
    const { network } = renderVerified({}, '/search?q=centrifuge&sort=price_desc');
    expect(await screen.findByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Price: high to low');
    await waitFor(() => {
      expect(searchCalls(network.requests)[0]?.get('sort')).toBe('price_desc');
    });
  });
});

describe('/search — Save search', { timeout: 20_000 }, () => {
  it('saves the search on show with a name (the words by default) and a frequency, and says so', async () => {
    const { user, network } = renderVerified(
      { [SAVE]: { status: 201, body: saved({ name: 'Cheap centrifuges', frequency: 'daily' }) } },
      '/search?q=centrifuge&max=5000&sort=price_asc',
    );
    const open = await screen.findByRole('button', { name: 'Save search', expanded: false });
    await user.click(open);
    const form = await screen.findByRole('form', { name: 'Save search' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('centrifuge');
    await user.clear(name);
    await user.type(name, 'Cheap centrifuges');
    await user.click(within(form).getByRole('radio', { name: 'Daily digest' }));
    await user.click(within(form).getByRole('button', { name: 'Save search' }));

    expect(await screen.findByText('Search saved as “Cheap centrifuges”.')).toBeInTheDocument();
    expect(screen.getByText('We will email you a daily digest of new listings that match.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage saved searches' })).toHaveAttribute('href', '/dashboard?tab=saved-searches');
    const post = network.requests.find((r) => r.method === 'POST');
    expect(await post?.json()).toEqual({
      name: 'Cheap centrifuges',
      frequency: 'daily',
      criteria: { query: 'centrifuge', max_price: 5000, use_rag: false, sort: 'price_asc' },
    });
  });

  it('asks for a name before sending, and shows the server’s detail (the 25 limit)', async () => {
    const { user, network } = renderVerified(
      { [SAVE]: { status: 409, body: { detail: SAVED_SEARCHES_LIMIT_REACHED } } },
      '/search?q=centrifuge',
    );
    await user.click(await screen.findByRole('button', { name: 'Save search' }));
    const form = await screen.findByRole('form', { name: 'Save search' });
    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.click(within(form).getByRole('button', { name: 'Save search' }));
    expect(await within(form).findByText(SAVED_SEARCH_NAME_REQUIRED)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(network.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Spinners');
    await user.click(within(form).getByRole('button', { name: 'Save search' }));
    expect(await within(form).findByText(SAVED_SEARCHES_LIMIT_REACHED)).toBeInTheDocument();
  });

  it('asks a visitor to log in to save searches', async () => {
    stubFetch({ 'GET /api/v1/listings/latest': { body: [] } });
    renderApp('/search');
    expect(await screen.findByRole('link', { name: 'Log in to save searches' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/search')}`,
    );
    expect(screen.queryByRole('button', { name: 'Save search' })).not.toBeInTheDocument();
  });
});
