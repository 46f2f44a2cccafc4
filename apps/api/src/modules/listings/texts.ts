/**
 * Texts of the listings API that the spec leaves to us (ours); the spec's own texts come
 * from `@benchmarket/shared` (LISTING_NOT_FOUND, NO_EDIT_PERMISSION, …).
 */
export const LISTING_REMOVED_CANNOT_EDIT = 'This listing has been removed and cannot be edited.';
export const LISTING_DELETED = 'Listing deleted';

// Issue 14: operators' decisions that do not apply to the listing's state (409).
export const LISTING_REMOVED_BY_SELLER = 'This listing was removed by its seller.';
export const LISTING_TAKEN_DOWN_RESTORE_FIRST = 'This listing is taken down: restore it first.';
export const LISTING_ALREADY_TAKEN_DOWN = 'This listing is already taken down.';
export const LISTING_NOT_TAKEN_DOWN = 'This listing is not taken down.';
