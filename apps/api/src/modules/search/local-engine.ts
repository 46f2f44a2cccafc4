import { normalizeForMatch, type Condition, type SearchSort, type Shipping, type Warranty } from '@benchmarket/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { listingPhotos, listings } from '../../db/schema.js';
import { activeListingSql, listingColumns, type ListingRow, type PhotoRow } from '../listings/index.js';
import { otherEnglishSpelling } from './english-spellings.js';
import {
  TEXT_CREDIT,
  facetsOf,
  hasNoFamily,
  isTextFacet,
  modelSpellings,
  needThreshold,
  phrasesToTsquery,
  stopWordAtEdge,
  withWeights,
  type Facet,
  type ModelLine,
} from './facets.js';
import { creditedForCompoundNames } from './compound-names.js';
import { creditedForWhatTheyAre, creditedForWhatTheyAreDescribedFor, describedForPatterns } from './made-for.js';
import { creditedForKindHeads } from './kind-heads.js';
import { editDistance, hasTextToMatch, isSpacedModelLetter, isSplitModel, type UnderstoodQuery } from './query-understanding.js';
import { ENGLISH_STOP_WORDS } from './vocabulary.js';

/**
 * The SQL of search. Every statement returns a page of full listing rows and the total in
 * one round trip (`count(*) over ()`); photos are loaded for the page in one more query by
 * the listings mapper. Nothing here runs a query per result.
 *
 * - plain search: `websearch_to_tsquery` (quotes, -exclude, or) with the last word as a
 *   prefix, ranked by ts_rank over the weighted vector (title A, search terms B,
 *   description C); when that finds nothing, the words are corrected against the lexicon
 *   of listing words with pg_trgm and any of them may match.
 * - AI search (local engine): the facets of the understood query (facets.ts), each credit
 *   computed per candidate in SQL, ranked by their weighted share.
 */

/** The explicit filters of the search form (spec §7): hard filters, never relaxed. */
export interface SearchFilters {
  minPriceCents?: number;
  maxPriceCents?: number;
  condition?: Condition;
  /** Canonical country name. */
  location?: string;
  /** Issue 15: the specifications filters (a maker in any case; years inclusive). */
  manufacturer?: string;
  yearFrom?: number;
  yearTo?: number;
  warranty?: Warranty;
  shipping?: Shipping;
  /** Issue 16 (saved-search alerts): only listings that first went live after this moment. */
  liveSince?: Date;
  /** Issue 16: listing ids to leave out (a subquery: the ones an alert already offered). */
  excludedIds?: SQL;
}

/** An explicit order other than relevance (issue 16). */
export type ExplicitSort = Exclude<SearchSort, 'relevance'>;

export interface PageRequest {
  limit: number;
  offset: number;
}

export interface RankedRow {
  row: ListingRow;
  photos: PhotoRow[];
  /** Per facet, the credit the listing earned (AI search). */
  credits: number[];
  /** ts_rank (plain) or the facet score (AI). */
  rank: number;
}

export interface RankedPage {
  rows: RankedRow[];
  /** The number of matches, up to COUNT_LIMIT. */
  total: number;
  /** More than COUNT_LIMIT listings match: `total` is a lower bound ("1,000+"). */
  totalIsLowerBound: boolean;
  /** Set when listings with only some of the words follow: how many have them all. */
  exactMatches?: number;
  /** Listings like the matches, not matching the words (plain search, when the matches do not fill a page). */
  similar?: RankedRow[];
}

/**
 * Issue 19: candidate selection reads search's narrow copy of the live listings
 * (search_listings, migration 0023) instead of whole listing rows. Its columns have the
 * listings table's names, so under this alias every condition written for listings
 * (visibility, filters, the full-text vector) reads it unchanged.
 */
const narrowListings = sql`search_listings as ${listings}`;

const columnEntries = Object.entries(listingColumns);

/**
 * `listings.col as "tsName", …` for every response column, and the listing's photos as JSON
 * (a correlated subquery per row of the page: the photos come in the same round trip).
 */
const selectListingColumns: SQL = sql.join(
  [
    ...columnEntries.map(([key, column]) => sql`${sql.identifier('listings')}.${sql.identifier(column.name)} as ${sql.identifier(key)}`),
    sql`(select coalesce(json_agg(json_build_object(
        'id', p.id, 'listingId', p.listing_id, 'position', p.position, 'path', p.path, 'thumbnailPath', p.thumbnail_path,
        'width', p.width, 'height', p.height, 'bytes', p.bytes, 'createdAt', p.created_at) order by p.position), '[]'::json)
      from ${listingPhotos} p where p.listing_id = ${listings.id}) as "photos"`,
  ],
  sql`, `,
);

function photosOf(raw: Record<string, unknown>): PhotoRow[] {
  const photos = (typeof raw.photos === 'string' ? JSON.parse(raw.photos) : raw.photos) as
    (Omit<PhotoRow, 'createdAt'> & { createdAt: string })[] | null;
  return (photos ?? []).map((photo) => ({ ...photo, createdAt: new Date(photo.createdAt) }));
}

