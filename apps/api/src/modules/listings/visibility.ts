import { sql, type Placeholder, type SQL } from 'drizzle-orm';
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
  return activeListingAt(now.toISOString());
}

/** The same condition with the moment as an ISO string or a prepared statement's placeholder (`now`). */
export function activeListingAt(now: string | Placeholder): SQL {
  return sql`(${listings.isActive} and ${listings.paymentStatus} = 'paid' and not ${listings.isDeleted} and (${listings.expiryDate} is null or ${listings.expiryDate} > ${now}::timestamptz))`;
}

export function canView(row: VisibilityFields & Pick<ListingRow, 'userId'>, viewerId: string | null, now: Date): boolean {
  return row.userId === viewerId || isListingActive(row, now);
}

/**
 * Issue 14: what keeps a paid listing off — an operator's take-down, its owner's suspension, a
 * prohibited item (checkout refuses to publish one, but a payment can complete after an edit).
 * A payment switches a listing on only when none holds; the listing stays paid, and restoring,
 * reinstating or fixing it switches it on later.
 */
export function notHeldBackSql(): SQL {
  return sql`(not ${listings.hiddenBySuspension} and ${listings.moderationStatus} is distinct from 'taken_down' and ${listings.prohibitedReason} is null)`;
}

export function isHeldBack(row: Pick<ListingRow, 'hiddenBySuspension' | 'moderationStatus' | 'prohibitedReason'>): boolean {
  return row.hiddenBySuspension || row.moderationStatus === 'taken_down' || row.prohibitedReason !== null;
}

/** The error code of GET /listings/{id} for an ended listing (its detail stays 'Listing not found'). */
export const LISTING_ENDED_CODE = 'listing_ended';

/**
 * Issue 18: a listing that was on sale and whose paid time ran out — not removed, not held
 * back. Others still get 404 for it (it is not for sale), with the code `listing_ended`, so
 * its page can say so and show similar live listings instead of a dead end.
 */
export function hasEnded(
  row: Pick<ListingRow, 'paymentStatus' | 'expiryDate' | 'isDeleted' | 'hiddenBySuspension' | 'moderationStatus' | 'prohibitedReason'>,
  now: Date,
): boolean {
  return (
    row.paymentStatus === 'paid' &&
    !row.isDeleted &&
    !isHeldBack(row) &&
    row.expiryDate !== null &&
    row.expiryDate.getTime() <= now.getTime()
  );
}

/** Paid time left, not removed: on sale unless something holds it back. */
export function hasPaidTimeLeft(row: Pick<ListingRow, 'paymentStatus' | 'expiryDate' | 'isDeleted'>, now: Date): boolean {
  return isListingActive({ ...row, isActive: true }, now);
}
