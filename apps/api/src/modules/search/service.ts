import { createHash } from 'node:crypto';
import {
  SEARCH_PAGE_SIZE,
  normalizeForMatch,
  type Listing,
  type RagSearchResponse,
  type SearchQuery,
  type SearchResponse,
  type SearchSort,
} from '@benchmarket/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { loadSellerNames, toListing, type ListingRow } from '../listings/index.js';
import type { PhotoStorage } from '../../providers/storage/index.js';
import type { AiEngine } from '../../providers/ai/index.js';
import { explain, verdictFor, toRagResponse, type MeaningMatch } from './explanations.js';
import { whatItIsForPatterns } from './made-for.js';
import {
  asNamedTask,
  hasNoFamily,
  isDefinedThing,
  isNamedTask,
  isTextFacet,
  isUnitAmount,
  needThreshold,
  phrasesToTsquery,
  withWeights,
  type Expansion,
  type Facet,
} from './facets.js';
import {
  COUNT_LIMIT,
  aiCandidates,
  cappedTotal,
  anyWordTsquery,
  browse,
  correctWords,
  pairsInTitles,
  type Correction,
  informationShareSql,
  necessaryWordsTsquery,
  listingMatches,
  planAiSearch,
  plainSearch,
  plainQueryWithOtherSpellings,
  titleNamesTheKind,
  type WordStartScope,
  rowsInOrder,
  liveRowsInOrder,
  wordsNotInLexicon,
  type AiCandidate,
  type AiCandidates,
  type AiPlan,
  type PageRequest,
  type RankedPage,
  type RankedRow,
  type SearchFilters,
  sortKeys,
  sortedSearch,
  type ExplicitSort,
} from './local-engine.js';
import { EXPANSION_SIMILARITY, type LikenessProbe, type MeaningProbe, type MeaningSearch } from './meaning-search.js';
import { isModelToken, lastWordsOfKindNames, understandQuery, type UnderstoodQuery } from './query-understanding.js';
import { ENGLISH_STOP_WORDS, FILLER_WORDS } from './vocabulary.js';
import { TYPED_PAIR_SHARE, titleMatches, typedPairsPattern } from './typed-pairs.js';

interface SearchServiceDependencies {
  db: Db;
  clock: Clock;
  storage: PhotoStorage;
  /** Set when AI_BASE_URL is: embeddings and model-written explanations. */
  ai?: AiEngine;
  /** Nearest listings by meaning (the local model, or the AI endpoint's embeddings). */
  meaning?: MeaningSearch;
  log: FastifyBaseLogger;
}

/**
 * GET /listings/search (spec §7): plain full-text search, or AI-enhanced search where every
 * result carries rag_search_response. Only active listings (paid, not expired, not removed).
 * With words: by relevance; without: newest first. A page of SEARCH_PAGE_SIZE and the total.
 */
export class SearchService {
  constructor(private readonly deps: SearchServiceDependencies) {}

  /**
   * `scope` narrows the catalog for saved-search alerts (issue 16): listings that went live
   * after a moment, leaving out ids already offered.
   */
  async search(query: SearchQuery, scope: Pick<SearchFilters, 'liveSince' | 'excludedIds'> = {}): Promise<SearchResponse> {
    const filters: SearchFilters = {
      ...scope,
      minPriceCents: query.min_price === undefined ? undefined : Math.round(query.min_price * 100),
      maxPriceCents: query.max_price === undefined ? undefined : Math.round(query.max_price * 100),
      condition: query.condition,
      location: query.location,
      manufacturer: query.manufacturer,
      yearFrom: query.year_from,
      yearTo: query.year_to,
      warranty: query.warranty,
      shipping: query.shipping,
    };
    const page: PageRequest = { limit: SEARCH_PAGE_SIZE, offset: (query.page - 1) * SEARCH_PAGE_SIZE };
    const now = this.deps.clock.now();
    const text = query.query?.trim() ?? '';
    const respond = (items: Listing[], total: number, totalIsLowerBound: boolean, exactMatches?: number): SearchResponse => ({
      items,
      total,
      // Issue 19: matches are counted up to COUNT_LIMIT; beyond, the total says "at least".
      total_is_lower_bound: totalIsLowerBound,
      ...(exactMatches === undefined ? {} : { exact_matches: exactMatches }),
      page: query.page,
      page_size: SEARCH_PAGE_SIZE,
    });

    const sort = explicitSort(query.sort);
    if (!query.use_rag) {
      const result = text
        ? await this.plain(text, now, filters, page, sort)
        : sort
          ? await sortedSearch(this.deps.db, now, filters, page, sort)
          : await browse(this.deps.db, now, filters, page);
      return this.withSellerNames({
        ...respond(this.toListings(result.rows), result.total, result.totalIsLowerBound, result.exactMatches),
        ...(result.similar ? { similar: this.toListings(result.similar) } : {}),
      });
    }
    return this.ai(text, now, filters, page, sort).then(({ items, total, totalIsLowerBound }) =>
      this.withSellerNames(respond(items, total, totalIsLowerBound)),
    );
  }

  /** Issue 15: each card names its seller (the display name, else 'Seller from {country}'), in one query per page. */
  private async withSellerNames(response: SearchResponse): Promise<SearchResponse> {
    const similar = response.similar ?? [];
    const names = await loadSellerNames(
      this.deps.db,
      [...response.items, ...similar].map((item) => item.user_id),
    );
    const named = <T extends Listing>(item: T): T => ({ ...item, seller_name: names.get(item.user_id) });
    return { ...response, items: response.items.map(named), ...(response.similar ? { similar: similar.map(named) } : {}) };
  }

  /** Rows (with their photos, loaded in the same statement) as API listings: the listings module's mapper. */
  private toListings(rows: readonly RankedRow[]): Listing[] {
    const view = { now: this.deps.clock.now() };
    return rows.map(({ row, photos }) => toListing(row, photos, this.deps.storage, view));
  }

  /**
   * A page, and the total even when the page is past the end (the window count comes with
   * rows only): then the first row is asked for, to count.
   */
  private async withTotal(run: (page: PageRequest) => Promise<RankedPage>, page: PageRequest): Promise<RankedPage> {
    const result = await run(page);
    if (result.rows.length > 0 || page.offset === 0) return result;
    const first = await run({ limit: 1, offset: 0 });
    return { rows: [], total: first.total, totalIsLowerBound: first.totalIsLowerBound };
  }

  // ── Plain ─────────────────────────────────────────────────────────────────

  /**
   * The listings with the words (all of them, then most of them), and when they do not fill a
   * page, listings like them apart (`similar`: not matches, so neither among the items nor
   * counted): a buyer who finds the two MiSeqs asked for wants the other sequencers next, not
   * the end of the list (as marketplaces' "similar items" do). Nothing is added to a search
   * that found nothing (its empty state says so), to a later page, to an explicit order (price
   * or date would mix them in) or to an alert of a saved search (it mails what was asked).
   */
  private async plain(text: string, now: Date, filters: SearchFilters, page: PageRequest, sort?: ExplicitSort): Promise<RankedPage> {
    const matched = await this.plainMatches(text, now, filters, page, sort);
    const wanted = page.limit - matched.total;
    if (sort || filters.liveSince !== undefined || page.offset > 0 || matched.total === 0 || wanted <= 0) return matched;
    const similar = await this.similarListings(matched.rows, now, filters, wanted);
    return similar.length === 0 ? matched : { ...matched, similar };
  }

