/**
 * The state of the search page (spec §2: "Search state is kept in session storage"): what the
 * buyer searched for (the criteria), what they are typing (the draft), the last page of
 * results and where they had scrolled. The criteria are also reflected in the URL (see
 * search-criteria.ts): a URL with search parameters wins; a bare /search restores the session.
 */
import { SEARCH_QUERY_MAX_LENGTH, isCondition, type SearchResponse } from '@benchmarket/shared';
import {
  type DraftCheck,
  EMPTY_CRITERIA,
  type SearchCriteria,
  type SearchDraft,
  draftOf,
  isSearchSort,
  isShipping,
  isWarranty,
  trimmedCriteria,
} from './search-criteria';

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
  // Issue 15's filters: a session stored before them has none (read as '').
  const { manufacturer = '', yearFrom = '', yearTo = '', warranty = '', shipping = '', sort = '' } = value;
  if (typeof manufacturer !== 'string' || typeof yearFrom !== 'string' || typeof yearTo !== 'string') return null;
  if ((warranty !== '' && !isWarranty(warranty)) || (shipping !== '' && !isShipping(shipping))) return null;
  // Issue 16: the order (a session stored before it has none).
  if (sort !== '' && !isSearchSort(sort)) return null;
  return { query, useAi, minPrice, maxPrice, condition, location, manufacturer, yearFrom, yearTo, warranty, shipping, sort };
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
