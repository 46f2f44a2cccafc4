/**
 * Google Identity Services (https://developers.google.com/identity/gsi/web), loaded only when
 * the server has a Google client id configured (GET /config). Only the parts we use are typed.
 */
import { scriptLoader } from '@/lib/script-loader';

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

export interface GoogleCredentialResponse {
  /** The ID token (a JWT) to send to POST /auth/google; missing when sign-in failed. */
  credential?: string;
  select_by?: string;
}

export interface GoogleIdConfiguration {
  client_id: string;
  /** Put into the ID token; the API accepts only nonces it issued (POST /auth/google/nonce), once. */
  nonce?: string;
  callback: (response: GoogleCredentialResponse) => void;
  context?: 'signin' | 'signup' | 'use';
  ux_mode?: 'popup' | 'redirect';
  auto_select?: boolean;
  cancel_on_tap_outside?: boolean;
  itp_support?: boolean;
  use_fedcm_for_button?: boolean;
}

export interface GoogleButtonConfiguration {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  width?: number;
  locale?: string;
}

interface GoogleAccountsId {
  initialize: (configuration: GoogleIdConfiguration) => void;
  renderButton: (parent: HTMLElement, options: GoogleButtonConfiguration) => void;
  cancel?: () => void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

/** Adds the Google Identity Services script once and resolves with `google.accounts.id`. */
export const loadGoogleIdentity = scriptLoader({
  src: GOOGLE_IDENTITY_SCRIPT,
  name: 'Google Identity Services',
  defines: 'google.accounts.id',
  read: () => window.google?.accounts?.id,
  defer: true,
});
