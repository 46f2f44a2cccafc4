/** Data for the payments feature's component tests: what the API answers (apps/api/src/modules/payments). */
import type { DurationMonths, Listing, PublicConfig } from '@benchmarket/shared';
import type { PaymentKind, PaymentQuote } from '../api/types';
import { baseListing, publicConfig } from '@/testing/fixtures';

export const SELLER = { id: '6f1c2d3e-0000-4000-8000-000000000001', email: 'seller@example.com', is_verified: true };
export const OTHER_USER = { id: '6f1c2d3e-0000-4000-8000-000000000002', email: 'buyer@example.com', is_verified: true };
export const LISTING_ID = '0b7a9c1e-1111-4111-8111-111111111111';
export const PAYMENT_ID = '5d1f2a3b-2222-4222-8222-222222222222';
export const PAYMENT_INTENT_ID = 'pi_sandbox_0123456789abcdef01234567';
export const CLIENT_SECRET = `${PAYMENT_INTENT_ID}_secret_abcdefghijklmnopqrstuvwx`;
/** Midday UTC, so the date reads the same in every time zone. */
const NEW_EXPIRY = '2030-04-15T12:00:00.000Z';
export const CURRENT_EXPIRY = '2030-03-15T12:00:00.000Z';

/** An unpaid listing of SELLER, as GET /listings/{id} answers its owner. */
export function makeListing(overrides: Partial<Listing> = {}): Listing {
  return baseListing({ id: LISTING_ID, user_id: SELLER.id, is_active: false, payment_status: 'unpaid', ...overrides });
}

/** The app's configuration after the promotion, with extensions at $39 a month as the quotes below. */
export function appConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return publicConfig({
    promotion: { active: false, free_until: '2020-01-01', free_days: 30, label: 'List Free Until June' },
    pricing: { currency: 'USD', base_price: 49, additional_month_price: 29, extension_month_price: 39 },
    ...overrides,
  });
}

/** GET /payments/quote for a new listing: base $49 incl. the first month, $29 each further month; the promotion takes the base off. */
export function activationQuote(months: DurationMonths, { promotion = false } = {}): PaymentQuote {
  const base = 49;
  const additional = (months - 1) * 29;
  const discount = promotion ? base : 0;
  return {
    listing_id: LISTING_ID,
    kind: 'activation',
    duration_months: months,
    amount: base + additional - discount,
    currency: 'usd',
    breakdown: { base, additional_months: additional, extension: 0, promotion_discount: discount },
    promotion_applied: promotion,
    current_expiry_date: null,
    new_expiry_date: NEW_EXPIRY,
  };
}

/** GET /payments/quote for an extension or renewal: $39 a month. */
export function extensionQuote(months: DurationMonths, kind: Exclude<PaymentKind, 'activation'> = 'extension'): PaymentQuote {
  return {
    listing_id: LISTING_ID,
    kind,
    duration_months: months,
    amount: months * 39,
    currency: 'usd',
    breakdown: { base: 0, additional_months: 0, extension: months * 39, promotion_discount: 0 },
    promotion_applied: false,
    current_expiry_date: CURRENT_EXPIRY,
    new_expiry_date: NEW_EXPIRY,
  };
}

/** The duration a quote request asks for. */
export function requestedMonths(request: Request): DurationMonths {
  return Number(new URL(request.url).searchParams.get('duration_months')) as DurationMonths;
}

/** POST /payments/create-intent's answer for a card payment (sandbox). */
export function cardIntent(amount: number, overrides: Record<string, unknown> = {}) {
  return {
    client_secret: CLIENT_SECRET,
    payment_id: PAYMENT_ID,
    amount,
    currency: 'usd',
    kind: 'activation',
    provider: 'sandbox',
    ...overrides,
  };
}
