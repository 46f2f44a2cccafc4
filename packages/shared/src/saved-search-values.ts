/**
 * Issue 16: sorting search results and saved searches with alerts — the values and texts both
 * sides agree on (zod-free: the search page shows the sort labels on first load).
 */

/** GET /listings/search `sort`: best match (the default with words), newest, price up or down. */
export const SEARCH_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};
export const SEARCH_SORT_INVALID = `Sort must be one of: ${SEARCH_SORTS.join(', ')}`;

/** How often a saved search mails new matches: within minutes of a listing going live, or once a day. */
export const ALERT_FREQUENCIES = ['instant', 'daily'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: 'Instant',
  daily: 'Daily digest',
};
export const ALERT_FREQUENCY_INVALID = `Frequency must be one of: ${ALERT_FREQUENCIES.join(', ')}`;

/** At most this many saved searches per account (issue 16). */
export const SAVED_SEARCHES_MAX = 25;
export const SAVED_SEARCH_NAME_MAX_LENGTH = 100;

export const SAVED_SEARCH_NAME_REQUIRED = 'Give the search a name';
export const SAVED_SEARCH_NAME_TOO_LONG = `Name must be at most ${SAVED_SEARCH_NAME_MAX_LENGTH} characters`;
export const SAVED_SEARCHES_LIMIT_REACHED = `You can save at most ${SAVED_SEARCHES_MAX} searches. Delete one you no longer need to save this one.`;
export const SAVED_SEARCH_NOT_FOUND = 'Saved search not found';
export const SAVED_SEARCHES_VERIFIED_ONLY =
  'Please verify your email address before saving searches. Use the link we emailed you, or send a new one.';
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid. Open your saved searches on the dashboard to stop alerts.';

/** The unsubscribe page's confirmation (GET /saved-searches/unsubscribe's page). */
export function unsubscribedText(name: string): string {
  return `You will no longer receive alerts for "${name}".`;
}

/** The saved criteria the search page's URL can say (the API's names; see apps/web's search-criteria.ts for the page's). */
export interface SearchPageCriteria {
  query?: string;
  use_rag?: boolean;
  min_price?: number;
  max_price?: number;
  condition?: string;
  location?: string;
  manufacturer?: string;
  year_from?: number;
  year_to?: number;
  warranty?: string;
  shipping?: string;
  sort?: SearchSort;
}

/**
 * The search page showing a saved search (`/search?q=centrifuge&ai=1&max=5000&sort=price_asc`):
 * the link of an alert mail and the dashboard's 'Run search'. The keys are the search page's URL keys.
 */
export function searchPagePath(criteria: SearchPageCriteria): string {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(key, String(value));
  };
  set('q', criteria.query);
  if (criteria.use_rag) params.set('ai', '1');
  set('min', criteria.min_price);
  set('max', criteria.max_price);
  set('condition', criteria.condition);
  set('location', criteria.location);
  set('manufacturer', criteria.manufacturer);
  set('year_from', criteria.year_from);
  set('year_to', criteria.year_to);
  set('warranty', criteria.warranty);
  set('shipping', criteria.shipping);
  set('sort', criteria.sort);
  const query = params.toString();
  // A search of nothing at all still names itself, so the page does not restore another from the session.
  return query ? `/search?${query}` : '/search?q=';
}
