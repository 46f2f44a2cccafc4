import { SearchQuerySchema, searchPagePath } from '@benchmarket/shared';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { savedSearchAlerts, savedSearches, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../mail/index.js';
import { alertMail } from './mails.js';
import { criteriaOf } from './service.js';
import type { UnsubscribeTokens } from './unsubscribe-token.js';

export const ALERTS_TASK = 'saved-searches.alerts';
const DAY_MS = 24 * 3600 * 1000;
/** Searches looked at per run (the least recently checked first); the rest wait for the next run. */
const SEARCHES_PER_RUN = 500;

type DueSearch = typeof savedSearches.$inferSelect & { email: string };

/**
 * The alert job (issue 16, docs/decisions/020). Each run takes the searches that are due — every
 * instant one that is not paused, a daily one when a day has passed since it was last checked —
 * runs each through the search engine with its saved criteria (plain or AI), newest first,
 * limited to listings that went live after the search was saved and were never offered for it,
 * and queues one mail with what is new. The offered listings are recorded in the transaction that
 * queues the mail (primary key: search and listing), so a restart, a second run or a second
 * worker never offers a listing twice; nothing new, no mail.
 */
export class SavedSearchAlerts {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      search: FastifyInstance['listingSearch']['service'];
      mailer: Mailer;
      tokens: UnsubscribeTokens;
      publicUrl: string;
      log: FastifyBaseLogger;
    },
  ) {}

  /** One run: answers how many alert mails were queued. */
  async run(): Promise<number> {
    const now = this.deps.clock.now();
    const dayAgo = new Date(now.getTime() - DAY_MS);
    const due = await this.deps.db
      .select({ search: savedSearches, email: users.email })
      .from(savedSearches)
      .innerJoin(users, eq(users.id, savedSearches.userId))
      .where(
        and(
          eq(savedSearches.paused, false),
          eq(users.isVerified, true),
          isNull(users.suspendedAt),
          or(eq(savedSearches.frequency, 'instant'), lte(sql`coalesce(${savedSearches.checkedAt}, ${savedSearches.createdAt})`, dayAgo)),
        ),
      )
      .orderBy(sql`${savedSearches.checkedAt} asc nulls first`, asc(savedSearches.id))
      .limit(SEARCHES_PER_RUN);
    let mailed = 0;
    for (const { search, email } of due) {
      try {
        if (await this.alert({ ...search, email }, now)) mailed += 1;
      } catch (error) {
        this.deps.log.error({ err: error, savedSearch: search.id }, 'saved-search alert failed; tried again next run');
      }
    }
    return mailed;
  }

  private async alert(search: DueSearch, now: Date): Promise<boolean> {
    const criteria = criteriaOf(search);
    const query = SearchQuerySchema.parse({ ...criteria, sort: 'newest', page: 1 });
    const offered = sql`select ${savedSearchAlerts.listingId} from ${savedSearchAlerts} where ${savedSearchAlerts.savedSearchId} = ${search.id}`;
    const found = await this.deps.search.search(query, { liveSince: search.createdAt, excludedIds: offered });
    // One's own listings are no news.
    const candidates = found.items.filter((listing) => listing.user_id !== search.userId);
    return this.deps.db.transaction(async (tx) => {
      const recorded =
        candidates.length === 0
          ? []
          : await tx
              .insert(savedSearchAlerts)
              .values(candidates.map((listing) => ({ savedSearchId: search.id, listingId: listing.id, sentAt: now })))
              .onConflictDoNothing()
              .returning({ listingId: savedSearchAlerts.listingId });
      const fresh = new Set(recorded.map((r) => r.listingId));
      const listings = candidates.filter((listing) => fresh.has(listing.id));
      if (listings.length > 0) {
        const { publicUrl } = this.deps;
        const token = encodeURIComponent(this.deps.tokens.sign(search.id));
        const mail = alertMail({
          publicUrl,
          searchName: search.name,
          frequency: search.frequency,
          listings,
          searchUrl: `${publicUrl}${searchPagePath(criteria)}`,
          unsubscribeUrl: `${publicUrl}/unsubscribe?token=${token}`,
        });
        await this.deps.mailer.queue(
          {
            ...mail,
            to: search.email,
            // RFC 2369 and RFC 8058: mail programs show 'Unsubscribe' and POST to it in one click.
            headers: {
              'List-Unsubscribe': `<${publicUrl}/api/v1/saved-searches/unsubscribe?token=${token}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          },
          tx,
        );
      }
      await tx
        .update(savedSearches)
        .set({ checkedAt: now, ...(listings.length > 0 && { lastAlertAt: now }) })
        .where(eq(savedSearches.id, search.id));
      return listings.length > 0;
    });
  }
}
