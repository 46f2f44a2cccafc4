import { vi } from 'vitest';
import type { GoogleButtonConfiguration, GoogleIdConfiguration } from '../lib/google-identity';

/** What the page told Google Identity Services: its configuration and the button it asked for. */
export interface GoogleCalls {
  configuration?: GoogleIdConfiguration;
  button?: GoogleButtonConfiguration;
  buttonParent?: HTMLElement;
}

/**
 * Google Identity Services as the page sees it once the script has run: the button it renders
 * is a plain button named as Google would name it, and the calls are kept for the test.
 */
export function installGoogle(): GoogleCalls {
  const calls: GoogleCalls = {};
  vi.stubGlobal('google', {
    accounts: {
      id: {
        initialize: (configuration: GoogleIdConfiguration) => {
          calls.configuration = configuration;
        },
        renderButton: (parent: HTMLElement, options: GoogleButtonConfiguration) => {
          calls.button = options;
          calls.buttonParent = parent;
          const button = document.createElement('button');
          button.textContent = options.text === 'signup_with' ? 'Sign up with Google' : 'Sign in with Google';
          parent.append(button);
        },
      },
    },
  });
  return calls;
}
