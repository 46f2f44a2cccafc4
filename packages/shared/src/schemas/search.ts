/** GET /listings/search (spec §7): filters, the AI flag, and a page of results. */
import { z } from 'zod';
import { ConditionSchema } from '../conditions.js';
import { LOCATION_MAX_LENGTH, MONEY_MAX, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH } from '../constants.js';
import { findCountry } from '../countries.js';
import { PRICE_NEGATIVE, PRICE_NOT_A_NUMBER, PRICE_RANGE_INVALID, SEARCH_QUERY_TOO_LONG } from '../messages.js';
import { QueryBooleanSchema, emptyAsUndefined, paginated } from './common.js';
import { ListingSchema } from './listings.js';
import { MANUFACTURER_MAX_LENGTH, SHIPPING_OPTIONS, WARRANTIES, YEAR_OF_MANUFACTURE_MIN } from '../specification-values.js';
import { SHIPPING_INVALID, WARRANTY_INVALID, currentYear } from './specifications.js';
import { SEARCH_SORTS, SEARCH_SORT_INVALID } from '../saved-search-values.js';

export const SEARCH_YEAR_INVALID = `Year must be a whole number from ${YEAR_OF_MANUFACTURE_MIN} to this year`;
export const SEARCH_YEAR_RANGE_INVALID = 'Year from must not be after year to';

/** A year bound of the specifications filter (issue 15). */
const YearFilterSchema = z.preprocess(
  emptyAsUndefined,
  z.coerce
    .number({ error: SEARCH_YEAR_INVALID })
    .int(SEARCH_YEAR_INVALID)
    .min(YEAR_OF_MANUFACTURE_MIN, SEARCH_YEAR_INVALID)
    .refine((year) => year <= currentYear(), { error: SEARCH_YEAR_INVALID })
    .optional(),
);

/**
 * The last page a search answers (issue 12: a huge page made the database rank every match):
 * the total counts matches up to 1,000, so 84 pages of 12 reach every counted result.
 */
export const SEARCH_COUNT_LIMIT = 1_000;
export const SEARCH_MAX_PAGE = Math.ceil(SEARCH_COUNT_LIMIT / SEARCH_PAGE_SIZE);
export const SEARCH_PAGE_OUT_OF_RANGE = `Page must be a whole number from 1 to ${SEARCH_MAX_PAGE}. Refine your search to see other results.`;

/** A price bound; one above any price a listing can have (MONEY_MAX) means the same as MONEY_MAX. */
const PriceFilterSchema = z.preprocess(
  emptyAsUndefined,
  z.coerce
    .number({ error: PRICE_NOT_A_NUMBER })
    .min(0, PRICE_NEGATIVE)
    .optional()
    .transform((v) => (v === undefined ? v : Math.min(v, MONEY_MAX))),
);

/** The words, filters, AI flag and order of a search: what a saved search keeps (issue 16). */
const searchCriteriaShape = {
  query: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(SEARCH_QUERY_MAX_LENGTH, SEARCH_QUERY_TOO_LONG)
      .optional()
      // Control characters (NUL cannot even be stored) separate words like spaces.
      // eslint-disable-next-line no-control-regex
      .transform((v) => v?.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim())
      .transform((v) => (v === '' ? undefined : v)),
  ),
  min_price: PriceFilterSchema,
  max_price: PriceFilterSchema,
  condition: z.preprocess(emptyAsUndefined, ConditionSchema.optional()),
  location: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(LOCATION_MAX_LENGTH)
      .optional()
      .transform((v) => (v ? (findCountry(v)?.name ?? v) : undefined)),
  ),
  /** Issue 15: the specifications filters — a maker (any case), years of manufacture, warranty, shipping. */
  manufacturer: z.preprocess(emptyAsUndefined, z.string().trim().max(MANUFACTURER_MAX_LENGTH).optional()),
  year_from: YearFilterSchema,
  year_to: YearFilterSchema,
  warranty: z.preprocess(emptyAsUndefined, z.enum(WARRANTIES, { error: WARRANTY_INVALID }).optional()),
  shipping: z.preprocess(emptyAsUndefined, z.enum(SHIPPING_OPTIONS, { error: SHIPPING_INVALID }).optional()),
  use_rag: z.preprocess(emptyAsUndefined, QueryBooleanSchema.default(false)),
  /** Issue 16: the order; absent — best match with words, newest without. */
  sort: z.preprocess(emptyAsUndefined, z.enum(SEARCH_SORTS, { error: SEARCH_SORT_INVALID }).optional()),
};

