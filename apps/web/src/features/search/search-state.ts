/**
 * The state of the search page (spec §2: "Search state is kept in session storage"): what the
 * buyer searched for (the criteria), what they are typing (the draft), the last page of
 * results and where they had scrolled. The criteria are also reflected in the URL
 * (`/search?q=centrifuge&ai=1&max=5000`) so a search can be shared or bookmarked: a URL with
 * search parameters wins; a bare /search restores the session.
 */
import {
  LOCATION_MAX_LENGTH,
  SEARCH_QUERY_MAX_LENGTH,
  findCountry,
  isCondition,
  type Condition,
  type SearchResponse,
} from '@benchmarket/shared';

export interface SearchFilters {
  /** As typed ('' for none); validated before a search is made. */
  minPrice: string;
  maxPrice: string;
  condition: Condition | '';
  /** A country name from the shared list, or '' for anywhere. */
  location: string;
}

/** What the form holds. */
export interface SearchDraft extends SearchFilters {
  query: string;
  useAi: boolean;
}

/** A search that was made: the form's values when Search was pressed, and the page. */
export interface SearchCriteria extends SearchDraft {
  page: number;
}

export const EMPTY_FILTERS: SearchFilters = { minPrice: '', maxPrice: '', condition: '', location: '' };
export const EMPTY_CRITERIA: SearchCriteria = { query: '', useAi: false, ...EMPTY_FILTERS, page: 1 };

/** The GET /listings/search query string (spec §7). */
export type SearchListingsParams = {
  query?: string;
  min_price?: number;
  max_price?: number;
  condition?: Condition;
  location?: string;
  use_rag: boolean;
  page: number;
};

// ── Criteria ──────────────────────────────────────────────────────────────

export function draftOf(criteria: SearchCriteria): SearchDraft {
  const { page: _page, ...draft } = criteria;
  return draft;
}

export function activeFilterCount(filters: SearchFilters): number {
  return [filters.minPrice, filters.maxPrice, filters.condition, filters.location].filter((value) => value !== '').length;
}

/**
 * The newest-first browse a verified buyer sees before searching: no words, no filters, no
 * AI. Its failure has its own text (spec §8: 'Failed to fetch listings. Please try again.').
 */
export function isBrowse(criteria: SearchCriteria): boolean {
  return criteria.query.trim() === '' && !criteria.useAi && activeFilterCount(criteria) === 0;
}

