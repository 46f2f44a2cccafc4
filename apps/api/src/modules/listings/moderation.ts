import { FEATURE_NOT_LIVE, LISTING_NOT_FOUND } from '@benchmarket/shared';
import { and, eq, sql } from 'drizzle-orm';
import { listings } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/http-errors.js';
import type { DbWriter } from './lifecycle.js';
import { listingColumns, type ListingRow } from './mapper.js';
import {
  LISTING_ALREADY_TAKEN_DOWN,
  LISTING_NOT_TAKEN_DOWN,
  LISTING_REMOVED_BY_SELLER,
  LISTING_TAKEN_DOWN_RESTORE_FIRST,
} from './texts.js';
import { hasPaidTimeLeft, isHeldBack, isListingActive } from './visibility.js';

/**
 * What operators do to a listing (issue 14): approve, reject, take down, restore, feature, and
 * hide or show a suspended seller's listings. Plain functions over any drizzle handle, so the
 * moderation and auth modules call them (through `app.listings`) inside the transaction that
 * also writes the audit row. Each answers the row after the change and the fields it changed,
 * as they were and as they are (the audit log's before → after).
 */

export interface ListingChange {
  row: ListingRow;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** The fields an operator's action can change, as the audit log names them. */
const AUDITED: Record<string, (row: ListingRow) => unknown> = {
  verification_status: (row) => row.verificationStatus,
  verification_notes: (row) => row.verificationNotes,
  is_verified: (row) => row.isVerified,
  prohibited_reason: (row) => row.prohibitedReason,
  moderation_status: (row) => row.moderationStatus,
  moderation_reason: (row) => row.moderationReason,
  is_active: (row) => row.isActive,
  hidden_by_suspension: (row) => row.hiddenBySuspension,
  featured_until: (row) => row.featuredUntil?.toISOString() ?? null,
};

/** The audited fields that differ between two versions of a row. */
export function changedFields(before: ListingRow, after: ListingRow): Pick<ListingChange, 'before' | 'after'> {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const [name, read] of Object.entries(AUDITED)) {
    if (read(before) !== read(after)) {
      was[name] = read(before);
      is[name] = read(after);
    }
  }
  return { before: was, after: is };
}

/** The row, locked for the rest of the transaction; 404 for an unknown id. */
async function lockRow(db: DbWriter, id: string): Promise<ListingRow> {
  const [row] = await db.select(listingColumns).from(listings).where(eq(listings.id, id)).for('update');
  if (!row) throw notFound(LISTING_NOT_FOUND, 'listing_not_found');
  return row;
}

async function write(db: DbWriter, current: ListingRow, set: Partial<typeof listings.$inferInsert>): Promise<ListingChange> {
  const [row] = await db.update(listings).set(set).where(eq(listings.id, current.id)).returning(listingColumns);
  if (!row) throw notFound(LISTING_NOT_FOUND, 'listing_not_found');
  return { row, ...changedFields(current, row) };
}

/** Decisions about content are for listings the seller still has; a taken-down one is restored first. */
function refuseRemovedOrTakenDown(row: ListingRow): void {
  if (row.isDeleted) throw conflict(LISTING_REMOVED_BY_SELLER, 'listing_removed');
  if (row.moderationStatus === 'taken_down') throw conflict(LISTING_TAKEN_DOWN_RESTORE_FIRST, 'listing_taken_down');
}

/**
 * Approve (spec §4 'Verified'): the verification object goes (no status, no notes), the badge
 * is earned, and a prohibited-item finding is overruled (the operator read the listing).
 */
export async function approveListing(db: DbWriter, input: { id: string; reason: string | null; now: Date }): Promise<ListingChange> {
  const current = await lockRow(db, input.id);
  refuseRemovedOrTakenDown(current);
  return write(db, current, {
    verificationStatus: null,
    verificationNotes: null,
    isVerified: true,
    prohibitedReason: null,
    moderationStatus: 'approved',
    moderationReason: input.reason,
    moderatedAt: input.now,
    updatedAt: input.now,
  });
}

/**
 * Reject: 'Verification Needed' with the operator's reason as the notes the seller reads. A
 * live listing stays live (the badge tells buyers); taking it down is a separate decision.
 */
