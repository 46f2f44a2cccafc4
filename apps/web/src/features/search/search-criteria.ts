/**
 * What a buyer searches for (spec §2, §5): the form's draft, the criteria of a search that was
 * made, their API query (GET /listings/search) and their URL (`/search?q=centrifuge&ai=1&max=5000`;
 * issue 15 adds `manufacturer`, `year_from`, `year_to`, `warranty`, `shipping`),
 * so a search can be shared or bookmarked. Pure: no storage, no network.
 */
import {
  LOCATION_MAX_LENGTH,
  MANUFACTURER_MAX_LENGTH,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SORTS,
  SHIPPING_OPTIONS,
  WARRANTIES,
  findCountry,
  isCondition,
  type Condition,
  type SavedCriteria,
  type SearchSort,
  type Shipping,
  type Warranty,
} from '@benchmarket/shared';

export interface SearchFilters {
  /** As typed ('' for none); validated before a search is made. */
  minPrice: string;
  maxPrice: string;
  condition: Condition | '';
  /** A country name from the shared list, or '' for anywhere. */
  location: string;
  /** Issue 15: a maker as GET /listings/manufacturers names it, or '' for any. */
  manufacturer: string;
  /** Years of manufacture as typed ('' for none); validated before a search is made. */
  yearFrom: string;
  yearTo: string;
  warranty: Warranty | '';
  shipping: Shipping | '';
}

export function isWarranty(value: unknown): value is Warranty {
  return typeof value === 'string' && (WARRANTIES as readonly string[]).includes(value);
}

export function isShipping(value: unknown): value is Shipping {
  return typeof value === 'string' && (SHIPPING_OPTIONS as readonly string[]).includes(value);
}

export function isSearchSort(value: unknown): value is SearchSort {
  return typeof value === 'string' && (SEARCH_SORTS as readonly string[]).includes(value);
}

/** What the form holds. */
export interface SearchDraft extends SearchFilters {
  query: string;
  useAi: boolean;
  /** Issue 16: the order ('' for the default: best match with words, newest without). */
  sort: SearchSort | '';
}

/** A search that was made: the form's values when Search was pressed, and the page. */
export interface SearchCriteria extends SearchDraft {
  page: number;
}

export const EMPTY_FILTERS: SearchFilters = {
  minPrice: '',
  maxPrice: '',
  condition: '',
  location: '',
  manufacturer: '',
  yearFrom: '',
  yearTo: '',
  warranty: '',
  shipping: '',
};
export const EMPTY_CRITERIA: SearchCriteria = { query: '', useAi: false, ...EMPTY_FILTERS, sort: '', page: 1 };

/** The GET /listings/search query string (spec §7). */
export type SearchListingsParams = {
  query?: string;
  min_price?: number;
  max_price?: number;
  condition?: Condition;
  location?: string;
  manufacturer?: string;
  year_from?: number;
  year_to?: number;
  warranty?: Warranty;
  shipping?: Shipping;
  use_rag: boolean;
  sort?: SearchSort;
  page: number;
};

// ── Criteria ──────────────────────────────────────────────────────────────

export function draftOf(criteria: SearchCriteria): SearchDraft {
  const { page: _page, ...draft } = criteria;
  return draft;
}