function priceNumber(value: string): number | undefined {
  if (value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

export function toSearchParams(criteria: SearchCriteria): SearchListingsParams {
  const query = criteria.query.trim();
  return {
    ...(query && { query }),
    ...(priceNumber(criteria.minPrice) !== undefined && { min_price: priceNumber(criteria.minPrice) }),
    ...(priceNumber(criteria.maxPrice) !== undefined && { max_price: priceNumber(criteria.maxPrice) }),
    ...(criteria.condition && { condition: criteria.condition }),
    ...(criteria.location && { location: criteria.location }),
    use_rag: criteria.useAi,
    page: criteria.page,
  };
}

export type DraftField = 'query' | 'minPrice' | 'maxPrice' | 'condition' | 'location';
export type DraftCheck = { ok: true; criteria: SearchCriteria } | { ok: false; field: DraftField; message: string };

// The check uses the API's zod schema, and zod is the heaviest thing the search page could
// load: it comes in its own chunk, fetched once a verified buyer has the form
// (preloadDraftCheck), never on the page's first load.
const loadDraftCheck = () => import('./draft-check');

/** Starts fetching the draft check, so it is there by the time the buyer presses Search. */
export function preloadDraftCheck(): void {
  void loadDraftCheck();
}

/**
 * Checks the form with the schema the API validates with (spec §5: price filters have
 * minimum 0; ours: min ≤ max, query length), so the buyer hears of a mistake at once.
 */
export async function checkDraft(draft: SearchDraft): Promise<DraftCheck> {
  try {
    const { checkDraftWithSchema } = await loadDraftCheck();
    return checkDraftWithSchema(draft);
  } catch {
    // The check's code did not load (offline, or a deploy replaced it): search anyway — the
    // API validates the same way and its message is shown.
    return { ok: true, criteria: trimmedCriteria(draft) };
  }
}

/** The draft as search criteria, words and prices trimmed, from the first page. */
export function trimmedCriteria(draft: SearchDraft): SearchCriteria {
  return {
    ...draft,
    query: draft.query.trim(),
    minPrice: draft.minPrice.trim(),
    maxPrice: draft.maxPrice.trim(),
    page: 1,
  };
}

// ── URL ───────────────────────────────────────────────────────────────────

/** The URL's names for the criteria (short, readable in a shared link). */
const URL_KEYS = {
  query: 'q',
  useAi: 'ai',
  minPrice: 'min',
  maxPrice: 'max',
  condition: 'condition',
  location: 'location',
  page: 'page',
} as const;

function cleanPrice(value: string | null): string {
  const text = value?.trim() ?? '';
  return priceNumber(text) === undefined ? '' : text;
}

/** The criteria a URL asks for, or null when it names none (a bare /search). */
export function criteriaFromUrl(params: URLSearchParams): SearchCriteria | null {
  if (!Object.values(URL_KEYS).some((key) => params.has(key))) return null;
  const condition = params.get(URL_KEYS.condition) ?? '';
  const page = Number(params.get(URL_KEYS.page));
  const ai = params.get(URL_KEYS.useAi);
  return {
    query: (params.get(URL_KEYS.query) ?? '').slice(0, SEARCH_QUERY_MAX_LENGTH),
    useAi: ai === '1' || ai === 'true',
    minPrice: cleanPrice(params.get(URL_KEYS.minPrice)),
    maxPrice: cleanPrice(params.get(URL_KEYS.maxPrice)),
    condition: isCondition(condition) ? condition : '',
    location: findCountry(params.get(URL_KEYS.location)?.slice(0, LOCATION_MAX_LENGTH))?.name ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Only what differs from an empty search, so /search?q=centrifuge stays short. */
export function criteriaToUrl(criteria: SearchCriteria): URLSearchParams {
  const params = new URLSearchParams();
  if (criteria.query) params.set(URL_KEYS.query, criteria.query);
  if (criteria.useAi) params.set(URL_KEYS.useAi, '1');
  if (criteria.minPrice) params.set(URL_KEYS.minPrice, criteria.minPrice);
  if (criteria.maxPrice) params.set(URL_KEYS.maxPrice, criteria.maxPrice);
  if (criteria.condition) params.set(URL_KEYS.condition, criteria.condition);
  if (criteria.location) params.set(URL_KEYS.location, criteria.location);
  if (criteria.page > 1) params.set(URL_KEYS.page, String(criteria.page));
  return params;
}

/** A stable text for comparing criteria. */
export function criteriaKey(criteria: SearchCriteria): string {
  return criteriaToUrl(criteria).toString();
}

// ── Session storage ───────────────────────────────────────────────────────

export const SEARCH_STATE_KEY = 'search_state';

export interface SearchSession {
  /** Whose search it is: another user logging in in this tab does not get it. */
  userId?: string;
  criteria: SearchCriteria;
  draft: SearchDraft;
  results?: { key: string; data: SearchResponse; updatedAt: number };
  scrollY?: number;
}

/** The stored state; with `userId`, only when it is that user's. */
export function readSearchSession(userId?: string): SearchSession | null {
  try {
    const raw = window.sessionStorage.getItem(SEARCH_STATE_KEY);
    if (!raw) return null;
    const session = sessionFrom(JSON.parse(raw));
    if (!session) return null;
    if (userId !== undefined && session.userId !== undefined && session.userId !== userId) return null;
    return session;
  } catch {
    return null; // Storage unavailable (private mode, quota) or a malformed entry.
  }
}

// The stored entry is checked by hand, not with zod, because it is read on the page's first
// render: zod there would put ~30 KB back on the search page's first load.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function draftFrom(value: unknown): SearchDraft | null {
  if (!isRecord(value)) return null;
  const { query, useAi, minPrice, maxPrice, condition, location } = value;
  if (typeof query !== 'string' || query.length > SEARCH_QUERY_MAX_LENGTH || typeof useAi !== 'boolean') return null;
  if (typeof minPrice !== 'string' || typeof maxPrice !== 'string' || typeof location !== 'string') return null;
  if (condition !== '' && !isCondition(condition)) return null;
  return { query, useAi, minPrice, maxPrice, condition, location };
}

function criteriaFrom(value: unknown): SearchCriteria | null {
  const draft = draftFrom(value);
  const page = isRecord(value) ? value.page : undefined;
  const pageIsValid = typeof page === 'number' && Number.isInteger(page) && page >= 1;
  return draft && pageIsValid ? { ...draft, page } : null;
}

/** Read leniently: a page of results is what the API gave, only its shape is checked. */
function isResultsPage(value: unknown): value is SearchResponse {
  if (!isRecord(value) || !Array.isArray(value.items)) return false;
  const itemsLookRight = value.items.every((item) => isRecord(item) && typeof item.id === 'string' && typeof item.title === 'string');
  return itemsLookRight && isFiniteNumber(value.total) && isFiniteNumber(value.page) && isFiniteNumber(value.page_size);
}

function resultsFrom(value: unknown): SearchSession['results'] | null {
  if (!isRecord(value)) return null;
  // key: the criteriaKey of the search these results answer.
  const { key, data, updatedAt } = value;
  return typeof key === 'string' && isResultsPage(data) && isFiniteNumber(updatedAt) ? { key, data, updatedAt } : null;
}

/** The session in a parsed entry, or null when any part of it is not what this page wrote. */
function sessionFrom(value: unknown): SearchSession | null {
  if (!isRecord(value)) return null;
  const criteria = criteriaFrom(value.criteria);
  const draft = draftFrom(value.draft);
  const { userId, results, scrollY } = value;
  const storedResults = results === undefined ? undefined : resultsFrom(results);
  if (!criteria || !draft || storedResults === null) return null;
  if ((userId !== undefined && typeof userId !== 'string') || (scrollY !== undefined && !isFiniteNumber(scrollY))) return null;
  return {
    ...(userId !== undefined && { userId }),
    criteria,
    draft,
    ...(storedResults && { results: storedResults }),
    ...(scrollY !== undefined && { scrollY }),
  };
}

/** Merges `patch` into the stored state. */
export function updateSearchSession(patch: Partial<SearchSession>): void {
  try {
    const current = readSearchSession() ?? { criteria: EMPTY_CRITERIA, draft: draftOf(EMPTY_CRITERIA) };
    window.sessionStorage.setItem(SEARCH_STATE_KEY, JSON.stringify({ ...current, ...patch }));
  } catch {
    // Storage full or unavailable: the page still works, it just will not be restored.
  }
}
