import { REGISTER_ERROR, REGISTER_FAILED } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answersInTurn, stubFetch } from '@/testing/fetch-stub';
import { fillAndSubmit, fillForm, submitExpectingEach } from '@/testing/forms';
import { expectAutocomplete, expectTitle, openPage } from '@/testing/page';
import { renderApp } from '@/testing/render-app';
import { networkFailure, publicConfig, unverifiedUser } from '@/testing/fixtures';
import { installGoogle } from '../testing/google';

const fill = (user: UserEvent, email: string, password: string, confirm: string) =>
  fillAndSubmit(user, { Email: email, Password: password, 'Confirm Password': confirm }, 'Register');

const registerCalls = (network: ReturnType<typeof stubFetch>) =>
  network.requests.filter((request) => request.url.endsWith('/auth/register'));

describe('/register', () => {
  it('shows email, password and confirm password with autocomplete hints, a login link and a title', async () => {
    await openPage('/register', 'Register');
    expectAutocomplete({ Email: 'email', Password: 'new-password', 'Confirm Password': 'new-password' });
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expectTitle('Create an account · BenchMarket', { exact: true });
  });

  it('refuses a password shorter than 6 characters', async () => {
    const network = stubFetch({});
    const { user } = renderApp('/register');

    await fill(user, 'new@example.com', '12345', '12345');

    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 6 characters');
    expect(registerCalls(network)).toHaveLength(0);
  });

  it('refuses a confirmation that does not match', async () => {
    const network = stubFetch({});
    const { user } = renderApp('/register');

    await fill(user, 'new@example.com', 'secret-1', 'secret-2');

    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Passwords do not match');
    expect(registerCalls(network)).toHaveLength(0);
  });

  it('registers and says a verification email was sent to the address, valid for 48 hours', async () => {
    const network = stubFetch({ 'POST /api/v1/auth/register': { status: 201, body: unverifiedUser } });
    const { user } = renderApp('/register');

    await fill(user, ' New@Example.com ', 'secret-1', 'secret-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toHaveFocus();
    expect(screen.getByText(/sent a verification email to/)).toHaveTextContent("We've sent a verification email to new@example.com.");
    expect(screen.getByText(/valid for 48 hours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(await registerCalls(network)[0]?.json()).toEqual({ email: 'new@example.com', password: 'secret-1' });
  });

  it("shows the server's detail, or the fallback texts", async () => {
    const tooCommon = 'Password is too common. Please choose another one.';
    stubFetch({
      'POST /api/v1/auth/register': answersInTurn({ status: 400, body: { detail: tooCommon } }, { status: 500 }, networkFailure),
    });
    const { user } = renderApp('/register');

    await fillForm(user, { Email: 'new@example.com', Password: 'password', 'Confirm Password': 'password' });
    await submitExpectingEach(user, 'Register', [tooCommon, REGISTER_FAILED, REGISTER_ERROR]);
  });

  it('offers Google sign-up when a client id is configured', async () => {
    const google = installGoogle();
    stubFetch({
      'GET /api/v1/config': { body: publicConfig({ google_client_id: 'client-123' }) },
      'POST /api/v1/auth/google/nonce': { body: { nonce: 'api-nonce-1' } },
    });
    renderApp('/register');

    expect(await screen.findByRole('button', { name: 'Sign up with Google' })).toBeInTheDocument();
    await waitFor(() => {
      expect(google.buttonParent).toBeInstanceOf(HTMLElement);
      expect(google.button).toEqual(expect.objectContaining({ text: 'signup_with' }));
    });
  });
});
