import type { DurationMonths } from '@benchmarket/shared';
import type { PaymentPurpose } from './types';

/**
 * Query keys of the payments feature. A listing is cached under the same key the listings
 * feature and the dashboard use (['listings', 'detail', id, { viewer }]), so all three share
 * one copy and one invalidation; payment data is private, so it is keyed by the user.
 */
export const paymentKeys = {
  /** Everything payment-related (quotes, the dashboard's payment history). */
  all: ['payments'] as const,
  quote: (userId: string | null, listingId: string, months: DurationMonths, purpose: PaymentPurpose) =>
    ['payments', 'quote', userId, listingId, { months, purpose }] as const,
  /** Every listing query: details, the seller's listings (dashboard), search results. */
  listings: ['listings'] as const,
  listing: (id: string, viewerId: string | null) => ['listings', 'detail', id, { viewer: viewerId }] as const,
};