  /** Up to `wanted` live listings nearest in meaning to the first few of `rows` (not among them), passing the filters. */
  private async similarListings(rows: readonly RankedRow[], now: Date, filters: SearchFilters, wanted: number): Promise<RankedRow[]> {
    if (!this.deps.meaning) return [];
    const seeds = rows.slice(0, LIKENESS_SEEDS).map((r) => r.row.id);
    const likeness = await this.deps.meaning
      .like(seeds, { nowMs: now.getTime(), ...filters }, wanted + rows.length + SIMILAR_SPARE)
      .catch((error: unknown) => {
        this.deps.log.warn({ err: error }, 'search: meaning unavailable; no similar listings');
        return undefined;
      });
    const shown = new Set(rows.map((r) => r.row.id));
    const ids = (likeness?.hits ?? []).filter((hit) => !shown.has(hit.id) && calibrate(hit.similarity, LIKENESS) > 0).map((hit) => hit.id);
    // The meaning index filters on price, condition and country only: the statement applies every filter.
    return (await liveRowsInOrder(this.deps.db, now, filters, ids)).slice(0, wanted);
  }

  /**
   * The query, or it with the same words corrected where a word is in no title and a word of
   * one is a letter or two off it ('spirometr' finds the spirometers after a description's
   * "spirometry"): a typo with a few matches by chance is still a typo.
   */
  private async withCorrectedQuery(text: string, words: readonly string[], query: SQL): Promise<SQL> {
    if (text.includes('"')) return query;
    const corrections = await this.misspellings(words);
    if (corrections.size === 0) return query;
    const fixes = [...corrections].map(([from, to]) => ({ from, to }));
    const corrected = applyCorrections(text, fixes);
    // Read as the typed query is: a corrected last word that ends a kind's name is a word as it stands.
    return sql`(${query} || ${plainQueryWithOtherSpellings(corrected, lastWordStartScope(corrected, understandQuery(corrected)))})`;
  }

  /**
   * The lexicon's corrections of `words` (`correctWords`), less those of a word among the
   * commonest of English that, corrected, makes no phrase a title uses with a word beside it in
   * the query: such a word is meant as typed ('lung' of "lung function tester" is not "long",
   * 'theatre' of "theatre lamp" not "heater"), unless its neighbour says otherwise ('silt lamp'
   * → "slit lamp", a phrase titles use). With `realWords`, the same is asked of the words titles
   * use: no listing had them all, and a title's phrase a letter off may say what was meant
   * ('harness tester' → "hardness tester", though a horse harness is listed); `onlyRealWords`
   * asks only that.
   */
  private async correctionsInContext(
    text: string,
    words: readonly string[],
    { realWords = false, onlyRealWords = false } = {},
  ): Promise<Correction[]> {
    const typos = onlyRealWords ? [] : await correctWords(this.deps.db, words);
    // A name of a few words that matches nothing may hold a real word typed for another; a
    // sentence that matches nothing as a whole is only a sentence.
    const lettersOff =
      realWords && words.length <= REAL_WORD_TYPO_WORDS
        ? ((await this.deps.meaning?.realWordReadings(words.filter((w) => !typos.some((t) => t.from === w))).catch(() => [])) ?? [])
        : [];
    const corrections: Correction[] = [
      ...typos,
      ...lettersOff.map(({ from, readings: [to, ...others] }) => ({ from, to: to!, others, known: true })),
    ];
    const ordinary = await this.deps.meaning?.ordinaryWords(corrections.map((c) => c.from)).catch(() => undefined);
    const common = new Set([...(ordinary ?? []), ...corrections.filter((c) => c.known).map((c) => c.from)]);
    if (common.size === 0) return corrections;
    const tokens = normalizeForMatch(text)
      .split(' ')
      .filter((w) => w && !ENGLISH_STOP_WORDS.has(w));
    // Each reading of a common word (the closest lexicon word first) beside each of its neighbours.
    const readings = corrections
      .filter((c) => common.has(c.from))
      .flatMap(({ from, to, others = [] }) =>
        [to, ...others].flatMap((reading) =>
          tokens.flatMap((token, i) => {
            if (token !== from) return [];
            const [before, after] = [tokens[i - 1], tokens[i + 1]];
            return [
              ...(before ? [{ from, reading, pair: [before, reading] as const }] : []),
              ...(after ? [{ from, reading, pair: [reading, after] as const }] : []),
            ];
          }),
        ),
      );
    const inTitles = await pairsInTitles(
      this.deps.db,
      readings.map((r) => r.pair),
    );
    const chosen = new Map<string, string>();
    readings.forEach((r, i) => {
      if (inTitles[i] && !chosen.has(r.from)) chosen.set(r.from, r.reading);
    });
    return corrections.flatMap((c) =>
      !common.has(c.from) ? [c] : chosen.has(c.from) ? [{ ...c, to: chosen.get(c.from)!, others: [] }] : [],
    );
  }

  /**
   * The words no title uses that are a letter or two off a word one does (the lexicon's
   * correction, pg_trgm), each with that word. The lexicon kept in memory answers for the words
   * it holds, so only a word it lacks costs a statement.
   */
  private async misspellings(words: readonly string[]): Promise<Map<string, string>> {
    const unknown = (await this.deps.meaning?.unknownWords(words).catch(() => [])) ?? [];
    if (unknown.length === 0) return new Map();
    return new Map((await correctWords(this.deps.db, unknown)).map((c) => [c.from, c.to]));
  }

