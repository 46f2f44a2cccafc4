/**
 * The payments port (ARCHITECTURE: outside world behind ports): Stripe (./stripe.ts) when its
 * keys are set, otherwise the sandbox (./sandbox.ts: Stripe's test cards, a local card form).
 * No domain import here: the payments module decides what a payment does.
 */
export * from './port.js';
export { createPaymentProvider } from './create.js';
export * from './sandbox.js';
export * from './stripe.js';
