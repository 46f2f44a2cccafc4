/**
 * User-facing texts of the spec, character for character (spec §2, §5, §6, §8).
 * Both the API (as `detail`) and the web app (as fallbacks) use these, so a text is
 * written once. Texts the spec leaves to us are grouped at the end and marked "ours".
 */
import { MAX_PHOTOS_PER_LISTING } from './constants.js';

// ── Validation (spec §5) ────────────────────────────────────────────────────
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const EMAIL_REQUIRED = 'Please enter your email address';
export const RESET_NO_TOKEN = 'Invalid reset link. No token provided.';
export const VERIFY_NO_TOKEN = 'Invalid verification link. No token provided.';
export const REQUIRED_LISTING_FIELDS = 'Please fill in all required fields';
export const DROP_IMAGES_ONLY = 'Please drop image files only';
/** spec §5: 'You can only have up to 5 photos (currently have N)'. */
export function tooManyPhotos(currentCount: number): string {
  return `You can only have up to ${MAX_PHOTOS_PER_LISTING} photos (currently have ${currentCount})`;
}
export const CONTACT_ALL_REQUIRED = 'All fields are required';
export const FEEDBACK_BLANK = 'Please enter your feedback. Blank submissions are not allowed.';
export const SEARCH_VERIFIED_ONLY = 'Only verified users can perform searches. Please verify your account first.';
export const EXTEND_UNPAID = 'This listing needs to be paid for first before it can be extended.';
export const EXTEND_REMOVED = 'This listing has been removed and cannot be extended.';
export const ALREADY_PAID = 'This listing has already been paid for.';

// ── Permissions and pages (spec §2, §6) ────────────────────────────────────
export const NO_EDIT_PERMISSION = 'You do not have permission to edit this listing';
export const LOGIN_REQUIRED_TO_CREATE = 'You must be logged in to create listings';
export const UNEXPECTED_APPLICATION_ERROR = 'Unexpected Application Error!';

// ── Promotion (spec §1) ─────────────────────────────────────────────────────
export const PROMO_HEADLINE = 'List Free Until June';
export const PROMO_FREE_DAYS_TEXT = '30 days free listing';

// ── Error catalogue (spec §8) ──────────────────────────────────────────────
// Feedback
export const FEEDBACK_FAILED = 'Failed to submit feedback';
export const FEEDBACK_PAGE_TOO_LONG = 'page must be at most 500 characters';

// Support form (/support, issue 8: ours, the spec shows no /support route)
export const SUPPORT_FIELDS_REQUIRED = 'Please fill in your name, email address and message.';
export const SUPPORT_NAME_TOO_LONG = 'Name must be at most 100 characters';
export const SUPPORT_SUBJECT_TOO_LONG = 'Subject must be at most 150 characters';
export const SUPPORT_MESSAGE_TOO_LONG = 'Message must be at most 5000 characters';
export const SUPPORT_SENT = 'Thanks — your message has been sent. We usually reply within one business day.';
/** Ours, as the seller contact form's fallback (spec §8). */
export const SUPPORT_SEND_FAILED = 'Failed to send message. Please try again.';

// Login
export const LOGIN_FAILED = 'Login failed. Please check your credentials.';
export const LOGIN_ERROR = 'An error occurred during login. Please try again.';

// Third-party sign-in ({provider} is the sign-in provider's name, e.g. 'Google')
export function thirdPartyLoginFailed(provider: string): string {
  return `${provider} login failed. Please try again.`;
}
export function thirdPartyLoginError(provider: string): string {
  return `An error occurred during ${provider} login. Please try again.`;
}
export function thirdPartySignInFailed(provider: string): string {
  return `${provider} Sign-In failed. Please try again.`;
}

// Register
export const REGISTER_FAILED = 'Registration failed. Please try again.';
export const REGISTER_ERROR = 'An error occurred during registration. Please try again.';

// Verification
/** spec §8: an error detail containing this counts as success. */
export const ALREADY_VERIFIED_MARKER = 'already verified';
export const EMAIL_ALREADY_VERIFIED = 'Your email has already been verified. You can now log in.';
export const VERIFY_FAILED = 'Email verification failed. Please try again.';
export const VERIFY_ERROR = 'An error occurred during email verification. Please try again.';