  private async plainMatches(text: string, now: Date, filters: SearchFilters, page: PageRequest, sort?: ExplicitSort): Promise<RankedPage> {
    const { db } = this.deps;
    const { words, excluded, lastIsPrefix } = plainWords(text);
    const understood = understandQuery(text);
    const startScope = lastWordStartScope(text, understood);
    // Letters alone say nothing to look for ('c++' is the letter c of every "4 °C"): the empty
    // state, as in AI search. Quoted, a letter is asked for as typed.
    if (words.length > 0 && words.every((w) => /^[a-z]$/.test(w)) && !text.includes('"')) {
      return { rows: [], total: 0, totalIsLowerBound: false };
    }
    const typedQuery = plainQueryWithOtherSpellings(text, startScope);
    const strictQuery = await this.withCorrectedQuery(text, words, typedQuery);
    // Typo tolerance never ranks a corrected word above the word as typed.
    const typedFirst = strictQuery === typedQuery ? undefined : listingMatches(typedQuery);
    // With an explicit order the same matches are found, and ordered by it instead of by rank.
    const matching: typeof plainSearch = (...args) =>
      sort
        ? sortedSearch(args[0], args[1], args[3], args[4], sort, [listingMatches(args[2]), ...(args[5] ?? [])], args[6])
        : plainSearch(...args);
    // Among the matches, a title naming the kind asked another way comes first ('FTIR' for "infrared spectrometer").
    const kindNames = kindNamesInTitles(understood);
    const rankBy = kindNames ? sql`(${strictQuery} || ${kindNames.tsquery})` : strictQuery;
    const strict = await this.withTotal((p) => matching(db, now, strictQuery, filters, p, [], typedFirst, rankBy, kindNames?.named), page);
    // An alert (issue 16) mails new listings with every word, if any. In an explicit order
    // (price, date) the listings with fewer words still come after the exact ones.
    const besideExact = filters.liveSince === undefined;
    if (!mayRelax(text, words, strict.total, besideExact)) return strict;
    // Few or no listings have every word. Leave out words no listing is about (amounts,
    // 'cheap', 'looking'), correct misspelt ones against the lexicon (pg_trgm), and let
    // listings with most of the remaining words follow the exact matches — most by how
    // much they say: the words of a query are not equal ('surgical lamp' is not any lamp).
    // A kind of no family is found by its words, as loose words are: its name's padding ('machine'
    // of "IPL machine") is not what the listings are about.
    const padding = new Set(wordsOfKindsWithNoFamily(understood).filter((w) => FILLER_WORDS.has(w)));
    const about = new Set(
      meaningWords(understood)
        .flatMap((w) => w.split(/[^a-z0-9]+/))
        .filter((w) => !padding.has(w)),
    );
    // A padding word stays when it is part of a kind's name asked for ('hospital' of "hospital bed").
    const kept = words.filter((w) => (about.has(w) || !FILLER_WORDS.has(w)) && !/^\$?\d+([.,]\d+)?[km]?$/.test(w));
    const content = kept.length > 0 ? kept : words;
    // With exact matches every word is in the catalog as typed: nothing to correct. A word no
    // title uses (nor common English) is read as the vocabulary read it when that made a
    // kind's name ('sllit lamp' is the slit lamp asked, so a catalog without one answers the
    // empty state, as for 'slit lamp', not with the lamps of every microscope); the lexicon's
    // reading wins.
    const corrections = new Map(strict.total > 0 ? [] : await this.plainCorrections(text, content, understood));
    const fixed = content.map((w) => corrections.get(w) ?? w);
    const prefix =
      lastIsPrefix && content[content.length - 1] === words[words.length - 1] && !corrections.has(words[words.length - 1] ?? '')
        ? startScope
        : undefined;
    // Words that only constrain (a country, a condition: 'microscope in the UK') count little.
    const information = (await this.deps.meaning?.informationOf(fixed)) ?? fixed.map(() => 1);
    // A model number counts little too: the same maker's or line's other models are what
    // follows it ('Fresenius 2008K' for "fresenius 2008t"), as a bare number already is. Not
    // in an alert, which mails new listings for the model asked.
    const models = filters.liveSince === undefined ? modelNumbersOf(understood) : new Set<string>();
    // The words before a name's last word tell the kind, as in AI search ('dissolution bath' for "dissolution tester").
    const head = headTermOf(understood);
    const weights = fixed.map((w, i) =>
      models.has(w) || !(about.has(w) || about.has(content[i] ?? ''))
        ? information[i]! * CONSTRAINT_WORD_SHARE
        : content[i] === head
          ? information[i]! * HEAD_SHARE
          : information[i]!,
    );
    const relaxed = anyWordTsquery(fixed, excluded, prefix, 1);
    if (!relaxed) return strict;
    // With no exact match, 'every word' means every corrected word.
    const exactly = strict.total > 0 ? strictQuery : (anyWordTsquery(fixed, excluded, prefix, fixed.length) ?? strictQuery);
    // An explicit 'or' asks for either word: no share is required then.
    const saysOr = /(^|\s)or(\s|$)/i.test(text);
    const neededShare = relaxedShare(fixed.length);
    const share = saysOr ? undefined : informationShareSql(fixed, weights, prefix, neededShare);
    // Words without which no listing can reach the share are asked of the index alone:
    // 'centrifuge' of "refurbished centrifuge under $5,000", not every refurbished listing.
    const necessary = saysOr ? undefined : necessaryWordsTsquery(fixed, weights, prefix, neededShare, excluded);
    // The exact matches stay in whatever the relaxed words ask ("RM 2235" for 'RM2235').
    const matchQuery = strict.total > 0 ? sql`(${necessary ?? relaxed} || ${exactly})` : (necessary ?? relaxed);
    const result = await this.withTotal(
      (p) =>
        matching(
          db,
          now,
          matchQuery,
          filters,
          p,
          share ? [sql`(${share} or ${listingMatches(exactly)})`] : [],
          // In an explicit order only exact matches as typed come first (the grid heads what follows).
          !sort || strict.total > 0 ? listingMatches(exactly) : undefined,
          kindNames ? sql`(${relaxed} || ${kindNames.tsquery})` : relaxed,
          kindNames?.named,
        ),
      page,
    );
    if (result.total === 0) return strict;
    // Where the listings with fewer words begin (when there are any after the exact matches).
    return strict.total > 0 && result.total > strict.total ? { ...result, exactMatches: strict.total } : result;
  }

  /** Plain search's readings of `words` (see plainMatches): the vocabulary's of unknown words, then the lexicon's. */
  private async plainCorrections(
    text: string,
    words: readonly string[],
    understood: UnderstoodQuery,
  ): Promise<(readonly [string, string])[]> {
    const read = understood.corrections.map((c) => c.from);
    const unknown = new Set(read.length > 0 ? ((await this.deps.meaning?.unknownWords(read).catch(() => [])) ?? []) : []);
    // A word that names a kind of no family as typed is the trade's ('EEG'), not a typo of a
    // word titles use ("ECG"): a catalog without one answers the empty state.
    const kindWords = new Set(wordsOfKindsWithNoFamily(understood));
    const inLexicon = await this.correctionsInContext(
      text,
      words.filter((w) => !kindWords.has(w)),
      { realWords: true },
    );
    return [
      ...understood.corrections.filter((c) => unknown.has(c.from)).map((c) => [c.from, c.to] as const),
      ...inLexicon.map((c) => [c.from, c.to] as const),
    ];
  }

  // ── AI-enhanced ───────────────────────────────────────────────────────────

