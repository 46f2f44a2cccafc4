/**
 * Query keys of the dashboard. Everything here is private to the logged-in seller, so every
 * key carries the user id. The seller's listings live under ['listings'], so whatever
 * invalidates listings elsewhere (create, edit) refreshes the dashboard too.
 */
export const dashboardKeys = {
  myListings: (userId: string | null, showAll: boolean) => ['listings', 'user', userId, { showAll }] as const,
  /** One listing as `viewerId` sees it: the same key and data as the listing page's. */
  listing: (id: string, viewerId: string | null) => ['listings', 'detail', id, { viewer: viewerId }] as const,
  paymentHistory: (userId: string | null) => ['payments', 'history', userId] as const,
};
