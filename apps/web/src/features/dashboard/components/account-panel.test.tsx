import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { networkFailure } from '@/testing/fixtures';
import { stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { seller } from '../testing/fixtures';
import { renderAsSeller, SELLER_TOKEN } from '../testing/seller-api';
import { LOGOUT_EVERYWHERE_FAILED } from './account-panel';

function accountApi(logoutAll: StubHandler) {
  return stubFetch({
    'GET /api/v1/auth/me': { body: seller },
    'GET /api/v1/messages/user': { body: [] },
    'GET /api/v1/account/profile': {
      body: { display_name: null, company: null, country: null, about: null, logo: null, public_name: 'BenchMarket seller' },
    },
    'POST /api/v1/auth/logout-all': logoutAll,
  });
}

describe('the account page (/account)', () => {
  it("shows the user's email and logs out everywhere after a confirmation", async () => {
    const network = accountApi({ status: 204 });
    const { user, router } = renderAsSeller('/account');

    const panel = await screen.findByRole('region', { name: 'Signed in' });
    expect(within(panel).getByText(seller.email)).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Log out everywhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Log out everywhere?' });
    expect(network.requests.some((request) => request.url.endsWith('/auth/logout-all'))).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Log out everywhere' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    const call = network.requests.find((request) => request.url.endsWith('/auth/logout-all'));
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('Authorization')).toBe(`Bearer ${SELLER_TOKEN}`);
    expect(window.localStorage.getItem('access_token')).toBeNull();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const network = accountApi({ status: 204 });
    const { user } = renderAsSeller('/account');
    await user.click(await screen.findByRole('button', { name: 'Log out everywhere' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(network.requests.some((request) => request.url.endsWith('/auth/logout-all'))).toBe(false);
    expect(window.localStorage.getItem('access_token')).toBe(SELLER_TOKEN);
  });

  it('says so and stays logged in when the server cannot be reached (the other sessions were not ended)', async () => {
    accountApi(networkFailure);
    const { user, router } = renderAsSeller('/account');
    await user.click(await screen.findByRole('button', { name: 'Log out everywhere' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Log out everywhere' }));

    expect(await screen.findByText(LOGOUT_EVERYWHERE_FAILED)).toBeInTheDocument();
    expect(window.localStorage.getItem('access_token')).toBe(SELLER_TOKEN);
    expect(router.state.location.pathname).toBe('/account');
  });

  it("is reached from the user's email in the header", async () => {
    accountApi({ status: 204 });
    const { user, router } = renderAsSeller('/dashboard');
    await user.click(await screen.findByRole('link', { name: seller.email }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/account');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
  });
});
