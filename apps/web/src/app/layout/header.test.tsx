import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

const seller = { id: 'u-1', email: 'seller@example.com', is_verified: true };

function header() {
  return within(screen.getByRole('banner'));
}

describe('Header', () => {
  it('shows Home, Search Equipment, Login and Register to a visitor', async () => {
    const network = stubFetch({});
    renderApp('/');

    expect(header().getByRole('link', { name: 'BenchMarket home' })).toHaveAttribute('href', '/');
    expect(header().getByText('BenchMarket')).toBeInTheDocument();
    // spec §2: the logo is 30 px high.
    const logo = header().getByRole('img', { name: 'BenchMarket logo' });
    expect(logo).toHaveAttribute('src', '/logo.svg');
    expect(logo).toHaveAttribute('height', '30');
    expect(logo).toHaveClass('h-[30px]');
    expect(header().getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(header().getByRole('link', { name: 'Search Equipment' })).toHaveAttribute('href', '/search');
    expect(header().getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(header().getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(header().queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(header().queryByRole('link', { name: 'Watchlist' })).not.toBeInTheDocument();
    expect(header().queryByRole('link', { name: 'Create Listing' })).not.toBeInTheDocument();
    expect(header().queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    // spec §4: no token, no session check (the landing page itself loads the latest listings).
    await screen.findByRole('heading', { level: 1 });
    expect(network.requests.filter((request) => request.url.includes('/auth/'))).toHaveLength(0);
  });

  it('shows Dashboard, Create Listing, the email and Logout once /auth/me confirms the token', async () => {
    const network = stubFetch({ 'GET /api/v1/auth/me': { body: seller } });
    renderApp('/', { token: 'token-abc' });

    expect(await header().findByText('seller@example.com')).toBeInTheDocument();
    expect(header().getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(header().getByRole('link', { name: 'Create Listing' })).toHaveAttribute('href', '/create-listing');
    // Issue 16.
    expect(header().getByRole('link', { name: 'Watchlist' })).toHaveAttribute('href', '/watchlist');
    expect(header().getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(header().queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(header().queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    expect(network.lastRequest().headers.get('Authorization')).toBe('Bearer token-abc');
  });

  it("shows the Admin link only to administrators (GET /auth/me's role)", async () => {
    stubFetch({ 'GET /api/v1/auth/me': { body: { ...seller, role: 'admin' } } });
    renderApp('/', { token: 'token-admin' });
    expect(await header().findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('shows no Admin link to other users', async () => {
    stubFetch({ 'GET /api/v1/auth/me': { body: { ...seller, role: 'user' } } });
    renderApp('/', { token: 'token-abc' });
    expect(await header().findByText('seller@example.com')).toBeInTheDocument();
    expect(header().queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('logs out: removes the stored token, shows Login again and goes to /', async () => {
    stubFetch({ 'GET /api/v1/auth/me': { body: seller } });
    const { user, router } = renderApp('/search', { token: 'token-abc' });

    await user.click(await header().findByRole('button', { name: 'Logout' }));

    expect(await header().findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(header().queryByText('seller@example.com')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
  });

  it.each(['/dashboard', '/create-listing', '/account'])(
    'logs out from %s, a page for logged-in users, to / (not to /login, where the page itself would send a visitor)',
    async (path) => {
      stubFetch({ 'GET /api/v1/auth/me': { body: seller } });
      const { user, router } = renderApp(path, { token: 'token-abc' });

      await user.click(await header().findByRole('button', { name: 'Logout' }));

      await waitFor(() => {
        expect(window.localStorage.getItem('access_token')).toBeNull();
      });
      expect(router.state.location.pathname).toBe('/');
      // Long enough for a page's delayed redirect to /login to have fired.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(router.state.location.pathname).toBe('/');
    },
  );

  describe('mobile menu', () => {
    it('opens and closes with the toggle button and with Escape', async () => {
      stubFetch({});
      const { user } = renderApp('/');
      const toggle = header().getByRole('button', { name: 'Open menu' });
      const menuId = toggle.getAttribute('aria-controls');
      expect(menuId).toBeTruthy();
      expect(document.getElementById(menuId ?? '')).toBeInTheDocument();
      expect(toggle).toHaveAttribute('aria-expanded', 'false');

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(toggle).toHaveAccessibleName('Close menu');

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');

      // Keyboard: Enter opens, Escape closes and gives focus back to the toggle.
      toggle.focus();
      await user.keyboard('{Enter}');
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await user.keyboard('{Escape}');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveFocus();
    });

    it('closes when a link navigates', async () => {
      stubFetch({});
      const { user, router } = renderApp('/');
      const toggle = header().getByRole('button', { name: 'Open menu' });

      await user.click(toggle);
      await user.click(header().getByRole('link', { name: 'Search Equipment' }));

      await waitFor(() => {
        expect(router.state.location.pathname).toBe('/search');
      });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  });
});
