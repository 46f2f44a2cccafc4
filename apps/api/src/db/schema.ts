import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The whole product's schema, designed once (spec §3). Money is integer cents; timestamps
 * are timestamptz; listings are soft-deleted; work that must survive a crash is a `jobs` row.
 */

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    isVerified: boolean('is_verified').notNull().default(false),
    googleSub: text('google_sub'),
    /** Bumped on password reset: access tokens carry it, so older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_google_sub_key').on(t.googleSub)],
);

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    /** SHA-256 of the token sent by mail; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_purpose_idx').on(t.userId, t.purpose),
    index('one_time_tokens_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * One row per access token (the token's `jti` is the id): logout deletes it, 'log out
 * everywhere' and a password reset delete all of a user's rows (issue 12).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Failed logins per account-and-address, per address and per account, with growing delays (modules/auth/login-throttle.ts). */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: text('key').primaryKey(),
    /** The account (email) the key counts for, so a password reset can clear its counters; null for per-address keys. */
    account: text('account'),
    failures: integer('failures').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** When the failures are forgotten (a quiet period after the last delay). */
    forgetAt: timestamp('forget_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_throttles_account_idx').on(t.account), index('login_throttles_forget_at_idx').on(t.forgetAt)],
);

/** SHA-256 of the nonces of Google ID tokens already used to sign in: each works once. */
export const usedGoogleNonces = pgTable(
  'used_google_nonces',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_google_nonces_expires_at_idx').on(t.expiresAt)],
);

/** Revisions of listing rows, for search's vector index (see `listings.searchRev`). */
export const listingsSearchRevSeq = pgSequence('listings_search_rev_seq');

