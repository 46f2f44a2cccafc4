/**
 * Issue 16: the watchlist, related listings and compare — their limits, texts and the rule
 * that reads a compare link's ids (docs/decisions/021). Zod-free: the search page's compare
 * bar reads it on first load.
 */

/** Listings a buyer can compare side by side (issue 16). */
export const COMPARE_MAX = 4;
/** Related listings on a listing page (issue 16: up to 6 live listings of the same family). */
export const RELATED_LISTINGS_LIMIT = 6;
/** The most listings one account can watch (a bound on the watch mails one account causes). */
export const WATCHLIST_MAX = 500;

export const WATCH_OWN_LISTING = 'You cannot watch your own listing.';
export const WATCHLIST_FULL = `Your watchlist is full (${WATCHLIST_MAX} listings). Remove some before watching more.`;
export const COMPARE_FULL = `You can compare up to ${COMPARE_MAX} listings. Untick one to add another.`;
export const COMPARE_TOO_MANY = `A comparison shows at most ${COMPARE_MAX} listings. Open the link with fewer listings.`;
export const COMPARE_MALFORMED = 'This comparison link is not valid. Tick the listings to compare on the search page.';
export const COMPARE_EMPTY = 'Nothing to compare yet. Tick "Compare" on up to 4 listings in search or on your watchlist.';
export const LISTING_NO_LONGER_AVAILABLE = 'No longer available';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A listing id has the shape of a UUID (anything else names no listing). */
export function isListingId(value: string): boolean {
  return UUID.test(value);
}

export type CompareIds = { ok: true; ids: string[] } | { ok: false; error: string };

/**
 * The ids of a `/compare?ids=a,b,c` link: comma-separated listing ids, duplicates folded, in
 * the order given. More than COMPARE_MAX or anything that is not a listing id is refused with
 * the text the page shows; none at all is an empty comparison.
 */
export function parseCompareIds(value: string | null | undefined): CompareIds {
  const parts = (value ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  if (parts.some((part) => !isListingId(part))) return { ok: false, error: COMPARE_MALFORMED };
  const ids = [...new Set(parts)];
  if (ids.length > COMPARE_MAX) return { ok: false, error: COMPARE_TOO_MANY };
  if (ids.length === 0) return { ok: false, error: COMPARE_EMPTY };
  return { ok: true, ids };
}
