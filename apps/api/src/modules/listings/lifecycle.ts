import type { DurationMonths } from '@benchmarket/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { listings } from '../../db/schema.js';
import { listingColumns, type ListingRow } from './mapper.js';
import { notHeldBackSql } from './visibility.js';

/**
 * What payments do to a listing (spec §4: unpaid becomes paid after payment). Plain
 * functions over any drizzle handle, so the payments module can call them inside the
 * transaction that completes a payment.
 */

/** The app's db or a transaction. */
export type DbWriter = Pick<Db, 'select' | 'update'>;

/** A day as mails write it: '3 March 2026' (UTC). */
export function formatDay(date: Date): string {
  return date.toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
}

/** `date` plus whole calendar months (UTC); the 31st of a shorter month becomes its last day. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * First payment of a listing: paid, active, expiring `durationMonths` from `now`.
 * Answers the updated row, or undefined when there is no such listing.
 */
export async function activateListing(
  db: DbWriter,
  input: { listingId: string; durationMonths: DurationMonths; now: Date },
): Promise<ListingRow | undefined> {
  return markPaid(db, input.listingId, {
    months: input.durationMonths,
    expiryDate: addMonths(input.now, input.durationMonths),
    now: input.now,
  });
}

/**
 * Extension or renewal: adds `months` to the current expiry when it is still ahead
 * (extend), else to `now` (renew after expiry). The listing stays or becomes active.
 */
export async function extendListing(
  db: DbWriter,
  input: { listingId: string; months: DurationMonths; now: Date },
): Promise<ListingRow | undefined> {
  const [current] = await db.select({ expiryDate: listings.expiryDate }).from(listings).where(eq(listings.id, input.listingId)).limit(1);
  if (!current) return undefined;
  const base = current.expiryDate && current.expiryDate.getTime() > input.now.getTime() ? current.expiryDate : input.now;
  return markPaid(db, input.listingId, { months: input.months, expiryDate: addMonths(base, input.months), now: input.now });
}

/** Paid until `expiryDate` for `months`: active unless held back; the old expiry's reminder no longer applies. */
async function markPaid(
  db: DbWriter,
  listingId: string,
  paid: { months: DurationMonths; expiryDate: Date; now: Date },
): Promise<ListingRow | undefined> {
  const [row] = await db
    .update(listings)
    .set({
      paymentStatus: 'paid',
      // Paid, but a take-down or the owner's suspension keeps it off (issue 14).
      isActive: notHeldBackSql(),
      durationMonths: paid.months,
      expiryDate: paid.expiryDate,
      expiryReminderSentAt: null,
      // Issue 16: the first time it goes live (saved-search alerts offer listings newer than the search).
      wentLiveAt: sql`coalesce(${listings.wentLiveAt}, ${paid.now.toISOString()}::timestamptz)`,
      updatedAt: paid.now,
    })
    .where(eq(listings.id, listingId))
    .returning(listingColumns);
  return row;
}

/**
 * A refund or a dispute takes back paid time (issue 14): the expiry moves `by` earlier (`all`:
 * to now), never before now; when nothing is left the listing ends now (inactive, expired).
 * The reminder for the old expiry no longer applies. Answers the updated row, or undefined
 * when there is no such listing; a listing without paid time left is left as it is.
 */
export async function shortenPaidTime(
  db: DbWriter,
  input: { listingId: string; by: number | 'all'; now: Date },
): Promise<ListingRow | undefined> {
  const [current] = await db.select(listingColumns).from(listings).where(eq(listings.id, input.listingId)).for('update');
  const now = input.now.getTime();
  // Not paid, or expired already: no paid time left to take.
  if (!current?.expiryDate || current.expiryDate.getTime() <= now) return current;
  const expiry = input.by === 'all' ? now : Math.max(now, current.expiryDate.getTime() - input.by);
  const ended = expiry <= now;
  const [row] = await db
    .update(listings)
    .set({
      expiryDate: new Date(expiry),
      isActive: ended ? false : current.isActive,
      expiryReminderSentAt: null,
      updatedAt: input.now,
    })
    .where(eq(listings.id, input.listingId))
    .returning(listingColumns);
  return row;
}