  /**
   * Understand → retrieve → rank → explain. The words retrieve (the scored model of facets:
   * families they name, words, brands, models, constraints) and so does meaning (the
   * listings nearest the query's vector); the two candidate lists are fused: each candidate's
   * score blends the share of the request its words meet with how close its meaning is, and
   * listings that meet every need come first. Price, condition and country from the words
   * rank (or filter, for a query of only constraints); the form's filters always filter.
   */
  private async ai(
    text: string,
    now: Date,
    filters: SearchFilters,
    page: PageRequest,
    sort?: ExplicitSort,
  ): Promise<{ items: Listing[]; total: number; totalIsLowerBound: boolean }> {
    const { db, ai } = this.deps;
    if (!text) {
      const browsed = sort ? await sortedSearch(db, now, filters, page, sort) : await browse(db, now, filters, page);
      return {
        items: this.explained(
          browsed.rows.map((r) => ({ ...r, credits: [] })),
          [],
          text,
          filters,
          undefined,
        ),
        total: browsed.total,
        totalIsLowerBound: browsed.totalIsLowerBound,
      };
    }
    // Common English words are words as typed, never misspellings of a vocabulary word.
    const typed = normalizeForMatch(text)
      .split(/[^a-z]+/)
      .filter(Boolean);
    const ordinary = await this.deps.meaning?.ordinaryWords(typed).catch(() => undefined);
    let understood = await this.withKindsNamedAnotherWay(text, understandQuery(text, ordinary), ordinary);
    let plan = await this.withExpansions(planAiSearch(understood));
    const limit = Math.max(AI_CANDIDATES, page.offset + page.limit * 2);
    const meaningFilter = { nowMs: now.getTime(), ...filters };
    const meaningAsk = meaningWords(understood);
    const probe = await this.deps.meaning?.probe(meaningAsk, meaningFilter, limit).catch((error: unknown) => {
      this.deps.log.warn({ err: error }, 'search: meaning unavailable; ranking by the words alone');
      return undefined;
    });
    const nearIds = (probe?.hits ?? []).filter((hit) => meaningStrength(probe!, hit.similarity) > 0).map((hit) => hit.id);

    let found = await aiCandidates(db, now, understood, plan, filters, limit, nearIds);
    if (found.total === 0 && plan.hardConstraints && plan.facets.length > 0) {
      // Only constraints, and nothing meets them all: rank by how many each listing meets.
      plan = { ...plan, hardConstraints: false };
      found = await aiCandidates(db, now, understood, plan, filters, limit, nearIds);
    }
    const pairs = typedPairsPattern(text);
    const rankAll = async () => {
      const termWords = plan.facets.map((facet) => (facet.kind === 'term' ? facet.word : ''));
      const informative = (await this.deps.meaning?.informationOf(termWords)) ?? termWords.map(() => 1);
      // The words before a name's last word tell the kind ('dissolution' of "dissolution tester").
      const head = headTermOf(understood);
      const information = informative.map((x, i) => (head !== undefined && termWords[i] === head ? x * HEAD_SHARE : x));
      let likeness: LikenessProbe | undefined;
      const exact = found.candidates.filter((c) => c.met && c.lexical && c.lex >= EXACT_MATCH).sort(byShareThenText);
      // None is exactly what was asked: the few kept are what the buyer will judge the kind by.
      const seeds =
        exact.length > 0
          ? exact.map((c) => c.id)
          : this.fuse(found.candidates, plan, probe, information, undefined, pairs).map((f) => f.candidate.id);
      if (this.deps.meaning && seeds.length > 0 && seeds.length < page.limit && plan.facets.some(isTextFacet)) {
        // Few listings are what was asked ('RM2235'): more of the same kind follow them.
        likeness = await this.deps.meaning.like(seeds.slice(0, LIKENESS_SEEDS), meaningFilter, limit).catch(() => undefined);
        const known = new Set(found.candidates.map((c) => c.id));
        const more = (likeness?.hits ?? [])
          .filter((hit) => !known.has(hit.id) && calibrate(hit.similarity, LIKENESS) > 0)
          .map((hit) => hit.id);
        if (more.length > 0) {
          const extra = await aiCandidates(db, now, understood, plan, filters, 0, more);
          found = { ...found, candidates: [...found.candidates, ...extra.candidates] };
        }
      }
      return this.fuse(found.candidates, plan, probe, information, likeness, pairs);
    };
    let ranked = await rankAll();
    // Nothing has most of the words: read them as the closest words listings use (pg_trgm). And
    // when nothing has them all, a word titles use may be a typo of one a letter off that makes
    // a title's phrase with its neighbour ('harness tester' → "hardness tester"); a misspelt
    // word's correction is already asked by its expansions then.
    const noneExact = !found.candidates.some((c) => c.met && c.lexical && c.lex >= EXACT_MATCH);
    if ((ranked.length === 0 || noneExact) && (understood.terms.length > 0 || understood.models.length > 0)) {
      const corrections = await this.correctionsInContext(text, [...understood.terms, ...understood.models], {
        realWords: true,
        onlyRealWords: ranked.length > 0,
      });
      if (corrections.length > 0) {
        understood = understandQuery(applyCorrections(text, corrections), ordinary);
        understood = { ...understood, corrections: [...understood.corrections, ...corrections] };
        plan = await this.withExpansions(planAiSearch(understood));
        found = await aiCandidates(db, now, understood, plan, filters, limit, nearIds);
        ranked = await rankAll();
      }
    }
    const unheard = ranked.length === 0 ? await this.unheardWords(plan, headTermOf(understood)) : [];
    if (unheard.length > 0) {
      // Still nothing: words that no title uses and that no model reads as another word tell
      // no listing from another ('tracing' of "heart tracing machine"): the others decide.
      understood = { ...understood, terms: understood.terms.filter((t) => !unheard.includes(t)) };
      plan = await this.withExpansions(planAiSearch(understood));
      found = await aiCandidates(db, now, understood, plan, filters, limit, nearIds);
      ranked = await rankAll();
    }
    // Still nothing the words offer ('lung function tester'): a word may describe the thing
    // rather than name it. That reading answers when a title names such a thing, or when
    // nothing else would.
    const nothingOffered = ranked
      .slice(0, SEARCH_PAGE_SIZE)
      .every((f) => verdictFor(plan.facets, f.candidate.credits, f.strength) === 'not');
    const described = nothingOffered ? await this.describedThing(plan) : undefined;
    if (described) {
      const before = { plan, found, ranked };
      plan = described.plan;
      found = await aiCandidates(db, now, understood, plan, filters, limit, nearIds);
      ranked = await rankAll();
      const threshold = needThreshold(plan.facets[described.index]!) ?? 1;
      const named = ranked.some((f) => (f.candidate.credits[described.index] ?? 0) >= threshold);
      if (!named && before.ranked.length > 0) ({ plan, found, ranked } = before);
    }
    // A page of listings each 'Not relevant' is no answer ('eye exam' where nothing is for eyes:
    // "Touch" in a title is only a neighbour of "eye" in the word model) — the empty state says
    // so, unless plain search finds the words as typed (below).
    if (plan.facets.some(isTextFacet) && !ranked.some((f) => verdictFor(plan.facets, f.candidate.credits, f.strength) !== 'not'))
      ranked = [];
    // A short answer goes on with what plain search finds for the same words: AI search never
    // answers less than plain search does ('system' names no kind; plain search has its systems).
    // Not after a query of only constraints ('under $3,000 in Germany'), which filters by them.
    const onlyConstraints = plan.hardConstraints && plan.facets.length > 0;
    if (ranked.length < page.limit && !onlyConstraints)
      ranked = [...ranked, ...(await this.plainBeyond(text, ranked, understood, plan, now, filters))];
    // Issue 16: an explicit order orders what was found (the matches kept, not every listing).
    if (sort) ranked = await this.inOrder(ranked, sort);
    else if (understood.cheap) ranked = await this.cheapestFirst(ranked, understood);
    const pageOf = ranked.slice(page.offset, page.offset + page.limit);
    const rows = await rowsInOrder(
      db,
      pageOf.map((c) => c.candidate.id),
    );
    const byId = new Map(pageOf.map((c) => [c.candidate.id, c]));
    const estimate = estimatedTotal(found, ranked);
    const { total, totalIsLowerBound } = cappedTotal(found.total > COUNT_LIMIT && estimate >= COUNT_LIMIT ? COUNT_LIMIT + 1 : estimate);
    const withCredits = rows.map(({ row, photos }) => {
      const fused = byId.get(row.id)!;
      return { row, photos, credits: fused.candidate.credits, rank: fused.score, strength: fused.strength };
    });
    const askedText = meaningAsk.join(' ');
    const meaningOf = (row: ListingRow, strength: number | undefined): MeaningMatch | undefined =>
      probe && strength !== undefined && strength > 0
        ? { asked: askedText, strength, close: probe.closeWords(meaningAsk, `${row.title} ${row.description}`) }
        : undefined;
    const explained = withCredits.map((ranked) => {
      const explanation = explain(plan.facets, ranked.credits, explainedListing(ranked.row), meaningOf(ranked.row, ranked.strength));
      return { ranked, row: ranked.row, explanation, key: ragResponseKey(normalizeForMatch(text), filters, ranked.row) };
    });

    // The model writes the explanations when it can: it was reachable if the query was embedded.
    const modelAnswers =
      ai && probe?.source === 'remote' && explained.length > 0
        ? await ai.explain(
            text,
            explained.map(({ row, explanation, key }) => ({
              id: row.id,
              key,
              title: row.title,
              description: row.description,
              category: row.category,
              condition: row.condition,
              price: row.priceCents / 100,
              location: row.location,
              local: { verdict: explanation.verdict, score: explanation.score, explanation: explanation.text },
            })),
            AbortSignal.timeout(ai.timeoutMs),
          )
        : new Map<string, never>();

    const listings = this.toListings(explained.map((e) => ({ ...e.ranked, rank: e.ranked.rank })));
    const items = listings.map((listing, i) => {
      const { explanation, key } = explained[i]!;
      const answer = modelAnswers.get(key);
      return {
        ...listing,
        rag_search_response: answer ? { ...answer, rag_response_key: key } : toRagResponse(explanation, key),
      };
    });
    return { items, total, totalIsLowerBound };
  }

