import { normalizeForMatch, type Condition } from '@benchmarket/shared';
import type { Concept, CountryAsk, PriceAsk, UnderstoodQuery } from './query-understanding.js';
import { ENGLISH_STOP_WORDS } from './vocabulary.js';

/**
 * The scored model of AI-enhanced search (pure). A query becomes facets — each thing the
 * buyer asked for — and a listing's relevance is the weighted share of them it satisfies:
 *
 *   score = Σ weight × credit / Σ weight,   credit ∈ [0, 1] per facet
 *
 * The database computes each credit per listing (full-text matches by weight: A title,
 * B search terms, C description; the listing's family; its condition, price, country), so
 * ranking happens in one SQL statement over every candidate; `explanations.ts` turns the
 * same credits into the words of the explanation.
 */

interface FacetBase {
  /** How much it counts (see WEIGHTS). */
  weight: number;
  /**
   * Says what the thing asked is for ('PCR tubes' of "mini centrifuge for PCR tubes"): it
   * ranks listings, and never makes one less relevant than what it is makes it.
   */
  purpose?: boolean;
}

export interface ConceptFacet extends FacetBase {
  kind: 'concept';
  concept: Concept;
  /** tsquery text of the concept's phrases. */
  tsquery: string;
  /** A model's line (models only): its other models follow the model, before the rest of its family. */
  line?: ModelLine;
}

export interface BrandFacet extends FacetBase {
  kind: 'brand';
  name: string;
  asked: string;
  /** Normalised forms of the brand a listing may use. */
  phrases: readonly string[];
  tsquery: string;
}

export interface WordFacet extends FacetBase {
  kind: 'model' | 'phrase' | 'term';
  word: string;
  tsquery: string;
  /** The last word, matched as a prefix (the buyer may still be typing). */
  prefix: boolean;
  /**
   * Terms only: words listings use that mean about the same (the meaning model's nearest
   * words in the catalog's lexicon: 'lamp' → 'light'), each with its similarity; a listing
   * using one earns that share of the credit.
   */
  expansions?: readonly Expansion[];
  /** Models only: the line the model belongs to. */
  line?: ModelLine;
  /** Terms only: asked as a task, right after 'to' ('something to spin blood samples'). */
  task?: boolean;
  /**
   * Terms only: read as what describes the thing asked ('lung' of "lung function tester"), so
   * the equipment the dictionary defines by it ("spirometer") is the kind asked.
   */
  describes?: boolean;
}

/**
 * What a model's other models (its line) share in their titles: the words before its number
 * ('NanoDrop' of "nanodrop 2000", 'Servo' of "servo i") or its number without the letters
 * after it ('5810' of "5810r", '2008' of "2008t"). A buyer who asks for one model wants its
 * siblings next — a NanoDrop One before another maker's spectrophotometer.
 */
export interface ModelLine {
  /** The line as a title shows it ('nanodrop', '5810'). */
  words: string;
  /** tsquery text: the line's words, or the number as a word start ('5810' finds "5810" and "5810R"). */
  tsquery: string;
  /**
   * A case-insensitive regular expression (PostgreSQL's and JavaScript's alike) a title
   * matching the line also matches: a number only as a whole word, with at most two letters
   * (and digits) after it ('2008K2'; '500' is not in "5000 mL").
   */
  titlePattern: string;
}

export interface Expansion {
  word: string;
  similarity: number;
  /** Named by a dictionary whose definition of it uses the asked word (not by the word model). */
  definedBy?: boolean;
  /** …as the equipment that does what the asked verb says ('spin' → "centrifuge"), not by its definition's words. */
  doesIt?: boolean;
  /** The asked word is in no title, and this word of one is a letter or two off it (a misspelling). */
  corrected?: boolean;
  /** A dictionary says it pertains to the asked word ('eye' → "ophthalmic"): a word of the same meaning in the trade's form. */
  pertains?: boolean;
}

export interface ConditionFacet extends FacetBase {
  kind: 'condition';
  values: readonly Condition[];
  label: string;
}

