/**
 * Texts of the listings API that the spec leaves to us (ours); the spec's own texts come
 * from `@benchmarket/shared` (LISTING_NOT_FOUND, NO_EDIT_PERMISSION, …).
 */
export const LISTING_REMOVED_CANNOT_EDIT = 'This listing has been removed and cannot be edited.';
export const LISTING_DELETED = 'Listing deleted';
