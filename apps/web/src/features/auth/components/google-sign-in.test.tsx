import { accountSuspendedMessage, thirdPartyLoginError, thirdPartyLoginFailed, thirdPartySignInFailed } from '@benchmarket/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/render-app';
import { GOOGLE_IDENTITY_SCRIPT } from '../lib/google-identity';
import { installGoogle } from '../testing/google';
import { networkFailure, publicConfig, verifiedUser } from '@/testing/fixtures';
import { GoogleSignIn } from './google-sign-in';

const withGoogle = {
  'GET /api/v1/config': { body: publicConfig({ google_client_id: 'client-123' }) },
  'POST /api/v1/auth/google/nonce': { body: { nonce: 'api-nonce-1' } },
};

async function renderButton(exchange: StubHandler, text?: 'signin_with' | 'signup_with') {
  const google = installGoogle();
  const onSignedIn = vi.fn();
  const network = stubFetch({ ...withGoogle, 'POST /api/v1/auth/google': exchange, 'GET /api/v1/auth/me': { body: verifiedUser } });
  const { user } = renderWithProviders(<GoogleSignIn text={text} onSignedIn={onSignedIn} />);
  await screen.findByRole('button', { name: /with Google/ });
  const signIn = async (credential?: string) => {
    await act(async () => {
      google.configuration?.callback(credential === undefined ? {} : { credential });
      await Promise.resolve();
    });
  };
  return { google, onSignedIn, network, signIn, user };
}

describe('GoogleSignIn', () => {
  it('renders nothing and loads no script when no Google client id is configured', async () => {
    const network = stubFetch({ 'GET /api/v1/config': { body: publicConfig() } });
    const { container } = renderWithProviders(<GoogleSignIn onSignedIn={() => {}} />);

    await waitFor(() => {
      expect(network.requests).toHaveLength(1);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container).toBeEmptyDOMElement();
    expect(document.querySelector(`script[src="${GOOGLE_IDENTITY_SCRIPT}"]`)).toBeNull();
  });

  it("renders Google's button with the configured client id and the page's wording", async () => {
    const { google } = await renderButton({ body: {} }, 'signup_with');

    expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeInTheDocument();
    expect(google.configuration?.client_id).toBe('client-123');
    // The nonce the API issued goes to Google, which puts it into the ID token.
    expect(google.configuration?.nonce).toBe('api-nonce-1');
    expect(google.button).toMatchObject({ text: 'signup_with', theme: 'outline', size: 'large' });
  });

  it('exchanges the credential at POST /auth/google, stores the token and reports success', async () => {
    const { onSignedIn, network, signIn } = await renderButton({ body: { access_token: 'google-token', token_type: 'bearer' } });

    await signIn('google-id-token');

    await waitFor(() => {
      expect(onSignedIn).toHaveBeenCalledTimes(1);
    });
    expect(await network.requests.find((request) => request.url.endsWith('/auth/google'))?.json()).toEqual({
      token: 'google-id-token',
    });
    expect(window.localStorage.getItem('access_token')).toBe('google-token');
  });

  it("shows the server's detail, or 'Google login failed', when the API refuses", async () => {
    let answer = { status: 401, body: { detail: 'This Google account has no verified email' } as unknown };
    const { onSignedIn, signIn } = await renderButton(() => answer);

    await signIn('google-id-token');
    expect(await screen.findByRole('alert')).toHaveTextContent('This Google account has no verified email');

    answer = { status: 401, body: {} };
    await signIn('google-id-token');
    expect(await screen.findByText(thirdPartyLoginFailed('Google'))).toBeInTheDocument();
    expect(thirdPartyLoginFailed('Google')).toBe('Google login failed. Please try again.');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("shows a suspended account's refusal as the API words it (403 'account_suspended')", async () => {
    const detail = accountSuspendedMessage('Fraudulent listings');
    const { onSignedIn, signIn } = await renderButton({ status: 403, body: { detail, code: 'account_suspended' } });

    await signIn('google-id-token');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account has been suspended: Fraudulent listings. Contact support if you believe this is a mistake.',
    );
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('access_token')).toBeNull();
  });

  it('shows the network message when the API cannot be reached', async () => {
    const { signIn } = await renderButton(networkFailure);

    await signIn('google-id-token');

    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during Google login. Please try again.');
    expect(thirdPartyLoginError('Google')).toBe('An error occurred during Google login. Please try again.');
  });

  it("shows 'Google Sign-In failed' when Google reports no credential", async () => {
    const { network, signIn } = await renderButton({ body: {} });

    await signIn(undefined);

    expect(await screen.findByRole('alert')).toHaveTextContent('Google Sign-In failed. Please try again.');
    expect(network.requests.some((request) => request.url.endsWith('/auth/google'))).toBe(false);
  });

  it("loads Google's script only when configured, and shows 'Google Sign-In failed' when it cannot load", async () => {
    stubFetch(withGoogle);
    renderWithProviders(<GoogleSignIn onSignedIn={() => {}} />);

    let script: HTMLScriptElement | null = null;
    await waitFor(() => {
      script = document.querySelector(`script[src="${GOOGLE_IDENTITY_SCRIPT}"]`);
      expect(script).not.toBeNull();
    });
    fireEvent.error(script as unknown as HTMLScriptElement);

    expect(await screen.findByRole('alert')).toHaveTextContent(thirdPartySignInFailed('Google'));
    expect(document.querySelector(`script[src="${GOOGLE_IDENTITY_SCRIPT}"]`)).toBeNull();
  });

  it("asks for the existing account's password once (409), then links with the same credential", async () => {
    const prompt = 'An account with this email address already exists. Enter its password once to link Google sign-in to it.';
    let calls = 0;
    const { onSignedIn, network, signIn, user } = await renderButton(() =>
      (calls += 1) === 1
        ? { status: 409, body: { detail: prompt, code: 'google_link_password_required' } }
        : { body: { access_token: 'linked-token', token_type: 'bearer' } },
    );
    await signIn('google-id-token');
    expect(await screen.findByText(prompt)).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Password'), 'My-Account-Password-1');
    await user.click(screen.getByRole('button', { name: 'Link Google sign-in' }));
    await waitFor(() => {
      expect(onSignedIn).toHaveBeenCalledTimes(1);
    });
    const exchanges = network.requests.filter((request) => request.url.endsWith('/auth/google'));
    expect(await exchanges[1]?.json()).toEqual({ token: 'google-id-token', password: 'My-Account-Password-1' });
    expect(window.localStorage.getItem('access_token')).toBe('linked-token');
  });
});
