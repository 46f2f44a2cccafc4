import { EMAIL_ALREADY_VERIFIED, VERIFY_ERROR, VERIFY_FAILED } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch, type FetchStub, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { renderStrictApp } from '@/testing/render-strict-app';
import { networkFailure, unverifiedUser, verifiedUser } from '@/testing/fixtures';
import { EMAIL_VERIFIED } from './verify-email';

const verifyCalls = (network: FetchStub) => network.requests.filter((request) => request.url.endsWith('/auth/verify-email'));

describe('/verify-email', () => {
  it('says the link is invalid without a token, and offers the way home', async () => {
    const network = stubFetch({});
    const { user, router } = renderApp('/verify-email');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification link. No token provided.');
    expect(verifyCalls(network)).toHaveLength(0);
    await waitFor(() => {
      expect(document.title).toBe('Verify email · BenchMarket');
    });
    await user.click(screen.getByRole('button', { name: 'Return to Home' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
  });

  it('shows a spinner, then the success and a Go to Login button', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const network = stubFetch({});
    const respond = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = respond(input, init);
      if (String(input).endsWith('/auth/verify-email')) {
        await answered;
        return new Response(JSON.stringify({ is_verified: true }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return response;
    });
    const { user, router } = renderApp('/verify-email?token=abc123');

    expect(await screen.findByText('Verifying your email…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Verifying your email' })).toBeInTheDocument();
    answer();
    expect(await screen.findByText(EMAIL_VERIFIED)).toBeInTheDocument();
    expect(EMAIL_VERIFIED).toMatch(/^Your email has been verified/);
    expect(verifyCalls(network)).toHaveLength(1);
    expect(await verifyCalls(network)[0]?.json()).toEqual({ token: 'abc123' });

    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
  });

  it("counts an 'already verified' answer as success", async () => {
    stubFetch({ 'POST /api/v1/auth/verify-email': { status: 400, body: { detail: 'Email is already verified' } } });
    renderApp('/verify-email?token=abc123');

    expect(await screen.findByText(EMAIL_ALREADY_VERIFIED)).toBeInTheDocument();
    expect(EMAIL_ALREADY_VERIFIED).toBe('Your email has already been verified. You can now log in.');
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeInTheDocument();
  });

  it.each<[string, StubHandler, string]>([
    [
      'the detail of a refused token',
      { status: 400, body: { detail: 'This verification link has expired' } },
      'This verification link has expired',
    ],
    ['the fallback without a detail', { status: 500 }, VERIFY_FAILED],
    ['the network message', networkFailure, VERIFY_ERROR],
  ])('shows %s, with a Return to Home button', async (_case, answer, message) => {
    stubFetch({ 'POST /api/v1/auth/verify-email': answer });
    renderApp('/verify-email?token=abc123');

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Return to Home' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to Login' })).not.toBeInTheDocument();
  });

  it('sends a single-use token once, even under StrictMode', async () => {
    const network = stubFetch({ 'POST /api/v1/auth/verify-email': { body: { is_verified: true } } });
    renderStrictApp('/verify-email?token=once');

    expect(await screen.findByText(EMAIL_VERIFIED)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(verifyCalls(network)).toHaveLength(1);
  });

  it('refreshes the session of a logged-in user, so the header and pages see the verified email', async () => {
    let me = unverifiedUser;
    const network = stubFetch({
      'GET /api/v1/auth/me': () => ({ body: me }),
      'POST /api/v1/auth/verify-email': () => {
        me = verifiedUser;
        return { body: { is_verified: true } };
      },
    });
    renderApp('/verify-email?token=abc123', { token: 'token-1' });

    expect(await screen.findByText(EMAIL_VERIFIED)).toBeInTheDocument();
    await waitFor(() => {
      const paths = network.requests.map((request) => new URL(request.url).pathname);
      expect(paths.lastIndexOf('/api/v1/auth/me')).toBeGreaterThan(paths.indexOf('/api/v1/auth/verify-email'));
    });
    expect(within(screen.getByRole('banner')).getByText('buyer@example.com')).toBeInTheDocument();
    expect(verifyCalls(network)).toHaveLength(1);
  });

  it('offers a logged-in, unverified user a new link when verification fails', async () => {
    stubFetch({
      'GET /api/v1/auth/me': { body: unverifiedUser },
      'POST /api/v1/auth/verify-email': { status: 400, body: { detail: 'This verification link has expired' } },
    });
    renderApp('/verify-email?token=old', { token: 'token-1' });

    expect(await screen.findByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
  });
});