// Forgot password: every outcome shows the same neutral text.
export const FORGOT_PASSWORD_NEUTRAL = 'If your email is registered, you will receive a password reset link shortly.';

// Reset
export const RESET_FAILED = 'Password reset failed. Please try again.';
export const RESET_ERROR = 'An error occurred during password reset. Please try again.';

// Search
export const LATEST_LISTINGS_FAILED = 'Failed to fetch latest listings. Please try again.';
export const SEARCH_FAILED = 'Failed to search listings. Please try again.';
export const LISTINGS_FETCH_FAILED = 'Failed to fetch listings. Please try again.';
/** Over the plain search's results that have only some of the words asked (issue 11). */
export const RESULTS_MATCHING_FEWER_WORDS = 'Results matching fewer words';
/** Plain search: the heading above listings like the matches, after them (issue 11). */
export const SIMILAR_LISTINGS = 'Similar listings';

// Listing detail
export const LISTING_NOT_FOUND = 'Listing not found';
export const LISTING_LOAD_ERROR = 'Error loading listing details';

// Edit page load
export const EDIT_LISTING_LOAD_ERROR = 'Error loading listing data';

// Create or update
export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
export const CREATE_LISTING_FAILED = 'Failed to create listing. Please try again.';
export const UPDATE_LISTING_FAILED = 'Failed to update listing. Please try again.';
export const CONNECTION_ERROR = 'An error occurred. Please check your connection and try again.';

// Photos
export const PHOTO_UPLOAD_FAILED = 'Failed to upload photos. Please try again.';
export const PHOTO_DELETE_FAILED = 'Failed to delete photo. Please try again.';

// Payment
export const PAYMENT_INIT_FAILED = 'Failed to initialize payment';
export const PAYMENT_INIT_ERROR = 'Unable to initialize payment process. Please try again.';
export const PAYMENT_SCRIPT_NOT_LOADED = "the card provider's script hasn't loaded yet. Please wait or refresh the page.";
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

// Payment confirmation
export const PAYMENT_MISSING_INFO = 'Missing payment information. Please contact support.';
export const PAYMENT_CONFIRM_FAILED = 'Failed to confirm payment. Please contact support.';

// Dashboard
export const DASHBOARD_LISTINGS_FAILED = 'Failed to load your listings. Please try again.';
export const DASHBOARD_DELETE_LISTING_FAILED = 'Failed to delete listing. Please try again.';
export const DASHBOARD_MESSAGES_FAILED = 'Failed to load your messages. Please try again.';
export const DASHBOARD_DELETE_MESSAGE_FAILED = 'Failed to delete message. Please try again.';
export const DASHBOARD_PAYMENTS_FAILED = 'Failed to load payment history';
export const DASHBOARD_LISTING_DETAILS_FAILED = 'Failed to load listing details.';

// Contact form
export const CONTACT_SEND_FAILED = 'Failed to send message. Please try again.';

// ── Ours: texts the spec leaves open ("Server-side validation: not shown") ──
export const EMAIL_INVALID = 'Please enter a valid email address';
export const EMAIL_TOO_LONG = 'Email address is too long';
export const PASSWORD_REQUIRED = 'Please enter your password';
export const PASSWORD_TOO_LONG = 'Password must be at most 128 characters';
export const TOKEN_REQUIRED = 'A token is required';
export const PRICE_NOT_A_NUMBER = 'Price must be a number';
export const PRICE_NEGATIVE = 'Price must be 0 or more';
export const PRICE_TOO_MANY_DECIMALS = 'Price can have at most 2 decimal places';
export const PRICE_TOO_LARGE = 'Price must be at most 100,000,000';
export const TITLE_TOO_LONG = 'Title must be at most 150 characters';
export const DESCRIPTION_TOO_LONG = 'Description must be at most 5000 characters';
export const CONDITION_REQUIRED = 'Please select a condition';
export const DURATION_INVALID = 'Duration must be 1, 3, 6 or 12 months';
export const LOCATION_UNKNOWN = 'Please choose a country from the list';
export const MESSAGE_TOO_LONG = 'Message must be at most 2000 characters';
export const SENDER_NAME_TOO_LONG = 'Name must be at most 100 characters';
export const FEEDBACK_TOO_LONG = 'Feedback must be at most 1000 characters';
export const SEARCH_QUERY_TOO_LONG = 'Search text must be at most 200 characters';
export const PRICE_RANGE_INVALID = 'Minimum price cannot be greater than maximum price';
export const PHOTO_TOO_LARGE = 'Each photo must be at most 10 MB';
export const LOGIN_REQUIRED = 'Please log in to continue.';
export const NOT_FOUND = 'Not found';

