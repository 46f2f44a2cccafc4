import type { DurationMonths } from '@benchmarket/shared';
import type { PaymentPurpose } from './types';

/**
 * Query keys of the payments feature (listings are keyed in `@/lib/api/listings`, shared
 * by every feature). Payment data is private, so it is keyed by the user.
 */
export const paymentKeys = {
  /** Everything payment-related (quotes, the dashboard's payment history). */
  all: ['payments'] as const,
  quote: (userId: string | null, listingId: string, months: DurationMonths, purpose: PaymentPurpose) =>
    ['payments', 'quote', userId, listingId, { months, purpose }] as const,
};