export interface PriceFacet extends FacetBase {
  kind: 'price';
  price: PriceAsk;
  /** Bounds in cents (either may be open). */
  minCents: number | null;
  maxCents: number | null;
}

export interface CountryFacet extends FacetBase {
  kind: 'country';
  country: CountryAsk;
}

export type Facet = ConceptFacet | BrandFacet | WordFacet | ConditionFacet | PriceFacet | CountryFacet;

/**
 * What counts how much. The kind of equipment dominates (a centrifuge over budget is more
 * relevant to "centrifuge under $5k" than a pipette under it); a named brand or model comes
 * next; condition and price before country; a loose word counts least.
 */
const WEIGHTS = {
  concept: 3,
  brand: 2,
  model: 2.5,
  phrase: 2,
  term: 1,
  condition: 1.5,
  price: 1.5,
  country: 1,
} as const;

/**
 * From this similarity in the word model a word means about the same as the asked one
 * ('bicycle' · 'bike' 0.89); below it the model only says they are used alike ('touch' · 'eye'
 * 0.63, 'cardiac' · 'kidney' 0.68).
 */
const SAME_MEANING = 0.75;

/**
 * Whether an expansion is only a word the model uses alike — not a dictionary's word for it, not
 * a correction, not of the same meaning, and not what the asked word is a kind of ('dialysis' of
 * 'hemodialysis'): explanations say it is related, not that it means about the same.
 */
export function onlyRelated(word: string, expansion: Expansion): boolean {
  if (expansion.pertains || expansion.definedBy || expansion.corrected) return false;
  return expansion.similarity < SAME_MEANING && !word.endsWith(expansion.word);
}

/**
 * A kind of no family (the equipment glossary's: 'universal testing machine'): any listing naming
 * it is of it, whatever family the categoriser gave the listing.
 */
export function hasNoFamily(concept: Concept): boolean {
  return concept.kind !== 'model' && Object.keys(concept.familyCredit).length === 0;
}

/** Whether a listing of this category is of the concept's kind when its text names it. */
export function isOfItsFamily(concept: Concept, category: string | null): boolean {
  return hasNoFamily(concept) || (concept.familyCredit[category ?? ''] ?? 0) > 0;
}

/** Credits of text matches, by where the words are (title, description, search terms). */
export const TEXT_CREDIT = {
  /** A word meaning about the same in the title: its similarity × this (in the description: × wordInDescription). */
  expansionInTitle: 0.9,
  /** Another name of the concept (not the words asked) in the title of a listing of its family. */
  conceptOtherNameInTitle: 0.96,
  /** A concept's words in the description (not the title) of a listing of its family. */
  conceptInDescriptionOfFamily: 0.95,
  /** A listing of the concept's family whose text does not use its words: family credit × this. */
  conceptFamilyOnly: 0.9,
  /** A concept's words in the title of a listing of another family ('PCR Workstation' for "pcr machine"). */
  conceptInTitleOnly: 0.6,
  /** A concept's words only in the description of a listing of another family. */
  conceptInDescriptionOnly: 0.4,
  /**
   * The word a kind asked in several words is named by (its last) in the title of a listing
   * without the kind's words or family ('dry pump' for "vacuum pump"): below the kind's words in a
   * description, above nothing.
   */
  conceptHeadInTitle: 0.3,
  /** The same in the title of a listing of a family the kind belongs to ("Edwards dry pump" among evaporators). */
  conceptHeadInTitleOfFamily: 0.55,
  /** Another model of the asked model's line in the title ('NanoDrop One' for "nanodrop 2000"), of its family. */
  modelLineInTitle: 0.7,
  brandInDescription: 0.5,
  wordInDescription: 0.6,
  wordInSearchTerms: 0.5,
} as const;

/** A lexeme for to_tsquery: normalised words are [a-z0-9+]; '+' is not a tsquery character. */
function lexeme(word: string): string | undefined {
  const clean = word.replace(/[^a-z0-9]/g, '');
  return clean ? `'${clean}'` : undefined;
}