type CriteriaBounds = { min_price?: number; max_price?: number; year_from?: number; year_to?: number };
const priceRangeValid = (q: CriteriaBounds) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price;
const yearRangeValid = (q: CriteriaBounds) => q.year_from === undefined || q.year_to === undefined || q.year_from <= q.year_to;

/**
 * Search query string. Numbers and booleans arrive as text and are coerced; empty values
 * count as absent; price filters have minimum 0 (spec §5). A known location is turned into
 * its canonical country name.
 */
export const SearchQuerySchema = z
  .object({
    ...searchCriteriaShape,
    page: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: SEARCH_PAGE_OUT_OF_RANGE })
        .int(SEARCH_PAGE_OUT_OF_RANGE)
        .min(1, SEARCH_PAGE_OUT_OF_RANGE)
        .max(SEARCH_MAX_PAGE, SEARCH_PAGE_OUT_OF_RANGE)
        .default(1),
    ),
  })
  .refine(priceRangeValid, {
    message: PRICE_RANGE_INVALID,
    path: ['max_price'],
  })
  .refine(yearRangeValid, {
    message: SEARCH_YEAR_RANGE_INVALID,
    path: ['year_to'],
  });
/** A search without its page (issue 16: saved searches keep it). */
export const SearchCriteriaSchema = z
  .object(searchCriteriaShape)
  .refine(priceRangeValid, { message: PRICE_RANGE_INVALID, path: ['max_price'] })
  .refine(yearRangeValid, { message: SEARCH_YEAR_RANGE_INVALID, path: ['year_to'] });
export type SearchCriteria = z.output<typeof SearchCriteriaSchema>;
export type SearchCriteriaInput = z.input<typeof SearchCriteriaSchema>;
export type SearchQuery = z.output<typeof SearchQuerySchema>;
export type SearchQueryInput = z.input<typeof SearchQuerySchema>;

/**
 * A page of search results; with use_rag each item carries rag_search_response. Matches are
 * counted up to 1,000 (issue 19): beyond, `total` is 1,000 and `total_is_lower_bound` true
 * ("1,000+ results").
 */
export const SearchResponseSchema = paginated(ListingSchema).extend({
  total_is_lower_bound: z.boolean().optional(),
  /**
   * Plain search: set when listings with only some of the words follow those with all of them
   * (fewer than ten have them all) — how many have them all. The page shows "Results matching
   * fewer words" from there.
   */
  exact_matches: z.number().int().min(0).optional(),
  /**
   * Plain search, first page: when fewer listings match than a page holds, listings like them
   * (nearest in meaning to the first matches) that do not match the words — neither among the
   * items nor counted in the total. The page shows them after the items, under "Similar listings".
   */
  similar: z.array(ListingSchema).optional(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/**
 * GET /listings/manufacturers (issue 15): the makers of live listings with how many each has —
 * the search form's manufacturer filter (with counts) and the listing form's suggestions;
 * with `manufacturer`, that maker's models instead.
 */
export const SpecificationSuggestionsQuerySchema = z.object({
  manufacturer: z.preprocess(emptyAsUndefined, z.string().trim().max(MANUFACTURER_MAX_LENGTH).optional()),
});
export const SpecificationCountSchema = z.object({ name: z.string(), count: z.number().int().min(0) });
export type SpecificationCount = z.infer<typeof SpecificationCountSchema>;
export const SpecificationCountsSchema = z.array(SpecificationCountSchema);
