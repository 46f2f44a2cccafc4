import {
  LATEST_LISTINGS_FAILED,
  LISTINGS_FETCH_FAILED,
  PRICE_RANGE_INVALID,
  RESULTS_MATCHING_FEWER_WORDS,
  SIMILAR_LISTINGS,
  SEARCH_FAILED,
  SEARCH_VERIFIED_ONLY,
} from '@benchmarket/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { EMPTY_CRITERIA, draftOf } from '../search-criteria';
import { SEARCH_STATE_KEY } from '../search-state';
import { insight, makeListing, page, unverifiedBuyer, verifiedBuyer } from '../testing/fixtures';
import { expectRangeRefused } from '../testing/search-checks';

const ME = 'GET /api/v1/auth/me';
const LATEST = 'GET /api/v1/listings/latest';
const SEARCH = 'GET /api/v1/listings/search';

beforeAll(async () => {
  await import('./search');
});

function searchRequests(requests: Request[]): URLSearchParams[] {
  return requests
    .filter((request) => new URL(request.url).pathname === '/api/v1/listings/search')
    .map((request) => new URL(request.url).searchParams);
}

function renderVerified(routes: Record<string, StubHandler>, path = '/search') {
  const network = stubFetch({ [ME]: { body: verifiedBuyer }, ...routes });
  return { ...renderApp(path, { token: 'buyer-token' }), network };
}

const main = () => within(screen.getByRole('main'));
/** The lists of result cards in the page's main region, in reading order. */
const cardLists = () =>
  main()
    .getAllByRole('list')
    .filter((list) => within(list).queryAllByRole('article').length > 0);
const cardTitles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);