export async function rejectListing(db: DbWriter, input: { id: string; reason: string; now: Date }): Promise<ListingChange> {
  const current = await lockRow(db, input.id);
  refuseRemovedOrTakenDown(current);
  return write(db, current, {
    verificationStatus: 'auto_rejected',
    verificationNotes: input.reason,
    isVerified: false,
    moderationStatus: 'rejected',
    moderationReason: input.reason,
    moderatedAt: input.now,
    updatedAt: input.now,
  });
}

/**
 * Take down: hidden everywhere (switched off, so search, the latest strip, the featured strip
 * and the listing page no longer show it; its photos become owner-only) and no longer
 * featured. Its owner still sees it, with the reason. Publishing or extending it is refused.
 */
export async function takeDownListing(db: DbWriter, input: { id: string; reason: string; now: Date }): Promise<ListingChange> {
  const current = await lockRow(db, input.id);
  if (current.isDeleted) throw conflict(LISTING_REMOVED_BY_SELLER, 'listing_removed');
  if (current.moderationStatus === 'taken_down') throw conflict(LISTING_ALREADY_TAKEN_DOWN, 'listing_taken_down');
  return write(db, current, {
    isActive: false,
    featuredUntil: null,
    moderationStatus: 'taken_down',
    moderationReason: input.reason,
    moderatedAt: input.now,
    updatedAt: input.now,
  });
}

/**
 * Undo a take-down: the listing is live again if its paid time has not run out (and its
 * owner is not suspended: reinstating the account switches it on then).
 */
export async function restoreListing(db: DbWriter, input: { id: string; now: Date }): Promise<ListingChange> {
  const current = await lockRow(db, input.id);
  if (current.moderationStatus !== 'taken_down') throw conflict(LISTING_NOT_TAKEN_DOWN, 'listing_not_taken_down');
  return write(db, current, {
    isActive: hasPaidTimeLeft(current, input.now) && !isHeldBack({ ...current, moderationStatus: null }),
    moderationStatus: null,
    moderationReason: null,
    moderatedAt: null,
    updatedAt: input.now,
  });
}

/**
 * Feature a live listing until `until` (the caller checked it is in the future). `updated_at`
 * moves with it: that is what tells the search page cache (the catalog version trigger,
 * migrations 0008–0009) that browsing order changed.
 */
export async function featureListing(db: DbWriter, input: { id: string; until: Date; now: Date }): Promise<ListingChange> {
  const current = await lockRow(db, input.id);
  if (!isListingActive(current, input.now)) throw conflict(FEATURE_NOT_LIVE, 'listing_not_live');
  return write(db, current, { featuredUntil: input.until, updatedAt: input.now });
}

export async function unfeatureListing(db: DbWriter, input: { id: string; now: Date }): Promise<ListingChange> {
  const current = await lockRow(db, input.id);
  return write(db, current, { featuredUntil: null, updatedAt: input.now });
}

/**
 * A suspended seller's listings are switched off and marked, so reinstating finds exactly
 * them — drafts too, so a payment still in flight cannot publish one meanwhile (a payment never
 * switches on a marked listing). Answers the ids of the ones that were live.
 */
export async function hideForSuspension(db: DbWriter, input: { userId: string; now: Date }): Promise<string[]> {
  const live = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.userId, input.userId), eq(listings.isActive, true)));
  await db
    .update(listings)
    .set({ isActive: false, hiddenBySuspension: true, updatedAt: input.now })
    .where(and(eq(listings.userId, input.userId), eq(listings.isDeleted, false)));
  return live.map((row) => row.id);
}

/**
 * Reinstating: the listings suspension switched off come back on — unless their paid time ran
 * out meanwhile, or an operator took them down (or they offer a prohibited item). Answers the
 * ids switched on again.
 */
export async function showAfterReinstatement(db: DbWriter, input: { userId: string; now: Date }): Promise<string[]> {
  const rows = await db
    .update(listings)
    .set({
      hiddenBySuspension: false,
      isActive: sql`(${listings.paymentStatus} = 'paid' and not ${listings.isDeleted}
        and (${listings.expiryDate} is null or ${listings.expiryDate} > ${input.now.toISOString()}::timestamptz)
        and ${listings.moderationStatus} is distinct from 'taken_down' and ${listings.prohibitedReason} is null)`,
      updatedAt: input.now,
    })
    .where(and(eq(listings.userId, input.userId), eq(listings.hiddenBySuspension, true)))
    .returning({ id: listings.id, isActive: listings.isActive });
  return rows.filter((row) => row.isActive).map((row) => row.id);
}
