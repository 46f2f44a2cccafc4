import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { expectTitle, openPage } from '@/testing/page';
import { listingKeys } from '@/lib/api/listings';
import { renderApp } from '@/testing/render-app';
import { BUYER, LISTING_ID, SELLER, makeListing } from '../testing/make-listing';

const path = `/listings/${LISTING_ID}`;
const detail = `GET /api/v1/listings/${LISTING_ID}`;

// The page is a lazy route: load its code once up front so the first test does not wait for it.
beforeAll(async () => {
  await import('./listing-detail');
});

describe('/listings/{id}', () => {
  it('shows a visitor the listing: title, badges, gallery, price, location with flag, date, category and description', async () => {
    const network = stubFetch({ [detail]: { body: makeListing() } });
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Eppendorf 5810R Centrifuge' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toContain('Eppendorf 5810R Centrifuge');
    });
    expect(screen.getByText('AI Verified')).toBeInTheDocument();
    expect(screen.getByText('Certified Refurbished')).toBeInTheDocument();
    expect(screen.getByText('$4,250.50')).toBeInTheDocument();
    expect(screen.getByText('Germany').querySelector('img[data-country-flag="DE"]')).toHaveAttribute('src');
    expect(screen.getByText('Jan 5, 2025')).toBeInTheDocument();
    expect(screen.getByText('Centrifuges')).toBeInTheDocument();
    const description = screen.getByText(/Refrigerated benchtop centrifuge/);
    expect(description.textContent).toBe('Refrigerated benchtop centrifuge.\n\nIncludes A-4-62 rotor.');
    expect(description).toHaveClass('whitespace-pre-wrap');
    expect(screen.getAllByRole('img', { name: /Eppendorf 5810R Centrifuge — photo \d of 3/ })).toHaveLength(3);
    // Not the owner: no owner actions, no expiry; no caution for a verified listing.
    expect(screen.queryByRole('link', { name: 'Edit Listing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Expires/)).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(network.lastRequest().headers.get('Authorization')).toBeNull();
  });

  it('shows a loading skeleton first', async () => {
    stubFetch({ [detail]: { body: makeListing() } });
    renderApp(path);
    expect(await screen.findByText('Loading listing…')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Eppendorf 5810R Centrifuge' });
  });

  it("keeps the page the server drew while a signed-in reader's own copy loads: no loading skeleton in between (issue 19)", async () => {
    const network = stubFetch({ 'GET /api/v1/auth/me': { body: BUYER }, [detail]: { body: makeListing() } });
    let skeletonShown = false;
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes('Loading listing…')) skeletonShown = true;
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    // As after hydrating the server's HTML: the visitor's copy of the listing is in the cache.
    renderApp(path, {
      token: 'buyer-token',
      cached: (queryClient) => queryClient.setQueryData(listingKeys.detail(LISTING_ID, null), makeListing()),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Eppendorf 5810R Centrifuge' })).toBeInTheDocument();
    await waitFor(() => {
      expect(
        network.requests.some((r) => r.url.endsWith(detail.split(' ')[1]!) && r.headers.get('Authorization') === 'Bearer buyer-token'),
      ).toBe(true);
    });
    await waitFor(() => {
      expect(screen.getByRole('heading', { level: 1, name: 'Eppendorf 5810R Centrifuge' })).toBeInTheDocument();
    });
    observer.disconnect();
    expect(skeletonShown).toBe(false);
  });

  it('warns about an unverified listing next to its badge', async () => {
    stubFetch({ [detail]: { body: makeListing({ is_verified: false, verification: { status: 'pending', verification_notes: null } }) } });
    renderApp(path);
    expect(await screen.findByText('Pending Verification')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/not been verified/);
  });

  it("shows the owner 'Edit Listing', 'Go to Dashboard' and the expiry label", async () => {
    stubFetch({ 'GET /api/v1/auth/me': { body: SELLER }, [detail]: { body: makeListing() } });
    renderApp(path, { token: 'seller-token' });

    expect(await screen.findByRole('link', { name: 'Edit Listing' })).toHaveAttribute('href', `/edit-listing/${LISTING_ID}`);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByText('Expires in 3 months')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Renew' })).not.toBeInTheDocument();
  });

  it("offers the owner of an ended listing 'Renew' on its page, as the dashboard does (issue 18); none while it runs", async () => {
    stubFetch({
      'GET /api/v1/auth/me': { body: SELLER },
      [detail]: { body: makeListing({ is_active: false, expiry_date: '2025-01-01T00:00:00.000Z' }) },
    });
    renderApp(path, { token: 'seller-token' });
    expect(await screen.findByRole('link', { name: 'Renew' })).toHaveAttribute('href', `/listings/${LISTING_ID}/extend`);
    expect(screen.getByRole('link', { name: 'Edit Listing' })).toBeInTheDocument();
    expect(screen.getByText('Expired')).toBeInTheDocument();
  });

  it('tells the owner an unpaid listing is not visible yet and links to payment', async () => {
    stubFetch({
      'GET /api/v1/auth/me': { body: SELLER },
      [detail]: { body: makeListing({ payment_status: 'unpaid', expiry_date: null }) },
    });
    renderApp(path, { token: 'seller-token' });
    expect(await screen.findByRole('link', { name: 'Complete payment' })).toHaveAttribute('href', `/payment/${LISTING_ID}`);
  });

  it('tells the owner a removed listing is gone for buyers and offers no edit', async () => {
    stubFetch({ 'GET /api/v1/auth/me': { body: SELLER }, [detail]: { body: makeListing({ is_deleted: true }) } });
    renderApp(path, { token: 'seller-token' });
    expect(await screen.findByText('This listing has been removed. Buyers can no longer see it.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Listing' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
  });

  it('does not show owner actions to another logged-in user', async () => {
    const network = stubFetch({ 'GET /api/v1/auth/me': { body: BUYER }, [detail]: { body: makeListing() } });
    renderApp(path, { token: 'buyer-token' });
    await screen.findByRole('heading', { level: 1, name: 'Eppendorf 5810R Centrifuge' });
    expect(screen.queryByRole('link', { name: 'Edit Listing' })).not.toBeInTheDocument();
    expect(network.lastRequest().headers.get('Authorization')).toBe('Bearer buyer-token');
  });

  it('tells others a listing whose time ran out has ended and shows similar live listings instead of a dead end (issue 18)', async () => {
    const similar = makeListing({ id: '2b2b2b2b-0000-4000-8000-000000000002', title: 'Hettich Rotina 380R Centrifuge' });
    stubFetch({
      [detail]: { status: 404, body: { detail: 'Listing not found', code: 'listing_ended' } },
      [`${detail}/related`]: { body: [similar] },
    });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'This listing has ended' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Hettich Rotina 380R Centrifuge' })).toHaveAttribute('href', `/listings/${similar.id}`);
    expect(screen.getByRole('link', { name: 'Browse equipment' })).toHaveAttribute('href', '/search');
    await expectTitle('This listing has ended');
  });

  it("says 'Listing not found' for a 404", async () => {
    await openPage(path, 'Listing not found', { [detail]: { status: 404, body: { detail: 'Listing not found' } } });
    await expectTitle('Listing not found');
  });

  it("says 'Error loading listing details' for any other failure", async () => {
    await openPage(path, 'Error loading listing details', { [detail]: { status: 500, body: { detail: 'Internal server error' } } });
    expect(screen.queryByText('Internal server error')).not.toBeInTheDocument();
  });

  it('shows the AI Search Insight passed by the search page in the location state, coloured by relevance', async () => {
    stubFetch({ [detail]: { body: makeListing() } });
    const { router } = renderApp('/');
    await router.navigate(path, {
      state: {
        ragSearchResponse: {
          relevance_explanation: 'Somewhat relevant: a refrigerated centrifuge, but not the 5804 model you asked for.',
          relevance_score: 0.62,
          rag_response_key: 'k1',
        },
      },
    });
    const insight = await screen.findByRole('region', { name: 'AI Search Insight' });
    expect(insight).toHaveTextContent('Somewhat relevant: a refrigerated centrifuge');
    expect(insight).toHaveAttribute('data-tone', 'somewhat');
    expect(within(insight).getByText('Relevance score: 62%')).toBeInTheDocument();
  });

  it('reads the AI Search Insight from session storage, and shows none without one', async () => {
    window.sessionStorage.setItem(
      `ai-insight:${LISTING_ID}`,
      JSON.stringify({
        relevance_explanation: 'Relevant: exactly the centrifuge requested.',
        relevance_score: 0.9,
        rag_response_key: 'k2',
      }),
    );
    stubFetch({ [detail]: { body: makeListing() } });
    const { unmount } = renderApp(path);
    const insight = await screen.findByRole('region', { name: 'AI Search Insight' });
    expect(insight).toHaveAttribute('data-tone', 'relevant');
    unmount();

    window.sessionStorage.clear();
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Eppendorf 5810R Centrifuge' });
    expect(screen.queryByRole('region', { name: 'AI Search Insight' })).not.toBeInTheDocument();
  });

  it('opens the lightbox from the gallery', async () => {
    stubFetch({ [detail]: { body: makeListing() } });
    const { user } = renderApp(path);
    await user.click(await screen.findByRole('button', { name: /Open photo 1 of 3/ }));
    const dialog = screen.getByRole('dialog');
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/uploads/listings/a/2.webp');
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it("labels a featured listing 'Featured' next to its badges", async () => {
    stubFetch({ [detail]: { body: makeListing({ is_featured: true }) } });
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Eppendorf 5810R Centrifuge' });
    expect(screen.getByText('Featured')).toBeInTheDocument();
  });

  it("offers 'Report this listing' to other users and visitors, not to the owner", async () => {
    stubFetch({ 'GET /api/v1/auth/me': { body: BUYER }, [detail]: { body: makeListing() } });
    const first = renderApp(path, { token: 'buyer-token' });
    expect(await screen.findByRole('button', { name: 'Report this listing' })).toHaveAttribute('aria-haspopup', 'dialog');
    first.unmount();
    window.localStorage.clear();

    stubFetch({ [detail]: { body: makeListing() } });
    const second = renderApp(path);
    expect(await screen.findByRole('link', { name: 'Report this listing' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(path)}`,
    );
    second.unmount();

    stubFetch({ 'GET /api/v1/auth/me': { body: SELLER }, [detail]: { body: makeListing() } });
    renderApp(path, { token: 'seller-token' });
    await screen.findByRole('link', { name: 'Edit Listing' });
    expect(screen.queryByRole('button', { name: 'Report this listing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Report this listing' })).not.toBeInTheDocument();
  });

  it("shows the owner the check's notes, one fix per sentence, with 'Fix this listing'", async () => {
    const notes =
      'Prescription drugs cannot be sold on BenchMarket (found: insulin). Remove them from the listing and offer only the equipment.';
    stubFetch({
      'GET /api/v1/auth/me': { body: SELLER },
      [detail]: { body: makeListing({ is_verified: false, verification: { status: 'auto_rejected', verification_notes: notes } }) },
    });
    renderApp(path, { token: 'seller-token' });

    const notice = await screen.findByRole('region', { name: 'Verification Needed: please fix the following.' });
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Prescription drugs cannot be sold on BenchMarket (found: insulin).',
      'Remove them from the listing and offer only the equipment.',
    ]);
    expect(within(notice).getByRole('link', { name: 'Fix this listing' })).toHaveAttribute('href', `/edit-listing/${LISTING_ID}`);
    expect(screen.getByText('Verification Needed')).toBeInTheDocument();
  });

  it("shows the owner a pending listing's notes", async () => {
    stubFetch({
      'GET /api/v1/auth/me': { body: SELLER },
      [detail]: {
        body: makeListing({
          is_verified: false,
          verification: { status: 'pending', verification_notes: 'The price is unusually low for this kind of equipment.' },
        }),
      },
    });
    renderApp(path, { token: 'seller-token' });
    const notice = await screen.findByRole('region', {
      name: 'Pending Verification: BenchMarket will take a second look at this listing.',
    });
    expect(within(notice).getByRole('listitem')).toHaveTextContent('The price is unusually low for this kind of equipment.');
  });

  it("shows the owner an operator's rejection and a take-down with their reasons", async () => {
    const reason = 'The photos show a different model than the title';
    stubFetch({
      'GET /api/v1/auth/me': { body: SELLER },
      [detail]: {
        body: makeListing({
          is_verified: false,
          verification: { status: 'auto_rejected', verification_notes: reason },
          moderation: { status: 'rejected', reason, at: '2026-01-10T09:00:00.000Z' },
        }),
      },
    });
    const first = renderApp(path, { token: 'seller-token' });
    expect(
      await screen.findByRole('region', { name: 'Rejected by BenchMarket review: The photos show a different model than the title.' }),
    ).toBeInTheDocument();
    first.unmount();

    stubFetch({
      'GET /api/v1/auth/me': { body: SELLER },
      [detail]: {
        body: makeListing({
          is_active: false,
          moderation: { status: 'taken_down', reason: 'Counterfeit: the serial number does not exist.', at: '2026-01-10T09:00:00.000Z' },
        }),
      },
    });
    renderApp(path, { token: 'seller-token' });
    const notice = await screen.findByRole('region', {
      name: 'Taken down by BenchMarket: Counterfeit: the serial number does not exist. This listing is hidden from buyers.',
    });
    expect(within(notice).getByRole('link', { name: 'Fix this listing' })).toBeInTheDocument();
  });

  it('shows no notice to the owner of a verified listing', async () => {
    stubFetch({ 'GET /api/v1/auth/me': { body: SELLER }, [detail]: { body: makeListing() } });
    renderApp(path, { token: 'seller-token' });
    await screen.findByRole('link', { name: 'Edit Listing' });
    expect(screen.queryByRole('link', { name: 'Fix this listing' })).not.toBeInTheDocument();
  });
});
