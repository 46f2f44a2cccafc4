/**
 * Query keys of the dashboard. Everything here is private to the logged-in seller, so every
 * key carries the user id. The seller's listings are keyed in `@/lib/api/listings`
 * (`listingKeys.mine`), so whatever invalidates listings (create, edit) refreshes them too.
 */
export const dashboardKeys = {
  paymentHistory: (userId: string | null) => ['payments', 'history', userId] as const,
};
