import {
  categorize,
  findCountry,
  LISTING_NOT_FOUND,
  listingProhibitedMessage,
  NO_EDIT_PERMISSION,
  type AdminListing,
  type Condition,
  type DurationMonths,
  type Listing,
  type ListingCreate,
  type ListingsPage,
  type ListingUpdate,
  type SpecificationCount,
} from '@benchmarket/shared';
import { and, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { preparedPerHandle } from '../../db/prepared.js';
import { listings, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, forbidden, notFound } from '../../lib/http-errors.js';
import { LOCAL_MEANING_MODEL, loadLocalMeaningModel, type LocalMeaningModel } from '../../providers/embeddings/local-meaning.js';
import type { PhotoStorage } from '../../providers/storage/index.js';
import {
  createListingVerifier,
  prohibitedReasonOf,
  type ListingCheck,
  type ListingVerifier,
  type VerificationInput,
} from '../verification/index.js';
import {
  attachedDocumentsColumn,
  listingColumns,
  photosAndSellerColumns,
  toListing,
  toListings,
  toListingsRead,
  unitsToCents,
  type AttachedDocument,
  type DbReader,
  type ListingRow,
  type ListingView,
} from './mapper.js';
import { enqueueJob } from '../../jobs/queue.js';
import { activateListing, extendListing, shortenPaidTime, type DbWriter } from './lifecycle.js';
import { backfillMeanings, LISTING_EMBED_JOB, listingMeaning, needsMeaning } from './meaning.js';
import { buildSearchTerms } from './search-terms.js';
import { makerAndModel, specificationColumns } from './specifications.js';
import { LISTING_REMOVED_CANNOT_EDIT } from './texts.js';
import {
  approveListing,
  featureListing,
  hideForSuspension,
  rejectListing,
  restoreListing,
  showAfterReinstatement,
  takeDownListing,
  unfeatureListing,
  type ListingChange,
} from './moderation.js';
import {
  activeListingAt,
  activeListingSql,
  canView,
  hasEnded,
  hasPaidTimeLeft,
  isHeldBack,
  isListingActive,
  LISTING_ENDED_CODE,
} from './visibility.js';

interface ListingsServiceDependencies {
  db: Db;
  clock: Clock;
  storage: PhotoStorage;
  verifier: ListingVerifier;
  /** The local meaning model (search's nearest-neighbour retrieval reads each listing's vector). */
  meaningModel: () => Promise<LocalMeaningModel>;
  /** With an AI endpoint: queue the endpoint's embedding of a listing when it is created or edited. */
  queueEmbeddings?: boolean;
}

interface PublicListQuery {
  page: number;
  page_size: number;
  condition?: Condition;
  category?: string;
  /** With a logged-in caller: also the caller's own listings that are not active. */
  show_all: boolean;
  /** With show_all: leave out the caller's removed listings. */
  hide_deleted: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const newestFirst = [desc(listings.createdAt), desc(listings.id)];

// Issue 19: the hot reads as named prepared statements (db/prepared.ts).
const listingByIdQuery = preparedPerHandle('listing_by_id', (db: DbReader, name) =>
  db
    .select(listingColumns)
    .from(listings)
    .where(eq(listings.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name),
);
/** One listing with its photos, seller's name and documents: a listing's page is one round trip. */
const listingReadQuery = preparedPerHandle('listing_read', (db: DbReader, name) =>
  db
    .select({ ...listingColumns, ...photosAndSellerColumns, attachedDocuments: attachedDocumentsColumn })
    .from(listings)
    .where(eq(listings.id, sql.placeholder('id')))
    .limit(1)
    .prepare(name),
);
const latestQuery = preparedPerHandle('listings_latest', (db: DbReader, name) =>
  db
    .select({ ...listingColumns, ...photosAndSellerColumns })
    .from(listings)
    .where(and(activeListingAt(sql.placeholder('now')), eq(listings.isVerified, true)))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .prepare(name),
);

/**
 * Listings: create, edit, remove (soft), read with the visibility rules, lists. Every create
 * and edit re-runs the automatic check and the categorisation. No HTTP here.
 */
/** The most makers (or models) the suggestions list: a select beyond this is no help. */
const SPECIFICATION_COUNTS_LIMIT = 200;

export class ListingsService {
  constructor(private readonly deps: ListingsServiceDependencies) {}

  private get db(): Db {
    return this.deps.db;
  }

  /** Category, verification and search words, derived from what the seller wrote. */
  private async derive(input: ListingUpdate, current?: ListingRow) {
    return ListingsService.derive(input, {
      verify: (check) => this.deps.verifier.verify(check),
      meaningModel: await this.deps.meaningModel(),
      current,
    });
  }

  /**
   * The fields the service derives from what a seller wrote (category, verification, search
   * words, meaning): the one place they are computed, for a created or edited listing and for
   * the seed's demo catalog (which checks with the local rules and may name a category the
   * rules do not find).
   */
  static async derive(
    input: ListingUpdate,
    tools: {
      verify: (check: VerificationInput) => ListingCheck | Promise<ListingCheck>;
      meaningModel: LocalMeaningModel;
      fallbackCategory?: string | null;
      /** An edited listing's row: specification fields the body leaves out keep their values. */
      current?: ListingRow;
    },
  ) {
    const specifications = specificationColumns(input);
    const { manufacturer, model } = makerAndModel(specifications, tools.current);
    const localCategory = categorize({ title: input.title, description: input.description }) ?? tools.fallbackCategory ?? null;
    const check = await tools.verify({
      title: input.title,
      description: input.description,
      price: input.price,
      condition: input.condition,
      category: localCategory,
      location: input.location,
    });
    const category = check.suggestedCategory ?? localCategory;
    const country = findCountry(input.location);
    const meaning = listingMeaning(tools.meaningModel, { title: input.title, description: input.description, category });
    return {
      title: input.title,
      description: input.description,
      priceCents: unitsToCents(input.price),
      condition: input.condition,
      location: country?.name ?? null,
      locationCode: country?.code ?? null,
      category,
      searchTerms: buildSearchTerms({
        title: input.title,
        condition: input.condition,
        category,
        location: input.location,
        manufacturer,
        model,
      }),
      ...specifications,
      isVerified: check.isVerified,
      verificationStatus: check.status,
      verificationNotes: check.notes,
      // Issue 14: the local rules decide this whichever engine checked (a model cannot clear it).
      prohibitedReason: prohibitedReasonOf(input),
      ...meaning,
    };
  }

  /** A new listing starts unpaid and inactive with its duration; payment activates it. */
  async create(userId: string, input: ListingCreate): Promise<Listing> {
    const fields = await this.derive(input);
    const now = this.deps.clock.now();
    const [row] = await this.db
      .insert(listings)
      .values({
        ...fields,
        userId,
        durationMonths: input.duration_months,
        isActive: false,
        paymentStatus: 'unpaid',
        createdAt: now,
        updatedAt: now,
      })
      .returning(listingColumns);
    if (!row) throw new Error('listing insert returned no row');
    await this.queueEmbedding(row.id);
    return toListing(row, [], this.deps.storage, { now, viewerId: userId });
  }

  /** How `viewerId` sees listings now (`moderation` on their own ones). */
  private view(viewerId: string | null): ListingView {
    return { now: this.deps.clock.now(), viewerId };
  }

  private async queueEmbedding(listingId: string): Promise<void> {
    if (this.deps.queueEmbeddings) await enqueueJob(this.db, LISTING_EMBED_JOB, { listingId }, { maxAttempts: 5 });
  }

  /** The row, whatever its state; undefined for an unknown (or malformed) id. */
  async findRow(id: string, db: DbReader = this.db): Promise<ListingRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await listingByIdQuery(db).execute({ id });
    return row;
  }

  /**
   * The listing `userId` may change (edit, photos): 404 when it does not exist or is removed
   * and not theirs, 403 'You do not have permission to edit this listing' for someone else's,
   * 409 for their own removed listing.
   */
  async findOwnedForChange(id: string, userId: string, db: DbReader = this.db): Promise<ListingRow> {
    const row = await this.findRow(id, db);
    if (!row || (row.isDeleted && row.userId !== userId)) throw notFound(LISTING_NOT_FOUND);
    if (row.userId !== userId) throw forbidden(NO_EDIT_PERMISSION, 'not_owner');
    if (row.isDeleted) throw conflict(LISTING_REMOVED_CANNOT_EDIT, 'listing_removed');
    return row;
  }

  /**
   * PUT: the same fields as create but the duration; the check and category are redone. A live
   * listing cannot be edited into a prohibited item (403, nothing saved); a draft can (its notes
   * say what to fix, and publishing is refused until it is fixed). After an operator's decision
   * (issue 14), an edit is new content: a rejected listing goes back to the review queue
   * ('pending' at best, never straight to auto_approved), an approval no longer holds; a
   * take-down stays.
   */
  async update(id: string, userId: string, input: ListingUpdate): Promise<Listing> {
    const before = await this.findOwnedForChange(id, userId);
    const fields = await this.derive(input, before);
    const row = await this.db.transaction(async (tx) => {
      const [current] = await tx
        .select(listingColumns)
        .from(listings)
        .where(and(eq(listings.id, id), eq(listings.userId, userId), eq(listings.isDeleted, false)))
        .for('update');
      // Removed while the check ran.
      if (!current) throw conflict(LISTING_REMOVED_CANNOT_EDIT, 'listing_removed');
      const now = this.deps.clock.now();
      if (fields.prohibitedReason && isListingActive(current, now)) {
        throw forbidden(listingProhibitedMessage(fields.prohibitedReason), 'listing_prohibited');
      }
      const [updated] = await tx
        .update(listings)
        // A stale embedding is dropped: with an AI endpoint the worker's sweep embeds the new text.
        .set({
          ...fields,
          ...afterOperatorDecision(current, fields),
          // Paid for while it offered a prohibited item (the payment completed after an edit): fixed, it goes live.
          isActive:
            current.isActive || (hasPaidTimeLeft(current, now) && !isHeldBack({ ...current, prohibitedReason: fields.prohibitedReason })),
          embedding: null,
          updatedAt: now,
        })
        .where(eq(listings.id, id))
        .returning(listingColumns);
      return updated!;
    });
    await this.queueEmbedding(row.id);
    const [listing] = await toListings(this.db, this.deps.storage, [row], this.view(userId));
    return listing!;
  }

  /** Soft delete (nothing a user paid for is hard-deleted); removing twice is not an error. */
  async remove(id: string, userId: string): Promise<void> {
    const row = await this.findRow(id);
    if (!row || (row.isDeleted && row.userId !== userId)) throw notFound(LISTING_NOT_FOUND);
    if (row.userId !== userId) throw forbidden(NO_EDIT_PERMISSION, 'not_owner');
    if (row.isDeleted) return;
    await this.db.update(listings).set({ isDeleted: true, isActive: false, updatedAt: this.deps.clock.now() }).where(eq(listings.id, id));
  }

  /** One listing as `viewerId` (null: a visitor) may see it; 404 'Listing not found' otherwise. */
  async get(id: string, viewerId: string | null): Promise<Listing> {
    return (await this.getWithRow(id, viewerId)).listing;
  }

  /** As get, with the row it read: the detail route hands it on to the documents module rather than have it read again. */
  async getWithRow(
    id: string,
    viewerId: string | null,
  ): Promise<{ listing: Listing; row: ListingRow & { attachedDocuments: AttachedDocument[] } }> {
    const [row] = UUID.test(id) ? await listingReadQuery(this.db).execute({ id }) : [];
    const now = this.deps.clock.now();
    if (!row || !canView(row, viewerId, now)) throw notFound(LISTING_NOT_FOUND, row && hasEnded(row, now) ? LISTING_ENDED_CODE : undefined);
    const [listing] = toListingsRead([row], this.deps.storage, this.view(viewerId));
    return { listing: listing!, row };
  }

  /** Rows to API listings, photos loaded in one query; `moderation` for `viewerId`'s own (or every one, for an admin). */
  toListings(
    rows: readonly ListingRow[],
    viewer: { viewerId?: string | null; admin?: boolean } = {},
    db: DbReader = this.db,
  ): Promise<Listing[]> {
    return toListings(db, this.deps.storage, rows, { now: this.deps.clock.now(), ...viewer });
  }

  /**
   * Listings as the operations console shows them: any state, with the seller's email, the
   * featuring date and the prohibited-item reason. In the order given.
   */
  async toAdminListings(rows: readonly ListingRow[], db: DbReader = this.db): Promise<AdminListing[]> {
    if (rows.length === 0) return [];
    const [mapped, sellers] = await Promise.all([
      toListings(db, this.deps.storage, rows, { now: this.deps.clock.now(), admin: true }),
      db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.id, [...new Set(rows.map((row) => row.userId))])),
    ]);
    const emails = new Map(sellers.map((seller) => [seller.id, seller.email]));
    return mapped.map((listing, i) => ({
      ...listing,
      seller_email: emails.get(listing.user_id) ?? '',
      featured_until: rows[i]!.featuredUntil?.toISOString() ?? null,
      prohibited_reason: rows[i]!.prohibitedReason,
    }));
  }

  /** One listing in any state, as the console shows it; 404 for an unknown id. */
  async adminGet(id: string, db: DbReader = this.db): Promise<AdminListing> {
    const row = await this.findRow(id, db);
    if (!row) throw notFound(LISTING_NOT_FOUND, 'listing_not_found');
    const [listing] = await this.toAdminListings([row], db);
    return listing!;
  }

  /**
   * GET /listings: active listings, newest first, a page at a time. With show_all and a
   * logged-in caller, the caller's own inactive listings too (removed ones unless
   * hide_deleted); nobody ever sees another seller's inactive or removed listings.
   */
  async listPublic(query: PublicListQuery, viewerId: string | null): Promise<ListingsPage> {
    const now = this.deps.clock.now();
    let visible: SQL = activeListingSql(now);
    if (query.show_all && viewerId) {
      const own = query.hide_deleted ? and(eq(listings.userId, viewerId), eq(listings.isDeleted, false)) : eq(listings.userId, viewerId);
      visible = or(visible, own) ?? visible;
    }
    const where = and(
      visible,
      query.condition ? eq(listings.condition, query.condition) : undefined,
      query.category ? eq(listings.category, query.category) : undefined,
    )!;
    const [rows, totals] = await Promise.all([
      this.featuredFirst(where, now, { limit: query.page_size, offset: (query.page - 1) * query.page_size }),
      this.db.select({ total: count() }).from(listings).where(where),
    ]);
    return {
      items: await this.toListings(rows, { viewerId }),
      total: totals[0]?.total ?? 0,
      page: query.page,
      page_size: query.page_size,
    };
  }

  /**
   * A page of `where`, newest first — but live featured listings first of all (issue 14). Kept
   * cheap at any catalog size: the featured ones are few (their own partial index), the rest
   * are read newest first down the storefront index, from where the featured ones end.
   */
  private async featuredFirst(where: SQL, now: Date, page: { limit: number; offset: number }): Promise<ListingRow[]> {
    const live = activeListingSql(now);
    const wanted = page.offset + page.limit;
    const featured = await this.db
      .select(listingColumns)
      .from(listings)
      .where(and(where, live, gt(listings.featuredUntil, now)))
      .orderBy(...newestFirst)
      .limit(wanted);
    const shown = featured.slice(page.offset);
    // A page of featured listings only; otherwise `featured` holds all of them.
    if (featured.length === wanted) return shown;
    const notFeatured = sql`not (${live} and coalesce(${listings.featuredUntil} > ${now.toISOString()}::timestamptz, false))`;
    const rest = await this.db
      .select(listingColumns)
      .from(listings)
      .where(and(where, notFeatured))
      .orderBy(...newestFirst)
      .limit(page.limit - shown.length)
      .offset(Math.max(0, page.offset - featured.length));
    return [...shown, ...rest];
  }

  /**
   * GET /listings/user: the caller's listings, newest first. show_all=false → only the
   * active ones; true → all. hide_deleted → without removed ones.
   */
  async listForUser(userId: string, options: { showAll: boolean; hideDeleted: boolean }): Promise<Listing[]> {
    const rows = await this.db
      .select(listingColumns)
      .from(listings)
      .where(
        and(
          eq(listings.userId, userId),
          options.showAll ? undefined : activeListingSql(this.deps.clock.now()),
          options.hideDeleted ? eq(listings.isDeleted, false) : undefined,
        ),
      )
      .orderBy(...newestFirst);
    return this.toListings(rows, { viewerId: userId });
  }

  /**
   * GET /listings/latest: the newest active, verified listings (spec §6: visitors see "the latest
   * 10 verified listings"); one query for rows, one for photos.
   */
  async latest(limit: number): Promise<Listing[]> {
    const now = this.deps.clock.now();
    const rows = await latestQuery(this.db).execute({ now: now.toISOString(), limit });
    return toListingsRead(rows, this.deps.storage, { now });
  }

  /**
   * GET /listings/manufacturers (issue 15): the makers of live listings with how many each has,
   * most first — the search form's manufacturer filter and the listing form's suggestions.
   * With `manufacturer`, that maker's models instead. Spellings that differ only in case are
   * one maker, shown as most of its listings spell it.
   */
  async specificationCounts(manufacturer?: string): Promise<SpecificationCount[]> {
    const column = manufacturer ? listings.model : listings.manufacturer;
    const where = [activeListingSql(this.deps.clock.now()), sql`${column} is not null`, sql`btrim(${column}) <> ''`];
    if (manufacturer) where.push(sql`lower(${listings.manufacturer}) = lower(${manufacturer})`);
    const rows = await this.db
      .select({ name: sql<string>`mode() within group (order by ${column})`, count: count() })
      .from(listings)
      .where(and(...where))
      .groupBy(sql`lower(${column})`)
      .orderBy(desc(count()), sql`lower(${column})`)
      .limit(SPECIFICATION_COUNTS_LIMIT);
    return rows.map((row) => ({ name: row.name, count: Number(row.count) }));
  }

  /**
   * GET /listings/featured (issue 14): live listings an operator features, at most `limit`, the
   * one whose featuring ends soonest last.
   */
  async featured(limit: number): Promise<Listing[]> {
    const now = this.deps.clock.now();
    const rows = await this.db
      .select(listingColumns)
      .from(listings)
      .where(and(activeListingSql(now), gt(listings.featuredUntil, now)))
      .orderBy(desc(listings.featuredUntil), desc(listings.id))
      .limit(limit);
    return this.toListings(rows);
  }

  // ── Operators' decisions (issue 14), in the caller's transaction (with its audit row) ──

  approve(input: { id: string; reason: string | null }, db: DbWriter = this.db): Promise<ListingChange> {
    return approveListing(db, { ...input, now: this.deps.clock.now() });
  }

  reject(input: { id: string; reason: string }, db: DbWriter = this.db): Promise<ListingChange> {
    return rejectListing(db, { ...input, now: this.deps.clock.now() });
  }

  takeDown(input: { id: string; reason: string }, db: DbWriter = this.db): Promise<ListingChange> {
    return takeDownListing(db, { ...input, now: this.deps.clock.now() });
  }

  restore(input: { id: string }, db: DbWriter = this.db): Promise<ListingChange> {
    return restoreListing(db, { ...input, now: this.deps.clock.now() });
  }

  feature(input: { id: string; until: Date }, db: DbWriter = this.db): Promise<ListingChange> {
    return featureListing(db, { ...input, now: this.deps.clock.now() });
  }

  unfeature(input: { id: string }, db: DbWriter = this.db): Promise<ListingChange> {
    return unfeatureListing(db, { ...input, now: this.deps.clock.now() });
  }

  /** The owner is suspended: their listings are switched off (leaving search, latest and featured) and marked. Answers the ones that were live. */
  hideForSuspension(userId: string, db: DbWriter = this.db): Promise<string[]> {
    return hideForSuspension(db, { userId, now: this.deps.clock.now() });
  }

  /** The owner is reinstated: exactly the listings suspension switched off come back (if still paid for). */
  showAfterReinstatement(userId: string, db: DbWriter = this.db): Promise<string[]> {
    return showAfterReinstatement(db, { userId, now: this.deps.clock.now() });
  }

  // ── What other modules do to a listing (they call these; only this module writes `listings`) ──

  /** First payment: paid, active, expiring `durationMonths` from `now` (in the payment's transaction when given). */
  activate(
    input: { listingId: string; durationMonths: DurationMonths; now: Date },
    db: DbWriter = this.db,
  ): Promise<ListingRow | undefined> {
    return activateListing(db, input);
  }

  /** Extension or renewal (in the payment's transaction when given). */
  extend(input: { listingId: string; months: DurationMonths; now: Date }, db: DbWriter = this.db): Promise<ListingRow | undefined> {
    return extendListing(db, input);
  }

  /** A refund or dispute takes paid time back: expiry `by` ms earlier (`all`: now), ended when none is left. */
  shortenPaidTime(input: { listingId: string; by: number | 'all'; now: Date }, db: DbWriter = this.db): Promise<ListingRow | undefined> {
    return shortenPaidTime(db, input);
  }

  /** Gives listings without the current local model's meaning their vectors, at most `maxRows`. */
  async backfillMeanings(maxRows?: number): Promise<number> {
    // Nothing loaded when nothing needs it: mail and other jobs of the same worker round wait for it.
    if (!(await needsMeaning(this.db, LOCAL_MEANING_MODEL))) return 0;
    return backfillMeanings(this.db, await this.deps.meaningModel(), maxRows);
  }

  /** The texts an embedding model is given for these listings. */
  embeddingInputs(ids: readonly string[]): Promise<{ id: string; title: string; description: string; category: string | null }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: listings.id, title: listings.title, description: listings.description, category: listings.category })
      .from(listings)
      .where(inArray(listings.id, [...ids]));
  }

  /** Active listings that have no embedding yet (seeded data, an endpoint added later). */
  async withoutEmbedding(limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: listings.id })
      .from(listings)
      .where(and(activeListingSql(this.deps.clock.now()), isNull(listings.embedding)))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /** Stores an embedding model's vector of a listing (a PostgreSQL real[]). */
  async storeEmbedding(listingId: string, vector: readonly number[]): Promise<void> {
    await this.db.execute(sql`update ${listings} set embedding = ${realArrayLiteral(vector)}::real[] where ${listings.id} = ${listingId}`);
  }
}