export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** bigint: the largest price accepted (MONEY_MAX, 100,000,000.00) is beyond an integer's range in cents. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    condition: text('condition').notNull(),
    /** Canonical country name from the shared list, or null. */
    location: text('location'),
    locationCode: text('location_code'),
    category: text('category'),
    /**
     * Words the full-text index should know besides title and description: condition label,
     * category name and synonyms, country name and code. Filled by the listings service.
     */
    searchTerms: text('search_terms').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      // A slash joins words into one path-like token for the parser ('Defibrillator/Monitor'):
      // read as a space, so both words are found.
      (): SQL =>
        sql`setweight(to_tsvector('english', translate(coalesce(title, ''), '/', ' ')), 'A') || setweight(to_tsvector('english', coalesce(search_terms, '')), 'B') || setweight(to_tsvector('english', translate(coalesce(description, ''), '/', ' ')), 'C')`,
    ),
    /** Embedding from the AI endpoint, when one is configured (issue: search). */
    embedding: real('embedding').array(),
    /**
     * The listing's meaning as the local model reads it (unit vector; nearest-neighbour
     * search), and which model and rules made it: a row whose model differs is re-embedded by
     * the backfill job. Written with the text it comes from.
     */
    meaning: real('meaning').array(),
    meaningModel: text('meaning_model'),
    /**
     * Moves forward (a sequence, set by a trigger) on every write of the row: search's
     * in-memory vector index reads the rows past the last revision it has seen.
     */
    searchRev: bigint('search_rev', { mode: 'number' })
      .notNull()
      .default(sql`nextval('listings_search_rev_seq')`),
    isVerified: boolean('is_verified').notNull().default(false),
    verificationStatus: text('verification_status', {
      enum: ['auto_approved', 'auto_rejected', 'pending'],
    }),
    verificationNotes: text('verification_notes'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isActive: boolean('is_active').notNull().default(false),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'paid'] })
      .notNull()
      .default('unpaid'),
    expiryDate: timestamp('expiry_date', { withTimezone: true }),
    durationMonths: integer('duration_months').notNull(),
    expiryReminderSentAt: timestamp('expiry_reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('listings_price_cents_check', sql`${t.priceCents} >= 0`),
    check('listings_duration_months_check', sql`${t.durationMonths} in (1, 3, 6, 12)`),
    index('listings_user_created_idx').on(t.userId, t.createdAt),
    index('listings_search_vector_idx').using('gin', t.searchVector),
    index('listings_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // The storefront: active, paid, not deleted, newest first (latest listings and plain browsing).
    index('listings_storefront_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.isActive} and ${t.paymentStatus} = 'paid' and not ${t.isDeleted}`),
    index('listings_price_idx').on(t.priceCents),
    index('listings_expiry_idx').on(t.expiryDate),
    index('listings_search_rev_idx').on(t.searchRev),
    // Search also uses two covering indexes drizzle cannot declare (INCLUDE): the storefront
    // newest first and per family — migration 0006_search_covering_indexes.sql.
  ],
);

export const listingPhotos = pgTable(
  'listing_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Storage keys of the WebP photo and its thumbnail. */
    path: text('path').notNull(),
    thumbnailPath: text('thumbnail_path').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('listing_photos_listing_position_idx').on(t.listingId, t.position)],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** activation: first payment of a listing; extension: adds to expiry; renewal: restarts from now. */
    kind: text('kind', { enum: ['activation', 'extension', 'renewal'] }).notNull(),
    durationMonths: integer('duration_months').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** refunded: money arrived for something that no longer applied, and was given back. */
    status: text('status', { enum: ['pending', 'completed', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    provider: text('provider', { enum: ['stripe', 'sandbox', 'free'] }).notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** Sent to the provider when the intent is created: one key per listing and attempt. */
    idempotencyKey: text('idempotency_key'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Set when a paid payment could not be applied; the refund job gives the money back. */
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    providerRefundId: text('provider_refund_id'),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    refundNextAt: timestamp('refund_next_at', { withTimezone: true }),
    refundError: text('refund_error'),
  },
  (t) => [
    check('payments_amount_cents_check', sql`${t.amountCents} >= 0`),
    uniqueIndex('payments_provider_payment_id_key').on(t.providerPaymentId),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    index('payments_listing_idx').on(t.listingId),
    /** One open payment per listing: parallel 'Pay' clicks share one payment and one intent. */
    uniqueIndex('payments_one_open_per_listing_key')
      .on(t.listingId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('payments_idempotency_key_key').on(t.idempotencyKey),
    index('payments_refund_due_idx')
      .on(t.refundNextAt)
      .where(sql`${t.refundDueAt} is not null and ${t.refundedAt} is null`),
    index('payments_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** The sandbox payment provider's own state: PaymentIntent-like rows (local default for Stripe). */
export const sandboxPaymentIntents = pgTable('sandbox_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status', {
    enum: ['requires_payment_method', 'processing', 'succeeded', 'canceled'],
  }).notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  lastPaymentError: text('last_payment_error'),
  /** Like Stripe's Idempotency-Key: a second create with the same key answers the first intent. */
  idempotencyKey: text('idempotency_key').unique('sandbox_payment_intents_idempotency_key_key'),
  refundId: text('refund_id'),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    /** The seller at the time of sending; only they may read the message (spec §6). */
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id),
    senderName: text('sender_name').notNull(),
    senderEmail: text('sender_email').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('messages_recipient_sent_idx').on(t.recipientId, t.sentAt)],
);

export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    comment: text('comment').notNull(),
    page: text('page'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt)],
);

/**
 * The work table (outbox): mail to send, expiry sweeps, embeddings, reconciliation. A row is
 * written in the same transaction as the change that needs it; the worker does it after,
 * with retries. `dedupe_key` makes "do this once" jobs (the expiry reminder) idempotent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    uniqueIndex('jobs_dedupe_key_key').on(t.dedupeKey),
    index('jobs_finished_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('done', 'failed')`),
  ],
);

/** Fixed-window rate-limit counters, shared by every API process (ARCHITECTURE: scale). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_at_idx').on(t.resetAt)],
);

/** Cache of AI answers (search explanations, listing checks), keyed by rag_response_key. */
export const aiCache = pgTable(
  'ai_cache',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ai_cache_created_at_idx').on(t.createdAt)],
);

/**
 * The words of listing titles and search terms, unstemmed (issue: search): the lexicon that
 * typo tolerance corrects a query's words against with pg_trgm. Kept by a trigger on
 * listings (migration search_lexicon); words are never removed (a stale word only costs a
 * correction that finds nothing).
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_words_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

/**
 * One row: a number every change to what search can return moves forward (listings and
 * their photos; triggers in migration search_catalog_version). Each API process keeps
 * search pages in memory under the version they were computed at, so a page is never served
 * after the catalog changed, by this process or another.
 */
export const searchCatalog = pgTable(
  'search_catalog',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('search_catalog_single_row', sql`${t.id} = 1`)],
);
