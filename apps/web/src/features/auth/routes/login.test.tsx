import { LOGIN_ERROR, LOGIN_FAILED, accountSuspendedMessage, thirdPartyLoginFailed } from '@benchmarket/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answersInTurn, stubFetch } from '@/testing/fetch-stub';
import { fillAndSubmit, fillForm, submitExpectingEach } from '@/testing/forms';
import { expectAutocomplete, expectTitle, openPage } from '@/testing/page';
import { renderApp } from '@/testing/render-app';
import { installGoogle } from '../testing/google';
import { networkFailure, publicConfig, verifiedUser } from '@/testing/fixtures';

const loggedIn = {
  'POST /api/v1/auth/login': { body: { access_token: 'token-123', token_type: 'bearer' } },
  'GET /api/v1/auth/me': { body: verifiedUser },
};

const logIn = (user: UserEvent, email: string, password: string) => fillAndSubmit(user, { Email: email, Password: password }, 'Login');

describe('/login', () => {
  it('shows the form with labelled fields, the forgot-password and register links, and a title', async () => {
    await openPage('/login', 'Login');
    expectAutocomplete({ Email: 'email', Password: 'current-password' });
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    await expectTitle('Log in · BenchMarket', { exact: true });
  });

  it('asks for the email and password before sending anything', async () => {
    const network = stubFetch({});
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Please enter your email address')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(network.requests.filter((request) => request.url.includes('/auth/login'))).toHaveLength(0);
  });

  it('logs in: sends the form-encoded credentials, stores the token, refreshes the session and goes to /', async () => {
    const network = stubFetch(loggedIn);
    const { user, router } = renderApp('/login');

    await logIn(user, 'Buyer@Example.com', 'secret-password');

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    const login = network.requests.find((request) => request.url.endsWith('/api/v1/auth/login'));
    expect(login?.headers.get('Content-Type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(await login?.text()).toBe('username=buyer%40example.com&password=secret-password');
    expect(window.localStorage.getItem('access_token')).toBe('token-123');
    const me = network.requests.find((request) => request.url.endsWith('/api/v1/auth/me'));
    expect(me?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(await within(screen.getByRole('banner')).findByText('buyer@example.com')).toBeInTheDocument();
  });

  it('returns to the page in navigation state (`from`) after logging in', async () => {
    stubFetch(loggedIn);
    const { user, router } = renderApp('/');
    await act(() => router.navigate('/login', { state: { from: { pathname: '/dashboard', search: '?tab=messages' } } }));

    await logIn(user, 'buyer@example.com', 'secret-password');

    await waitFor(() => {
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/dashboard?tab=messages');
    });
  });

  it('returns to a same-site ?next= path, and ignores one that leaves the site', async () => {
    stubFetch(loggedIn);
    const first = renderApp('/login?next=%2Fcreate-listing');
    await logIn(first.user, 'buyer@example.com', 'secret-password');
    await waitFor(() => {
      expect(first.router.state.location.pathname).toBe('/create-listing');
    });
    first.unmount();
    window.localStorage.clear();

    const second = renderApp('/login?next=//evil.example/steal');
    await logIn(second.user, 'buyer@example.com', 'secret-password');
    await waitFor(() => {
      expect(second.router.state.location.pathname).toBe('/');
    });
  });

  it("shows the server's detail when the credentials are refused", async () => {
    stubFetch({ 'POST /api/v1/auth/login': { status: 401, body: { detail: 'Incorrect email or password' } } });
    const { user } = renderApp('/login');

    await logIn(user, 'buyer@example.com', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(window.localStorage.getItem('access_token')).toBeNull();
  });

  it("shows a suspended account's refusal as the API words it (403 'account_suspended'), and stays logged out", async () => {
    const detail = accountSuspendedMessage('Repeated listings of prescription drugs');
    const network = stubFetch({ 'POST /api/v1/auth/login': { status: 403, body: { detail, code: 'account_suspended' } } });
    const { user, router } = renderApp('/login');

    await logIn(user, 'buyer@example.com', 'secret-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account has been suspended: Repeated listings of prescription drugs. Contact support if you believe this is a mistake.',
    );
    expect(window.localStorage.getItem('access_token')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(network.requests.some((request) => request.url.endsWith('/auth/me'))).toBe(false);
  });

  it('falls back to the generic texts without a detail, and for a network failure', async () => {
    stubFetch({ 'POST /api/v1/auth/login': answersInTurn({ status: 500 }, networkFailure) });
    const { user } = renderApp('/login');

    await fillForm(user, { Email: 'buyer@example.com', Password: 'secret-password' });
    await submitExpectingEach(user, 'Login', [LOGIN_FAILED, LOGIN_ERROR]);
  });

  it('disables the button with a spinner while logging in', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/auth/login')) {
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }
      return Promise.resolve(new Response(JSON.stringify({ detail: 'Not Found' }), { status: 404 }));
    });
    const { user } = renderApp('/login');

    await logIn(user, 'buyer@example.com', 'secret-password');

    const button = screen.getByRole('button', { name: 'Login' });
    await waitFor(() => {
      expect(button).toBeDisabled();
    });
    expect(button).toHaveAttribute('aria-busy', 'true');
    answer(
      new Response(JSON.stringify({ detail: 'Incorrect email or password' }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect(await screen.findByText('Incorrect email or password')).toBeInTheDocument();
    expect(button).toBeEnabled();
  });

  it('shows a success banner carried in navigation state', async () => {
    stubFetch({});
    const { router } = renderApp('/');
    await act(() => router.navigate('/login', { state: { message: 'Your password has been reset. You can now log in.' } }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset. You can now log in.');
  });

  it('logs in with Google when a client id is configured', async () => {
    const google = installGoogle();
    const network = stubFetch({
      'GET /api/v1/config': { body: publicConfig({ google_client_id: 'client-123' }) },
      'POST /api/v1/auth/google/nonce': { body: { nonce: 'api-nonce-1' } },
      'POST /api/v1/auth/google': (request) =>
        request.headers.get('Content-Type') === 'application/json'
          ? { body: { access_token: 'google-token', token_type: 'bearer' } }
          : { status: 400 },
      'GET /api/v1/auth/me': { body: verifiedUser },
    });
    const { router } = renderApp('/login?next=/dashboard');

    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(google.configuration?.client_id).toBe('client-123');
    await act(async () => {
      google.configuration?.callback({ credential: 'google-id-token' });
      await Promise.resolve();
    });

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard');
    });
    const exchange = network.requests.find((request) => request.url.endsWith('/auth/google'));
    expect(await exchange?.json()).toEqual({ token: 'google-id-token' });
    expect(window.localStorage.getItem('access_token')).toBe('google-token');
    expect(screen.queryByText(thirdPartyLoginFailed('Google'))).not.toBeInTheDocument();
  });
});
