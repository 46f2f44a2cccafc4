import { thirdPartyLoginError, thirdPartyLoginFailed, thirdPartySignInFailed } from '@benchmarket/shared';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useAppConfig } from '@/lib/app-config';
import { errorDetail, isApiError } from '@/lib/api-client';
import { googleNonce, useGoogleLogin } from '../api/google-login';
import { loadGoogleIdentity, type GoogleCredentialResponse } from '../lib/google-identity';
import { useAuth } from '@/lib/session/use-auth';
import { PasswordField } from './auth-fields';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';

/** spec §8: the third-party sign-in messages name the provider. */
const GOOGLE_PROVIDER = 'Google';

/** Google's button accepts widths from 200 to 400 px. */
const MIN_WIDTH = 200;
const MAX_WIDTH = 400;

interface GoogleSignInProps {
  /** The button's wording: 'Sign in with Google' or 'Sign up with Google'. */
  text?: 'signin_with' | 'signup_with';
  /** Called once the access token is stored and the session confirmed. */
  onSignedIn: () => void;
}

/**
 * "Sign in with Google" (spec §2: the third-party sign-in on /login and /register). Shown only
 * when the server has a Google client id (GET /config); Google's script is loaded only then.
 * The credential Google hands back is exchanged at POST /auth/google for our access token.
 * Google puts a nonce from the API into it (replay protection). When the address already has
 * a password account that Google sign-in is not linked to, the API asks for that password
 * once (409): a field for it appears, and the same credential is sent again with it.
 */
export function GoogleSignIn({ text = 'signin_with', onSignedIn }: GoogleSignInProps) {
  const { data: config } = useAppConfig();
  const clientId = config?.google_client_id;
  if (!clientId) return null;
  return <GoogleButton clientId={clientId} text={text} onSignedIn={onSignedIn} />;
}

function GoogleButton({ clientId, text, onSignedIn }: Required<GoogleSignInProps> & { clientId: string }) {
  const { setToken } = useAuth();
  const { mutateAsync: exchangeCredential } = useGoogleLogin();
  const containerRef = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  /** The credential waiting for the account's password, and the API's request for it. */
  const [linking, setLinking] = useState<{ credential: string; prompt: string } | null>(null);
  const [password, setPassword] = useState('');

  const exchange = async (credential: string, linkPassword?: string) => {
    setError(null);
    setPending(true);
    try {
      const { access_token } = await exchangeCredential({ credential, password: linkPassword });
      const user = await setToken(access_token);
      if (!user) {
        setError(thirdPartyLoginError(GOOGLE_PROVIDER));
        return;
      }
      setLinking(null);
      onSignedIn();
    } catch (cause) {
      if (isApiError(cause) && cause.status === 409 && cause.detail) {
        setLinking({ credential, prompt: cause.detail });
        if (linkPassword !== undefined) setError(null);
        return;
      }
      if (linkPassword !== undefined && isApiError(cause) && !cause.isNetworkError) {
        setError(errorDetail(cause, thirdPartyLoginFailed(GOOGLE_PROVIDER)));
        return;
      }
      // The API answered and refused: its detail, or the generic refusal. No answer at all:
      // the network (or something unexpected) failed.
      setError(
        isApiError(cause) && !cause.isNetworkError
          ? errorDetail(cause, thirdPartyLoginFailed(GOOGLE_PROVIDER))
          : thirdPartyLoginError(GOOGLE_PROVIDER),
      );
    } finally {
      setPending(false);
    }
  };

  const onCredential = useEffectEvent(async ({ credential }: GoogleCredentialResponse) => {
    if (!credential) {
      setError(thirdPartySignInFailed(GOOGLE_PROVIDER));
      return;
    }
    setLinking(null);
    setPassword('');
    await exchange(credential);
  });

  const onScriptFailed = useEffectEvent(() => {
    setError(thirdPartySignInFailed(GOOGLE_PROVIDER));
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let active = true;
    Promise.all([loadGoogleIdentity(), googleNonce()]).then(
      ([googleId, nonce]) => {
        if (!active) return;
        googleId.initialize({
          client_id: clientId,
          nonce,
          callback: (response) => {
            void onCredential(response);
          },
          context: text === 'signup_with' ? 'signup' : 'signin',
          ux_mode: 'popup',
          itp_support: true,
        });
        const width = Math.round(container.clientWidth) || MAX_WIDTH;
        googleId.renderButton(container, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'rectangular',
          logo_alignment: 'center',
          text,
          width: Math.min(Math.max(width, MIN_WIDTH), MAX_WIDTH),
        });
      },
      () => {
        if (active) onScriptFailed();
      },
    );
    return () => {
      active = false;
      // StrictMode and re-renders must not leave two buttons behind.
      container.replaceChildren();
    };
  }, [clientId, text]);

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3 text-sm text-slate-500">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      </div>
      <div ref={containerRef} className="flex min-h-11 w-full justify-center" />
      {linking && (
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (password) void exchange(linking.credential, password);
          }}
        >
          <p className="text-sm text-slate-700">{linking.prompt}</p>
          <PasswordField
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
            }}
          />
          <Button type="submit" block pending={pending} className="w-full">
            Link Google sign-in
          </Button>
        </form>
      )}
      {pending && !linking && <Spinner label="Signing in with Google…" />}
      {error && <Alert>{error}</Alert>}
    </div>
  );
}
