import { FORGOT_PASSWORD_NEUTRAL } from '@benchmarket/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { networkFailure } from '@/testing/fixtures';

async function requestReset(answer: StubHandler, email = 'buyer@example.com') {
  const network = stubFetch({ 'POST /api/v1/auth/forgot-password': answer });
  const { user } = renderApp('/forgot-password');
  await user.type(await screen.findByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  return network;
}

describe('/forgot-password', () => {
  it('asks for an email address before sending anything', async () => {
    const network = stubFetch({});
    const { user } = renderApp('/forgot-password');

    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Forgot password · BenchMarket');
    });
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your email address');
    expect(network.requests).toHaveLength(0);
  });

  it('sends the email and shows the neutral confirmation', async () => {
    const network = await requestReset({ body: { message: FORGOT_PASSWORD_NEUTRAL } }, ' Buyer@Example.com');

    expect(await screen.findByText(FORGOT_PASSWORD_NEUTRAL)).toBeInTheDocument();
    expect(FORGOT_PASSWORD_NEUTRAL).toBe('If your email is registered, you will receive a password reset link shortly.');
    expect(screen.getByRole('heading', { level: 1, name: 'Check your email' })).toHaveFocus();
    expect(await network.lastRequest().json()).toEqual({ email: 'buyer@example.com' });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it.each([
    ['a rate limit', { status: 429, body: { detail: 'Too many requests. Please try again in 60 seconds.' } }],
    ['a server error', { status: 500 }],
    ['a network failure', networkFailure],
  ])('shows the same neutral confirmation after %s', async (_case, answer: StubHandler) => {
    await requestReset(answer);

    expect(await screen.findByText(FORGOT_PASSWORD_NEUTRAL)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Too many requests/)).not.toBeInTheDocument();
  });
});
