/** Data that tests of several features share (users, configuration, a listing). */
import type { Listing, PublicConfig, User } from '@benchmarket/shared';

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

/**
 * A listing as the API answers it: a paid, active, verified centrifuge. Each feature's test
 * data starts from it and says only what differs (owner, payment state, photos).
 */
export function baseListing(overrides: Partial<Listing> = {}): Listing {
  return {
    id: '0b7a9c1e-1111-4111-8111-111111111111',
    user_id: '6f1c2d3e-0000-4000-8000-000000000001',
    title: 'Eppendorf 5810R Centrifuge',
    description: 'Refrigerated benchtop centrifuge.',
    price: 4250.5,
    condition: 'certified-refurbished',
    location: 'Germany',
    created_at: '2025-01-05T10:00:00.000Z',
    photos: [],
    thumbnails: [],
    is_verified: true,
    is_deleted: false,
    is_active: true,
    payment_status: 'paid',
    expiry_date: null,
    duration_months: 3,
    category: 'centrifuges',
    verification: { status: 'auto_approved', verification_notes: null },
    ...overrides,
  };
}