/**
 * tsquery text (for `to_tsquery('english', …)`) matching any of the phrases, each phrase's
 * words adjacent. Phrases made only of stop words are left out (the index has none of them),
 * and so are, beside other phrases, phrases a stop word begins or ends.
 * `weights` restricts where the words may be ('A' title, 'AC' title or description).
 * `modelSuffix`: the phrases are a model's, whose number sellers often write with a letter
 * after it ("NanoDrop 2000c", "Fresenius 2008T", "Centrifuge 5810 R"): a last word that ends
 * in a digit also matches with more after it.
 */
export function phrasesToTsquery(
  phrases: readonly string[],
  options: { weights?: string; prefix?: boolean; modelSuffix?: boolean } = {},
): string {
  const marks = `${options.prefix ? '*' : ''}${options.weights ?? ''}`;
  const label = marks ? `:${marks}` : '';
  const suffixLabel = `:*${options.weights ?? ''}`;
  const parts = new Set<string>();
  for (const phrase of phrases) {
    const words = options.modelSuffix ? joinedStopLetter(phrase.split(' ').filter(Boolean)) : phrase.split(' ').filter(Boolean);
    if (words.length === 0 || words.every((w) => ENGLISH_STOP_WORDS.has(w))) continue;
    // Nor, among other names, one that begins or ends with a stop word: to_tsquery drops it and
    // what is left says less ("OR light" would be any light; "DO meter" any meter).
    if (phrases.length > 1 && stopWordAtAnEdge(words)) continue;
    const labelled = words
      .map((word, index) => {
        const l = /^[a-z0-9]+-[a-z]$/.test(word) ? `'${word}'` : lexeme(word);
        if (!l) return undefined;
        // A stop word inside a phrase is dropped by to_tsquery; it takes no label.
        if (ENGLISH_STOP_WORDS.has(word)) return l;
        const own = options.modelSuffix && index === words.length - 1 && /\d$/.test(word) ? suffixLabel : label;
        // '-80 °C' is indexed as the lexeme '-80': a number also matches its negative.
        if (/^\d+$/.test(word)) return `(${l}${own} | '-${word}'${own})`;
        return `${l}${own}`;
      })
      .filter((l): l is string => Boolean(l));
    if (labelled.length === 0) continue;
    if (labelled.length === 1) parts.add(labelled[0]!);
    // Two words may have one between them: 'inverted microscope' finds 'Inverted Research Microscope'.
    else if (labelled.length === 2) parts.add(`(${labelled[0]} <-> ${labelled[1]} | ${labelled[0]} <2> ${labelled[1]})`);
    else parts.add(`(${labelled.join(' <-> ')})`);
  }
  return [...parts].join(' | ');
}

/**
 * A phrase of more than one word that begins or ends with a stop word ('or table', 'do meter'):
 * the index has no stop words, so in a tsquery it says only what its other words say.
 */
export function stopWordAtEdge(phrase: string): boolean {
  return stopWordAtAnEdge(phrase.split(' ').filter(Boolean));
}

function stopWordAtAnEdge(words: readonly string[]): boolean {
  return words.length > 1 && [words[0]!, words[words.length - 1]!].some((w) => ENGLISH_STOP_WORDS.has(w));
}

/**
 * A model ending in a letter that is a stop word ('servo i', 'vivid s'): the index keeps no
 * such letter alone, so 'servo' <-> 'i' is any Servo. Sellers write it joined by a dash
 * ("SERVO-i"), which the index holds as one word: that word is asked for.
 */
function joinedStopLetter(words: readonly string[]): string[] {
  const last = words[words.length - 1];
  const before = words[words.length - 2];
  if (!last || !before || !/^[a-z]$/.test(last) || !ENGLISH_STOP_WORDS.has(last) || !/^[a-z0-9]+$/.test(before)) return [...words];
  return [...words.slice(0, -2), `${before}-${last}`];
}

/**
 * A model as sellers also write it: with a space or a dash where letters meet digits
 * ('qtrap5500' is also "QTRAP 5500", 'r300' "R-300", '5810r' "5810 R"). The index holds a
 * dashed model's parts as words too, so the spaced form finds both.
 */
