import { RESET_ERROR, RESET_FAILED } from '@benchmarket/shared';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answersInTurn, stubFetch } from '@/testing/fetch-stub';
import { fillAndSubmit, fillForm, submitExpectingEach } from '@/testing/forms';
import { renderApp } from '@/testing/render-app';
import { networkFailure } from '@/testing/fixtures';

const fill = (user: UserEvent, password: string, confirm: string) =>
  fillAndSubmit(user, { 'New Password': password, 'Confirm Password': confirm }, 'Reset Password');

describe('/reset-password', () => {
  it('says the link is invalid when it has no token, and offers a new one', async () => {
    stubFetch({});
    renderApp('/reset-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid reset link. No token provided.');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
    await waitFor(() => {
      expect(document.title).toBe('Reset password · BenchMarket');
    });
  });

  it('checks the new password: at least 6 characters, and the confirmation must match', async () => {
    const network = stubFetch({});
    const { user } = renderApp('/reset-password?token=reset-token');

    expect(await screen.findByLabelText('New Password')).toHaveAttribute('autocomplete', 'new-password');
    await fill(user, 'short', 'short');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 6 characters');

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(network.requests).toHaveLength(0);
  });

  it('resets the password and goes to /login with the success banner', async () => {
    const network = stubFetch({ 'POST /api/v1/auth/reset-password': { body: { message: 'Password updated' } } });
    const { user, router } = renderApp('/reset-password?token=reset-token');

    await fill(user, 'new-secret', 'new-secret');

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset. You can now log in.');
    const reset = network.requests.find((request) => request.url.endsWith('/auth/reset-password'));
    expect(await reset?.json()).toEqual({ token: 'reset-token', password: 'new-secret' });
  });

  it("shows the server's detail, or the fallback texts", async () => {
    const expired = 'This reset link is invalid or has expired';
    stubFetch({
      'POST /api/v1/auth/reset-password': answersInTurn({ status: 400, body: { detail: expired } }, { status: 500 }, networkFailure),
    });
    const { user } = renderApp('/reset-password?token=used-token');

    await fillForm(user, { 'New Password': 'new-secret', 'Confirm Password': 'new-secret' });
    await submitExpectingEach(user, 'Reset Password', [expired]);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeInTheDocument();
    await submitExpectingEach(user, 'Reset Password', [RESET_FAILED, RESET_ERROR]);
  });
});
