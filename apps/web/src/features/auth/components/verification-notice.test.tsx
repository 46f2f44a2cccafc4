import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/render-app';
import { networkFailure, unverifiedUser, verifiedUser } from '@/testing/fixtures';
import { RESEND_VERIFICATION_FAILED } from '@/lib/session/resend-verification';
import { VerificationNotice } from './verification-notice';

describe('VerificationNotice', () => {
  it('shows nothing to a visitor', async () => {
    stubFetch({});
    const { container } = renderWithProviders(<VerificationNotice />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container).toBeEmptyDOMElement();
  });

  it('shows nothing to a verified user', async () => {
    const network = stubFetch({ 'GET /api/v1/auth/me': { body: verifiedUser } });
    const { container } = renderWithProviders(<VerificationNotice />, { token: 'token-1' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(network.requests).toHaveLength(1);
    expect(container).toBeEmptyDOMElement();
  });

  it('lets an unverified user ask for a new verification email', async () => {
    const network = stubFetch({
      'GET /api/v1/auth/me': { body: unverifiedUser },
      'POST /api/v1/auth/resend-verification': { body: { message: 'Verification email sent' } },
    });
    const { user } = renderWithProviders(<VerificationNotice />, { token: 'token-1' });

    expect(await screen.findByRole('region', { name: 'Email verification' })).toHaveTextContent(
      'Please verify your email address. We sent a link to buyer@example.com.',
    );
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'A new verification link is on its way to buyer@example.com. It is valid for 48 hours.',
    );
    const resend = network.lastRequest();
    expect(new URL(resend.url).pathname).toBe('/api/v1/auth/resend-verification');
    expect(resend.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it("shows the server's detail (e.g. rate limited), or a fallback on a network failure", async () => {
    let resend: () => { status: number; body: unknown } = () => ({
      status: 429,
      body: { detail: 'Too many requests. Please try again in 60 seconds.' },
    });
    stubFetch({
      'GET /api/v1/auth/me': { body: unverifiedUser },
      'POST /api/v1/auth/resend-verification': () => resend(),
    });
    const { user } = renderWithProviders(<VerificationNotice />, { token: 'token-1' });

    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again in 60 seconds.');

    resend = networkFailure;
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText(RESEND_VERIFICATION_FAILED)).toBeInTheDocument();
  });

  it('disappears when the server says the email is already verified', async () => {
    let me = unverifiedUser;
    stubFetch({
      'GET /api/v1/auth/me': () => ({ body: me }),
      'POST /api/v1/auth/resend-verification': () => {
        me = verifiedUser;
        return { status: 400, body: { detail: 'Email is already verified' } };
      },
    });
    const { user } = renderWithProviders(<VerificationNotice />, { token: 'token-1' });

    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));

    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Email verification' })).not.toBeInTheDocument();
    });
  });
});