export function activeFilterCount(filters: SearchFilters): number {
  return [
    filters.minPrice,
    filters.maxPrice,
    filters.condition,
    filters.location,
    filters.manufacturer,
    filters.yearFrom,
    filters.yearTo,
    filters.warranty,
    filters.shipping,
  ].filter((value) => value !== '').length;
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

/** A year as typed: four digits, or nothing. */
function yearNumber(value: string): number | undefined {
  const text = value.trim();
  return /^\d{4}$/.test(text) ? Number(text) : undefined;
}

export function toSearchParams(criteria: SearchCriteria): SearchListingsParams {
  const query = criteria.query.trim();
  const manufacturer = criteria.manufacturer.trim();
  const yearFrom = yearNumber(criteria.yearFrom);
  const yearTo = yearNumber(criteria.yearTo);
  return {
    ...(query && { query }),
    ...(priceNumber(criteria.minPrice) !== undefined && { min_price: priceNumber(criteria.minPrice) }),
    ...(priceNumber(criteria.maxPrice) !== undefined && { max_price: priceNumber(criteria.maxPrice) }),
    ...(criteria.condition && { condition: criteria.condition }),
    ...(criteria.location && { location: criteria.location }),
    ...(manufacturer && { manufacturer }),
    ...(yearFrom !== undefined && { year_from: yearFrom }),
    ...(yearTo !== undefined && { year_to: yearTo }),
    ...(criteria.warranty && { warranty: criteria.warranty }),
    ...(criteria.shipping && { shipping: criteria.shipping }),
    use_rag: criteria.useAi,
    ...(criteria.sort && { sort: criteria.sort }),
    page: criteria.page,
  };
}

/** The criteria as a saved search keeps them (issue 16: POST /saved-searches), without the page. */
export function toSavedCriteria(criteria: SearchCriteria): SavedCriteria {
  const { page: _page, ...params } = toSearchParams(criteria);
  return params;
}

export type DraftField = 'query' | keyof SearchFilters;
export type DraftCheck = { ok: true; criteria: SearchCriteria } | { ok: false; field: DraftField; message: string };

/** The draft as search criteria, words and prices trimmed, from the first page. */
export function trimmedCriteria(draft: SearchDraft): SearchCriteria {
  return {
    ...draft,
    query: draft.query.trim(),
    minPrice: draft.minPrice.trim(),
    maxPrice: draft.maxPrice.trim(),
    manufacturer: draft.manufacturer.trim(),
    yearFrom: draft.yearFrom.trim(),
    yearTo: draft.yearTo.trim(),
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
  manufacturer: 'manufacturer',
  yearFrom: 'year_from',
  yearTo: 'year_to',
  warranty: 'warranty',
  shipping: 'shipping',
  sort: 'sort',
  page: 'page',
} as const;

function cleanPrice(value: string | null): string {
  const text = value?.trim() ?? '';
  return priceNumber(text) === undefined ? '' : text;
}

function cleanYear(value: string | null): string {
  const text = value?.trim() ?? '';
  return yearNumber(text) === undefined ? '' : text;
}

/** The criteria a URL asks for, or null when it names none (a bare /search). */
export function criteriaFromUrl(params: URLSearchParams): SearchCriteria | null {
  if (!Object.values(URL_KEYS).some((key) => params.has(key))) return null;
  const condition = params.get(URL_KEYS.condition) ?? '';
  const page = Number(params.get(URL_KEYS.page));
  const ai = params.get(URL_KEYS.useAi);
  const warranty = params.get(URL_KEYS.warranty);
  const shipping = params.get(URL_KEYS.shipping);
  const sort = params.get(URL_KEYS.sort);
  return {
    query: (params.get(URL_KEYS.query) ?? '').slice(0, SEARCH_QUERY_MAX_LENGTH),
    useAi: ai === '1' || ai === 'true',
    minPrice: cleanPrice(params.get(URL_KEYS.minPrice)),
    maxPrice: cleanPrice(params.get(URL_KEYS.maxPrice)),
    condition: isCondition(condition) ? condition : '',
    location: findCountry(params.get(URL_KEYS.location)?.slice(0, LOCATION_MAX_LENGTH))?.name ?? '',
    manufacturer: (params.get(URL_KEYS.manufacturer) ?? '').trim().slice(0, MANUFACTURER_MAX_LENGTH),
    yearFrom: cleanYear(params.get(URL_KEYS.yearFrom)),
    yearTo: cleanYear(params.get(URL_KEYS.yearTo)),
    warranty: isWarranty(warranty) ? warranty : '',
    shipping: isShipping(shipping) ? shipping : '',
    sort: isSearchSort(sort) && sort !== 'relevance' ? sort : '',
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
  if (criteria.manufacturer) params.set(URL_KEYS.manufacturer, criteria.manufacturer);
  if (criteria.yearFrom) params.set(URL_KEYS.yearFrom, criteria.yearFrom);
  if (criteria.yearTo) params.set(URL_KEYS.yearTo, criteria.yearTo);
  if (criteria.warranty) params.set(URL_KEYS.warranty, criteria.warranty);
  if (criteria.shipping) params.set(URL_KEYS.shipping, criteria.shipping);
  if (criteria.sort) params.set(URL_KEYS.sort, criteria.sort);
  if (criteria.page > 1) params.set(URL_KEYS.page, String(criteria.page));
  return params;
}

/** A stable text for comparing criteria. */
export function criteriaKey(criteria: SearchCriteria): string {
  return criteriaToUrl(criteria).toString();
}