export function modelSpellings(model: string): string[] {
  const compact = model.replace(/[^a-z0-9]/g, '');
  const spaced = compact.replace(/([a-z])(?=\d)|(\d)(?=[a-z])/g, '$1$2 ');
  // A stop word would fall out of the phrase ('i7' would be any listing with a 7).
  if (spaced === model || spaced.split(' ').some((word) => ENGLISH_STOP_WORDS.has(word))) return [model];
  return [...new Set([model, spaced])];
}

/**
 * Units after an amount ('500ml', '300w', '100x', '20k'): a quantity, not a model and its
 * variant letter.
 */
const UNIT_SUFFIX = /^\d+(?:[.,]\d+)?(?:ml|ul|l|g|kg|mg|ug|mm|cm|nm|um|m|w|kw|v|kv|c|f|hz|x|k|h|lb|oz|ft|in|ma|mw|gb)$/;

/** True for an amount with its unit ('500ml', '300w'). */
export function isUnitAmount(token: string): boolean {
  return UNIT_SUFFIX.test(token);
}

/** Words that name no line ('Gen' of "gen 11", 'Type' of "type 2"). */
const GENERIC_LINE_WORDS = new Set([
  'gen',
  'generation',
  'type',
  'system',
  'series',
  'model',
  'class',
  'mark',
  'version',
  'unit',
  'size',
  'no',
]);

/** The line of a model (see ModelLine), when it has one a title can show. */
export function modelLineOf(model: string): ModelLine | undefined {
  // Lower case without singulars: the title is matched as written ('Cobas', not 'coba').
  const typed = model
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  // A name and its number typed as one word ('miniflex600') is the name's line as typed apart.
  // Up to five letters the letters are a code, not a name (isSplitModel): 'xpr205' has no line.
  const joined = typed.length === 1 ? /^([a-z]{6,})(\d+)$/.exec(typed[0]!) : null;
  const words = joined ? [joined[1]!, joined[2]!] : typed;
  if (words.length >= 2) {
    const last = words[words.length - 1]!;
    const line = words.slice(0, -1);
    const isNumberOrLetter = (/\d/.test(last) && !isUnitAmount(last)) || /^[a-z]$/.test(last);
    const isName =
      line.every((w) => /^[a-z]+$/.test(w) && !ENGLISH_STOP_WORDS.has(w) && !GENERIC_LINE_WORDS.has(w)) && line.join('').length >= 3;
    if (!isNumberOrLetter || !isName) return undefined;
    const tsquery = phrasesToTsquery([line.join(' ')]);
    return tsquery ? { words: line.join(' '), tsquery, titlePattern: `(?<![a-z0-9])${line.join('[\\s-]+')}(?![a-z0-9])` } : undefined;
  }
  // A number of three digits or more (after a short series name) with a letter or two after it.
  const token = words[0] ?? '';
  const number = /^([a-z]{0,4}\d{3,}|[a-z]{1,4}\d{2})[a-z]{1,2}$/.exec(token)?.[1];
  if (!number || isUnitAmount(token)) return undefined;
  // A year alone in a title ("(2008)") is no sibling of the 2008T: with a year's digits the
  // sibling needs its letters ("2008K").
  const yearLike = /^(19|20)\d\d$/.test(number);
  return {
    words: number,
    tsquery: `'${number}':*`,
    titlePattern: `(?<![a-z0-9])${number}([a-z]{1,2}\\d*)${yearLike ? '' : '?'}(?![a-z0-9])`,
  };
}

/** Adds a weight restriction to every lexeme of a tsquery text built by `phrasesToTsquery`. */
export function withWeights(tsquery: string, weights: string): string {
  return tsquery.replace(/'(-?[a-z0-9]+(?:-[a-z])?)'(:\*)?/g, (_m, word: string, star: string | undefined) =>
    ENGLISH_STOP_WORDS.has(word) ? `'${word}'${star ?? ''}` : `'${word}':${star ? '*' : ''}${weights}`,
  );
}

