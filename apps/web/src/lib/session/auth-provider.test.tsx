import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/render-app';
import { networkFailure } from '@/testing/fixtures';
import { useAuth } from './use-auth';

const buyer = { id: 'u-7', email: 'buyer@example.com', is_verified: false };

function AuthProbe() {
  const { user, isLoggedIn, isLoading, setToken, logout } = useAuth();
  if (isLoading) return <p>Checking session…</p>;
  return (
    <div>
      <p>{isLoggedIn ? `Logged in as ${user?.email ?? ''}` : 'Logged out'}</p>
      <button type="button" onClick={() => void setToken('fresh-token')}>
        Store token
      </button>
      <button type="button" onClick={logout}>
        Log out
      </button>
    </div>
  );
}

describe('AuthProvider', () => {
  it('is logged out without calling /auth/me when no token is stored', async () => {
    const network = stubFetch({ 'GET /api/v1/auth/me': { body: buyer } });
    renderWithProviders(<AuthProbe />);

    expect(screen.getByText('Logged out')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(network.requests).toHaveLength(0);
  });

  it('drops the token and logs out, without showing an error, when /auth/me answers 401', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch({ 'GET /api/v1/auth/me': { status: 401, body: { detail: 'Could not validate credentials' } } });
    renderWithProviders(<AuthProbe />, { token: 'expired-token' });

    expect(screen.getByText('Checking session…')).toBeInTheDocument();
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(screen.queryByText(/Could not validate credentials/)).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it('logs in when a new token is stored and the check succeeds', async () => {
    const network = stubFetch({ 'GET /api/v1/auth/me': { body: buyer } });
    const { user } = renderWithProviders(<AuthProbe />);

    await user.click(screen.getByRole('button', { name: 'Store token' }));

    expect(await screen.findByText('Logged in as buyer@example.com')).toBeInTheDocument();
    expect(window.localStorage.getItem('access_token')).toBe('fresh-token');
    expect(network.lastRequest().headers.get('Authorization')).toBe('Bearer fresh-token');
  });

  it('follows a logout made in another tab (storage event)', async () => {
    stubFetch({ 'GET /api/v1/auth/me': { body: buyer } });
    renderWithProviders(<AuthProbe />, { token: 'shared-token' });
    expect(await screen.findByText('Logged in as buyer@example.com')).toBeInTheDocument();

    act(() => {
      window.localStorage.removeItem('access_token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', oldValue: 'shared-token', newValue: null }));
    });

    expect(await screen.findByText('Logged out')).toBeInTheDocument();
  });

  it('re-checks the session when storage changes in another tab', async () => {
    let calls = 0;
    stubFetch({
      'GET /api/v1/auth/me': () => {
        calls += 1;
        return calls === 1 ? { body: buyer } : { status: 401, body: { detail: 'Token revoked' } };
      },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithProviders(<AuthProbe />, { token: 'shared-token' });
    expect(await screen.findByText('Logged in as buyer@example.com')).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'search_state', newValue: '{}' }));
    });

    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    await waitFor(() => {
      expect(window.localStorage.getItem('access_token')).toBeNull();
    });
  });

  it('logout removes the token', async () => {
    stubFetch({ 'GET /api/v1/auth/me': { body: buyer } });
    const { user } = renderWithProviders(<AuthProbe />, { token: 'shared-token' });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(screen.getByText('Logged out')).toBeInTheDocument();
    expect(window.localStorage.getItem('access_token')).toBeNull();
  });

  it('Log out asks the server to revoke the token, then removes it', async () => {
    const network = stubFetch({ 'GET /api/v1/auth/me': { body: buyer }, 'POST /api/v1/auth/logout': { status: 204 } });
    const { user } = renderWithProviders(<AuthProbe />, { token: 'session-token' });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(screen.getByText('Logged out')).toBeInTheDocument();
    expect(window.localStorage.getItem('access_token')).toBeNull();
    const call = network.requests.find((request) => request.url.endsWith('/auth/logout'));
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('Authorization')).toBe('Bearer session-token');
  });

  it('Log out still removes the token when the server cannot be reached', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch({ 'GET /api/v1/auth/me': { body: buyer }, 'POST /api/v1/auth/logout': networkFailure });
    const { user } = renderWithProviders(<AuthProbe />, { token: 'session-token' });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(screen.getByText('Logged out')).toBeInTheDocument();
    expect(window.localStorage.getItem('access_token')).toBeNull();
    await waitFor(() => {
      expect(warn).toHaveBeenCalled();
    });
  });
});
