/**
 * Stripe.js, loaded at run time from Stripe (it must be: Stripe's terms and PCI scope), only
 * when the server's payment provider is Stripe. Only the parts we use are typed.
 */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

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

let loading: Promise<StripeConstructor> | null = null;

/**
 * Adds Stripe.js's script tag once and resolves with `window.Stripe`. A failed load is
 * forgotten (and its tag removed) so a later attempt can try again.
 */
export function loadStripeJs(): Promise<StripeConstructor> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise<StripeConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (reason: string) => {
      loading = null;
      script.remove();
      reject(new Error(reason));
    };
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.addEventListener('load', () => {
      if (window.Stripe) resolve(window.Stripe);
      else fail('Stripe.js loaded without window.Stripe');
    });
    script.addEventListener('error', () => {
      fail('Stripe.js could not be loaded');
    });
    document.head.append(script);
  });
  return loading;
}