  /**
   * The first page of plain search (its matches, then its similar listings) beyond the listings
   * `ranked` holds, in plain search's order, scored by the plan's facets so their explanations
   * say what matched. A page at most: the AI answer stays one page long when it was short.
   */
  private async plainBeyond(
    text: string,
    ranked: readonly Fused[],
    understood: UnderstoodQuery,
    plan: AiPlan,
    now: Date,
    filters: SearchFilters,
  ): Promise<Fused[]> {
    const plain = await this.plain(text, now, filters, { limit: SEARCH_PAGE_SIZE, offset: 0 });
    const known = new Set(ranked.map((f) => f.candidate.id));
    const ids = [...plain.rows, ...(plain.similar ?? [])]
      .map((r) => r.row.id)
      .filter((id) => !known.has(id))
      .slice(0, SEARCH_PAGE_SIZE - ranked.length);
    if (ids.length === 0) return [];
    const scored = new Map((await aiCandidates(this.deps.db, now, understood, plan, filters, 0, ids)).candidates.map((c) => [c.id, c]));
    return ids.flatMap((id) => {
      const candidate = scored.get(id);
      return candidate ? [{ candidate, score: (1 - MEANING_WEIGHT) * candidate.lex, strength: undefined }] : [];
    });
  }

  /**
   * Asked for it cheap ('cheap microscope'): among the listings that are what was asked (every
   * need met, first in `ranked`), those that meet as much of the request (its share) from the
   * lowest price up — the price, not closeness in meaning, orders equals. Those sold for parts
   * come after the working ones, unless parts were asked for (a broken one is cheap for a
   * reason). A listing that meets more of the request stays before ('cheap vacuum pump for a
   * rotary evaporator': the pumps whose description names it first); the rest keep their order.
   */
  private async cheapestFirst(ranked: Fused[], understood: UnderstoodQuery): Promise<Fused[]> {
    const asked = ranked.findIndex((f) => !f.candidate.met);
    const what = asked < 0 ? ranked : ranked.slice(0, asked);
    if (what.length < 2) return ranked;
    const keys = await sortKeys(
      this.deps.db,
      what.map((f) => f.candidate.id),
    );
    const partsAsked = understood.condition?.values.includes('for-parts') ?? false;
    const forParts = (f: Fused) => Number(!partsAsked && keys.get(f.candidate.id)?.condition === 'for-parts');
    const price = (f: Fused) => keys.get(f.candidate.id)?.priceCents ?? Number.MAX_SAFE_INTEGER;
    const share = (f: Fused) => Math.round(f.candidate.lex * 1000);
    const cheapest = [...what].sort((a, b) => share(b) - share(a) || forParts(a) - forParts(b) || price(a) - price(b));
    return [...cheapest, ...ranked.slice(what.length)];
  }

  /** The ranked candidates in an explicit order (ties newest first, then by id: the same order as plain search). */
  private async inOrder(ranked: Fused[], sort: ExplicitSort): Promise<Fused[]> {
    const keys = await sortKeys(
      this.deps.db,
      ranked.map((f) => f.candidate.id),
    );
    const price = (f: Fused) => keys.get(f.candidate.id)?.priceCents ?? 0;
    const newest = (a: Fused, b: Fused) =>
      b.candidate.createdAt.getTime() - a.candidate.createdAt.getTime() || (a.candidate.id < b.candidate.id ? 1 : -1);
    const byPrice = sort === 'price_asc' ? (a: Fused, b: Fused) => price(a) - price(b) : (a: Fused, b: Fused) => price(b) - price(a);
    return [...ranked].sort(sort === 'newest' ? newest : (a, b) => byPrice(a, b) || newest(a, b));
  }

  /**
   * The loose words of a plan that no listing's title uses and that have no word meaning about
   * the same — only when other words or needs remain to search by, more than a name's last
   * word (else nothing is left to say which listing fits, and the empty state answers).
   */
  private async unheardWords(plan: AiPlan, head: string | undefined): Promise<string[]> {
    const loose = plan.facets.flatMap((facet) => (facet.kind === 'term' && !facet.expansions?.length ? [facet.word] : []));
    if (loose.length === 0) return [];
    const unheard = await wordsNotInLexicon(this.deps.db, loose);
    const remaining = plan.facets.filter((facet) => isTextFacet(facet) && !(facet.kind === 'term' && unheard.includes(facet.word)));
    // Nor when only a name's last word would be left: 'tester' alone is not what "dissolution tester" asks.
    const onlyTheHead = remaining.every((facet) => facet.kind === 'term' && facet.word === head);
    return remaining.length > 0 && !onlyTheHead ? unheard : [];
  }

