/**
 * Query keys of the listings feature. A listing is keyed by the viewer too: its owner also
 * sees it while unpaid or removed, so one user's copy must never be served to another.
 */
export const listingKeys = {
  all: ['listings'] as const,
  /** Every cached copy of one listing, whoever viewed it (for invalidation). */
  detailOf: (id: string) => ['listings', 'detail', id] as const,
  /** One listing as `viewerId` (null: a visitor) sees it. */
  detail: (id: string, viewerId: string | null) => ['listings', 'detail', id, { viewer: viewerId }] as const,
};
