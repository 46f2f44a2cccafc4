import { EXPIRES_SOON_DAYS } from '@benchmarket/shared';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { listings, users } from '../../db/schema.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { renderMail, type Mailer } from '../mail/index.js';
import { formatDay } from './lifecycle.js';

/** The periodic sweep's name and the reminder job's kind (jobs table). */
export const EXPIRY_SWEEP = 'listings.expiry';
export const EXPIRY_REMINDER_JOB = 'listings.expiry-reminder';
export const EXPIRY_SWEEP_EVERY_MS = 60_000;

const DAY_MS = 24 * 60 * 60 * 1000;

interface ListingExpiryDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * The listing's life after payment (spec §4, §9): the sweep marks listings whose expiry has
 * passed inactive, and reminds each seller once, in the 'Expires soon' window (7 days before
 * expiry), with a link to extend. "Once" is kept twice over: `expiry_reminder_sent_at` is set
 * in the same transaction that queues the reminder (a payment that moves the expiry clears it),
 * and the job's dedupe key names the listing and the expiry it is about.
 */
export class ListingExpiry {
  constructor(private readonly deps: ListingExpiryDeps) {}

  async sweep(): Promise<{ expired: number; reminded: number }> {
    const now = this.deps.clock.now();
    const expired = await this.deps.db
      .update(listings)
      .set({ isActive: false, updatedAt: now })
      .where(and(eq(listings.isActive, true), lte(listings.expiryDate, now)))
      .returning({ id: listings.id });

    const soon = new Date(now.getTime() + EXPIRES_SOON_DAYS * DAY_MS);
    const reminded = await this.deps.db.transaction(async (tx) => {
      const due = await tx
        .update(listings)
        .set({ expiryReminderSentAt: now })
        .where(
          and(
            eq(listings.isActive, true),
            eq(listings.paymentStatus, 'paid'),
            eq(listings.isDeleted, false),
            gt(listings.expiryDate, now),
            lte(listings.expiryDate, soon),
            isNull(listings.expiryReminderSentAt),
          ),
        )
        .returning({ id: listings.id, expiryDate: listings.expiryDate });
      for (const listing of due) {
        const expiry = listing.expiryDate?.toISOString() ?? '';
        await enqueueJob(
          tx,
          EXPIRY_REMINDER_JOB,
          { listing_id: listing.id, expiry_date: expiry },
          { dedupeKey: `expiry-reminder:${listing.id}:${expiry}` },
        );
      }
      return due.length;
    });
    if (expired.length > 0 || reminded > 0) this.deps.log.info({ expired: expired.length, reminded }, 'listing expiry sweep');
    return { expired: expired.length, reminded };
  }

  /** The reminder job: mails the seller unless the listing was extended, renewed or removed since. */
  async sendReminder(payload: Record<string, unknown>): Promise<void> {
    const listingId = typeof payload.listing_id === 'string' ? payload.listing_id : '';
    const expiry = typeof payload.expiry_date === 'string' ? payload.expiry_date : '';
    const [row] = await this.deps.db
      .select({ listing: listings, email: users.email })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.userId))
      .where(eq(listings.id, listingId))
      .limit(1);
    if (!row) return;
    const { listing, email } = row;
    if (listing.isDeleted || listing.paymentStatus !== 'paid' || listing.expiryDate?.toISOString() !== expiry) return;

    const mail = renderMail({
      subject: `Your listing expires soon: ${listing.title}`,
      heading: 'Your listing expires soon',
      paragraphs: [
        `Your listing "${listing.title}" expires on ${formatDay(listing.expiryDate)}.`,
        'After that it no longer appears in search. Extend it now to keep it in front of buyers.',
      ],
      action: { label: 'Extend your listing', url: `${this.deps.publicUrl}/listings/${listing.id}/extend` },
      footnote: `We send this reminder once, ${EXPIRES_SOON_DAYS} days before a listing expires.`,
    });
    await this.deps.mailer.queue({ ...mail, to: email });
  }
}