  /**
   * The words found nothing to offer: a loose word may describe the thing rather than name it
   * ('lung' of "lung function tester", 'hearing' of "hearing loss screening"). The plan with
   * the word whose dictionary definitions name the most specific equipment titles use (a
   * "spirometer", an "audiometer", rather than the "apparatus" defined by 'function' or the
   * "monitor" by 'screening') read as naming the kind, as a task is; the facet's index with it.
   */
  private async describedThing(plan: AiPlan): Promise<{ plan: AiPlan; index: number } | undefined> {
    const things = plan.facets.map((facet) =>
      facet.kind === 'term' && !facet.purpose && !facet.task ? (facet.expansions ?? []).filter(isDefinedThing).map((e) => e.word) : [],
    );
    const named = [...new Set(things.flat())];
    if (named.length === 0) return undefined;
    const information = (await this.deps.meaning?.informationOf(named)) ?? named.map(() => 1);
    const specificity = new Map(named.map((thing, i) => [thing, information[i]!]));
    const specificityOf = (i: number) => Math.max(-1, ...things[i]!.map((thing) => specificity.get(thing)!));
    const index = things.reduce((best, _things, i) => (specificityOf(i) > specificityOf(best) ? i : best), 0);
    const facets = plan.facets.map((facet, i) =>
      i === index && facet.kind === 'term' ? asNamedTask({ ...facet, describes: true }) : facet,
    );
    return { plan: { ...plan, facets }, index };
  }

  /**
   * A kind named with one word another ('operating room lamp' for the "operating room light"):
   * loose words that, with one of them read as a word meaning about the same (the expansions of
   * the word model), make a kind's name of two words or more the vocabulary knows, are read as
   * that kind. Only the name's last word (`headTermOf`) is read another way, and the reading
   * that leaves the fewest words loose wins; a word alone never becomes a kind this way.
   */
  private async withKindsNamedAnotherWay(
    text: string,
    understood: UnderstoodQuery,
    ordinary?: ReadonlySet<string>,
  ): Promise<UnderstoodQuery> {
    const head = headTermOf(understood);
    if (!this.deps.meaning || head === undefined) return understood;
    // The last word is read another way, as names of one kind differ ('lamp' and "light", 'hoist'
    // and "lift"): as the words titles use, and as the vocabulary's names end — a kind the
    // catalog lacks is still the kind asked ('operating room lamp' with no surgical light listed).
    const [expansions] = (await this.deps.meaning.expansions([head]).catch(() => undefined)) ?? [];
    const fromTitles = (expansions ?? [])
      .filter((e) => !e.definedBy && !e.corrected)
      .sort((a, b) => b.similarity - a.similarity)
      .map((e) => e.word);
    const fromNames = await this.deps.meaning.nearWordsAmong(head, lastWordsOfKindNames(), KIND_NAME_READING).catch(() => []);
    const readings = [...new Set([...fromTitles, ...fromNames])];
    let best: UnderstoodQuery | undefined;
    for (const word of readings) {
      const reread = applyCorrections(text, [{ from: head, to: word }]);
      if (reread === text) continue;
      const candidate = understandQuery(reread, ordinary);
      const named = candidate.concepts.some(
        (c) => c.kind === 'kind' && c.matched.split(' ').length >= 2 && c.matched.split(' ').includes(normalizeForMatch(word)),
      );
      // The reading that leaves the fewest words loose ('operating room light', not 'operating table' and a lamp).
      if (named && candidate.concepts.length > understood.concepts.length && (!best || candidate.terms.length < best.terms.length))
        best = candidate;
    }
    return best ?? understood;
  }

  /**
   * The plan with the dictionary's names of made things (to read "ECG chest strap" as a strap)
   * and, for each loose word, the words listings use that mean about the same.
   */
  private async withExpansions(planned: AiPlan): Promise<AiPlan> {
    const namesAThing = await this.deps.meaning?.thingNames().catch(() => undefined);
    const plan = namesAThing ? { ...planned, namesAThing } : planned;
    const terms = plan.facets.map((facet) => (facet.kind === 'term' ? facet.word : ''));
    if (!this.deps.meaning || terms.every((t) => !t)) return plan;
    const expansions = await this.deps.meaning.expansions(terms).catch(() => undefined);
    if (!expansions) return plan;
    // A misspelt word also asks for the word it is a letter or two off ('spirometr' matches a
    // description's "spirometry" by chance, never the spirometers' titles).
    const corrections = await this.misspellings(terms.filter(Boolean));
    const withCorrection = (word: string, found: readonly Expansion[]): readonly Expansion[] => {
      const fixed = corrections.get(word);
      // At the least share a word meaning about the same gets: in a title it earns less than the
      // word as typed in a description (typo tolerance never ranks a fuzzy match above it).
      return fixed ? [{ word: fixed, similarity: EXPANSION_SIMILARITY, corrected: true }, ...found] : found;
    };
    return {
      ...plan,
      facets: plan.facets.map((facet, i) => {
        if (facet.kind !== 'term') return facet;
        const found = withCorrection(facet.word, expansions[i]!);
        return found.length > 0 ? asNamedTask({ ...facet, expansions: found }) : facet;
      }),
    };
  }

  /**
   * The fused order: listings meeting every need first (the verdict order), then by the blend
   * of the share of the request the words meet and the strength of meaning, newest first on ties.
   */
  private fuse(
    candidates: readonly AiCandidate[],
    plan: AiPlan,
    probe: MeaningProbe | undefined,
    information: readonly number[],
    likeness?: LikenessProbe,
    /** The request's words side by side (typedPairsPattern): a title with them comes first among listings scored alike. */
    pairs?: RegExp,
  ): Fused[] {
    const hasText = plan.facets.some(isTextFacet);
    // How much of what the words ask for a listing's words have (terms weighted by information).
    // What the request is about: the kinds, brands, models and phrases it names; loose words
    // only when it names none (then weighted by their information).
    // A task asked ('something to spin blood samples') names the kind when the dictionary names
    // equipment that does it ('spin' → "centrifuge"); what it is done to only ranks.
    // What the thing asked is for ('PCR tubes' of "mini centrifuge for PCR tubes") only ranks.
    const identity = plan.facets.map((facet) => isTextFacet(facet) && !facet.purpose && (facet.kind !== 'term' || isNamedTask(facet)));
    const counted = identity.some(Boolean) ? identity : plan.facets.map((facet) => facet.kind === 'term');
    const textWeight = (i: number) =>
      plan.facets[i]!.kind === 'term' ? plan.facets[i]!.weight * (information[i] ?? 1) : plan.facets[i]!.weight;
    const textTotal = plan.facets.reduce((sum, _facet, i) => sum + (counted[i] ? textWeight(i) : 0), 0);
    const required = relaxedShare(counted.filter(Boolean).length);
    const coverage = (candidate: AiCandidate) =>
      textTotal === 0
        ? 1
        : plan.facets.reduce(
            (sum, _facet, i) => sum + (counted[i] && (candidate.credits[i] ?? 0) >= PARTLY_MATCHED ? textWeight(i) : 0),
            0,
          ) / textTotal;
    const fused = candidates.map((candidate) => {
      const similarity = probe?.similarityOf(candidate.id);
      const alike = likeness?.similarityOf(candidate.id);
      const byQuery = similarity === undefined || !probe ? undefined : meaningStrength(probe, similarity);
      const byLikeness = alike === undefined ? undefined : calibrate(alike, LIKENESS) * LIKENESS_SHARE;
      const strength = byQuery === undefined && byLikeness === undefined ? undefined : Math.max(byQuery ?? 0, byLikeness ?? 0);
      const alikeEnough = (byLikeness ?? 0) > 0;
      const meaning = strength ?? 0;
      const blended = hasText ? (1 - MEANING_WEIGHT) * candidate.lex + MEANING_WEIGHT * meaning : candidate.lex;
      const score = blended + (titleMatches(candidate.title, pairs) ? TYPED_PAIR_SHARE : 0);
      return { candidate, score, strength, alikeEnough };
    });
    // Left out: a listing only meaning found, not close enough to be offered; a listing whose
    // words have less than most of the request ('lamp' for "surgical lamp") unless its
    // meaning is close — unrelated listings are not an answer.
    // Nor is meaning enough for a listing of another kind than every kind asked: an autoclave is
    // near a microtome in meaning (both benchtop lab equipment), yet not one.
    const kinds = plan.facets.flatMap((facet, i) =>
      facet.kind === 'concept' && facet.concept.kind !== 'model' && !facet.purpose ? [i] : [],
    );
    const ofAnotherKind = (candidate: AiCandidate) =>
      kinds.length > 0 && candidate.category !== null && kinds.every((i) => (candidate.credits[i] ?? 0) === 0);
    const kept = fused.filter(
      (f) =>
        (((f.strength ?? 0) >= MEANING_TO_OFFER || f.alikeEnough) && !ofAnotherKind(f.candidate)) ||
        // Found by its meaning, a listing whose words meet every need is found by its words too.
        ((f.candidate.lexical || (hasText && f.candidate.met)) && coverage(f.candidate) >= required) ||
        (!probe && f.candidate.lexical),
    );
    return kept.sort(
      (a, b) =>
        Number(b.candidate.met) - Number(a.candidate.met) ||
        b.score - a.score ||
        b.candidate.textRank - a.candidate.textRank ||
        b.candidate.createdAt.getTime() - a.candidate.createdAt.getTime() ||
        (a.candidate.id < b.candidate.id ? 1 : -1),
    );
  }

