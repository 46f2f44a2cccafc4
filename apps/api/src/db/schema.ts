import { sql, type SQL } from 'drizzle-orm';
import {
  DECONTAMINATION_STATUSES,
  DEVICE_CLASSES,
  DOCUMENT_TYPES,
  SALE_RESTRICTIONS,
  SHIPPING_OPTIONS,
  WARRANTIES,
} from '@benchmarket/shared';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
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
    /** 'admin' opens the operations console (issue 14); granted only from the command line (`npm run admin`). */
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    /** Set while the account is suspended: it cannot log in, its listings are hidden, messages to it are refused. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_google_sub_key').on(t.googleSub)],
);

/**
 * Issue 15: a seller's public profile (the sellers module's), one row per account at most; no
 * row is the same as an empty profile. Shown on /sellers/{id}; the email never is.
 */
export const sellerProfiles = pgTable('seller_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  displayName: text('display_name'),
  company: text('company'),
  /** Canonical country name (the shared country list), like listings.location. */
  country: text('country'),
  about: text('about'),
  /** Storage key of the logo (a WebP made by the photos pipeline), under sellers/<user_id>/. */
  logoPath: text('logo_path'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
    /**
     * Why the listing may not be published at all (a prohibited item the check found: a
     * controlled substance, a prescription drug, a used single-use device…), or null. Publishing
     * (a payment or the free activation) is refused with this text.
     */
    prohibitedReason: text('prohibited_reason'),
    /**
     * An operator's decision (issue 14): approved (the listing shows 'Verified'), rejected
     * (with a reason the seller sees), taken_down (hidden everywhere: `is_active` is switched
     * off). Null: no operator has looked at it.
     */
    moderationStatus: text('moderation_status', { enum: ['approved', 'rejected', 'taken_down'] }),
    moderationReason: text('moderation_reason'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    /**
     * Switched off because the owner's account is suspended: reinstating the account switches
     * these listings (and only these) back on.
     */
    hiddenBySuspension: boolean('hidden_by_suspension').notNull().default(false),
    /** Shown in the landing page's 'Featured' strip and first when browsing, until then. */
    featuredUntil: timestamp('featured_until', { withTimezone: true }),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isActive: boolean('is_active').notNull().default(false),
    paymentStatus: text('payment_status', { enum: ['unpaid', 'paid'] })
      .notNull()
      .default('unpaid'),
    expiryDate: timestamp('expiry_date', { withTimezone: true }),
    durationMonths: integer('duration_months').notNull(),
    expiryReminderSentAt: timestamp('expiry_reminder_sent_at', { withTimezone: true }),
    // Issue 15: structured specifications (all optional; values in shared/specification-values.ts).
    manufacturer: text('manufacturer'),
    model: text('model'),
    yearOfManufacture: integer('year_of_manufacture'),
    hoursOfUse: integer('hours_of_use'),
    /** Only the owner ever sees it (the mapper leaves it out of every other response). */
    serialNumber: text('serial_number'),
    warranty: text('warranty', { enum: WARRANTIES }),
    shipping: text('shipping', { enum: SHIPPING_OPTIONS }),
    leadTimeDays: integer('lead_time_days'),
    includedAccessories: text('included_accessories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Regulatory and safety facts.
    deviceClass: text('device_class', { enum: DEVICE_CLASSES }),
    fda510kNumber: text('fda_510k_number'),
    ceMarking: boolean('ce_marking'),
    saleRestriction: text('sale_restriction', { enum: SALE_RESTRICTIONS }).notNull().default('none'),
    /** Null: the seller made no decontamination statement (buyers of used equipment are cautioned). */
    decontaminationStatus: text('decontamination_status', { enum: DECONTAMINATION_STATUSES }),
    decontaminationDate: date('decontamination_date', { mode: 'string' }),
    /**
     * Issue 16: when the listing first went live (its first payment or free activation) —
     * saved-search alerts offer only listings that went live after the search was saved.
     */
    wentLiveAt: timestamp('went_live_at', { withTimezone: true }),
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
    index('listings_featured_until_idx')
      .on(t.featuredUntil)
      .where(sql`${t.featuredUntil} is not null`),
    // The review queue: pending and rejected listings, oldest first.
    index('listings_review_queue_idx')
      .on(t.createdAt)
      .where(sql`${t.verificationStatus} in ('pending', 'auto_rejected') and not ${t.isDeleted}`),
    // The search form's manufacturer filter and its counts (any case).
    index('listings_manufacturer_idx').on(sql`lower(${t.manufacturer})`),
    index('listings_year_of_manufacture_idx').on(t.yearOfManufacture),
    // Search also uses two covering indexes drizzle cannot declare (INCLUDE): the storefront
    // newest first and per family — migration 0006_search_covering_indexes.sql.
  ],
);

/**
 * Issue 19: search's narrow copy of the live listings — active, paid, not removed (expiry is a
 * moment, so it is a column tested at search time) — with only what selecting and counting
 * candidates reads: the filter columns, the title and the full-text vector. Candidate
 * selection reads these short rows instead of whole listing rows (description, meaning
 * vector…), so it stays in PostgreSQL's buffer cache as the catalog grows. The columns keep
 * the listings table's names: search's SQL reads this table under the alias "listings". Kept
 * exactly in sync with listings by a row trigger in the same transaction as every write
 * (migration 0023_search_listings); nothing else writes it.
 */
export const searchListings = pgTable(
  'search_listings',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    condition: text('condition').notNull(),
    location: text('location'),
    category: text('category'),
    manufacturer: text('manufacturer'),
    yearOfManufacture: integer('year_of_manufacture'),
    warranty: text('warranty'),
    shipping: text('shipping'),
    isActive: boolean('is_active').notNull(),
    paymentStatus: text('payment_status').notNull(),
    isDeleted: boolean('is_deleted').notNull(),
    expiryDate: timestamp('expiry_date', { withTimezone: true }),
    featuredUntil: timestamp('featured_until', { withTimezone: true }),
    wentLiveAt: timestamp('went_live_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    searchVector: tsvector('search_vector'),
  },
  // Candidates are found by the full-text index and joined back by id; browsing and a
  // family's listings keep the covering indexes of listings (index-only scans, migration 0006).
  (t) => [index('search_listings_search_vector_idx').using('gin', t.searchVector)],
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

/**
 * Issue 15: a listing's PDF documents (the documents module; docs/decisions/018). The file is
 * in the storage port under `path` (`documents/<listingId>/<uuid>.pdf`), served only through
 * the API's download route.
 */
export const listingDocuments = pgTable(
  'listing_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    type: text('type', { enum: DOCUMENT_TYPES }).notNull(),
    title: text('title').notNull(),
    bytes: integer('bytes').notNull(),
    path: text('path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('listing_documents_listing_idx').on(t.listingId, t.createdAt),
    check('listing_documents_type_check', sql`${t.type} in (${sql.raw(DOCUMENT_TYPES.map((type) => `'${type}'`).join(', '))})`),
    check('listing_documents_bytes_check', sql`${t.bytes} >= 0`),
  ],
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
    /** What has been given back so far (admin refunds, provider refunds, the refund job); ≤ amount_cents. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** The card holder disputed the charge (Stripe `charge.dispute.created`): the listing's paid time ends. */
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
  },
  (t) => [
    check('payments_amount_cents_check', sql`${t.amountCents} >= 0`),
    check('payments_refunded_cents_check', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`),
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
  /** The refund that gave the whole amount back (each refund is a `sandbox_refunds` row). */
  refundId: text('refund_id'),
  /** When the intent was refunded in full. */
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The sandbox's refunds, like Stripe's: in full or in part, each once per idempotency key. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    intentId: text('intent_id')
      .notNull()
      .references(() => sandboxPaymentIntents.id),
    amount: integer('amount').notNull(),
    /** Like Stripe's Idempotency-Key: a repeated refund with the same key answers the first one. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('sandbox_refunds_amount_check', sql`${t.amount} > 0`),
    uniqueIndex('sandbox_refunds_idempotency_key_key').on(t.idempotencyKey),
    index('sandbox_refunds_intent_idx').on(t.intentId),
  ],
);

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
    /**
     * Issue 15: for a listing sold to licensed professionals only, the sender confirmed being
     * one when they wrote (null: the listing was not restricted).
     */
    licensedProfessionalConfirmedAt: timestamp('licensed_professional_confirmed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('messages_recipient_sent_idx').on(t.recipientId, t.sentAt)],
);

/**
 * Issue 16: a signed-in user's watchlist (docs/decisions/021). One row per user and listing
 * (watching twice is one row). The two markers make each watch mail go out once: the price the
 * watcher last saw (set when watching, lowered when a price-drop mail is queued, raised when the
 * price goes up) and the expiry the 7-days-left mail was queued for.
 */
export const watches = pgTable(
  'watches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    seenPriceCents: bigint('seen_price_cents', { mode: 'number' }).notNull(),
    expiryMailFor: timestamp('expiry_mail_for', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('watches_user_listing_idx').on(t.userId, t.listingId), index('watches_listing_idx').on(t.listingId)],
);

/**
 * Issue 16: a conversation about one listing between its buyer and its seller (the
 * conversations module's). One per listing and buyer; the contact form opens it, both sides
 * write in it. Each side's `*_last_read_at` gives its unread count.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    /** The listing's owner when the conversation opened. */
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    /** The name the buyer gave in the contact form (the latest), shown to the seller. */
    buyerName: text('buyer_name').notNull(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    buyerLastReadAt: timestamp('buyer_last_read_at', { withTimezone: true }),
    sellerLastReadAt: timestamp('seller_last_read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_listing_buyer_key').on(t.listingId, t.buyerId),
    index('conversations_buyer_activity_idx').on(t.buyerId, t.lastActivityAt),
    index('conversations_seller_activity_idx').on(t.sellerId, t.lastActivityAt),
    check('conversations_two_parties_check', sql`${t.buyerId} <> ${t.sellerId}`),
  ],
);

/** Issue 16: what the two sides wrote in a conversation, the contact-form messages included. */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    /** The contact-form message (messages module) this one came from; the seller may delete that copy. */
    sourceMessageId: uuid('source_message_id').references(() => messages.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.sentAt),
    uniqueIndex('conversation_messages_source_key').on(t.sourceMessageId),
  ],
);

/** Issue 16: a buyer's offer in a conversation; the seller accepts or declines it once. */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    note: text('note'),
    /** A new offer supersedes a pending one (decision 022). */
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'superseded'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('offers_amount_check', sql`${t.amountCents} > 0`),
    index('offers_conversation_idx').on(t.conversationId, t.createdAt),
    uniqueIndex('offers_one_pending_key')
      .on(t.conversationId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Issue 16: one account blocks another; no messages, offers or new conversations between them. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id),
    /** The conversation the block was made from. */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId)],
);

/**
 * Issue 16: 'Report this conversation'. The console's moderation queue is about listings only
 * (listing_reports), so these are kept here for operators (decision 022).
 */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: ['spam', 'scam_or_fraud', 'abusive', 'other'] }).notNull(),
    details: text('details'),
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversation_reports_one_open_key')
      .on(t.conversationId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
    index('conversation_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
  ],
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
    /** Marked done in the console's inbox (issue 14). */
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt)],
);

/** Support requests (the /support form), kept for the console's inbox as well as mailed (issue 14). */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The signed-in sender, when there was one. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('support_requests_created_idx').on(t.createdAt)],
);

/** Payments given back, in full or in part: by an admin, by the provider (a webhook), or by the refund job. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: integer('amount_cents').notNull(),
    /** The provider's refund id (Stripe `re_…`): one row per refund, however often it is reported. */
    providerRefundId: text('provider_refund_id'),
    source: text('source', { enum: ['admin', 'provider', 'automatic'] }).notNull(),
    reason: text('reason'),
    /** The admin who made it (source admin). */
    adminId: uuid('admin_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('payment_refunds_amount_check', sql`${t.amountCents} > 0`),
    uniqueIndex('payment_refunds_provider_refund_id_key').on(t.providerRefundId),
    index('payment_refunds_payment_idx').on(t.paymentId),
  ],
);

/** Provider webhook events already handled (Stripe `evt_…`): each is applied exactly once. */
export const providerEvents = pgTable('provider_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 'Report this listing' (issue 14): one open report per user and listing. */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: ['prohibited_item', 'suspected_fraud', 'wrong_category_or_condition', 'duplicate', 'other'] }).notNull(),
    details: text('details'),
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    resolutionReason: text('resolution_reason'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('listing_reports_one_open_key')
      .on(t.listingId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
    index('listing_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index('listing_reports_listing_idx').on(t.listingId),
    index('listing_reports_reporter_idx').on(t.reporterId),
  ],
);

/**
 * Every admin action (issue 14): who, what, which object, before → after, when, why. Rows are
 * only ever inserted: a trigger (migration 0015) refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: uuid('admin_id').references(() => users.id),
    /** The admin's email at the time (the log outlives accounts). 'cli' for the command line. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_object_idx').on(t.objectType, t.objectId)],
);

/** Settings an operator changes at run time (the promotion's end date), one row per key. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Counts per day of things the console charts (searches by mode), bumped by one upsert each. */
export const dailyCounters = pgTable(
  'daily_counters',
  {
    day: text('day').notNull(),
    name: text('name').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.name] })],
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

/**
 * Issue 16: a user's saved search (docs/decisions/020). `criteria` is the search as the search
 * API validated it (words, AI flag, filters, sort); alerts mail the listings that went live
 * after `created_at` and match it.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    criteria: jsonb('criteria').$type<Record<string, unknown>>().notNull(),
    frequency: text('frequency', { enum: ['instant', 'daily'] }).notNull(),
    paused: boolean('paused').notNull().default(false),
    /** When the alert job last looked for new matches (a daily digest looks once a day). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    lastAlertAt: timestamp('last_alert_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('saved_searches_user_created_idx').on(t.userId, t.createdAt),
    index('saved_searches_active_idx')
      .on(t.checkedAt)
      .where(sql`not ${t.paused}`),
  ],
);

/**
 * Issue 16: every listing an alert mail offered for a saved search, written in the transaction
 * that queues the mail: the primary key makes "never the same listing twice" hold across
 * restarts and workers.
 */
export const savedSearchAlerts = pgTable(
  'saved_search_alerts',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.listingId] })],
);
