import { sql, type SQL } from 'drizzle-orm';
import { listings } from '../../db/schema.js';
import type { ListingRow } from './mapper.js';

/**
 * Who sees a listing. "Active" = paid, switched on by payment, not past its expiry, not
 * removed: everyone sees it. Anything else (unpaid, expired, removed) only its owner sees;
 * to everyone else it does not exist (404).
 */

type VisibilityFields = Pick<ListingRow, 'isActive' | 'paymentStatus' | 'expiryDate' | 'isDeleted'>;

export function isListingActive(row: VisibilityFields, now: Date): boolean {
  return (
    row.isActive && row.paymentStatus === 'paid' && !row.isDeleted && (row.expiryDate === null || row.expiryDate.getTime() > now.getTime())
  );
}

/**
 * The same rule as SQL, for a `where`. Written as the storefront index's predicate plus the
 * expiry test, so the planner can use `listings_storefront_idx`.
 */
export function activeListingSql(now: Date): SQL {
  return sql`(${listings.isActive} and ${listings.paymentStatus} = 'paid' and not ${listings.isDeleted} and (${listings.expiryDate} is null or ${listings.expiryDate} > ${now.toISOString()}::timestamptz))`;
}

export function canView(row: VisibilityFields & Pick<ListingRow, 'userId'>, viewerId: string | null, now: Date): boolean {
  return row.userId === viewerId || isListingActive(row, now);
}
