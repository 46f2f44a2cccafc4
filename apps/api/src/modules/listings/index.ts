/**
 * The listings module's public face. Other modules read listings through these and change
 * them through `app.listings` (the plugin); none writes the `listings` table itself.
 */
export { ListingsService } from './service.js';
export { addMonths, formatDay, type DbWriter } from './lifecycle.js';
export {
  listingColumns,
  toListing,
  toListings,
  loadSellerNames,
  centsToUnits,
  unitsToCents,
  isFeatured,
  type ListingRow,
  type ListingView,
  type PhotoRow,
  type DbReader,
  type AttachedDocument,
} from './mapper.js';
export type { ListingChange } from './moderation.js';
export { LISTING_EMBED_JOB, listingMeaning } from './meaning.js';
export { joinedNamesApart } from './search-terms.js';
export { activeListingSql, hasEnded, isListingActive, notHeldBackSql } from './visibility.js';
export { EXPIRY_REMINDER_JOB, EXPIRY_SWEEP } from './expiry.js';
