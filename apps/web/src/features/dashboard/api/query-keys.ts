/**
 * Query keys of the dashboard. Everything here is private to the logged-in seller, so every
 * key carries the user id. The seller's listings are keyed in `@/lib/api/listings`
 * (`listingKeys.mine`), so whatever invalidates listings (create, edit) refreshes them too.
 */
export const dashboardKeys = {
  paymentHistory: (userId: string | null) => ['payments', 'history', userId] as const,
  /** Issue 15: the seller's own profile, as they edit it. */
  sellerProfile: (userId: string | null) => ['account', 'profile', userId] as const,
};
