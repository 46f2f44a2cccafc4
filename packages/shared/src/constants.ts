/**
 * Business constants and limits (spec §9), plus the few limits the spec leaves to us
 * ("not shown") that the API and the web app must still agree on.
 */

export const PRODUCT_NAME = 'BenchMarket';

/** Every API path starts with this prefix (spec §7). */
export const API_PREFIX = '/api/v1';

/** localStorage key of the bearer token (spec §7: "The token is kept in local storage"). */
export const ACCESS_TOKEN_STORAGE_KEY = 'access_token';

// ── Accounts ────────────────────────────────────────────────────────────────
/** spec §5, §9 */
export const PASSWORD_MIN_LENGTH = 6;
/** Ours: caps hashing cost; generous for pass-phrases. */
export const PASSWORD_MAX_LENGTH = 128;
/** RFC 5321 path limit. */
export const EMAIL_MAX_LENGTH = 254;
/** spec §2, §9: the verification link is valid for 48 hours. */
export const VERIFICATION_LINK_HOURS = 48;
/** Ours: a password reset link is valid for one hour. */
export const RESET_LINK_HOURS = 1;

// ── Listings ────────────────────────────────────────────────────────────────
/** spec §5, §9 */
export const MAX_PHOTOS_PER_LISTING = 5;
/** Ours (spec §9: "A maximum photo file size: not shown"): 10 MiB per photo. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Ours: the image types a browser can show everywhere without conversion. */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** spec §3: "Photo upload is multipart with a repeated files field". */
export const PHOTO_UPLOAD_FIELD = 'files';

/** spec §5, §9: listing duration options in months. */
export const DURATION_OPTIONS = [1, 3, 6, 12] as const;
export type DurationMonths = (typeof DURATION_OPTIONS)[number];

export const TITLE_MAX_LENGTH = 150;
export const DESCRIPTION_MAX_LENGTH = 5000;
export const LOCATION_MAX_LENGTH = 100;
/** Ours: the largest price or amount accepted, in currency units. */
export const MONEY_MAX = 100_000_000;
/** Prices and amounts are in the currency unit with two decimals (spec §5: step 0.01). */
export const MONEY_DECIMALS = 2;
export const DEFAULT_CURRENCY = 'USD';

/** spec §4, §9: 'Expires soon' window. */
export const EXPIRES_SOON_DAYS = 7;

// ── Messages, feedback ──────────────────────────────────────────────────────
export const MESSAGE_MAX_LENGTH = 2000;
export const SENDER_NAME_MAX_LENGTH = 100;
/** spec §5, §9: counter shows n/1000. */
export const FEEDBACK_MAX_LENGTH = 1000;
/** spec §4, §9: the feedback panel closes 2 s after success. */
export const FEEDBACK_CLOSE_DELAY_MS = 2000;
/** Ours: the path the feedback panel was opened on (POST /reviews/ `page`). */
export const FEEDBACK_PAGE_MAX_LENGTH = 500;

// ── Support form (/support, issue 8: ours, the spec shows no /support) ───────
export const SUPPORT_NAME_MAX_LENGTH = 100;
export const SUPPORT_SUBJECT_MAX_LENGTH = 150;
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;

// ── Search ──────────────────────────────────────────────────────────────────
/** spec §4, §6, §9: visitors and unverified users see the latest 10 listings. */
export const LATEST_LISTINGS_LIMIT = 10;
/** Ours: the largest `limit` accepted by GET /listings/latest. */
export const LATEST_LISTINGS_MAX_LIMIT = 50;
export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_PAGE_SIZE = 12;
/** Ours: the largest page size any paginated call accepts. */
export const MAX_PAGE_SIZE = 100;

/** spec §9: the prefix of a relevance explanation sets its colour. */
export const RELEVANCE_PREFIXES = {
  relevant: 'Relevant:',
  somewhat: 'Somewhat relevant:',
  not: 'Not relevant:',
} as const;

/** spec §9: description preview lengths (AI insight 80, default 100). */
export const AI_INSIGHT_PREVIEW_LENGTH = 80;
export const DESCRIPTION_PREVIEW_LENGTH = 100;

// ── Payments ────────────────────────────────────────────────────────────────
/** spec §4: a zero-amount payment with one of these client-secret prefixes is activated automatically. */
export const FREE_CLIENT_SECRET_PREFIXES = ['free_tier_', 'free_listing_'] as const;
/** spec §9: promotion, free listing until June, 30 days. */
export const PROMO_FREE_DAYS = 30;

// ── Redirect delays (spec §9) ──────────────────────────────────────────────
export const PAYMENT_SUCCESS_REDIRECT_MS = 2000;
export const SESSION_EXPIRED_REDIRECT_MS = 2000;
export const FREE_ACTIVATION_REDIRECT_MS = 1500;
/** spec §2: /create-listing when logged out redirects to /login after 2 s. */
export const LOGGED_OUT_REDIRECT_MS = 2000;

/** Issue 14: 'Report this listing' reasons, with the labels the form shows. */
export const REPORT_REASONS = ['prohibited_item', 'suspected_fraud', 'wrong_category_or_condition', 'duplicate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  prohibited_item: 'Prohibited item',
  suspected_fraud: 'Suspected fraud',
  wrong_category_or_condition: 'Wrong category or condition',
  duplicate: 'Duplicate',
  other: 'Other',
};
export const REPORT_DETAILS_MAX_LENGTH = 1000;
export const ADMIN_REASON_MAX_LENGTH = 1000;
/** The promotion's end date when no operator has set one (issue 14: a fixed setting, not "the coming 1 June"). */
export const DEFAULT_PROMO_FREE_UNTIL = '2027-06-01';
/** How many featured listings the landing page's 'Featured' strip shows at most. */
export const FEATURED_STRIP_LIMIT = 8;

// ── Issue 15: seller pages ──
/** A seller's public name and company on their page, listing pages and search cards. */
export const SELLER_DISPLAY_NAME_MAX_LENGTH = 80;
export const SELLER_COMPANY_MAX_LENGTH = 120;
/** The short 'about' on the seller page. */
export const SELLER_ABOUT_MAX_LENGTH = 1000;
/** The seller page's grid of live listings shows at most this many, newest first. */
export const SELLER_LISTINGS_LIMIT = 24;
/** The multipart field of PUT /account/logo. */
export const LOGO_UPLOAD_FIELD = 'file';
