/**
 * Stripe.js, loaded at run time from Stripe (it must be: Stripe's terms and PCI scope), only
 * when the server's payment provider is Stripe. Only the parts we use are typed.
 */
import { scriptLoader } from '@/lib/script-loader';

const STRIPE_JS_URL = 'https://js.stripe.com/v3';

export interface StripeError {
  type?: string;
  code?: string;
  message?: string;
}

export interface StripeElement {
  mount: (domElement: HTMLElement) => void;
  destroy: () => void;
  on: (event: 'ready', handler: () => void) => void;
}

export interface StripeElements {
  create: (type: 'payment', options?: Record<string, unknown>) => StripeElement;
}

export interface StripeClient {
  elements: (options: { clientSecret: string; appearance?: Record<string, unknown> }) => StripeElements;
  confirmPayment: (options: { elements: StripeElements; confirmParams: { return_url: string } }) => Promise<{ error?: StripeError }>;
}

export type StripeConstructor = (publishableKey: string) => StripeClient;

declare global {
  interface Window {
    Stripe?: StripeConstructor;
  }
}

/** Adds Stripe.js's script tag once and resolves with `window.Stripe`. */
export const loadStripeJs = scriptLoader({ src: STRIPE_JS_URL, name: 'Stripe.js', defines: 'window.Stripe', read: () => window.Stripe });