function priceBoundsCents(price: PriceAsk): { minCents: number | null; maxCents: number | null } {
  const cents = (units: number) => Math.round(units * 100);
  switch (price.kind) {
    case 'max':
      return { minCents: null, maxCents: cents(price.max) };
    case 'min':
      return { minCents: cents(price.min), maxCents: null };
    case 'range':
    case 'around':
      return { minCents: cents(price.min), maxCents: cents(price.max) };
  }
}

/**
 * A model line asked with its number ('mastersizer 3000'), as sellers also write it: joined
 * into one word ("Mastersizer3000"), which the full-text parser keeps whole, so neither the
 * line nor the number matched it. Each such number term → the joined word, which becomes one
 * more name of the line and one more spelling of the number.
 */
function numbersJoinedToLines(query: UnderstoodQuery): Map<string, { concept: Concept; joined: string }> {
  const asked = ` ${normalizeForMatch(query.raw)} `;
  const joinedTo = new Map<string, { concept: Concept; joined: string }>();
  for (const concept of query.concepts) {
    if (concept.kind !== 'model' || !/^[a-z]+$/.test(concept.matched)) continue;
    const number = query.terms.find((term) => /^\d{2,}$/.test(term) && asked.includes(` ${concept.asked} ${term} `));
    if (number && !joinedTo.has(number)) joinedTo.set(number, { concept, joined: `${concept.matched}${number}` });
  }
  return joinedTo;
}

/** The loose words right after 'to' ('I need something to spin…', 'a machine to grind…'): what the thing asked must do. */
function tasksOf(query: UnderstoodQuery): Set<string> {
  const tokens = normalizeForMatch(query.raw).split(' ');
  return new Set(query.terms.filter((term) => tokens.some((token, i) => token === term && tokens[i - 1] === 'to')));
}

/** The facets of an understood query, text facets first. */
export function facetsOf(query: UnderstoodQuery): Facet[] {
  const facets: Facet[] = [];
  const joinedTo = numbersJoinedToLines(query);
  for (const asked of query.concepts) {
    const joined = [...joinedTo.values()].filter((j) => j.concept === asked).map((j) => j.joined);
    const concept = joined.length > 0 ? { ...asked, phrases: [...asked.phrases, ...joined] } : asked;
    const tsquery = phrasesToTsquery(concept.phrases, { modelSuffix: concept.kind === 'model' });
    if (tsquery || Object.keys(concept.familyCredit).length > 0) {
      const line = concept.kind === 'model' ? modelLineOf(concept.asked) : undefined;
      facets.push({
        kind: 'concept',
        weight: WEIGHTS.concept,
        concept,
        tsquery,
        ...(line ? { line } : {}),
        ...(concept.purpose ? { purpose: true } : {}),
      });
    }
  }
  for (const brand of query.brands) {
    const tsquery = phrasesToTsquery(brand.phrases);
    if (tsquery)
      facets.push({
        kind: 'brand',
        weight: WEIGHTS.brand,
        name: brand.name,
        asked: brand.asked,
        phrases: brand.phrases,
        tsquery,
        ...(brand.purpose ? { purpose: true } : {}),
      });
  }
  for (const model of query.models) {
    const tsquery = phrasesToTsquery(modelSpellings(model), { modelSuffix: true });
    const line = modelLineOf(model);
    if (tsquery) facets.push({ kind: 'model', weight: WEIGHTS.model, word: model, tsquery, prefix: false, ...(line ? { line } : {}) });
  }
  for (const phrase of query.phrases) {
    // A quoted model's number, too, as sellers write it with a letter after it ("2000c").
    const tsquery = phrasesToTsquery([phrase], { modelSuffix: /\d$/.test(phrase) });
    if (tsquery) facets.push({ kind: 'phrase', weight: WEIGHTS.phrase, word: phrase, tsquery, prefix: false });
  }
  const tasks = tasksOf(query);
  for (const term of query.terms) {
    const prefix = term === query.prefix;
    const joined = joinedTo.get(term)?.joined;
    const tsquery = phrasesToTsquery(joined ? [term, joined] : [term]);
    const task = tasks.has(term) ? { task: true } : {};
    const purpose = query.purposes?.includes(term) ? { purpose: true } : {};
    if (tsquery) facets.push({ kind: 'term', weight: WEIGHTS.term, word: term, tsquery, prefix, ...task, ...purpose });
  }
  if (query.condition) {
    facets.push({ kind: 'condition', weight: WEIGHTS.condition, values: query.condition.values, label: query.condition.label });
  }
  if (query.price) {
    facets.push({ kind: 'price', weight: WEIGHTS.price, price: query.price, ...priceBoundsCents(query.price) });
  }
  if (query.country) facets.push({ kind: 'country', weight: WEIGHTS.country, country: query.country });
  return facets;
}