describe('/search for visitors', { timeout: 20_000 }, () => {
  it('shows the latest 10 listings, the search form disabled, and ways to log in or register', async () => {
    const latest = Array.from({ length: 10 }, (_, i) => makeListing({ title: `Latest listing ${String(i + 1)}` }));
    const network = stubFetch({ [LATEST]: { body: latest } });
    renderApp('/search');

    expect(await screen.findByRole('heading', { level: 1, name: 'Search Equipment' })).toBeInTheDocument();
    expect(await screen.findByText('Latest listing 10')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    const latestCall = network.requests.find((request) => new URL(request.url).pathname === '/api/v1/listings/latest');
    expect(new URL(latestCall?.url ?? 'http://x').searchParams.get('limit')).toBe('10');
    expect(searchRequests(network.requests)).toHaveLength(0);

    expect(screen.getByRole('searchbox', { name: 'Search equipment' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Use AI-enhanced search' })).toBeDisabled();
    expect(screen.getByLabelText('Min price')).toBeDisabled();
    expect(screen.getByLabelText('Max price')).toBeDisabled();
    expect(screen.getByLabelText('Condition')).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Location' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();

    expect(main().getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent('/search')}`);
    expect(main().getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it("shows 'Failed to fetch latest listings. Please try again.' when the latest listings fail, and tries again", async () => {
    let calls = 0;
    stubFetch({
      [LATEST]: () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { detail: 'Internal Server Error' } } : { body: [makeListing({ title: 'Back again' })] };
      },
    });
    const { user } = renderApp('/search');

    expect(await screen.findByRole('alert')).toHaveTextContent(LATEST_LISTINGS_FAILED);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it("sends a visitor's 'Contact Seller' to /login with the listing as return path", async () => {
    const listing = makeListing();
    stubFetch({ [LATEST]: { body: [listing] } });
    const { user, router } = renderApp('/search');

    await user.click(await screen.findByRole('button', { name: 'Contact Seller' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(`/listings/${listing.id}`);
    expect(router.state.location.state).toEqual({ from: `/listings/${listing.id}` });
  });
});

describe('/search for unverified users', { timeout: 20_000 }, () => {
  it('explains that only verified users can search, keeps the form disabled and shows the latest listings', async () => {
    const network = stubFetch({ [ME]: { body: unverifiedBuyer }, [LATEST]: { body: [makeListing({ title: 'Olympus CX23 Microscope' })] } });
    renderApp('/search', { token: 'unverified-token' });

    expect(await screen.findByText(SEARCH_VERIFIED_ONLY)).toBeInTheDocument();
    expect(await screen.findByText('Olympus CX23 Microscope')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search equipment' })).toBeDisabled();
    // The way forward: the layout's verification notice with its resend action.
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
    expect(searchRequests(network.requests)).toHaveLength(0);
  });
});

describe('/search for verified users', { timeout: 20_000 }, () => {
  it('lists the newest listings first, then searches with the query, AI flag and every filter', async () => {
    const { network, user } = renderVerified({ [SEARCH]: { body: page([makeListing(), makeListing()], { total: 2 }) } });

    expect(await screen.findByText('2 results')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Newest listings' })).toBeInTheDocument();
    const [browse] = searchRequests(network.requests);
    expect(browse?.get('query')).toBeNull();
    expect(browse?.get('use_rag')).toBe('false');
    expect(browse?.get('page')).toBe('1');
    expect(network.lastRequest().headers.get('Authorization')).toBe('Bearer buyer-token');

    await user.type(screen.getByRole('searchbox', { name: 'Search equipment' }), '  refurbished centrifuge ');
    await user.click(screen.getByRole('checkbox', { name: 'Use AI-enhanced search' }));
    await user.type(screen.getByLabelText('Min price'), '100');
    await user.type(screen.getByLabelText('Max price'), '5000.5');
    await user.selectOptions(screen.getByLabelText('Condition'), 'Certified Refurbished');
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Germ');
    await user.click(await screen.findByRole('option', { name: /Germany/ }));
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => {
      expect(searchRequests(network.requests)).toHaveLength(2);
    });
    const params = searchRequests(network.requests)[1];
    expect(Object.fromEntries(params ?? [])).toEqual({
      query: 'refurbished centrifuge',
      min_price: '100',
      max_price: '5000.5',
      condition: 'certified-refurbished',
      location: 'Germany',
      use_rag: 'true',
      page: '1',
    });
    expect(await screen.findByRole('heading', { level: 2, name: /Results for “refurbished centrifuge”/ })).toBeInTheDocument();
  });

  it('brings the results into view after a search, and leaves the focus on the button the buyer pressed (issue 18)', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const { user } = renderVerified({ [SEARCH]: { body: page([makeListing()], { total: 1 }) } });
    await screen.findByText('1 result');
    expect(scrolled).toEqual([]);

    await user.type(screen.getByRole('searchbox', { name: 'Search equipment' }), 'centrifuge');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const heading = await screen.findByRole('heading', { level: 2, name: /Results for “centrifuge”/ });
    expect(scrolled).toContain(heading);
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus();
  });

  it('brings the results into view when a search is opened from a link, the focus left alone (issue 18)', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    renderVerified({ [SEARCH]: { body: page([makeListing()], { total: 1 }) } }, '/search?q=centrifuge');

    await screen.findByText('1 result');
    const heading = screen.getByRole('heading', { level: 2, name: 'Results for “centrifuge”' });
    await waitFor(() => {
      expect(scrolled).toEqual([heading]);
    });
    expect(document.body).toHaveFocus();
  });

  it('goes back to where the buyer was on Back to a search, not to the results heading', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const criteria = { ...EMPTY_CRITERIA, query: 'centrifuge' };
    window.sessionStorage.setItem(
      SEARCH_STATE_KEY,
      JSON.stringify({ userId: verifiedBuyer.id, criteria, draft: draftOf(criteria), scrollY: 640 }),
    );
    renderVerified({ [SEARCH]: { body: page([makeListing()], { total: 1 }) } }, '/search?q=centrifuge');

    await screen.findByText('1 result');
    await waitFor(() => {
      expect(scrollTo).toHaveBeenCalledWith(0, 640);
    });
    expect(scrolled).toEqual([]);
  });

  it('reflects the search in the URL, and a shared URL runs that search', async () => {
    const { network, router, user } = renderVerified(
      { [SEARCH]: { body: page([makeListing()]) } },
      '/search?q=microscope&ai=1&max=900&condition=pre-owned&location=FR',
    );

    expect(await screen.findByText('1 result')).toBeInTheDocument();
    expect(Object.fromEntries(searchRequests(network.requests)[0] ?? [])).toEqual({
      query: 'microscope',
      max_price: '900',
      condition: 'pre-owned',
      location: 'France',
      use_rag: 'true',
      page: '1',
    });
    expect(screen.getByRole('searchbox', { name: 'Search equipment' })).toHaveValue('microscope');
    expect(screen.getByRole('checkbox', { name: 'Use AI-enhanced search' })).toBeChecked();
    expect(screen.getByLabelText('Max price')).toHaveValue(900);
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('France');

    const box = screen.getByRole('searchbox', { name: 'Search equipment' });
    await user.clear(box);
    await user.type(box, 'autoclave{Enter}');
    await waitFor(() => {
      expect(new URLSearchParams(router.state.location.search).get('q')).toBe('autoclave');
    });
    expect(new URLSearchParams(router.state.location.search).get('ai')).toBe('1');
  });

  it('checks the price range before searching', async () => {
    const rendered = renderVerified({ [SEARCH]: { body: page([]) } });
    await screen.findByText('0 results');
    await expectRangeRefused(rendered, ['Min price', '500'], ['Max price', '100'], PRICE_RANGE_INVALID);
  });

  it('shows the AI insight of each result, coloured by its prefix, with the score as a meter', async () => {
    const items = [
      makeListing({ title: 'A', rag_search_response: insight('Relevant: centrifuge family matches "centrifuge".', 0.91) }),
      makeListing({ title: 'B', rag_search_response: insight('Somewhat relevant: a centrifuge, but over your budget.', 0.55) }),
      makeListing({ title: 'C', rag_search_response: insight('Not relevant: a microscope, not a centrifuge.', 0.12) }),
    ];
    renderVerified({ [SEARCH]: { body: page(items) } }, '/search?q=centrifuge&ai=1');

    const relevant = (await screen.findByText('Relevant: centrifuge family matches "centrifuge".')).closest('[data-tone]');
    const somewhat = screen.getByText('Somewhat relevant: a centrifuge, but over your budget.').closest('[data-tone]');
    const not = screen.getByText('Not relevant: a microscope, not a centrifuge.').closest('[data-tone]');
    expect(relevant).toHaveAttribute('data-tone', 'relevant');
    expect(relevant?.className).toMatch(/green/);
    expect(somewhat).toHaveAttribute('data-tone', 'somewhat');
    expect(somewhat?.className).toMatch(/amber/);
    expect(not).toHaveAttribute('data-tone', 'not');
    expect(not?.className).toMatch(/red/);
    expect(screen.getAllByRole('group', { name: 'AI Insight' })).toHaveLength(3);

    const meters = screen.getAllByRole('meter', { name: 'Relevance score' });
    expect(meters.map((meter) => meter.getAttribute('aria-valuenow'))).toEqual(['91', '55', '12']);
    expect(screen.getByText('91% match')).toBeInTheDocument();
  });

  it('shows each card: title link, price, condition, Verified badge, 3-line preview, date, location and lazy photo', async () => {
    const description = 'x'.repeat(150);
    const plain = makeListing({ title: 'Plain result', description, is_verified: true });
    const unverified = makeListing({ title: 'Unverified result', is_verified: false, location: null, photos: [], thumbnails: [] });
    renderVerified({ [SEARCH]: { body: page([plain, unverified]) } });

    const card = within(await screen.findByRole('article', { name: 'Plain result' }));
    expect(card.getByRole('link', { name: 'Plain result' })).toHaveAttribute('href', `/listings/${plain.id}`);
    expect(card.getByText('$4,250.50')).toBeInTheDocument();
    expect(card.getByText('Certified Refurbished')).toBeInTheDocument();
    expect(card.getByText('Verified')).toBeInTheDocument();
    const preview = card.getByText(`${'x'.repeat(100)}...`);
    expect(preview).toHaveClass('line-clamp-3');
    expect(card.getByText('Jan 5, 2025')).toHaveAttribute('datetime', plain.created_at);
    expect(card.getByText('Germany').parentElement?.querySelector('img[data-country-flag="DE"]')).toHaveAttribute('src');
    const image = card.getByRole('presentation');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');

    const other = within(screen.getByRole('article', { name: 'Unverified result' }));
    expect(other.queryByText('Verified')).not.toBeInTheDocument();
    expect(other.getByText('No photo')).toBeInTheDocument();
  });

  it("labels a featured result 'Featured', in the search results and in the visitors' latest listings", async () => {
    const featured = makeListing({ title: 'Featured result', is_featured: true });
    const plain = makeListing({ title: 'Plain result' });
    const first = renderVerified({ [SEARCH]: { body: page([featured, plain]) } });

    expect(within(await screen.findByRole('article', { name: 'Featured result' })).getByText('Featured')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Plain result' })).queryByText('Featured')).not.toBeInTheDocument();
    first.unmount();
    window.localStorage.clear();
    window.sessionStorage.clear();

    stubFetch({ [LATEST]: { body: [featured, plain] } });
    renderApp('/search');
    expect(within(await screen.findByRole('article', { name: 'Featured result' })).getByText('Featured')).toBeInTheDocument();
  });

  it('cuts the description to 80 characters next to an AI insight', async () => {
    const description = 'y'.repeat(150);
    renderVerified(
      { [SEARCH]: { body: page([makeListing({ description, rag_search_response: insight('Relevant: yes.') })]) } },
      '/search?q=y&ai=1',
    );
    expect(await screen.findByText(`${'y'.repeat(80)}...`)).toBeInTheDocument();
  });

  it("shows 'Failed to fetch listings. Please try again.' when the first listing fails", async () => {
    renderVerified({ [SEARCH]: { status: 500, body: { detail: 'Internal Server Error' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent(LISTINGS_FETCH_FAILED);
  });

  it("shows the server's detail, or 'Failed to search listings. Please try again.', when a search fails", async () => {
    const { user } = renderVerified({
      [SEARCH]: (request) => {
        const query = new URL(request.url).searchParams.get('query');
        if (query === 'detail') return { status: 400, body: { detail: 'Search text must be at most 200 characters' } };
        if (query === 'plain') return { status: 503 };
        return { body: page([makeListing()]) };
      },
    });
    await screen.findByText('1 result');
    const box = screen.getByRole('searchbox', { name: 'Search equipment' });

    await user.type(box, 'detail{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search text must be at most 200 characters');

    await user.clear(box);
    await user.type(box, 'plain{Enter}');
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent(SEARCH_FAILED);
    });
  });

  it('suggests what to change when nothing matches, and removes the filters in one click', async () => {
    const { network, user } = renderVerified(
      {
        [SEARCH]: (request) =>
          new URL(request.url).searchParams.has('condition')
            ? { body: page([]) }
            : { body: page([makeListing({ title: 'Found without the filter' })]) },
      },
      '/search?q=centrifuge&condition=new',
    );

    expect(await screen.findByRole('heading', { name: 'No listings match “centrifuge”' })).toBeInTheDocument();
    expect(screen.getByText(/Remove a filter/)).toBeInTheDocument();
    expect(screen.getByText(/Check the spelling/)).toBeInTheDocument();
    expect(screen.getByText(/understands plain requests/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try AI-enhanced search' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove all filters' }));
    expect(await screen.findByText('Found without the filter')).toBeInTheDocument();
    expect(searchRequests(network.requests).at(-1)?.get('query')).toBe('centrifuge');
    expect(searchRequests(network.requests).at(-1)?.has('condition')).toBe(false);
    expect(screen.getByLabelText('Condition')).toHaveValue('');
  });

  it('clears the filters and searches again', async () => {
    const { network, user } = renderVerified({ [SEARCH]: { body: page([makeListing()]) } }, '/search?q=pump&min=10&location=Spain');
    await screen.findByText('1 result');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    await waitFor(() => {
      expect(searchRequests(network.requests)).toHaveLength(2);
    });
    expect(Object.fromEntries(searchRequests(network.requests)[1] ?? [])).toEqual({ query: 'pump', use_rag: 'false', page: '1' });
    expect(screen.getByLabelText('Min price')).toHaveValue(null);
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('');
  });

  it("says '1,000+ results' when the API counted no further, and pages to page 84 (issue 19)", async () => {
    const { network, user } = renderVerified({
      [SEARCH]: (request) => {
        const n = Number(new URL(request.url).searchParams.get('page'));
        return { body: page([makeListing({ title: `On page ${String(n)}` })], { total: 1000, total_is_lower_bound: true, page: n }) };
      },
    });

    expect(await screen.findByText('1,000+ results')).toBeInTheDocument();
    expect(screen.queryByText('1,000 results')).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 84')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('On page 2')).toBeInTheDocument();
    expect(searchRequests(network.requests).at(-1)?.get('page')).toBe('2');
  });

  it('says the exact count when the API counted every match', async () => {
    renderVerified({ [SEARCH]: { body: page([makeListing()], { total: 1000, total_is_lower_bound: false }) } });
    expect(await screen.findByText('1,000 results')).toBeInTheDocument();
  });

  it("heads the results with only some of the words 'Results matching fewer words', on every page they reach (issue 11)", async () => {
    const { user } = renderVerified({
      [SEARCH]: (request) => {
        const n = Number(new URL(request.url).searchParams.get('page'));
        const items = n === 1 ? ['Exact one', 'Exact two', 'Partial one'] : ['Partial on page 2'];
        return {
          body: page(
            items.map((title) => makeListing({ title })),
            { total: 13, page: n, page_size: 3, exact_matches: 2 },
          ),
        };
      },
    });

    const fewer = await screen.findByRole('heading', { level: 3, name: RESULTS_MATCHING_FEWER_WORDS });
    const lists = cardLists();
    expect(lists.map(cardTitles)).toEqual([['Exact one', 'Exact two'], ['Partial one']]);
    // The heading stands between the two lists, in reading order.
    expect(lists[0]!.compareDocumentPosition(fewer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(fewer.compareDocumentPosition(lists[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Partial on page 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: RESULTS_MATCHING_FEWER_WORDS })).toBeInTheDocument();
  });

  it("shows listings like the matches after them, headed 'Similar listings' (issue 11)", async () => {
    renderVerified({
      [SEARCH]: {
        body: page(
          ['Exact one', 'Partial one'].map((title) => makeListing({ title })),
          { total: 2, exact_matches: 1, similar: ['Like them one', 'Like them two'].map((title) => makeListing({ title })) },
        ),
      },
    });

    const similar = await screen.findByRole('heading', { level: 3, name: SIMILAR_LISTINGS });
    const fewer = screen.getByRole('heading', { level: 3, name: RESULTS_MATCHING_FEWER_WORDS });
    const lists = cardLists();
    expect(lists.map(cardTitles)).toEqual([['Exact one'], ['Partial one'], ['Like them one', 'Like them two']]);
    expect(fewer.compareDocumentPosition(similar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(similar.compareDocumentPosition(lists[2]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no such heading when every result has every word', async () => {
    renderVerified({ [SEARCH]: { body: page([makeListing({ title: 'Exact only' })]) } });
    expect(await screen.findByText('Exact only')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: RESULTS_MATCHING_FEWER_WORDS })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: SIMILAR_LISTINGS })).not.toBeInTheDocument();
  });

  it("pages through results with Previous and Next, 'Page X of Y'", async () => {
    const { network, user, router } = renderVerified({
      [SEARCH]: (request) => {
        const n = Number(new URL(request.url).searchParams.get('page'));
        return { body: page([makeListing({ title: `On page ${String(n)}` })], { total: 30, page: n }) };
      },
    });

    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('30 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('On page 2')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(searchRequests(network.requests).at(-1)?.get('page')).toBe('2');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(screen.getByRole('heading', { level: 2, name: 'Newest listings' })).toHaveFocus();
  });

  it('keeps the search in session storage and restores it, results included, on return', async () => {
    const first = renderVerified({ [SEARCH]: { body: page([makeListing({ title: 'Kept result' })]) } });
    // The form is there, disabled, while the session is checked: wait for the buyer's search.
    await screen.findByText('1 result');
    await first.user.type(screen.getByRole('searchbox', { name: 'Search equipment' }), 'kept');
    await first.user.click(screen.getByRole('checkbox', { name: 'Use AI-enhanced search' }));
    await first.user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('heading', { name: 'Results for “kept”' });
    await waitFor(() => {
      expect(JSON.parse(window.sessionStorage.getItem(SEARCH_STATE_KEY) ?? '{}')).toMatchObject({
        criteria: { query: 'kept', useAi: true },
        results: { data: { items: [{ title: 'Kept result' }] } },
      });
    });
    // Typed but not searched yet: kept too.
    await first.user.type(screen.getByLabelText('Max price'), '750');
    first.unmount();

    // A new visit in the same tab: a bare /search, and the server now failing.
    const second = renderVerified({ [SEARCH]: { status: 500 } });
    expect(await screen.findByText('Kept result')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search equipment' })).toHaveValue('kept');
    expect(screen.getByRole('checkbox', { name: 'Use AI-enhanced search' })).toBeChecked();
    expect(screen.getByLabelText('Max price')).toHaveValue(750);
    await waitFor(() => {
      expect(new URLSearchParams(second.router.state.location.search).get('q')).toBe('kept');
    });
    expect(searchRequests(second.network.requests)).toHaveLength(0);
  });

  it('opens a result by its card, carrying the AI insight to the listing page', async () => {
    const listing = makeListing({ title: 'Thermo Sorvall ST16', rag_search_response: insight('Relevant: centrifuge as asked.') });
    const { user, router } = renderVerified(
      {
        [SEARCH]: { body: page([listing]) },
        [`GET /api/v1/listings/${listing.id}`]: { body: { ...listing, rag_search_response: undefined } },
      },
      '/search?q=centrifuge&ai=1',
    );

    // A click on the card's text (not its link) opens the listing.
    await user.click(await screen.findByText('$4,250.50'));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/listings/${listing.id}`);
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'AI Search Insight' })).toBeInTheDocument();
    expect(screen.getByText('Relevant: centrifuge as asked.')).toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem(`ai-insight:${listing.id}`) ?? 'null')).toEqual(listing.rag_search_response);

    // Back: the search as it was.
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Results for “centrifuge”' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search equipment' })).toHaveValue('centrifuge');
  });

  it("sends a logged-in buyer's 'Contact Seller' to the listing's contact panel", async () => {
    const listing = makeListing();
    const { user, router } = renderVerified({ [SEARCH]: { body: page([listing]) } });

    await user.click(await screen.findByRole('button', { name: 'Contact Seller' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/listings/${listing.id}`);
    });
    expect(router.state.location.hash).toBe('#contact');
  });

  it("shows no 'Contact Seller' on the buyer's own listing", async () => {
    renderVerified({ [SEARCH]: { body: page([makeListing({ title: 'Mine', user_id: verifiedBuyer.id })]) } });
    expect(await screen.findByText('Mine')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Contact Seller' })).not.toBeInTheDocument();
  });
});
