import {
  SAVED_SEARCHES_LIMIT_REACHED,
  SAVED_SEARCHES_MAX,
  SAVED_SEARCHES_VERIFIED_ONLY,
  SAVED_SEARCH_NOT_FOUND,
  SearchCriteriaSchema,
  UNSUBSCRIBE_LINK_INVALID,
  unsubscribedText,
  type SavedCriteria,
  type SavedSearch,
  type SavedSearchCreate,
  type SavedSearchUpdate,
  type SearchCriteria,
  type Unsubscribed,
} from '@benchmarket/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { savedSearches, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors.js';
import type { CurrentUser } from '../auth/index.js';
import type { UnsubscribeTokens } from './unsubscribe-token.js';

type SavedSearchRow = typeof savedSearches.$inferSelect;

/** The stored criteria as answered: only the values that are set (they were validated when saved). */
export function criteriaOf(row: Pick<SavedSearchRow, 'criteria'>): SavedCriteria {
  const parsed = SearchCriteriaSchema.safeParse(row.criteria);
  const criteria: Partial<SearchCriteria> = parsed.success ? parsed.data : { use_rag: false };
  return Object.fromEntries(Object.entries(criteria).filter(([, value]) => value !== undefined)) as SavedCriteria;
}

export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    criteria: criteriaOf(row),
    frequency: row.frequency,
    paused: row.paused,
    created_at: row.createdAt.toISOString(),
    last_alert_at: row.lastAlertAt?.toISOString() ?? null,
  };
}

/**
 * Saved searches (issue 16): verified accounts keep up to SAVED_SEARCHES_MAX searches; only the
 * owner sees or changes one (anyone else gets 404, as for an unknown id).
 */
export class SavedSearchesService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      tokens: UnsubscribeTokens;
    },
  ) {}

  /** Saving searches is for verified accounts (like searching itself, spec §5). */
  refuseUnverified(user: Pick<CurrentUser, 'isVerified'>): void {
    if (!user.isVerified) throw forbidden(SAVED_SEARCHES_VERIFIED_ONLY, 'email_not_verified');
  }

  async list(userId: string): Promise<SavedSearch[]> {
    const rows = await this.deps.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
    return rows.map(toSavedSearch);
  }

  /**
   * The limit is counted under a lock of the owner's row, so two saves at once cannot both be
   * the 25th.
   */
  async create(
    userId: string,
    input: { name: string; criteria: SearchCriteria; frequency: SavedSearchCreate['frequency'] },
  ): Promise<SavedSearch> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [counted] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
      if ((counted?.n ?? 0) >= SAVED_SEARCHES_MAX) throw conflict(SAVED_SEARCHES_LIMIT_REACHED, 'saved_searches_limit');
      const criteria = Object.fromEntries(Object.entries(input.criteria).filter(([, value]) => value !== undefined));
      const [row] = await tx
        .insert(savedSearches)
        .values({ userId, name: input.name, criteria, frequency: input.frequency ?? 'instant', createdAt: now, updatedAt: now })
        .returning();
      return toSavedSearch(row!);
    });
  }

  async update(userId: string, id: string, input: SavedSearchUpdate): Promise<SavedSearch> {
    if (input.name === undefined && input.frequency === undefined && input.paused === undefined) {
      throw badRequest('Nothing to change: send name, frequency or paused');
    }
    const now = this.deps.clock.now();
    const [row] = await this.deps.db
      .update(savedSearches)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.frequency !== undefined && { frequency: input.frequency }),
        ...(input.paused !== undefined && { paused: input.paused }),
        updatedAt: now,
      })
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .returning();
    if (!row) throw notFound(SAVED_SEARCH_NOT_FOUND);
    return toSavedSearch(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    const deleted = await this.deps.db
      .delete(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .returning({ id: savedSearches.id });
    if (deleted.length === 0) throw notFound(SAVED_SEARCH_NOT_FOUND);
  }

  /**
   * One-click unsubscribe (RFC 8058), no login: a token this server signed pauses the search's
   * alerts (the search itself stays on the dashboard, where it can be resumed). Idempotent.
   */
  async unsubscribe(token: string): Promise<Unsubscribed> {
    const id = this.deps.tokens.verify(token);
    if (!id) throw badRequest(UNSUBSCRIBE_LINK_INVALID, 'unsubscribe_link_invalid');
    const [row] = await this.deps.db
      .update(savedSearches)
      .set({ paused: true, updatedAt: sql`now()` })
      .where(eq(savedSearches.id, id))
      .returning({ name: savedSearches.name });
    // Signed by us, but the search was deleted since: nothing will be sent anyway.
    if (!row) throw notFound(SAVED_SEARCH_NOT_FOUND);
    return { name: row.name, detail: unsubscribedText(row.name) };
  }
}