/**
 * A loose word asked as a task that equipment the dictionary names does ('to spin' →
 * "centrifuge"), or read as describing the thing the dictionary defines by it ('lung' →
 * "spirometer").
 */
export function isNamedTask(facet: Facet): boolean {
  return facet.kind === 'term' && (facet.expansions ?? []).some((e) => namesTheThing(facet, e));
}

function namesTheThing(facet: WordFacet, expansion: Expansion): boolean {
  return facet.task === true ? expansion.doesIt === true : facet.describes === true && isDefinedThing(expansion);
}

/** A thing the dictionary defines by the asked word ('lung' → "spirometer"), not one named for doing a verb. */
export function isDefinedThing(expansion: Expansion): boolean {
  return expansion.definedBy === true && !expansion.doesIt;
}

/**
 * A task the dictionary names equipment for is the kind asked, as a kind's name is: it weighs
 * as much, and that equipment in a title is what was asked ('something to spin blood samples':
 * a centrifuge; the samples only rank).
 */
export function asNamedTask(facet: WordFacet): WordFacet {
  if (!isNamedTask(facet)) return facet;
  return {
    ...facet,
    weight: WEIGHTS.concept,
    expansions: facet.expansions!.map((e) => (namesTheThing(facet, e) ? { ...e, similarity: 1 } : e)),
  };
}

/**
 * The credit from which a facet counts as met (a listing is relevant only when every facet
 * with a threshold is met); loose words have none — they only rank,
 * unless they name a task (`isNamedTask`).
 */
export function needThreshold(facet: Facet): number | undefined {
  // What the thing asked is for ranks; it is not a need.
  if (facet.purpose) return undefined;
  switch (facet.kind) {
    case 'concept':
      return 0.85;
    case 'brand':
    case 'model':
    case 'phrase':
      return 0.9;
    case 'term':
      return isNamedTask(facet) ? 0.85 : undefined;
    default:
      return 1;
  }
}

export function isTextFacet(facet: Facet): facet is ConceptFacet | BrandFacet | WordFacet {
  return facet.kind !== 'condition' && facet.kind !== 'price' && facet.kind !== 'country';
}

/**
 * A scored listing with each facet's credit as `creditOf` says (given the credit it has), and
 * whether every need is met and its weighted share (scoreOf) following them; the same object
 * when no credit changes.
 */
export function recredited<T extends { credits: number[]; met: boolean; lex: number }>(
  scored: T,
  facets: readonly Facet[],
  creditOf: (credit: number, facet: Facet, index: number) => number,
): T {
  const credits = scored.credits.map((credit, i) => creditOf(credit, facets[i]!, i));
  if (credits.every((credit, i) => credit === scored.credits[i])) return scored;
  const met = facets.every((facet, i) => {
    const threshold = needThreshold(facet);
    return threshold === undefined || (credits[i] ?? 0) >= threshold;
  });
  return { ...scored, credits, met, lex: facets.length === 0 ? 1 : scoreOf(facets, credits) };
}

/** The weighted share of the facets a listing satisfies, given each facet's credit. */
export function scoreOf(facets: readonly Facet[], credits: readonly number[]): number {
  const total = facets.reduce((sum, facet) => sum + facet.weight, 0);
  if (total === 0) return 1;
  const got = facets.reduce((sum, facet, i) => sum + facet.weight * (credits[i] ?? 0), 0);
  return got / total;
}