// ── Issue 14: trust rules and the operations console ──
export const EMAIL_NOT_VERIFIED_TO_PUBLISH =
  'Please verify your email address before publishing a listing. Use the link we emailed you, or send a new one.';
export const EMAIL_NOT_VERIFIED_TO_CONTACT =
  'Please verify your email address before contacting sellers. Use the link we emailed you, or send a new one.';
/** Prefix of the 403 a prohibited listing gets at publish time; the check's reason follows. */
export const LISTING_PROHIBITED_PREFIX = 'This listing cannot be published:';
export const LISTING_TAKEN_DOWN = 'This listing has been taken down by BenchMarket and cannot be published or extended.';
export const ACCOUNT_SUSPENDED_PREFIX = 'Your account has been suspended';
export const ACCOUNT_SUSPENDED_CONTACT = 'Contact support if you believe this is a mistake.';
export const SELLER_UNAVAILABLE = 'This seller cannot receive messages at the moment.';
export const ADMIN_ONLY = 'Only BenchMarket administrators can do this.';
export const ADMIN_REASON_REQUIRED = 'Please give a reason.';
export const ADMIN_REASON_TOO_LONG = 'The reason must be at most 1000 characters';
export const REPORT_REASON_REQUIRED = 'Please choose a reason for your report.';
export const REPORT_DETAILS_REQUIRED = 'Please tell us what is wrong with this listing.';
export const REPORT_DETAILS_TOO_LONG = 'Details must be at most 1000 characters';
export const REPORT_ALREADY_OPEN = 'You have already reported this listing. Our team is reviewing it.';
export const REPORT_OWN_LISTING = 'You cannot report your own listing.';
export const REPORT_THANKS = 'Thank you. Our team will review this listing.';
export const REFUND_AMOUNT_TOO_LARGE = 'The refund cannot be more than what is left of the payment.';
export const REFUND_NOT_POSSIBLE = 'Only completed card payments can be refunded.';
export const FEATURE_UNTIL_IN_PAST = 'Choose a date in the future.';
export const FEATURE_NOT_LIVE = 'Only live listings can be featured.';

/** The 403 message of a suspended account (login, and anything it still tries). */
export function accountSuspendedMessage(reason: string | null): string {
  return `${ACCOUNT_SUSPENDED_PREFIX}${reason ? `: ${reason}` : ''}. ${ACCOUNT_SUSPENDED_CONTACT}`;
}

/** The 403 a prohibited listing gets at publish time. */
export function listingProhibitedMessage(reason: string): string {
  return `${LISTING_PROHIBITED_PREFIX} ${reason}`;
}

// ── Issue 15: seller pages and the seller profile ──
export const SELLER_NOT_FOUND = 'Seller not found';
export const DISPLAY_NAME_TOO_LONG = 'Display name must be at most 80 characters';
export const COMPANY_TOO_LONG = 'Company must be at most 120 characters';
export const ABOUT_TOO_LONG = 'About must be at most 1000 characters';
export const LOGO_NOT_SENT = "Please choose an image for your logo (multipart field 'file').";
export const PROFILE_SAVED = 'Your seller profile has been saved.';
export const PROFILE_SAVE_FAILED = 'Could not save your seller profile. Please try again.';
export const LOGO_UPLOAD_FAILED = 'Could not upload your logo. Please try again.';
export const LOGO_DELETE_FAILED = 'Could not remove your logo. Please try again.';
export const SELLER_PAGE_FAILED = 'Could not load this seller. Please try again.';
/** The seller page when no reply to a buyer is recorded (replies go by email today: docs/decisions/017). */
export const NOT_ENOUGH_REPLIES = 'Not enough replies yet';