/** A raw row of the statements below as the table's typed row. */
function toListingRow(raw: Record<string, unknown>): ListingRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnEntries) {
    const value = raw[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as ListingRow;
}

function filterSql(filters: SearchFilters): SQL[] {
  const parts: SQL[] = [];
  if (filters.minPriceCents !== undefined) parts.push(sql`${listings.priceCents} >= ${filters.minPriceCents}`);
  if (filters.maxPriceCents !== undefined) parts.push(sql`${listings.priceCents} <= ${filters.maxPriceCents}`);
  if (filters.condition) parts.push(sql`${listings.condition} = ${filters.condition}`);
  if (filters.location) parts.push(sql`${listings.location} = ${filters.location}`);
  if (filters.manufacturer) parts.push(sql`lower(${listings.manufacturer}) = lower(${filters.manufacturer})`);
  if (filters.yearFrom !== undefined) parts.push(sql`${listings.yearOfManufacture} >= ${filters.yearFrom}`);
  if (filters.yearTo !== undefined) parts.push(sql`${listings.yearOfManufacture} <= ${filters.yearTo}`);
  if (filters.warranty) parts.push(sql`${listings.warranty} = ${filters.warranty}`);
  if (filters.shipping) parts.push(sql`${listings.shipping} = ${filters.shipping}`);
  if (filters.liveSince) parts.push(sql`${listings.wentLiveAt} > ${filters.liveSince.toISOString()}::timestamptz`);
  if (filters.excludedIds) parts.push(sql`${listings.id} not in (${filters.excludedIds})`);
  return parts;
}

function and(parts: readonly SQL[]): SQL {
  return parts.length === 0
    ? sql`true`
    : sql.join(
        parts.map((p) => sql`(${p})`),
        sql` and `,
      );
}

const sv = sql`${listings.searchVector}`;
const ts = (text: string) => sql`to_tsquery('english', ${text})`;

/**
 * A page of rows; `counted` is the number of matches counted up to COUNT_LIMIT + 1 (one more
 * than the limit says there are more).
 */
function rowsOf(result: { rows: Record<string, unknown>[] }, credits: number, counted: number): RankedPage {
  const rows = result.rows.map((raw) => ({
    row: toListingRow(raw),
    photos: photosOf(raw),
    credits: Array.from({ length: credits }, (_, i) => Number(raw[`f${i}`] ?? 0)),
    rank: Number(raw.rank ?? 0),
  }));
  return { rows, ...cappedTotal(counted) };
}

/** A count made up to COUNT_LIMIT + 1 as the total to report. */
export function cappedTotal(counted: number): { total: number; totalIsLowerBound: boolean } {
  return { total: Math.min(counted, COUNT_LIMIT), totalIsLowerBound: counted > COUNT_LIMIT };
}

// ── Shared ──────────────────────────────────────────────────────────────────

/**
 * How many candidates the second stage ranks exactly. The first stage orders every match by
 * cheap signals (columns of the row and its title) and keeps this many; only they are scored
 * with the full-text vector (which lives out of line and is costly to read per row).
 */
const CANDIDATES = 48;
/**
 * Plain search and browsing count matches up to here; a total above it is reported as this
 * (like other search engines' "1,000+": 84 pages of 12, more than anyone pages through).
 */
export const COUNT_LIMIT = 1_000;

function candidateLimit(page: PageRequest): number {
  return Math.max(CANDIDATES, page.offset + page.limit * 2);
}

/**
 * A cheap test of whether a title names any of the phrases (normalised words), for the first
 * stage: ILIKE on the column ('%refrigerated%centrifuge%' finds 'Refrigerated Benchtop
 * Centrifuge'), which costs a fraction of a microsecond per row; a single short word ('ult',
 * 'pcr') must be a whole word (a regular expression). Approximate by design — the second stage
 * decides with the full-text vector.
 */
function titleMatches(phrases: readonly string[]): SQL {
  const likes = new Set<string>();
  const shortWords = new Set<string>();
  for (const phrase of phrases) {
    const words = phrase
      .split(' ')
      .map((w) => w.replace(/[^a-z0-9]/g, ''))
      .filter(Boolean);
    if (words.length === 0) continue;
    if (words.length === 1 && words[0]!.length <= 3) shortWords.add(words[0]!);
    else likes.add(`%${words.join('%')}%`);
  }
  const tests = [...likes].map((pattern) => sql`${listings.title} ilike ${pattern}`);
  if (shortWords.size > 0) tests.push(sql`${listings.title} ~* ${`\\m(${[...shortWords].join('|')})\\M`}`);
  return tests.length > 0 ? sql`(${sql.join(tests, sql` or `)})` : sql`false`;
}

// ── Browse (no words) ───────────────────────────────────────────────────────

/**
 * Live featured listings first (issue 14), then newest first, with the filters (and `extra`
 * conditions); the page and the total in one statement. The featured ones are few (read by
 * their own partial index); the rest walk the storefront index (created_at desc, id desc),
 * skipping the featured ones, and stop after the page; the total counts at most
 * COUNT_LIMIT + 1 rows.
 */
export async function browse(db: Db, now: Date, filters: SearchFilters, page: PageRequest, extra: SQL[] = []): Promise<RankedPage> {
  const where = and([activeListingSql(now), ...filterSql(filters), ...extra]);
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const wanted = page.offset + page.limit;
  const result = await db.execute<Record<string, unknown>>(sql`
    with featured as (
      select ${listings.id} as id, ${listings.createdAt} as created_at
      from ${listings}
      where ${where} and ${listings.featuredUntil} > ${nowSql}
      order by ${listings.createdAt} desc, ${listings.id} desc
      limit ${wanted}
    ),
    page as (
      select id, created_at, first from (
        (select id, created_at, 1 as first from featured)
        union all
        (select ${listings.id}, ${listings.createdAt}, 0
          from ${listings}
          where ${where} and not coalesce(${listings.featuredUntil} > ${nowSql}, false)
          order by ${listings.createdAt} desc, ${listings.id} desc
          limit ${wanted})
      ) both_parts
      order by first desc, created_at desc, id desc
      limit ${page.limit} offset ${page.offset}
    ),
    counted as (
      select count(*) as total from (select 1 from ${listings} where ${where} limit ${COUNT_LIMIT + 1}) c
    )
    select ${selectListingColumns}, 0 as rank, counted.total
    from counted left join page on true left join ${listings} on ${listings.id} = page.id
    order by page.first desc nulls last, page.created_at desc nulls last, page.id desc`);
  return rowsOf({ rows: result.rows.filter((r) => r.id !== null) }, 0, Number(result.rows[0]?.total ?? 0));
}

// ── An explicit order (issue 16) ────────────────────────────────────────────

/** `order by` of an explicit sort over columns `price_cents`, `created_at`, `id`; ties broken newest first, then by id. */
function explicitOrder(sort: ExplicitSort, prefix = ''): SQL {
  const p = sql.raw(prefix);
  if (sort === 'newest') return sql`${p}created_at desc, ${p}id desc`;
  return sort === 'price_asc'
    ? sql`${p}price_cents asc, ${p}created_at desc, ${p}id desc`
    : sql`${p}price_cents desc, ${p}created_at desc, ${p}id desc`;
}

/**
 * Every live listing where `extra` holds (a full-text match, or nothing more than the
 * filters) in an explicit order: the page and the total (up to COUNT_LIMIT) in one statement.
 * No featured-first here: a buyer who sorts by price wants price order. A plain search that
 * goes on past a few exact matches keeps them first (`first`), each group in the order asked,
 * as the results grid heads the listings with fewer words apart.
 */
export async function sortedSearch(
  db: Db,
  now: Date,
  filters: SearchFilters,
  page: PageRequest,
  sort: ExplicitSort,
  extra: SQL[] = [],
  /** Listings for which this holds come first, each group in the order asked (exact matches, then fewer words). */
  first?: SQL,
): Promise<RankedPage> {
  const where = and([activeListingSql(now), ...filterSql(filters), ...extra]);
  const priority = first ? sql`(${first})` : sql`(0 = 0)`;
  const result = await db.execute<Record<string, unknown>>(sql`
    with matches as (
      select ${listings.id} as id, ${listings.createdAt} as created_at, ${listings.priceCents} as price_cents, ${priority} as first
      from ${extra.length > 0 ? narrowListings : listings} where ${where} offset 0
    ),
    counted as (
      select count(*) as total from (select 1 from matches limit ${COUNT_LIMIT + 1}) c
    ),
    page as (
      select id, created_at, price_cents, first from matches
      order by first desc, ${explicitOrder(sort)} limit ${page.limit} offset ${page.offset}
    )
    select ${selectListingColumns}, 0 as rank, counted.total
    from counted left join page on true left join ${listings} on ${listings.id} = page.id
    order by page.id is null, page.first desc, ${explicitOrder(sort, 'page.')}`);
  return rowsOf({ rows: result.rows.filter((r) => r.id !== null) }, 0, Number(result.rows[0]?.total ?? 0));
}

/** The price, listing date and condition of ids (AI search orders its ranked candidates by them when asked, or asked for it cheap). */
export async function sortKeys(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { priceCents: number; createdAt: Date; condition: string }>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{ id: string; price_cents: string | number; created_at: string | Date; condition: string }>(
    sql`select ${listings.id} as id, ${listings.priceCents} as price_cents, ${listings.createdAt} as created_at, ${listings.condition} as condition
        from ${listings} where ${listings.id} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  return new Map(
    result.rows.map((r) => [r.id, { priceCents: Number(r.price_cents), createdAt: new Date(r.created_at), condition: r.condition }]),
  );
}

// ── Plain search ────────────────────────────────────────────────────────────

/** A word as a tsquery lexeme ('centri' → `'centri'`), or undefined when it has no letters or digits. */
function lexeme(word: string): string | undefined {
  const clean = word
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return clean ? `'${clean}'` : undefined;
}

/**
 * Where a query's last word may be the start of a longer word: in titles and search terms
 * ('AB'), never in descriptions, which begin longer words with every short one — a buyer who
 * stops short ('eppendorf centri') means the name of a thing. When the word completes a kind's
 * name ('bed' of "hospital bed"), in titles alone ('A': an OR table's "tabletop", not the
 * "bedside monitor" of the monitors' search terms).
 */
export type WordStartScope = 'A' | 'AB';

function startOf(lexemeOfWord: string, scope: WordStartScope): string {
  return `${lexemeOfWord}:*${scope}`;
}

/**
 * The plain query: `websearch_to_tsquery` of everything but the last word, and the last
 * word as a prefix (stemmed, or as typed) — 'eppendorf centri' finds 'centrifuge'.
 */
export function plainTsquery(text: string, scope: WordStartScope = 'AB'): SQL {
  const trimmed = text.trim();
  const quotes = (trimmed.match(/"/g) ?? []).length;
  const last = /(^|\s)([\p{L}\p{N}]+)$/u.exec(trimmed);
  const lastWord = last?.[2]?.toLowerCase();
  if (!last || !lastWord || quotes % 2 === 1 || lastWord === 'or' || ENGLISH_STOP_WORDS.has(lastWord)) {
    return sql`websearch_to_tsquery('english', ${trimmed})`;
  }
  const head = trimmed.slice(0, last.index).trim();
  const prefix = lexeme(lastWord);
  // A prefix of one or two characters ('c' of 'c++') would match most of the catalog.
  if (!prefix || prefix.length < 5) return sql`websearch_to_tsquery('english', ${trimmed})`;
  // The word as typed, stemmed ('centrifuges' → centrifug), or as the start of an indexed word
  // ('centri' → centrifug). Not a stemmed prefix: 'aed' stems to 'a', and 'a:*' matches everything.
  const prefixQuery = sql`(to_tsquery('english', ${prefix}) || to_tsquery('simple', ${startOf(prefix, scope)}))`;
  return head ? sql`(websearch_to_tsquery('english', ${head}) && ${prefixQuery})` : prefixQuery;
}

/**
 * The plain query, also with each model written the other way sellers write it ('rm2235'
 * finds "RM 2235" too, and 'XPR 205' "XPR205": only the space differs) and in the other
 * English spelling ('moisture analyzer' finds "moisture analyser").
 */
export function plainQueryWithOtherSpellings(text: string, scope: WordStartScope = 'AB'): SQL {
  const typed = plainTsquery(text, scope);
  const model = otherModelSpelling(text);
  const english = otherEnglishSpelling(text);
  const others = [...(model ? [sql`websearch_to_tsquery('english', ${model})`] : []), ...(english ? [plainTsquery(english, scope)] : [])];
  return others.length === 0 ? typed : sql`(${sql.join([typed, ...others], sql` || `)})`;
}

/**
 * The text with its models spaced where letters meet digits ('rm2235' → "rm 2235"), and a short
 * word of letters before a number, or a letter after one, joined ('xpr 205' → xpr205, '5810 r'
 * → 5810r), or undefined when it has none.
 * A quoted query is left as typed: it asks for exactly those words.
 */
export function otherModelSpelling(text: string): string | undefined {
  if (text.includes('"')) return undefined;
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let changed = false;
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]!.toLowerCase();
    const next = tokens[i + 1]?.toLowerCase() ?? '';
    if (isSplitModel(word, next) || isSpacedModelLetter(word, next)) {
      out.push(word + next);
      i += 1;
      changed = true;
    } else if (/^[a-z0-9]+$/.test(word) && /[a-z]/.test(word) && /\d/.test(word) && modelSpellings(word).length > 1) {
      out.push(`"${modelSpellings(word)[1]!}"`);
      changed = true;
    } else out.push(tokens[i]!);
  }
  return changed ? out.join(' ') : undefined;
}

/**
 * The relaxed plain query, when no listing has every word: `atLeast` = all of the (corrected)
 * words, all but one (the OR of each combination leaving one out), or any (1); the last as a
 * prefix where `lastStart` says (undefined: as typed); '-word' exclusions kept.
 */
export function anyWordTsquery(
  words: readonly string[],
  excluded: readonly string[],
  lastStart: WordStartScope | undefined,
  atLeast = 1,
): SQL | undefined {
  const lexemes = words.map(lexeme).filter((l): l is string => Boolean(l));
  if (lexemes.length === 0) return undefined;
  const last = lexemes[lexemes.length - 1]!;
  const stemmed = lexemes.map((l, i) => (lastStart && i === lexemes.length - 1 ? undefined : l)).filter((l): l is string => Boolean(l));
  let positive: SQL;
  if (atLeast >= lexemes.length && lexemes.length > 1) {
    // Every word (the corrected query).
    const all = lexemes
      .map((l, i) => (lastStart && i === lexemes.length - 1 ? undefined : l))
      .filter(Boolean)
      .join(' & ');
    positive = lastStart
      ? sql`(${all ? sql`to_tsquery('english', ${all}) && ` : sql``}(to_tsquery('english', ${last}) || to_tsquery('simple', ${startOf(last, lastStart)})))`
      : sql`to_tsquery('english', ${lexemes.join(' & ')})`;
  } else if (atLeast > 1 && lexemes.length > atLeast && lexemes.length <= 6) {
    // All but one: the OR of every combination leaving one word out.
    const combos = lexemes.map((_, skip) => lexemes.filter((__, i) => i !== skip).join(' & '));
    positive = sql`to_tsquery('english', ${combos.map((c) => `(${c})`).join(' | ')})`;
  } else if (lastStart) {
    positive =
      stemmed.length > 0
        ? sql`(to_tsquery('english', ${[...stemmed, last].join(' | ')}) || to_tsquery('simple', ${startOf(last, lastStart)}))`
        : sql`(to_tsquery('english', ${last}) || to_tsquery('simple', ${startOf(last, lastStart)}))`;
  } else {
    positive = sql`to_tsquery('english', ${lexemes.join(' | ')})`;
  }
  const negatives = excluded.map(lexeme).filter((l): l is string => Boolean(l));
  return negatives.length > 0 ? sql`(${positive} && !!to_tsquery('english', ${negatives.join(' | ')}))` : positive;
}

/** The listing's full-text vector matches the query. */
export function listingMatches(tsquery: SQL): SQL {
  return sql`(${sv} @@ ${tsquery})`;
}

/**
 * For a relaxed query: the listing's text has words carrying at least `share` of the
 * information of the query's words (`weights`: how rare each word is). 'surgical lamp' must
 * not be answered by every listing that mentions a lamp: the words of a query are not equal.
 */
export function informationShareSql(
  words: readonly string[],
  weights: readonly number[],
  lastStart: WordStartScope | undefined,
  share: number,
): SQL | undefined {
  const parts: SQL[] = [];
  let total = 0;
  words.forEach((word, i) => {
    const l = lexeme(word);
    const weight = weights[i] ?? 1;
    if (!l) return;
    total += weight;
    const matches =
      lastStart && i === words.length - 1 && l.length >= 5
        ? sql`(${sv} @@ (to_tsquery('english', ${l}) || to_tsquery('simple', ${startOf(l, lastStart)})))`
        : sql`(${sv} @@ to_tsquery('english', ${l}))`;
    parts.push(sql`(case when ${matches} then ${num(Math.round(weight * 1000) / 1000)} else 0 end)`);
  });
  if (parts.length < 2) return undefined;
  return sql`(${sql.join(parts, sql` + `)}) >= ${num(Math.round(total * share * 1000) / 1000)}`;
}

/**
 * The words a relaxed match cannot do without (leaving one out leaves less than `share` of
 * the information), as one tsquery of all of them — or undefined when every word can be
 * missed. A listing that passes the share has them all, so the index can be asked for them
 * alone instead of for any word (74,000 rows → 9,500 at 100,000 listings).
 */
export function necessaryWordsTsquery(
  words: readonly string[],
  weights: readonly number[],
  lastStart: WordStartScope | undefined,
  share: number,
  excluded: readonly string[],
): SQL | undefined {
  const total = words.reduce((sum, _w, i) => sum + (weights[i] ?? 1), 0);
  const necessary = words.flatMap((word, i) => (total - (weights[i] ?? 1) < total * share ? [{ word, last: i === words.length - 1 }] : []));
  if (necessary.length === 0) return undefined;
  const parts = necessary.flatMap(({ word, last }) => {
    const l = lexeme(word);
    if (!l) return [];
    return [
      last && lastStart && l.length >= 5
        ? sql`(to_tsquery('english', ${l}) || to_tsquery('simple', ${startOf(l, lastStart)}))`
        : sql`to_tsquery('english', ${l})`,
    ];
  });
  if (parts.length === 0) return undefined;
  const all = sql.join(parts, sql` && `);
  const negatives = excluded.map(lexeme).filter((l): l is string => Boolean(l));
  return negatives.length > 0 ? sql`(${all} && !!to_tsquery('english', ${negatives.join(' | ')}))` : sql`(${all})`;
}

/**
 * Plain search in two stages. First every match, from the GIN index, without reading its
 * vector (rows only): the number of them, and the newest CANDIDATES. Then those candidates
 * are ranked by ts_rank over the weighted vector (title A above search terms B above
 * description C) and the page is cut. One statement.
 */
export async function plainSearch(
  db: Db,
  now: Date,
  tsquery: SQL,
  filters: SearchFilters,
  page: PageRequest,
  extra: SQL[] = [],
  /** Listings for which this holds come first (the exact matches before relaxed ones). */
  first?: SQL,
  /** What ts_rank ranks by, when not the matching tsquery (every word, of which a relaxed match needs some). */
  rankBy: SQL = tsquery,
  /**
   * Among the candidates alike in `first`, those for which this holds (`titleNamesTheKind`) come
   * before the rest, then by rank. Only among the candidates: finding them among every match costs a
   * common word's every row (twice the CPU of a search at 100,000 listings; measured 2026-12-01).
   */
  namedBy?: SQL,
): Promise<RankedPage> {
  // The tsquery is written out (not a CTE column) so the planner sees it and estimates from statistics.
  const where = and([activeListingSql(now), ...filterSql(filters), sql`${sv} @@ ${tsquery}`, ...extra]);
  const priority = first ? sql`(${first})` : sql`(0 = 0)`;
  // `offset 0` fences the match set: the planner reads it from the GIN index, never by walking
  // the newest-first index and testing rows (fast for common words, a full scan when its
  // estimate is wrong — a price no search should pay).
  const result = await db.execute<Record<string, unknown>>(sql`
    with matches as (
      select ${listings.id} as id, ${listings.createdAt} as created_at, ${priority} as first from ${narrowListings} where ${where} offset 0
    ),
    cand as (
      select id, created_at, first from matches order by first desc, created_at desc, id desc limit ${candidateLimit(page)}
    ),
    counted as (
      select count(*) as total from (select 1 from matches limit ${COUNT_LIMIT + 1}) c
    ),
    page as (
      select cand.id, cand.created_at, cand.first, ${namedBy ?? sql`(0 = 0)`} as named, ts_rank(${sv}, ${rankBy}) as rank
      from cand join ${narrowListings} on ${listings.id} = cand.id
      order by cand.first desc, named desc, rank desc, cand.created_at desc, cand.id desc
      limit ${page.limit} offset ${page.offset}
    )
    select ${selectListingColumns}, page.rank, counted.total
    from counted left join page on true left join ${listings} on ${listings.id} = page.id
    order by page.first desc nulls last, page.named desc nulls last, page.rank desc nulls last, page.created_at desc, page.id desc`);
  return rowsOf({ rows: result.rows.filter((r) => r.id !== null) }, 0, Number(result.rows[0]?.total ?? 0));
}

/**
 * Whether a title names the kind (its names as a tsquery), and not only as what the listing is
 * for (`patterns`, from whatItIsForPatterns): plain search's order among its candidates.
 */
export function titleNamesTheKind(names: SQL, patterns: { after: string; before: string } | undefined): SQL {
  if (!patterns) return sql`(${sv} @@ ${names})`;
  return sql`(${sv} @@ ${names} and not (${listings.title} ~* ${patterns.after} and ${listings.title} !~* ${patterns.before}))`;
}

// ── Typo tolerance: the lexicon ─────────────────────────────────────────────

export interface Correction {
  from: string;
  to: string;
  /** The next closest lexicon words, closest first: where the context reads the word another way. */
  others?: readonly string[];
  /** The word typed is one titles use (MeaningSearch.realWordReadings): only its context may correct it. */
  known?: boolean;
}

/** How many corrections after the closest one a word keeps for its context to choose from. */
const CORRECTION_OTHERS = 4;

/**
 * For each pair of words, whether some listing's title has them side by side, in that order
 * ("slit lamp"). One statement, each pair one lookup of the full-text index.
 */
export async function pairsInTitles(db: Db, pairs: readonly (readonly [string, string])[]): Promise<boolean[]> {
  const queries = pairs.map(([a, b]) => {
    const [la, lb] = [lexeme(a), lexeme(b)];
    return la && lb ? `${la}:A <-> ${lb}:A` : undefined;
  });
  const asked = queries.flatMap((q) => (q ? [q] : []));
  if (asked.length === 0) return pairs.map(() => false);
  const result = await db.execute<Record<string, unknown>>(
    sql`select ${sql.join(
      asked.map(
        (q, i) => sql`exists (select 1 from ${narrowListings} where ${sv} @@ to_tsquery('english', ${q})) as ${sql.identifier(`p${i}`)}`,
      ),
      sql`, `,
    )}`,
  );
  const row = result.rows[0] ?? {};
  let next = 0;
  return queries.map((q) => {
    if (!q) return false;
    const found = row[`p${next++}`];
    return found === true || found === 't';
  });
}

/**
 * The closest lexicon word (pg_trgm similarity over the words of listing titles and search
 * terms, kept by a trigger) for each word the lexicon does not hold. One statement.
 */
export async function correctWords(db: Db, words: readonly string[]): Promise<Correction[]> {
  const candidates = [...new Set(words.filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !ENGLISH_STOP_WORDS.has(w)))];
  if (candidates.length === 0) return [];
  const result = await db.execute<{ word: string; fixed: string; similarity: number }>(sql`
    select w.word, c.word as fixed, c.similarity
    from unnest(array[${sql.join(
      candidates.map((c) => sql`${c}`),
      sql`, `,
    )}]::text[]) as w(word)
    cross join lateral (
      select s.word, similarity(s.word, w.word) as similarity
      from search_words s
      where s.word % w.word and similarity(s.word, w.word) >= 0.4
      order by similarity(s.word, w.word) desc, s.word
      limit 5
    ) c
    where not ${inLexicon(sql`w.word`)}`);
  // A typo is a letter or two off; more is another word ('microtome' is not 'micrometer').
  const allowed = (word: string) => (word.length <= 5 ? 1 : 2);
  // Among the closest by trigrams, the fewest edits wins ('ultrasond' → ultrasound, not ultrasonic).
  const options = new Map<string, { fixed: string; edits: number; similarity: number }[]>();
  for (const row of result.rows) {
    const edits = editDistance(row.word, row.fixed, 4);
    if (row.fixed === row.word || edits > allowed(row.word)) continue;
    options.set(row.word, [...(options.get(row.word) ?? []), { fixed: row.fixed, edits, similarity: row.similarity }]);
  }
  // Trigrams miss swapped letters in short words ('silt' and 'slit' share one trigram): the
  // words still without a correction are compared letter by letter with the lexicon words of
  // about their length that start with one of their first two letters.
  const unknown = await wordsNotInLexicon(
    db,
    candidates.filter((w) => !options.has(w)),
  );
  for (const word of unknown) {
    const result = await db.execute<{ word: string }>(sql`
      select word from search_words
      where length(word) between ${word.length - 1} and ${word.length + 1}
        and left(word, 1) in (${word.slice(0, 1)}, ${word.slice(1, 2)})
      limit 5000`);
    const near = result.rows
      .map(({ word: candidate }) => ({ fixed: candidate, edits: editDistance(word, candidate, allowed(word)), similarity: 0 }))
      .filter((c) => c.edits <= allowed(word) && c.fixed !== word);
    if (near.length > 0) options.set(word, near);
  }
  return [...options.entries()].map(([from, near]) => {
    const [best, ...others] = near.sort(
      (a, b) => a.edits - b.edits || b.similarity - a.similarity || (a.fixed < b.fixed ? -1 : a.fixed > b.fixed ? 1 : 0),
    );
    return { from, to: best!.fixed, others: others.map((o) => o.fixed).slice(0, CORRECTION_OTHERS) };
  });
}

/** The words the lexicon does not hold. */
export async function wordsNotInLexicon(db: Db, words: readonly string[]): Promise<string[]> {
  if (words.length === 0) return [];
  const result = await db.execute<{ word: string }>(sql`
    select w.word from unnest(array[${sql.join(
      words.map((w) => sql`${w}`),
      sql`, `,
    )}]::text[]) as w(word)
    where not ${inLexicon(sql`w.word`)}`);
  return result.rows.map((r) => r.word);
}

/**
 * Whether a query's word is in the lexicon, as typed or in a plural titles use: a query's
 * words are in the singular ('grips' is read as 'grip'), the lexicon's as typed.
 */
function inLexicon(word: SQL): SQL {
  return sql`exists (select 1 from search_words k where k.word in (${word}, ${word} || 's', ${word} || 'es', regexp_replace(${word}, 'y$', 'ies')))`;
}

// ── AI search: the scored model in SQL ──────────────────────────────────────

/** `case when category = any(…) then credit …` for a concept's families. */
function familyCreditSql(credit: Readonly<Record<string, number>>): SQL {
  const byValue = new Map<number, string[]>();
  for (const [family, value] of Object.entries(credit)) {
    const list = byValue.get(value) ?? [];
    list.push(family);
    byValue.set(value, list);
  }
  if (byValue.size === 0) return sql`0`;
  const branches = [...byValue.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(
      ([value, families]) =>
        sql`when ${listings.category} in (${sql.join(
          families.map((f) => sql`${f}`),
          sql`, `,
        )}) then ${sql.raw(String(value))}`,
    );
  return sql`(case ${sql.join(branches, sql` `)} else 0 end)`;
}

const num = (value: number) => sql.raw(String(value));
/** A listing no family was found for. */
const uncategorised = sql`(${listings.category} is null)`;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The tsquery of a text facet, restricted to some weights: its words stemmed, and for the
 * word still being typed also any indexed word it starts ('simple' configuration, so 'aed'
 * is not stemmed to 'a' and 'a:*' does not match everything).
 */
function facetTsquery(facet: Extract<Facet, { tsquery: string }>, weights: string): SQL {
  const stemmed = ts(withWeights(facet.tsquery, weights));
  if (facet.kind !== 'term' || !facet.prefix) return stemmed;
  // A misspelt word starts a description's word by chance ('spirometr' of "spirometry"): there
  // it is only the word, and the spirometers' titles (the word it is read as) come first.
  if (weights === 'C' && facet.expansions?.some((e) => e.corrected)) return stemmed;
  return sql`(${stemmed} || to_tsquery('simple', ${`'${facet.word.replace(/[^a-z0-9]/g, '')}':*${weights}`}))`;
}

/** A model's line in the title (see ModelLine): its words, or its number as a whole word. */
function lineInTitleSql(line: ModelLine): SQL {
  const words = sql`${sv} @@ ${ts(withWeights(line.tsquery, 'A'))}`;
  return /^[a-z]+( [a-z]+)*$/.test(line.words) ? words : sql`(${words} and ${listings.title} ~* ${line.titlePattern})`;
}

/** The line of a facet asking for a model, if it has one. */
function lineOf(facet: Facet): ModelLine | undefined {
  return facet.kind === 'concept' || facet.kind === 'model' ? facet.line : undefined;
}

/**
 * Whether a title has the words asked, as asked. A phrase a stop word begins or ends ('or
 * table') is read in the title itself: the index has no stop words, so to it the phrase would be
 * any table ("massage table").
 */
function askedInTitleSql(phrase: string, isModel: boolean): SQL | undefined {
  if (stopWordAtEdge(phrase)) {
    const words = phrase.split(' ').map((word) => word.replace(/[^a-z0-9]/g, ''));
    return words.every(Boolean) ? sql`${listings.title} ~* ${`\\m${words.join('\\W+')}\\M`}` : undefined;
  }
  const asked = phrasesToTsquery([phrase], { modelSuffix: isModel });
  return asked ? sql`${sv} @@ ${ts(withWeights(asked, 'A'))}` : undefined;
}

/** The credit a listing earns for one facet, as a SQL expression in [0, 1]. */
function creditSql(facet: Facet): SQL {
  switch (facet.kind) {
    case 'concept': {
      const family = familyCreditSql(facet.concept.familyCredit);
      if (!facet.tsquery) return sql`(${family} * ${num(TEXT_CREDIT.conceptFamilyOnly)})`;
      const inTitle = sql`${sv} @@ ${ts(withWeights(facet.tsquery, 'A'))}`;
      const inText = sql`${sv} @@ ${ts(withWeights(facet.tsquery, 'AC'))}`;
      // The words as asked ('icu bed', 'miseq') in the title beat the concept's other names
      // ('hospital bed', 'hiseq'): both meet the need, the buyer's own words first.
      const asked = askedInTitleSql(facet.concept.matched, facet.concept.kind === 'model');
      // A listing no family was found for (its words are not the taxonomy's: "homecare bed")
      // with the words asked in its title is what was asked when they name a kind on their own.
      const askedTellsKind = facet.concept.matched.includes(' ');
      // A model line's name in the title ("Mastersizer") is that line, in whatever family the
      // categoriser put the listing: the name is a maker's own, not a word kinds share.
      const ofItsKind = facet.concept.kind === 'model' || hasNoFamily(facet.concept) ? sql`true` : sql`${family} > 0`;
      const askedInTitle =
        asked && facet.concept.phrases.length > 1
          ? sql`when ${asked} then (case when ${ofItsKind}${askedTellsKind ? sql` or ${uncategorised}` : sql``} then 1 else ${num(TEXT_CREDIT.conceptInTitleOnly)} end) `
          : sql``;
      const lineInTitle = facet.line
        ? sql`when ${family} > 0 and ${lineInTitleSql(facet.line)} then ${num(TEXT_CREDIT.modelLineInTitle)} `
        : sql``;
      // A title naming the kind asked with the words before it ('platelet agitator') is that
      // kind, in whatever family the categoriser put it.
      const compound = facet.concept.compound ? phrasesToTsquery([facet.concept.compound]) : undefined;
      const compoundInTitle = compound ? sql`when ${sv} @@ ${ts(withWeights(compound, 'A'))} then 1 ` : sql``;
      return sql`(case ${compoundInTitle}${askedInTitle}when ${inTitle} then (case when ${ofItsKind} then ${num(asked && facet.concept.phrases.length > 1 ? TEXT_CREDIT.conceptOtherNameInTitle : 1)} else ${num(TEXT_CREDIT.conceptInTitleOnly)} end)
        when ${inText} then (case when ${hasNoFamily(facet.concept) ? sql`true` : sql`${family} > 0`} then ${num(TEXT_CREDIT.conceptInDescriptionOfFamily)} else ${num(TEXT_CREDIT.conceptInDescriptionOnly)} end)
        ${lineInTitle}else ${family} * ${num(TEXT_CREDIT.conceptFamilyOnly)} end)`;
    }
    case 'brand':
      return sql`(case when ${sv} @@ ${facetTsquery(facet, 'A')} then 1 when ${sv} @@ ${facetTsquery(facet, 'C')} then ${num(TEXT_CREDIT.brandInDescription)} else 0 end)`;
    case 'model':
    case 'phrase': {
      // A sibling in the title before the model named in a description ("4008B … replaces the 4008S").
      const lineInTitle = facet.line ? sql`when ${lineInTitleSql(facet.line)} then ${num(TEXT_CREDIT.modelLineInTitle)} ` : sql``;
      return sql`(case when ${sv} @@ ${facetTsquery(facet, 'A')} then 1 ${lineInTitle}when ${sv} @@ ${facetTsquery(facet, 'C')} then ${num(TEXT_CREDIT.wordInDescription)} else 0 end)`;
    }
    case 'term': {
      // Words meaning about the same ('light' for "lamp"): their similarity's share of the credit.
      const expansions = (facet.expansions ?? []).flatMap((e) => {
        const query = phrasesToTsquery([e.word]);
        return query
          ? [
              sql`when ${sv} @@ ${ts(withWeights(query, 'A'))} then ${num(round3(e.similarity * TEXT_CREDIT.expansionInTitle))}`,
              sql`when ${sv} @@ ${ts(withWeights(query, 'C'))} then ${num(round3(e.similarity * TEXT_CREDIT.wordInDescription))}`,
            ]
          : [];
      });
      return sql`(case when ${sv} @@ ${facetTsquery(facet, 'A')} then 1 ${expansions.length > 0 ? sql`${sql.join(expansions, sql` `)} ` : sql``}when ${sv} @@ ${facetTsquery(facet, 'C')} then ${num(TEXT_CREDIT.wordInDescription)} when ${sv} @@ ${facetTsquery(facet, 'B')} then ${num(TEXT_CREDIT.wordInSearchTerms)} else 0 end)`;
    }
    case 'condition':
      return sql`(${listings.condition} in (${sql.join(
        facet.values.map((v) => sql`${v}`),
        sql`, `,
      )}))::int`;
    case 'price': {
      const parts: SQL[] = [];
      if (facet.minCents !== null) parts.push(sql`${listings.priceCents} >= ${facet.minCents}`);
      if (facet.maxCents !== null) parts.push(sql`${listings.priceCents} <= ${facet.maxCents}`);
      return sql`(${and(parts)})::int`;
    }
    case 'country':
      return sql`(${listings.location} is not distinct from ${facet.country.name})::int`;
  }
}

/** The phrases a facet looks for in titles (stage one), at most a few: each costs per row. */
function titlePhrases(facet: Facet): string[] {
  switch (facet.kind) {
    case 'concept':
      // The words asked first, then the kind's own names.
      return [...new Set([facet.concept.matched, ...facet.concept.phrases])].slice(0, 3);
    case 'brand':
      return [...new Set([normalizeForMatch(facet.asked), ...facet.phrases])].slice(0, 2);
    case 'model':
    case 'phrase':
      return [facet.word];
    case 'term':
      return [facet.word, ...(facet.expansions ?? []).map((e) => e.word)];
    default:
      return [];
  }
}

/** Facets whose stage-one credit needs the title (kinds and models of a family, brands, words). */
function needsTitle(facet: Facet): boolean {
  if (facet.kind === 'concept') return facet.concept.kind !== 'family';
  return isTextFacet(facet);
}

/**
 * The first stage's cheap credit for a facet: from the row's columns (the family, condition,
 * price, country) and `hit` — whether the facet's words are in the title (see aiCandidates). The
 * second stage computes the exact credit with the full-text vector.
 */
function cheapCreditSql(facet: Facet, hit: SQL, lineHit?: SQL): SQL {
  // A model's siblings (its line in the title) below the model itself: never cut before it.
  const sibling = lineHit ? sql`when ${lineHit} then ${num(TEXT_CREDIT.modelLineInTitle)} ` : sql``;
  switch (facet.kind) {
    case 'concept': {
      // A listing without a family is a candidate only when its title names the concept
      // (retrievalOf): it may have the words asked, which the second stage tells.
      const family = familyCreditSql(facet.concept.familyCredit);
      const unknownKind = facet.concept.matched.includes(' ') ? sql`when ${uncategorised} then 1 ` : sql``;
      if (facet.concept.kind === 'family') {
        return sql`(case when ${family} > 0 then ${family} ${unknownKind}else ${num(TEXT_CREDIT.conceptInTitleOnly)} end)`;
      }
      return sql`(case ${unknownKind}when ${family} = 0 then ${num(TEXT_CREDIT.conceptInTitleOnly)} when ${hit} then 1 ${sibling}else ${family} * ${num(TEXT_CREDIT.conceptFamilyOnly)} end)`;
    }
    case 'model':
      return sql`(case when ${hit} then 1 ${sibling}else 0 end)`;
    case 'brand':
    case 'phrase':
      return sql`(${hit})::int`;
    case 'term':
      return sql`(case when ${hit} then 1 else ${num(TEXT_CREDIT.wordInSearchTerms)} end)`;
    default:
      return creditSql(facet);
  }
}

function exclusionSql(excluded: readonly string[]): SQL | undefined {
  const lexemes = excluded.map(lexeme).filter((l): l is string => Boolean(l));
  return lexemes.length > 0 ? sql`not (${sv} @@ ${ts(lexemes.join(' | '))})` : undefined;
}

/**
 * Every word the text facets ask, with the words read for them (other names, corrections),
 * as one tsquery of alternatives: what ts_rank weighs among listings scored alike.
 */
function askedWordsTsquery(facets: readonly Facet[]): SQL | undefined {
  const queries = wordQueries(facets.filter((f): f is Extract<Facet, { tsquery: string }> => isTextFacet(f)));
  return queries.length > 0 ? ts(queries.map((q) => `(${q})`).join(' | ')) : undefined;
}

/** The tsqueries of text facets, then of their loose words' expansions (none empty). */
function wordQueries(text: readonly Extract<Facet, { tsquery: string }>[]): string[] {
  const expansions = text.flatMap((f) => (f.kind === 'term' ? (f.expansions ?? []).map((e) => phrasesToTsquery([e.word])) : []));
  return [...text.map((f) => f.tsquery), ...expansions].filter((q): q is string => Boolean(q));
}

interface Retrieval {
  /** The concepts' families, when the query names any: the first stage reads them from their index. */
  families: string[];
  /** Row sources (disjoint), each its own branch so each can use its index. */
  sources: SQL[];
  /**
   * The source found by the full-text index (issue 19: read from the narrow table). The
   * others keep the indexes of listings: a family's covering index (index-only) and the
   * trigram index of titles.
   */
  fullText?: SQL;
  /** Another family's listings whose titles name a kind asked (the full-text index too). */
  namedElsewhere?: SQL;
}

/**
 * The listings a query's words could be about: the concepts' families (the covering family
 * index), uncategorised listings naming a concept in their title; without a concept, brand,
 * model and other words anywhere in the text (the GIN index). Brand, model and words next to
 * a concept only rank.
 */
function retrievalOf(facets: readonly Facet[], limit: number): Retrieval {
  const retrieval = retrievalByFamilies(facets, limit);
  // Beside those the other sources find (kept disjoint from them), by the full-text index: a
  // kind of no family, every listing naming it in its title or description; and when every kind
  // asked is only what the thing asked is for ('UTM' of "pneumatic grips (utm accessory)"), the
  // listings with the other words.
  const concepts = facets.filter((f) => f.kind === 'concept');
  const familyless = concepts.flatMap((f) => (f.tsquery && hasNoFamily(f.concept) ? [withWeights(f.tsquery, 'AC')] : []));
  const onlyPurposes = concepts.length > 0 && concepts.every((f) => f.purpose);
  const words = onlyPurposes
    ? wordQueries(facets.filter((f): f is Extract<Facet, { tsquery: string }> => isTextFacet(f) && f.kind !== 'concept'))
    : [];
  const queries = [...familyless, ...words];
  if (queries.length === 0) return retrieval;
  const naming = sql`${sv} @@ ${ts(queries.map((q) => `(${q})`).join(' | '))}`;
  const elsewhere = and([naming, ...retrieval.sources.map((source) => sql`not coalesce((${source}), false)`)]);
  return { ...retrieval, sources: [...retrieval.sources, elsewhere] };
}

function retrievalByFamilies(facets: readonly Facet[], limit: number): Retrieval {
  const concepts = facets.filter((f): f is Extract<Facet, { kind: 'concept' }> => f.kind === 'concept');
  const families = [...new Set(concepts.flatMap((f) => Object.keys(f.concept.familyCredit)))];
  const sources: SQL[] = [];
  if (families.length > 0)
    sources.push(
      sql`${listings.category} in (${sql.join(
        families.map((f) => sql`${f}`),
        sql`, `,
      )})`,
    );
  // Listings without a category whose title names a concept (few; the trigram index). Other
  // families' listings are left out: 'PCR Workstation' is not what "pcr machine" asks for.
  const titled = concepts
    .flatMap((f) => f.concept.phrases)
    .filter((phrase) => phrase.split(' ').every((w) => w.length >= 4 && !/^\d+$/.test(w)))
    .map((phrase) => `%${phrase.split(' ').join('%')}%`);
  // ORed, not `ilike any (array)`: each pattern can use the trigram index.
  const inTitle =
    titled.length > 0
      ? sql`(${sql.join(
          [...new Set(titled)].map((p) => sql`${listings.title} ilike ${p}`),
          sql` or `,
        )})`
      : undefined;
  if (inTitle) sources.push(sql`(${listings.category} is null and ${inTitle})`);
  // Listings of another family whose title names a kind asked by one of its names: filed in the
  // wrong family ("Shimadzu AA-7000 AAS w/ GFA-7000 furnace" among the furnaces) or a part of
  // one; either way after the kind's own (a kind's name in another family's title earns less).
  // Only while the kind's own family has fewer such titles than the candidates (its hit walks,
  // aiCandidates): where it has many, finding the others would read every title naming it.
  const kinds = facets.flatMap((f, i) => (f.kind === 'concept' && f.concept.kind === 'kind' && f.tsquery ? [{ f, i }] : []));
  const fewInFamily = sql`(${sql.join(
    kinds.map(({ i }) => sql`(select count(*) from ${sql.identifier(`h${i}`)})`),
    sql` + `,
  )}) < ${limit}`;
  const namedElsewhere =
    kinds.length > 0 && families.length > 0
      ? and([
          fewInFamily,
          sql`${listings.category} not in (${sql.join(
            families.map((f) => sql`${f}`),
            sql`, `,
          )})`,
          sql`${sv} @@ ${ts(kinds.map(({ f }) => `(${withWeights(f.tsquery, 'A')})`).join(' | '))}`,
        ])
      : undefined;
  if (namedElsewhere) sources.push(namedElsewhere);
  const everyWord = concepts.length > 0 ? everyWordElsewhere(facets, families, inTitle, namedElsewhere) : undefined;
  if (everyWord) {
    sources.push(everyWord);
    return { families, sources, fullText: everyWord, ...(namedElsewhere ? { namedElsewhere } : {}) };
  }
  if (namedElsewhere) return { families, sources, namedElsewhere };
  if (concepts.length === 0) {
    const text = facets.filter((f): f is Extract<Facet, { tsquery: string }> => isTextFacet(f) && f.kind !== 'concept');
    // A model's siblings ('Miniflex II' for "miniflex600") are candidates by their line's words.
    const lines = text.flatMap((f) => {
      const line = lineOf(f);
      return line ? [withWeights(line.tsquery, 'A')] : [];
    });
    const queries = [...wordQueries(text), ...lines];
    const prefixes = text
      .filter((f) => f.kind === 'term' && f.prefix)
      .map((f) => `'${(f as { word: string }).word.replace(/[^a-z0-9]/g, '')}':*`);
    if (queries.length > 0) {
      const words = ts(queries.map((q) => `(${q})`).join(' | '));
      const fullText =
        prefixes.length > 0 ? sql`${sv} @@ (${words} || to_tsquery('simple', ${prefixes.join(' | ')}))` : sql`${sv} @@ ${words}`;
      sources.push(fullText);
      return { families, sources, fullText };
    }
  }
  return { families, sources };
}

/**
 * Listings outside the concepts' families (and not found by their titles) that have every
 * word asked, when a kind comes with words of its own: 'body composition analyzer' names the
 * clinical analyzers' family, and the body composition analyzer sits in another. Found by the
 * full-text index; a misspelt word counts by its correction.
 */
function everyWordElsewhere(
  facets: readonly Facet[],
  families: readonly string[],
  inTitle: SQL | undefined,
  namedElsewhere: SQL | undefined,
): SQL | undefined {
  if (!facets.some((f) => f.kind === 'term')) return undefined;
  const text = facets.filter((f): f is Extract<Facet, { tsquery: string }> => isTextFacet(f));
  const each = text.map((f) => {
    const corrected = f.kind === 'term' ? (f.expansions ?? []).filter((e) => e.corrected).map((e) => phrasesToTsquery([e.word])) : [];
    return [f.tsquery, ...corrected]
      .filter((q): q is string => Boolean(q))
      .map((q) => `(${q})`)
      .join(' | ');
  });
  if (each.some((q) => !q)) return undefined;
  const elsewhere = [
    ...(families.length > 0
      ? [
          sql`(${listings.category} is null or ${listings.category} not in (${sql.join(
            families.map((f) => sql`${f}`),
            sql`, `,
          )}))`,
        ]
      : []),
    ...(inTitle ? [sql`not (${listings.category} is null and ${inTitle})`] : []),
    ...(namedElsewhere ? [sql`not coalesce(${namedElsewhere}, false)`] : []),
  ];
  return and([sql`${sv} @@ ${ts(each.map((q) => `(${q})`).join(' & '))}`, ...elsewhere]);
}

export interface AiPlan {
  facets: Facet[];
  /** Constraints from the words used as filters (a query of only constraints). */
  hardConstraints: boolean;
  /** Whether a word names a made thing (the dictionary's), to read "ECG chest strap" as a strap; absent without a dictionary. */
  namesAThing?: (word: string) => boolean;
}

/**
 * How the local engine runs a query: with words to match, every facet is scored and the
 * constraints from the words (price, condition, country) only rank — a centrifuge a little
 * over budget still shows, after those within it, marked as such. A query of constraints
 * only ('under $500 in Germany') filters by them, newest first.
 */
export function planAiSearch(query: UnderstoodQuery): AiPlan {
  return { facets: facetsOf(query), hardConstraints: !hasTextToMatch(query) };
}

/** A listing the first stages found, scored by the facets (AI search); ranked by the service. */
export interface AiCandidate {
  id: string;
  createdAt: Date;
  /** Per facet, the credit earned. */
  credits: number[];
  /** Every need met (kind, brand, model, condition, price, country). */
  met: boolean;
  /** The weighted share of the facets (facets.ts scoreOf). */
  lex: number;
  /** Whether the words found it (as opposed to only its meaning). */
  lexical: boolean;
  /** The family the categoriser filed it in, if any. */
  category: string | null;
  /**
   * How much of its text the asked words (and the words read for them) are: the full-text
   * rank, which orders listings the facets score alike (three otoscopes for 'otosocpe').
   */
  textRank: number;
  title: string;
}

export interface AiCandidates {
  candidates: AiCandidate[];
  /** Listings the words match (counted up to COUNT_LIMIT + 1: more than COUNT_LIMIT), before meaning adds any. */
  total: number;
}

/**
 * The candidates of AI search: the best `limit` listings by the scored model (the words, the
 * families they name, the constraints), plus `alsoIds` — listings found by their meaning —
 * scored by the same facets. The filters and exclusions hold for both. One statement; the
 * service fuses and pages them, then `rowsInOrder` reads the page.
 */
export async function aiCandidates(
  db: Db,
  now: Date,
  query: UnderstoodQuery,
  plan: AiPlan,
  filters: SearchFilters,
  limit: number,
  alsoIds: readonly string[] = [],
): Promise<AiCandidates> {
  const { facets } = plan;
  const exclusion = exclusionSql(query.excluded);
  const base: SQL[] = [activeListingSql(now), ...filterSql(filters)];
  if (exclusion) base.push(exclusion);
  const hasText = facets.some(isTextFacet) && !plan.hardConstraints;
  const retrieval: Retrieval = hasText ? retrievalOf(facets, limit) : { families: [], sources: [] };
  const weighted = (prefix: string) =>
    facets.length === 0
      ? sql`(0 + 0)`
      : sql.join(
          facets.map((facet, i) => sql`${num(facet.weight)} * ${sql.raw(prefix)}${sql.identifier(`f${i}`)}`),
          sql` + `,
        );
  const totalWeight = num(
    Math.max(
      1e-9,
      facets.reduce((sum, f) => sum + f.weight, 0),
    ),
  );
  /** Every need met: the verdict order. `(0 = 0)`, not `true`: a constant cannot be ordered by. */
  const metOf = (prefix: string) => {
    const needs = facets.flatMap((facet, i) => {
      const threshold = needThreshold(facet);
      return threshold === undefined ? [] : [sql`${sql.raw(prefix)}${sql.identifier(`f${i}`)} >= ${num(threshold)}`];
    });
    return needs.length > 0 ? sql`(${sql.join(needs, sql` and `)})` : sql`(0 = 0)`;
  };
  const exact = facets.map((facet, i) => sql`${creditSql(facet)} as ${sql.identifier(`f${i}`)}`);
  const asked = askedWordsTsquery(facets);
  const creditColumns = facets.map((_, i) => sql`${sql.identifier(`f${i}`)}`);
  // Whether a description that made a family's listing the kind names it only as what the listing is for.
  const describedFor = facets.flatMap((facet, i) => {
    const patterns = facet.kind === 'concept' && facet.concept.kind !== 'model' ? describedForPatterns(titlePhrases(facet)) : undefined;
    if (!patterns) return [];
    const credit = sql.identifier(`f${i}`);
    return [
      sql`(case when exact.${credit} = ${num(TEXT_CREDIT.conceptInDescriptionOfFamily)} then (select d.description ~* ${patterns.after} and d.description !~* ${patterns.before} from ${listings} d where d.id = exact.id) else false end) as ${sql.identifier(`d${i}`)}`,
    ];
  });

  // Stage one. Every candidate is scored from its columns (an index-only scan of the covering
  // family index when the query names families). Testing titles costs an ILIKE per row and
  // phrase, so with families the listings whose title has a facet's words are found per facet
  // by walking the family index newest first and stopping after `limit` ("hits"). Without a
  // family, the rows come from the GIN index and their titles are tested directly. A query of
  // only constraints ('under $500 in Germany') filters by them, newest first.
  const titled = facets.map((facet, i) => ({ facet, i })).filter(({ facet }) => needsTitle(facet));
  const inFamilies = retrieval.families.length > 0;
  const hitCtes = inFamilies
    ? titled.map(
        ({ facet, i }) => sql`${sql.identifier(`h${i}`)} as (
          select ${listings.id} as id from ${listings}
          where ${and([...base, retrieval.sources[0]!, titleMatches(titlePhrases(facet))])}
          order by ${listings.createdAt} desc, ${listings.id} desc
          limit ${limit}
        )`,
      )
    : [];
  // The newest listings of the families with a model's line in their title, the same way.
  const lineCtes = inFamilies
    ? titled.flatMap(({ facet, i }) => {
        const line = lineOf(facet);
        return line
          ? [
              sql`${sql.identifier(`l${i}`)} as (
          select ${listings.id} as id from ${listings}
          where ${and([...base, retrieval.sources[0]!, titleMatches([line.words])])}
          order by ${listings.createdAt} desc, ${listings.id} desc
          limit ${limit}
        )`,
            ]
          : [];
      })
    : [];
  const hitOf = (i: number, facet: Facet): SQL =>
    inFamilies ? sql`(${listings.id} in (select id from ${sql.identifier(`h${i}`)}))` : titleMatches(titlePhrases(facet));
  const lineHitOf = (i: number, facet: Facet): SQL | undefined => {
    const line = lineOf(facet);
    if (!line) return undefined;
    return inFamilies ? sql`(${listings.id} in (select id from ${sql.identifier(`l${i}`)}))` : titleMatches([line.words]);
  };
  const cheap = facets.map(
    (facet, i) =>
      sql`${needsTitle(facet) ? cheapCreditSql(facet, hitOf(i, facet), lineHitOf(i, facet)) : cheapCreditSql(facet, sql`false`)} as ${sql.identifier(`f${i}`)}`,
  );
  const constraintsOnly = facets.filter((f) => !isTextFacet(f)).map((facet) => sql`${creditSql(facet)} = 1`);
  // Nothing understood ('c++', '100%'): the words find nothing; only meaning may.
  const sources = hasText ? retrieval.sources : constraintsOnly.length > 0 ? [and(constraintsOnly)] : [];
  const branches =
    sources.length === 0
      ? sql`select null::uuid as id, null::timestamptz as created_at${
          cheap.length > 0
            ? sql`, ${sql.join(
                cheap.map((_, i) => sql`0::real as ${sql.identifier(`f${i}`)}`),
                sql`, `,
              )}`
            : sql``
        } where false`
      : sql.join(
          sources.map(
            (
              source,
            ) => sql`select ${listings.id} as id, ${listings.createdAt} as created_at${cheap.length > 0 ? sql`, ${sql.join(cheap, sql`, `)}` : sql``}
              from ${source === retrieval.fullText || source === retrieval.namedElsewhere ? narrowListings : listings} where ${and([...base, source])}`,
          ),
          // Disjoint by construction (a category, or none).
          sql` union all `,
        );
  if (sources.length === 0 && alsoIds.length === 0) return { candidates: [], total: 0 };
  const byMeaning =
    alsoIds.length > 0
      ? sql`union all
        select ${listings.id}, ${listings.createdAt}, false from ${narrowListings}
        where ${listings.id} in (${sql.join(
          alsoIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and ${and(base)}`
      : sql``;
  const result = await db.execute<Record<string, unknown>>(sql`
    with ${hitCtes.length + lineCtes.length > 0 ? sql`${sql.join([...hitCtes, ...lineCtes], sql`, `)},` : sql``}
    m as (${branches}),
    counted as (select count(*) as total from (select 1 from m limit ${COUNT_LIMIT + 1}) c),
    top as (
      select m.id, m.created_at
      from m
      order by ${metOf('m.')} desc, (${weighted('m.')}) desc, m.created_at desc, m.id desc
      limit ${limit}
    ),
    cand as (
      select id, created_at, bool_or(lexical) as lexical
      from (select id, created_at, true as lexical from top ${byMeaning}) u
      group by id, created_at
    ),
    exact as (
      select cand.id, cand.created_at, cand.lexical, ${listings.category} as category, ${listings.title} as title, ${asked ? sql`ts_rank(${sv}, ${asked})` : sql`0`} as text_rank${exact.length > 0 ? sql`, ${sql.join(exact, sql`, `)}` : sql``}
      from cand join ${narrowListings} on ${listings.id} = cand.id
    )
    select exact.id, exact.created_at, exact.lexical, exact.category, exact.title, exact.text_rank${creditColumns.length > 0 ? sql`, ${sql.join(creditColumns, sql`, `)}` : sql``},
      ${describedFor.length > 0 ? sql`${sql.join(describedFor, sql`, `)}, ` : sql``}${metOf('exact.')} as met, (${weighted('exact.')}) / ${totalWeight} as lex,
      (select total from counted) as total
    from exact`);
  const candidates = result.rows.map((raw) => ({
    id: String(raw.id),
    createdAt: new Date(raw.created_at as string),
    credits: facets.map((_, i) => Number(raw[`f${i}`] ?? 0)),
    met: raw.met === true || raw.met === 't',
    lex: facets.length === 0 ? 1 : Number(raw.lex ?? 0),
    lexical: raw.lexical === true || raw.lexical === 't',
    category: raw.category === null || raw.category === undefined ? null : String(raw.category),
    textRank: Number(raw.text_rank ?? 0),
    title: String(raw.title ?? ''),
    describedFor: facets.map((_, i) => raw[`d${i}`] === true || raw[`d${i}`] === 't'),
  }));
  const credited = creditedForWhatTheyAreDescribedFor(candidates, facets).map(({ describedFor: _, ...candidate }) => candidate);
  return {
    candidates: creditedForWhatTheyAre(
      creditedForKindHeads(creditedForCompoundNames(credited, facets), facets),
      facets,
      query.raw,
      plan.namesAThing,
    ),
    total: Number(result.rows[0]?.total ?? 0),
  };
}

/**
 * The rows of `ids` that are live and pass the filters, in the order given (listings found by
 * meaning, whose index filters on fewer columns than the search form has). One statement.
 */
export async function liveRowsInOrder(db: Db, now: Date, filters: SearchFilters, ids: readonly string[]): Promise<RankedRow[]> {
  const rows = await rowsInOrder(db, ids, [activeListingSql(now), ...filterSql(filters)]);
  return rows.map((r) => ({ ...r, credits: [], rank: 0 }));
}

/** Full listing rows (with their photos) for ids that meet `conditions`, in the order given; one statement. */
export async function rowsInOrder(
  db: Db,
  ids: readonly string[],
  conditions: SQL[] = [],
): Promise<{ row: ListingRow; photos: PhotoRow[] }[]> {
  if (ids.length === 0) return [];
  const inIds = sql`${listings.id} in (${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
  const result = await db.execute<Record<string, unknown>>(
    sql`select ${selectListingColumns} from ${listings} where ${and([...conditions, inIds])}`,
  );
  const byId = new Map(result.rows.map((raw) => [String(raw.id), { row: toListingRow(raw), photos: photosOf(raw) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
