import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { PaymentProvider } from './port.js';
import { SandboxPaymentProvider } from './sandbox.js';
import { StripePaymentProvider } from './stripe.js';

/** Chosen by configuration, never by a test-only branch: Stripe when its secret key is set, else the sandbox. */
export function createPaymentProvider(config: AppConfig, db: Db): StripePaymentProvider | SandboxPaymentProvider {
  const { stripe } = config;
  if (stripe.secretKey) {
    return new StripePaymentProvider({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.apiUrl });
  }
  return new SandboxPaymentProvider(db, { isProduction: config.isProduction, allowedInProduction: stripe.allowSandbox });
}

export type { PaymentProvider };
