import { FEATURE_NOT_LIVE, FEATURE_UNTIL_IN_PAST } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { LISTING_ID_INVALID } from '../form-schemas';
import { formatDate } from '../format';
import { ADMIN_TOKEN, adminApi, bodyOf, daysFromNow, makeAdminListing } from '../testing/fixtures';

/** 'YYYY-MM-DD' some days from today (local time, as a date field gives it). */
function dayFromNow(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${String(date.getFullYear())}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

describe('/admin/featured', () => {
  it('lists the featured listings with the day each stops being featured', async () => {
    const featured = makeAdminListing({ title: 'Leica DM750 Microscope', featured_until: daysFromNow(10), is_featured: true });
    adminApi({
      'GET /api/v1/listings/featured': { body: [featured] },
      [`GET /api/v1/admin/listings/${featured.id}`]: { body: featured },
    });
    renderApp('/admin/featured', { token: ADMIN_TOKEN });
    const table = await screen.findByRole('table', { name: /^Featured listings/ });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('Leica DM750 Microscope');
    expect(row).toHaveTextContent(formatDate(featured.featured_until));
  });

  it('says when nothing is featured', async () => {
    adminApi({ 'GET /api/v1/listings/featured': { body: [] } });
    renderApp('/admin/featured', { token: ADMIN_TOKEN });
    expect(await screen.findByText('No listing is featured now.')).toBeInTheDocument();
  });

  it('features a live listing picked elsewhere (its id in the URL) until a day, checking the form first', async () => {
    const listing = makeAdminListing({ title: 'Sartorius Cubis II Balance' });
    const until = dayFromNow(14);
    const network = adminApi({
      'GET /api/v1/listings/featured': { body: [] },
      [`GET /api/v1/admin/listings/${listing.id}`]: { body: listing },
      [`POST /api/v1/admin/listings/${listing.id}/feature`]: { body: { ...listing, featured_until: `${until}T23:59:59.000Z` } },
    });
    const { user } = renderApp(`/admin/featured?listing=${listing.id}`, { token: ADMIN_TOKEN });

    const form = await screen.findByRole('region', { name: 'Feature a listing' });
    expect(within(form).getByRole('textbox', { name: 'Listing id' })).toHaveValue(listing.id);
    expect(await within(form).findByRole('link', { name: 'Sartorius Cubis II Balance' })).toBeInTheDocument();
    expect(within(form).queryByText(FEATURE_NOT_LIVE)).not.toBeInTheDocument();

    const date = within(form).getByLabelText('Featured until');
    await user.click(within(form).getByRole('button', { name: 'Feature listing' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose a date.');
    expect(date).toHaveFocus();

    await user.type(date, dayFromNow(-1));
    await user.click(within(form).getByRole('button', { name: 'Feature listing' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(FEATURE_UNTIL_IN_PAST);
    expect(network.requests.filter((request) => request.method === 'POST')).toEqual([]);

    await user.clear(date);
    await user.type(date, until);
    await user.click(within(form).getByRole('button', { name: 'Feature listing' }));
    await waitFor(() => {
      expect(screen.getByText(`'Sartorius Cubis II Balance' is featured until ${formatDate(`${until}T23:59:59.000Z`)}.`)).toHaveFocus();
    });
    expect(await bodyOf(network.requests.find((request) => request.method === 'POST') as Request)).toEqual({ until });
  });

  it('refuses an id that is not a listing id, and warns about a listing that is not live', async () => {
    const unpaid = makeAdminListing({ title: 'Unpaid Oven', payment_status: 'unpaid', is_active: false });
    adminApi({
      'GET /api/v1/listings/featured': { body: [] },
      [`GET /api/v1/admin/listings/${unpaid.id}`]: { body: unpaid },
    });
    const { user } = renderApp('/admin/featured', { token: ADMIN_TOKEN });
    const form = await screen.findByRole('region', { name: 'Feature a listing' });
    const id = within(form).getByRole('textbox', { name: 'Listing id' });
    await user.type(id, 'centrifuge');
    await user.type(within(form).getByLabelText('Featured until'), dayFromNow(7));
    await user.click(within(form).getByRole('button', { name: 'Feature listing' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(LISTING_ID_INVALID);
    expect(id).toHaveFocus();

    await user.clear(id);
    await user.type(id, unpaid.id);
    expect(await within(form).findByText(FEATURE_NOT_LIVE)).toBeInTheDocument();
  });

  it('unfeatures a listing after a confirmation', async () => {
    const featured = makeAdminListing({ title: 'Leica DM750 Microscope', featured_until: daysFromNow(10), is_featured: true });
    let list = [featured];
    const network = adminApi({
      'GET /api/v1/listings/featured': () => ({ body: list }),
      [`GET /api/v1/admin/listings/${featured.id}`]: { body: featured },
      [`DELETE /api/v1/admin/listings/${featured.id}/feature`]: () => {
        list = [];
        return { body: { ...featured, featured_until: null } };
      },
    });
    const { user } = renderApp('/admin/featured', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Unfeature: Leica DM750 Microscope' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Stop featuring this listing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unfeature' }));
    expect(await screen.findByText("'Leica DM750 Microscope' is no longer featured.")).toBeInTheDocument();
    expect(await screen.findByText('No listing is featured now.')).toBeInTheDocument();
    expect(network.requests.some((request) => request.method === 'DELETE')).toBe(true);
  });
});