  private explained(
    rows: RankedRow[],
    facets: Facet[],
    text: string,
    filters: SearchFilters,
    _meaning: undefined,
  ): (Listing & { rag_search_response: RagSearchResponse })[] {
    const listings = this.toListings(rows);
    return listings.map((listing, i) => {
      const row = rows[i]!.row;
      const explanation = explain(facets, rows[i]!.credits, explainedListing(row));
      return { ...listing, rag_search_response: toRagResponse(explanation, ragResponseKey(normalizeForMatch(text), filters, row)) };
    });
  }
}

interface Fused {
  candidate: AiCandidate;
  score: number;
  strength: number | undefined;
}

/**
 * The order asked for, when it is not by relevance (issue 16). Without one: best match with
 * words; without words, browsing (live featured listings first, then newest). An explicit
 * order is kept strictly — featured listings take their place in it.
 */
function explicitSort(sort: SearchSort | undefined): ExplicitSort | undefined {
  return sort === undefined || sort === 'relevance' ? undefined : sort;
}

/**
 * Fewer exact matches than this, and listings with most of the words follow them: a buyer who
 * asks for 'hemodialysis machine' and finds one listing wants the hemodialysis systems whose
 * title does not say "machine" next, not the end of the list.
 */
const FEW_EXACT_MATCHES = 10;

/**
 * Whether a plain search goes on to listings with most of its words: when no listing has them
 * all, or (`besideExact`) only a few do — unless the query is one word (nothing to leave out)
 * or quotes words (it asks for exactly those).
 */
function mayRelax(text: string, words: readonly string[], exactMatches: number, besideExact: boolean): boolean {
  if (words.length === 0) return false;
  if (exactMatches === 0) return true;
  return besideExact && exactMatches < FEW_EXACT_MATCHES && words.length > 1 && !text.includes('"');
}

/** How much a word that only constrains (a country, a condition) counts in a relaxed match. */
const CONSTRAINT_WORD_SHARE = 0.2;
/**
 * The share of a query's information a relaxed match must have (plain search and AI search
 * alike): most of two words' (both, unless one says much more), a little over half of a long
 * sentence's ('I need something to spin blood samples in a small clinic').
 */
function relaxedShare(words: number): number {
  return Math.min(0.65, 0.5 + 0.3 / Math.max(1, words));
}

/**
 * Exact matches by the share of the request met, then by how much of their text the words are
 * (as AI search orders listings it scores alike), newest first, then by id: what "more of the
 * same kind" is measured against must not depend on the order the database returned ties in.
 */
function byShareThenText(a: AiCandidate, b: AiCandidate): number {
  return (
    b.lex - a.lex || b.textRank - a.textRank || b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
  );
}

/** How much a name's last word counts, beside the words before it, in the share a listing must have. */
const HEAD_SHARE = 0.5;
/**
 * How close in the word model a query's last word must be to the last word of a vocabulary
 * kind's name to be read as it ('lamp' and "light" 0.54): looser than a title word's
 * (EXPANSION_SIMILARITY), as the reading must also make, with the words before it, a kind's
 * name of two words or more ('operating room heater' names none).
 */
const KIND_NAME_READING = 0.5;

/** The words of the kinds of no family asked (the equipment glossary's), as asked: they are found as loose words are. */
function wordsOfKindsWithNoFamily(query: UnderstoodQuery): string[] {
  return query.concepts.filter(hasNoFamily).flatMap((c) => c.asked.split(/[^a-z0-9]+/).filter(Boolean));
}

/**
 * The last word of a name of loose words ('tester' of "dissolution tester", "lung function
 * tester"): what it says is the thing's class, which many kinds share; the words before it say
 * which kind. A listing with them and another last word ("dissolution bath") is more likely
 * what was asked than one with only the last word ("tablet hardness tester"). None when the
 * name ends in a word that pads a request ('sleep study machine') or has one word.
 */
function headTermOf(query: UnderstoodQuery): string | undefined {
  // A kind of no family is found by its words, as loose words are.
  const words = [...query.terms, ...wordsOfKindsWithNoFamily(query).filter((w) => !FILLER_WORDS.has(w))];
  if (words.length < 2) return undefined;
  const tokens = normalizeForMatch(query.raw).split(' ');
  const positions = words.map((term) => tokens.lastIndexOf(term));
  if (positions.some((at) => at < 0)) return undefined;
  const last = Math.max(...positions);
  const next = tokens[last + 1];
  if (next !== undefined && FILLER_WORDS.has(next)) return undefined;
  return tokens[last];
}

/**
 * How many listings AI search has for the query. Every match was a candidate: what was kept.
 * Otherwise the matches beyond the candidates (which rank below every candidate) are counted at
 * the rate the weakest quarter of the candidates was kept — not the whole's, which would promise
 * pages of weak matches no page will show ('something to spin blood samples': 20 centrifuges
 * kept of 60 read, none of the weakest; not "52 results").
 */
function estimatedTotal(found: AiCandidates, ranked: readonly Fused[]): number {
  const seen = found.candidates.filter((c) => c.lexical).sort((a, b) => b.lex - a.lex);
  if (found.total <= seen.length) return ranked.length;
  const kept = new Set(ranked.map((f) => f.candidate.id));
  const weaker = seen.slice(Math.floor((seen.length * 3) / 4));
  const rate = weaker.filter((c) => kept.has(c.id)).length / Math.max(1, weaker.length);
  // found.total is counted up to COUNT_LIMIT + 1; an estimate reaching the limit is a lower bound.
  return ranked.length + Math.round((Math.min(found.total, COUNT_LIMIT) - seen.length) * rate);
}

