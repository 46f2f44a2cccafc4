import { DASHBOARD_DELETE_LISTING_FAILED, DASHBOARD_LISTINGS_FAILED, DASHBOARD_MESSAGES_FAILED } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { daysFromNow, makeListing, makeMessage } from '../testing/fixtures';
import { itemWith, renderAsSeller, stubSellerApi } from '../testing/seller-api';

const rowOf = (title: string) => itemWith(title, 'tr');

/** The names of a row's actions (links and buttons in its last cell), in order. */
function actionsOf(title: string): string[] {
  const cells = within(rowOf(title)).getAllByRole('cell');
  const actionsCell = cells.at(-1);
  if (!actionsCell) return [];
  return Array.from(actionsCell.querySelectorAll('a, button')).map((element) => element.textContent);
}

describe('/dashboard', () => {
  it('sends a visitor to /login with a return path', async () => {
    stubFetch({});
    const { router } = renderApp('/dashboard?tab=messages');

    // The dashboard's and the login page's code load first.
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe('/login');
      },
      { timeout: 15_000 },
    );
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toEqual({ from: '/dashboard?tab=messages' });
  });

  it("shows 'Seller Dashboard' with the tabs 'My Listings', 'Payment History', 'Messages', 'Watchlist' and 'Saved searches'", async () => {
    stubSellerApi();
    renderAsSeller('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Seller Dashboard' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['My Listings', 'Payment History', 'Messages', 'Watchlist', 'Saved searches']);
    expect(screen.getByRole('tab', { name: 'My Listings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'My Listings' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Seller Dashboard · BenchMarket');
    });
  });

  it('keeps the tab in the URL: opens the one it names and records the one chosen', async () => {
    stubSellerApi();
    const { user, router } = renderAsSeller('/dashboard?tab=payments');

    expect(await screen.findByRole('tab', { name: 'Payment History' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'My Listings' })).toHaveAttribute('aria-selected', 'false');

    await user.click(screen.getByRole('tab', { name: /^Messages/ }));
    expect(router.state.location.search).toBe('?tab=messages');
    expect(screen.getByRole('tabpanel', { name: /^Messages/ })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'My Listings' }));
    expect(router.state.location.search).toBe('?tab=listings');
  });

  it('moves between tabs with the arrow keys, Home and End (ARIA tabs)', async () => {
    stubSellerApi();
    const { user, router } = renderAsSeller('/dashboard');
    const first = await screen.findByRole('tab', { name: 'My Listings' });
    expect(first).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Payment History' })).toHaveAttribute('tabindex', '-1');

    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Payment History' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Payment History' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=payments');

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'My Listings' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Watchlist' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'My Listings' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Saved searches' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the unread count on the Messages tab', async () => {
    stubSellerApi({ messages: [makeMessage(), makeMessage(), makeMessage({ is_read: true })] });
    renderAsSeller('/dashboard');

    const tab = await screen.findByRole('tab', { name: 'Messages', description: '2 unread' });
    expect(tab).toHaveTextContent('Messages (2)');
  });

  describe('My Listings', () => {
    const unpaid = makeListing({ title: 'Unpaid Autoclave', payment_status: 'unpaid', is_active: false, expiry_date: null });
    const paid = makeListing({ title: 'Paid Centrifuge', expiry_date: daysFromNow(90) });
    const expired = makeListing({ title: 'Expired Microscope', expiry_date: daysFromNow(-3), is_active: false });
    const removed = makeListing({ title: 'Removed Incubator', is_deleted: true, is_active: false });
    const soon = makeListing({ title: 'Soon Pipette', expiry_date: daysFromNow(3) });

    it('lists every listing (show_all=true) with photo, price, payment status, badge and expiry', async () => {
      const network = stubSellerApi({ listings: [paid, unpaid] });
      renderAsSeller('/dashboard');

      await screen.findByText('Paid Centrifuge');
      const request = network.requests.find((r) => r.url.includes('/listings/user'));
      expect(new URL(request?.url ?? '').searchParams.get('show_all')).toBe('true');

      const row = within(rowOf('Paid Centrifuge'));
      expect(row.getByRole('img', { name: 'Paid Centrifuge' })).toHaveAttribute('src', paid.thumbnails[0]);
      expect(row.getByText('$4,250.50')).toBeInTheDocument();
      expect(row.getByText('Paid')).toBeInTheDocument();
      expect(row.getByText('AI Verified')).toBeInTheDocument();
      expect(row.getByText(/^Expires in \d+ (days|months)$/)).toBeInTheDocument();
      expect(within(rowOf('Unpaid Autoclave')).getByText('Unpaid')).toBeInTheDocument();
    });

    it('gives an unpaid listing Edit, View, Delete and Pay Now', async () => {
      stubSellerApi({ listings: [unpaid] });
      renderAsSeller('/dashboard');
      await screen.findByText('Unpaid Autoclave');

      expect(actionsOf('Unpaid Autoclave')).toEqual(['Edit', 'View', 'Delete', 'Pay Now']);
      const row = within(rowOf('Unpaid Autoclave'));
      expect(row.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/edit-listing/${unpaid.id}`);
      expect(row.getByRole('link', { name: 'View' })).toHaveAttribute('href', `/listings/${unpaid.id}`);
      expect(row.getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', `/payment/${unpaid.id}`);
    });

    it('gives a paid listing that has not expired Extend', async () => {
      stubSellerApi({ listings: [paid] });
      renderAsSeller('/dashboard');
      await screen.findByText('Paid Centrifuge');

      expect(actionsOf('Paid Centrifuge')).toEqual(['Edit', 'View', 'Delete', 'Extend']);
      expect(within(rowOf('Paid Centrifuge')).getByRole('link', { name: 'Extend' })).toHaveAttribute('href', `/listings/${paid.id}/extend`);
    });

    it("gives a paid, expired listing Renew and labels it 'Expired'", async () => {
      stubSellerApi({ listings: [expired, soon] });
      renderAsSeller('/dashboard');
      await screen.findByText('Expired Microscope');

      expect(actionsOf('Expired Microscope')).toEqual(['Edit', 'View', 'Delete', 'Renew']);
      const row = within(rowOf('Expired Microscope'));
      expect(row.getByRole('link', { name: 'Renew' })).toHaveAttribute('href', `/listings/${expired.id}/extend`);
      expect(row.getByText('Expired')).toBeInTheDocument();
      expect(within(rowOf('Soon Pipette')).getByText('Expires soon')).toBeInTheDocument();
    });

    it("marks a removed listing 'Removed' and gives it no actions", async () => {
      stubSellerApi({ listings: [removed] });
      renderAsSeller('/dashboard');
      await screen.findByText('Removed Incubator');

      const row = within(rowOf('Removed Incubator'));
      expect(row.getByText('Removed')).toBeInTheDocument();
      expect(row.queryAllByRole('link')).toHaveLength(0);
      expect(row.queryAllByRole('button')).toHaveLength(0);
    });

    it("asks for active listings only (show_all=false) with 'Show active only'", async () => {
      const network = stubSellerApi({ listings: [paid] });
      const { user } = renderAsSeller('/dashboard');
      await screen.findByText('Paid Centrifuge');

      await user.click(screen.getByRole('checkbox', { name: 'Show active only' }));

      await waitFor(() => {
        const last = network.requests.filter((r) => r.url.includes('/listings/user')).at(-1);
        expect(new URL(last?.url ?? '').searchParams.get('show_all')).toBe('false');
      });
    });

    it("shows an empty state with a 'Create Listing' link", async () => {
      stubSellerApi({ listings: [] });
      renderAsSeller('/dashboard');

      const panel = await screen.findByRole('tabpanel', { name: 'My Listings' });
      expect(await within(panel).findByRole('link', { name: 'Create Listing' })).toHaveAttribute('href', '/create-listing');
    });

    it('says so when the listings cannot be loaded', async () => {
      stubSellerApi({ extra: { 'GET /api/v1/listings/user': { status: 500, body: { detail: 'boom' } } } });
      renderAsSeller('/dashboard');

      expect(await screen.findByText(DASHBOARD_LISTINGS_FAILED)).toBeInTheDocument();
    });

    it('deletes a listing after confirmation in a dialog', async () => {
      let deleted = false;
      const network = stubSellerApi({
        extra: {
          'GET /api/v1/listings/user': () => ({ body: [deleted ? { ...paid, is_deleted: true } : paid] }),
          [`DELETE /api/v1/listings/${paid.id}`]: () => {
            deleted = true;
            return { body: { message: 'Listing deleted' } };
          },
        },
      });
      const { user } = renderAsSeller('/dashboard');
      await screen.findByText('Paid Centrifuge');

      await user.click(within(rowOf('Paid Centrifuge')).getByRole('button', { name: 'Delete' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Delete this listing?' });
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

      // Cancel sends nothing, and the focus goes back to the row's Delete.
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(network.requests.some((r) => r.method === 'DELETE')).toBe(false);
      expect(within(rowOf('Paid Centrifuge')).getByRole('button', { name: 'Delete' })).toHaveFocus();

      await user.click(within(rowOf('Paid Centrifuge')).getByRole('button', { name: 'Delete' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete listing' }));

      expect(await within(rowOf('Paid Centrifuge')).findByText('Removed')).toBeInTheDocument();
      expect(network.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      // The Delete button went with the listing: the focus is on the table, not lost.
      await waitFor(() => {
        expect(screen.getByRole('region', { name: 'Your listings' })).toHaveFocus();
      });
    });

    it('says so when a listing cannot be deleted', async () => {
      stubSellerApi({ listings: [paid], extra: { [`DELETE /api/v1/listings/${paid.id}`]: { status: 500 } } });
      const { user } = renderAsSeller('/dashboard');
      await screen.findByText('Paid Centrifuge');

      await user.click(within(rowOf('Paid Centrifuge')).getByRole('button', { name: 'Delete' }));
      await user.click(screen.getByRole('button', { name: 'Delete listing' }));

      expect(await screen.findByText(DASHBOARD_DELETE_LISTING_FAILED)).toBeInTheDocument();
      expect(actionsOf('Paid Centrifuge')).toContain('Delete');
    });
  });

  it('says so when the messages cannot be loaded', async () => {
    stubSellerApi({ extra: { 'GET /api/v1/messages/user': { status: 500 } } });
    renderAsSeller('/dashboard?tab=messages');

    expect(await screen.findByText(DASHBOARD_MESSAGES_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Messages' })).toBeInTheDocument();
  });
});

describe('/dashboard: what to fix (issue 14)', () => {
  it("shows under a row's title the check's notes or BenchMarket's reason, with 'Fix this listing'", async () => {
    const needsFix = makeListing({
      title: 'Flagged Incubator',
      is_verified: false,
      verification: {
        status: 'auto_rejected',
        verification_notes: 'Controlled substances cannot be sold on BenchMarket (found: ketamine). Remove them from the listing.',
      },
    });
    const takenDown = makeListing({
      title: 'Taken Down Scope',
      is_active: false,
      moderation: { status: 'taken_down', reason: 'Reported as stolen', at: '2026-01-10T09:00:00.000Z' },
    });
    const fine = makeListing({ title: 'Fine Centrifuge', is_featured: true });
    stubSellerApi({ listings: [needsFix, takenDown, fine] });
    renderAsSeller('/dashboard');
    await screen.findByText('Flagged Incubator');

    const flagged = within(rowOf('Flagged Incubator'));
    expect(flagged.getByText('Verification Needed: please fix the following.')).toBeInTheDocument();
    expect(flagged.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Controlled substances cannot be sold on BenchMarket (found: ketamine).',
      'Remove them from the listing.',
    ]);
    const fix = flagged.getByRole('link', { name: 'Fix this listing' });
    expect(fix).toHaveAttribute('href', `/edit-listing/${needsFix.id}`);
    expect(fix).toHaveAccessibleDescription('Flagged Incubator');

    expect(
      within(rowOf('Taken Down Scope')).getByText('Taken down by BenchMarket: Reported as stolen. This listing is hidden from buyers.'),
    ).toBeInTheDocument();

    const fineRow = within(rowOf('Fine Centrifuge'));
    expect(fineRow.queryByRole('link', { name: 'Fix this listing' })).not.toBeInTheDocument();
    expect(fineRow.getByText('Featured')).toBeInTheDocument();
  });
});
