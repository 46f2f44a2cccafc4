import type { SellerProfile } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seller } from '../testing/fixtures';
import { renderAsSeller, stubSellerApi } from '../testing/seller-api';

const EMPTY: SellerProfile = {
  display_name: null,
  company: null,
  country: null,
  about: null,
  logo: null,
  public_name: 'BenchMarket seller',
};

function profileApi(put: (body: Record<string, unknown>) => { status?: number; body: unknown }, profile: SellerProfile = EMPTY) {
  return stubSellerApi({
    extra: {
      'GET /api/v1/account/profile': { body: profile },
      'PUT /api/v1/account/profile': () => put({}),
    },
  });
}

describe('the seller profile on /account', () => {
  it('saves display name, company, country and about, and links to the seller page', async () => {
    const sent: Record<string, unknown>[] = [];
    const network = profileApi(() => ({ body: { ...EMPTY, display_name: 'Northlab', public_name: 'Northlab' } }));
    const { user } = renderAsSeller('/account');
    const panel = await screen.findByRole('region', { name: 'Seller profile' });

    await user.type(await within(panel).findByLabelText('Display name'), 'Northlab');
    await user.type(within(panel).getByLabelText('Company (optional)'), 'Northlab GmbH');
    await user.type(within(panel).getByRole('combobox', { name: 'Country' }), 'Germany');
    await user.keyboard('{Enter}');
    await user.type(within(panel).getByLabelText('About (optional)'), 'Refurbished centrifuges.');
    expect(within(panel).getByText('24/1000')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Save profile' }));

    expect(await within(panel).findByText('Your seller profile has been saved.')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'View your seller page' })).toHaveAttribute('href', `/sellers/${seller.id}`);
    const put = network.requests.find((request) => request.method === 'PUT');
    sent.push((await put!.clone().json()) as Record<string, unknown>);
    expect(sent[0]).toEqual({ display_name: 'Northlab', company: 'Northlab GmbH', country: 'Germany', about: 'Refurbished centrifuges.' });
  });

  it('refuses an about over 1000 characters before sending, with the shared message', async () => {
    const network = profileApi(() => ({ body: EMPTY }), { ...EMPTY, about: 'a'.repeat(1001) });
    const { user } = renderAsSeller('/account');
    const panel = await screen.findByRole('region', { name: 'Seller profile' });
    await user.click(await within(panel).findByRole('button', { name: 'Save profile' }));

    expect(await within(panel).findByText('About must be at most 1000 characters')).toBeInTheDocument();
    expect(within(panel).getByLabelText('About (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(panel).getByLabelText('About (optional)')).toHaveFocus();
    expect(network.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it("shows the server's detail when saving fails", async () => {
    profileApi(() => ({ status: 400, body: { detail: 'Please choose a country from the list' } }), { ...EMPTY, display_name: 'Northlab' });
    const { user } = renderAsSeller('/account');
    const panel = await screen.findByRole('region', { name: 'Seller profile' });
    await user.click(await within(panel).findByRole('button', { name: 'Save profile' }));
    await waitFor(() => {
      expect(within(panel).getByText('Please choose a country from the list')).toBeInTheDocument();
    });
  });

  it('shows the logo and offers to replace or remove it', async () => {
    profileApi(() => ({ body: EMPTY }), { ...EMPTY, logo: '/uploads/sellers/x/logo.webp' });
    renderAsSeller('/account');
    const panel = await screen.findByRole('region', { name: 'Seller profile' });
    expect(await within(panel).findByRole('img', { name: 'Your logo' })).toHaveAttribute('src', '/uploads/sellers/x/logo.webp');
    expect(within(panel).getByLabelText('Replace logo')).toHaveAttribute('type', 'file');
    expect(within(panel).getByRole('button', { name: 'Remove logo' })).toBeInTheDocument();
  });
});
