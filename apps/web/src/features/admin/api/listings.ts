import {
  AdminApproveBodySchema,
  AdminReasonBodySchema,
  FeatureListingBodySchema,
  type AdminListing,
  type AdminReasonBody,
  type FeatureListingBody,
  type Listing,
} from '@benchmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAdminMutation, useAdminQuery, useAdminViewer } from './admin-query';
import { adminKeys } from './query-keys';

const listingPath = (id: string) => `/admin/listings/${encodeURIComponent(id)}`;

/** GET /admin/listings/{id}: any listing, whatever its state, with its seller's email. */
export function getAdminListing(id: string, options?: { signal?: AbortSignal }): Promise<AdminListing> {
  return api.get<AdminListing>(listingPath(id), options);
}

export function adminListingQueryOptions(viewer: string | null, id: string) {
  return queryOptions({ queryKey: adminKeys.listing(viewer, id), queryFn: ({ signal }) => getAdminListing(id, { signal }), retry: false });
}

export function useAdminListing(id: string | null) {
  const { viewer, isAdmin } = useAdminViewer();
  return useQuery({ ...adminListingQueryOptions(viewer, id ?? ''), enabled: isAdmin && id !== null });
}

/**
 * The featured listings: the live ones GET /listings/featured gives (soonest-ending last),
 * each read again through GET /admin/listings/{id} for its `featured_until` (the public
 * listing does not carry it).
 */
export async function getFeaturedListings(options?: { signal?: AbortSignal }): Promise<AdminListing[]> {
  const featured = await api.get<Listing[]>('/listings/featured', options);
  return Promise.all(featured.map((listing) => getAdminListing(listing.id, options)));
}

export function useFeaturedListings() {
  return useAdminQuery(adminKeys.featured, (signal) => getFeaturedListings({ signal }));
}

interface ListingAction<Body> {
  id: string;
  body: Body;
}

/** POST /admin/listings/{id}/approve {reason?}: 'Verified', out of the queue. */
export function approveListing({ id, body }: ListingAction<{ reason?: string | undefined }>): Promise<AdminListing> {
  return api.post<AdminListing>(`${listingPath(id)}/approve`, AdminApproveBodySchema.parse(body));
}

/** POST /admin/listings/{id}/reject {reason}: 'Verification Needed' with the reason; the seller is mailed it. */
export function rejectListing({ id, body }: ListingAction<AdminReasonBody>): Promise<AdminListing> {
  return api.post<AdminListing>(`${listingPath(id)}/reject`, AdminReasonBodySchema.parse(body));
}

/** POST /admin/listings/{id}/take-down {reason}: hidden everywhere; the seller is mailed why. */
export function takeDownListing({ id, body }: ListingAction<AdminReasonBody>): Promise<AdminListing> {
  return api.post<AdminListing>(`${listingPath(id)}/take-down`, AdminReasonBodySchema.parse(body));
}

/** POST /admin/listings/{id}/restore {reason}: undoes a take-down. */
export function restoreListing({ id, body }: ListingAction<AdminReasonBody>): Promise<AdminListing> {
  return api.post<AdminListing>(`${listingPath(id)}/restore`, AdminReasonBodySchema.parse(body));
}

/** POST /admin/listings/{id}/feature {until, reason?}: featured (landing strip, first when browsing) until then. */
export function featureListing({ id, body }: ListingAction<FeatureListingBody>): Promise<AdminListing> {
  return api.post<AdminListing>(`${listingPath(id)}/feature`, FeatureListingBodySchema.parse(body));
}

/** DELETE /admin/listings/{id}/feature: no longer featured. */
export function unfeatureListing(id: string): Promise<AdminListing> {
  return api.delete<AdminListing>(`${listingPath(id)}/feature`);
}

export const useApproveListing = () => useAdminMutation(approveListing);
export const useRejectListing = () => useAdminMutation(rejectListing);
export const useTakeDownListing = () => useAdminMutation(takeDownListing);
export const useRestoreListing = () => useAdminMutation(restoreListing);
export const useFeatureListing = () => useAdminMutation(featureListing);
export const useUnfeatureListing = () => useAdminMutation(unfeatureListing);
