/** Data for the auth feature's component tests. */
import type { PublicConfig, User } from '@benchmarket/shared';

export const unverifiedUser: User = {
  id: '7f1c2f7e-5a55-4c52-9d0e-0a4b3d0c1a11',
  email: 'buyer@example.com',
  is_verified: false,
};

export const verifiedUser: User = { ...unverifiedUser, is_verified: true };

export function publicConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    google_client_id: null,
    payment_provider: 'sandbox',
    stripe_publishable_key: null,
    promotion: { active: true, free_until: '2099-06-01', free_days: 30, label: 'List Free Until June' },
    pricing: { currency: 'USD', base_price: 49, additional_month_price: 29, extension_month_price: 29 },
    ...overrides,
  };
}

/** A fetch stub handler that fails like a dropped connection (the API client reports status 0). */
export function networkFailure(): never {
  throw new TypeError('Failed to fetch');
}