/**
 * What an edit does to an operator's decision (issue 14): a rejected listing returns to the
 * review queue — the check's status, but never better than 'pending' (only an operator clears
 * it) — and an approval no longer holds (the content changed); a take-down stays.
 */
function afterOperatorDecision(
  current: Pick<ListingRow, 'moderationStatus'>,
  fields: { verificationStatus: ListingCheck['status'] },
): Partial<typeof listings.$inferInsert> {
  const cleared = { moderationStatus: null, moderationReason: null, moderatedAt: null };
  if (current.moderationStatus === 'rejected') {
    const status = fields.verificationStatus === 'auto_approved' ? 'pending' : fields.verificationStatus;
    return { ...cleared, verificationStatus: status, isVerified: false };
  }
  if (current.moderationStatus === 'approved') return cleared;
  return {};
}

/** A PostgreSQL array literal of reals ('{0.1,0.2}'). */
function realArrayLiteral(vector: readonly number[]): string {
  return `{${vector.map((x) => (Number.isFinite(x) ? x.toPrecision(7) : '0')).join(',')}}`;
}

/** The service as the app is configured (verifier chosen by AI_BASE_URL): for routes, the seed, other modules. */
export function listingsServiceFor(app: FastifyInstance): ListingsService {
  return new ListingsService({
    db: app.db,
    clock: app.clock,
    storage: app.storage,
    verifier: createListingVerifier({ ai: app.config.ai, db: app.db, log: app.log.child({ module: 'verification' }) }),
    meaningModel: loadLocalMeaningModel,
    queueEmbeddings: Boolean(app.config.ai.baseUrl),
  });
}