/**
 * The names of the kinds a query asks for ('infrared spectrometer' → "FTIR", "FT-IR", "IR
 * spectrometer"…) in a title, as a tsquery: plain search matches the words as typed, and among
 * its matches a listing whose title names the kind is more surely one.
 */
function kindNamesInTitles(query: UnderstoodQuery): { tsquery: SQL; named: SQL } | undefined {
  // A kind's names only: a family's take in its other kinds ("thermal cycler" names qPCR systems
  // too). A name a stop word begins or ends ("OR light") is left out by phrasesToTsquery.
  const phrases = query.concepts.filter((c) => c.kind === 'kind' && !c.purpose).flatMap((c) => c.phrases);
  const text = phrases.length > 0 ? phrasesToTsquery(phrases) : undefined;
  if (!text) return undefined;
  const tsquery = sql`to_tsquery('english', ${withWeights(text, 'A')})`;
  // A title naming the kind only as what it is for ("mattress for hospital beds") is not one.
  return { tsquery, named: titleNamesTheKind(tsquery, whatItIsForPatterns(phrases)) };
}

/** The most words a query may have for a word of it that titles use to be read as a typo of another. */
const REAL_WORD_TYPO_WORDS = 3;

/** How many candidates each side (words, meaning) offers AI search's fusion. */
const AI_CANDIDATES = 60;
/** The credit from which a text facet counts as partly met (explanations' 'identity matched'). */
const PARTLY_MATCHED = 0.35;
/** The strength of meaning from which a listing the words do not find (enough) is offered. */
const MEANING_TO_OFFER = 0.5;
/** The share of meaning in the fused score. */
const MEANING_WEIGHT = 0.35;

/**
 * Similarity → strength (0–1): 0 at `floor` and below, 1 from `full`. Measured on the tuning
 * half of the relevance sets (docs/performance.md): the local word-vector model's cosines of
 * unrelated listings sit around 0.3–0.5, of the right kind 0.7 and above.
 */
interface Calibration {
  floor: number;
  full: number;
}
const LOCAL_MEANING: Calibration = { floor: 0.35, full: 0.6 };
/** How far above the query's similarity to listings in general a close listing stands (standard deviations). */
const STANDOUT: Calibration = { floor: 2, full: 4 };
/**
 * Listing-to-listing similarity ('more of the same kind' in AI search, plain search's similar
 * listings): two listings of one kind sit at 0.6 and above when their titles say the same
 * things, and at 0.35–0.5 when they do not ("Instron 3369 50kN load frame" beside a "universal
 * testing system"); other kinds mostly below.
 */
const LIKENESS: Calibration = { floor: 0.35, full: 0.8 };
/** How many of the first matches a similar listing is measured against (their mean vector). */
const LIKENESS_SEEDS = 3;
/** Nearest listings read beyond those wanted, for the ones the filters leave out. */
const SIMILAR_SPARE = 12;
/** Likeness counts for less than closeness to the words asked. */
const LIKENESS_SHARE = 0.8;
/** A candidate this share of the request or more is an exact match (for 'more of the same kind'). */
const EXACT_MATCH = 0.75;
const REMOTE_MEANING: Calibration = { floor: 0.3, full: 0.7 };

/**
 * The strength of a listing's meaning for a query: its similarity calibrated, and as far as
 * it stands out from the query's similarity to listings in general — the lesser of the two.
 */
function meaningStrength(probe: MeaningProbe, similarity: number): number {
  const absolute = calibrate(similarity, probe.source === 'remote' ? REMOTE_MEANING : LOCAL_MEANING);
  return Math.min(absolute, calibrate(probe.standout(similarity), STANDOUT));
}

function calibrate(similarity: number, { floor, full }: Calibration): number {
  return Math.min(1, Math.max(0, (similarity - floor) / (full - floor)));
}

function explainedListing(row: ListingRow) {
  return {
    title: row.title,
    description: row.description,
    priceCents: row.priceCents,
    condition: row.condition,
    location: row.location,
    category: row.category,
  };
}

/**
 * Where the query's last word may start a longer word (`WordStartScope`): in titles alone when
 * it ends a kind's name of two words or more ('hospital bed', and 'hosptal bed' as the
 * vocabulary reads it: not the monitors' "bedside"), else in search terms as well.
 */
function lastWordStartScope(text: string, understood: UnderstoodQuery): WordStartScope {
  const typed = normalizeForMatch(applyCorrections(text, understood.corrections));
  const endsAName = understood.concepts.some((c) => c.kind === 'kind' && c.asked.includes(' ') && typed.endsWith(c.asked));
  return endsAName ? 'A' : 'AB';
}

/** The words of a plain query for the relaxed pass: content words, exclusions, and whether the last is unfinished. */
function plainWords(text: string): { words: string[]; excluded: string[]; lastIsPrefix: boolean } {
  const excluded: string[] = [];
  const words: string[] = [];
  const unquoted = text.replace(/"/g, ' ');
  for (const chunk of unquoted.split(/\s+/).filter(Boolean)) {
    const negated = chunk.startsWith('-') && /^-[\p{L}]/u.test(chunk);
    const parts = chunk
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    for (const part of parts) {
      if (negated) excluded.push(part);
      else if (part !== 'or' && !ENGLISH_STOP_WORDS.has(part) && !words.includes(part)) words.push(part);
    }
  }
  const lastIsPrefix = !/["\s]$/.test(text) && /[\p{L}\p{N}]$/u.test(text.trim());
  return { words, excluded, lastIsPrefix };
}

/** The model numbers a query asks for ('2008t', '5810r'), not amounts with a unit ('500ml'). */
function modelNumbersOf(query: UnderstoodQuery): Set<string> {
  const models = [...query.models, ...query.concepts.filter((c) => c.kind === 'model').flatMap((c) => c.asked.split(/[^a-z0-9]+/))];
  return new Set(models.filter((token) => isModelToken(token) && !isUnitAmount(token)));
}

/** The words of the query that describe the equipment (for its meaning), without constraints. */
function meaningWords(query: UnderstoodQuery): string[] {
  return [...query.concepts.map((c) => c.asked), ...query.brands.map((b) => b.asked), ...query.models, ...query.phrases, ...query.terms];
}

function applyCorrections(text: string, corrections: readonly { from: string; to: string }[]): string {
  let corrected = text;
  for (const { from, to } of corrections) {
    corrected = corrected.replace(
      new RegExp(`(?<![\\p{L}\\p{N}])${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'giu'),
      to,
    );
  }
  return corrected;
}

/**
 * rag_response_key: the same query (normalised), filters and listing version give the same
 * key, so an explanation can be cached by it and a changed listing gets a new one.
 */
function ragResponseKey(normalizedQuery: string, filters: SearchFilters, row: Pick<ListingRow, 'id' | 'updatedAt'>): string {
  const digest = createHash('sha256')
    .update(
      JSON.stringify([
        normalizedQuery,
        filters.minPriceCents ?? null,
        filters.maxPriceCents ?? null,
        filters.condition ?? null,
        filters.location ?? null,
        row.id,
        row.updatedAt.toISOString(),
      ]),
    )
    .digest('hex');
  return `rag_${digest.slice(0, 40)}`;
}
