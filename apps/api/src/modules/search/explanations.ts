import {
  RELEVANCE_PREFIXES,
  conditionLabel,
  findFamily,
  formatPrice,
  normalizeForMatch,
  type RagSearchResponse,
} from '@benchmarket/shared';
import { joinedNamesApart } from '../listings/index.js';
import type { Verdict } from '../../providers/ai/index.js';
import { compoundNameIn } from './compound-names.js';
import { headCredit, kindHead, titleHasHead } from './kind-heads.js';
import {
  TEXT_CREDIT,
  isNamedTask,
  isOfItsFamily,
  isTextFacet,
  needThreshold,
  onlyRelated,
  scoreOf,
  type Facet,
  type WordFacet,
  type ModelLine,
} from './facets.js';
import { brandsInText } from './query-understanding.js';
import { FAMILY_VOCABULARY } from './vocabulary.js';

/**
 * The local engine's explanations (pure): from the credit each facet earned (facets.ts),
 * a verdict and a sentence that says concretely what matched and what did not — 'Relevant:
 * thermal cycler (PCR) family matches "pcr machine"; refurbished as asked; $4,200.00 is
 * under your $5,000.00 budget; located in Germany.' (spec §9: the prefix sets the colour).
 */

export type { Verdict };

/** What an explanation needs to know about a listing. */
interface ExplainedListing {
  title: string;
  description: string;
  priceCents: number;
  condition: string;
  location: string | null;
  category: string | null;
}

interface Explanation {
  verdict: Verdict;
  /** 0–1, within the verdict's band (relevant ≥ 0.75 > somewhat ≥ 0.4 > not). */
  score: number;
  text: string;
}

const BANDS: Record<Verdict, [number, number]> = {
  relevant: [0.75, 1],
  somewhat: [0.4, 0.74],
  not: [0, 0.39],
};

/** A concept counts as met from this credit (its words, or its whole family): needThreshold. */
const SATISFIED = 0.85;
/** …and as partly met from this one (the family of a kind or model line, words in a description). */
const IDENTITY_MATCHED = 0.35;

function quote(text: string): string {
  return `"${text}"`;
}

/** Words that take no 'a': "it is ophthalmic equipment", not "an ophthalmic equipment". */
const MASS_NOUN = /\b(equipment|furniture|glassware|plasticware|software)$/i;

/** 'a centrifuge', 'an incubator', 'an AED', 'a qPCR', 'an HPLC', 'surgical equipment'. */
export function article(label: string): string {
  if (MASS_NOUN.test(label) && !label.includes(' or ')) return label;
  if (/^[A-Z]{2,}/.test(label)) return `${/^[AEFHILMNORSX]/.test(label) ? 'an' : 'a'} ${label}`;
  return /^[aeiou]/i.test(label) && !/^(uv|us|one|uni)/i.test(label) ? `an ${label}` : `a ${label}`;
}

function familyLabel(category: string | null): string | undefined {
  if (!category) return undefined;
  return FAMILY_VOCABULARY[category]?.label ?? findFamily(category)?.name;
}

const money = (cents: number) => formatPrice(cents / 100);

/** The longest of `phrases` (normalised) that `text` contains, as words. */
function phraseIn(text: string, phrases: readonly string[]): string | undefined {
  const padded = ` ${normalizeForMatch(text)} `;
  return [...phrases].sort((a, b) => b.length - a.length).find((phrase) => padded.includes(` ${phrase} `));
}

/** One of a kind's names in a title, or a compound of one ("ultrasonicator" of "sonicator"). */
function nameInTitle(title: string, phrases: readonly string[]): string | undefined {
  return phraseIn(title, phrases) ?? compoundNameIn(title, phrases);
}

/** A model's line as the title writes it ('NanoDrop', '2008K'), else as the query has it. */
function lineInTitle(title: string, line: ModelLine): string {
  return new RegExp(line.titlePattern, 'i').exec(title)?.[0] ?? line.words;
}

/** The verdict: relevant when every part of the request is met, not relevant when its core is missing. */
function verdictOf(facets: readonly Facet[], credits: readonly number[], score: number): Verdict {
  let everyNeedMet = true;
  let identities = 0;
  let identitiesMatched = 0;
  let conceptsMissing = 0;
  facets.forEach((facet, i) => {
    const credit = credits[i] ?? 0;
    const threshold = needThreshold(facet);
    if (threshold !== undefined && credit < threshold) everyNeedMet = false;
    if (
      !facet.purpose &&
      (facet.kind === 'concept' || facet.kind === 'brand' || facet.kind === 'model' || facet.kind === 'phrase' || isNamedTask(facet))
    ) {
      identities += 1;
      if (credit >= IDENTITY_MATCHED) identitiesMatched += 1;
      else if (facet.kind === 'concept') conceptsMissing += 1;
    }
  });
  if (everyNeedMet && score >= BANDS.relevant[0]) return 'relevant';
  if (score < BANDS.somewhat[0]) return 'not';
  if (identities > 0 && identitiesMatched === 0) return 'not';
  if (conceptsMissing > 0 && facets.filter((f) => f.kind === 'concept' && !f.purpose).length === conceptsMissing) return 'not';
  return 'somewhat';
}

/** The score shown, within the verdict's band and in the same order as the raw score. */
function bandScore(raw: number, verdict: Verdict): number {
  const x = Math.min(1, Math.max(0, raw));
  let shown: number;
  if (verdict === 'relevant') shown = Math.max(BANDS.relevant[0], x);
  else if (verdict === 'somewhat') {
    const [low, high] = BANDS.somewhat;
    shown = low + ((Math.max(low, x) - low) / (1 - low)) * (high - low);
  } else shown = Math.min(BANDS.not[1], x);
  return Math.round(shown * 100) / 100;
}

interface Parts {
  met: string[];
  unmet: string[];
  /**
   * How an unmet part that says "but" itself reads after what was met ("…; but not a CPAP —
   * it is a ventilator", never "…; but a ventilator, but not a CPAP").
   */
  afterMet?: Map<string, string>;
}

/** An unmet part, and how it reads after what was met. */
function pushUnmet(parts: Parts, alone: string, afterMet: string): void {
  parts.unmet.push(alone);
  (parts.afterMet ??= new Map()).set(alone, afterMet);
}

function describeConcept(facet: Extract<Facet, { kind: 'concept' }>, credit: number, listing: ExplainedListing, parts: Parts): void {
  const { concept } = facet;
  const asked = quote(concept.asked);
  const sameWords = normalizeForMatch(concept.label) === normalizeForMatch(concept.asked);
  /** 'an AED' or 'an AED ("defib")'. */
  const named = sameWords ? article(concept.label) : `${article(concept.label)} (${asked})`;
  // What the thing asked is for: said when the listing names it, else only that it does not.
  if (facet.purpose && credit < SATISFIED) {
    parts.unmet.push(`no ${asked}`);
    return;
  }
  const head = kindHead(facet);
  if (head && credit === headCredit(facet, listing.category) && titleHasHead(listing.title, head)) {
    // A "dry pump" asked as a "vacuum pump": the word that names the kind, not the kind's name.
    const own = familyLabel(listing.category);
    const notIt = `not ${named}${own ? ` — it is ${article(own)}` : ''}`;
    parts.met.push(`${quote(head)} in the title`);
    pushUnmet(parts, notIt, notIt);
    return;
  }
  const ownFamily = familyLabel(listing.category);
  const inFamily = isOfItsFamily(concept, listing.category);
  if (inFamily) {
    if (facet.line && credit === TEXT_CREDIT.modelLineInTitle) {
      parts.met.push(`${quote(lineInTitle(listing.title, facet.line))} in the title`);
      parts.unmet.push(`not ${named}`);
      return;
    }
    if (credit >= SATISFIED) {
      if (concept.kind === 'family')
        parts.met.push(sameWords ? `${article(concept.label)} as asked` : `${concept.label} family matches ${asked}`);
      else if (credit >= 1) parts.met.push(concept.kind === 'model' ? `${asked} in the title` : `${named} as asked`);
      else if (credit === TEXT_CREDIT.conceptOtherNameInTitle && nameInTitle(listing.title, concept.phrases))
        parts.met.push(`${quote(nameInTitle(listing.title, concept.phrases)!)} in the title`);
      else parts.met.push(`${quote(phraseIn(listing.description, concept.phrases) ?? concept.asked)} in the description`);
    } else {
      const own = article(ownFamily ?? 'listing');
      pushUnmet(parts, `${own}, but not ${named}`, `not ${named} — it is ${own}`);
    }
    return;
  }
  const other = article(ownFamily ?? 'listing of another kind');
  if (concept.kind === 'model' && credit > TEXT_CREDIT.conceptInTitleOnly) {
    // A model line's name in the title counts in any family (local-engine: creditSql).
    parts.met.push(`${asked} in the title`);
  } else if (credit >= 1 && (listing.category === null || concept.compound)) {
    // No family was found for it, or another was: the words asked in its title ('homecare
    // bed', 'platelet agitator') are what make it the kind asked.
    const titled = phraseIn(listing.title, concept.compound ? [concept.compound, concept.matched] : [concept.matched, ...concept.phrases]);
    parts.met.push(`${quote(titled ?? concept.compound ?? concept.asked)} in the title`);
  } else if (credit >= TEXT_CREDIT.conceptInTitleOnly) {
    const titled = quote(nameInTitle(listing.title, concept.phrases) ?? concept.asked);
    pushUnmet(parts, `${titled} is in the title, but it is ${other}`, `it is ${other}, though ${titled} is in the title`);
  } else if (credit >= TEXT_CREDIT.conceptInDescriptionOnly) {
    parts.unmet.push(
      `${quote(phraseIn(listing.description, concept.phrases) ?? concept.asked)} appears only in the description of ${other}`,
    );
  } else {
    parts.unmet.push(`not ${article(concept.label)}${ownFamily ? ` — it is ${article(ownFamily)}` : ''}`);
  }
}

function describeWord(
  facet: Extract<Facet, { kind: 'brand' | 'model' | 'phrase' | 'term' }>,
  credit: number,
  listing: ExplainedListing,
  parts: Parts,
): void {
  if (facet.kind === 'brand') {
    // The maker of what it is for ('for our Olympus tower'): a light source by another maker may fit it.
    if (facet.purpose && credit < 1) parts.unmet.push(`no mention of ${facet.name}`);
    else if (credit >= 1) parts.met.push(`${facet.name} as asked`);
    else if (credit > 0) parts.unmet.push(`${facet.name} only mentioned in the description`);
    else {
      const makers = brandsInText(listing.title).filter((b) => b !== facet.name);
      parts.unmet.push(makers.length > 0 ? `made by ${makers[0]}, not ${facet.name}` : `not made by ${facet.name}`);
    }
    return;
  }
  const word = facet.kind === 'model' ? facet.word.toUpperCase() : facet.word;
  const what = facet.kind === 'model' ? `model ${word}` : quote(word);
  // A word as close as the asked one (another spelling, a task's equipment, a compound of it)
  // earns the same credit in a description: the text tells which of them is there.
  const closeOneInstead =
    facet.kind === 'term' &&
    credit === TEXT_CREDIT.wordInDescription &&
    !phraseIn(listing.description, [facet.word]) &&
    (facet.expansions ?? []).some((e) => e.similarity === 1 && phraseIn(listing.description, [e.word]));
  const exact = [1, TEXT_CREDIT.wordInDescription, TEXT_CREDIT.wordInSearchTerms].includes(credit) && !closeOneInstead;
  const similar =
    facet.kind === 'term' && credit > 0 && !exact
      ? (facet.expansions ?? []).find((e) => phraseIn(listing.title, [e.word]) ?? phraseIn(listing.description, [e.word]))
      : undefined;
  if (similar) {
    const where = phraseIn(listing.title, [similar.word]) ? 'the title' : 'the description';
    parts.met.push(
      similar.doesIt
        ? `${quote(similar.word)} in ${where}: the dictionary's equipment to ${what}`
        : similar.definedBy
          ? `${quote(similar.word)} in ${where}: its dictionary definition uses ${what}`
          : similar.corrected
            ? `${quote(similar.word)} in ${where} (${what} read as ${quote(similar.word)})`
            : facet.kind === 'term' && onlyRelated(facet.word, similar)
              ? `${quote(similar.word)} in ${where} is related to ${what}`
              : `${quote(similar.word)} in ${where} means about the same as ${what}`,
    );
    return;
  }
  if (facet.line && credit === TEXT_CREDIT.modelLineInTitle) {
    parts.met.push(`${quote(lineInTitle(listing.title, facet.line))} in the title`);
    parts.unmet.push(`not ${what}`);
    return;
  }
  if (credit >= 1)
    parts.met.push(
      facet.kind === 'model'
        ? `${what} matches`
        : `${what} in the title${startsAWordOnly(facet, listing.title) ? ' (as a word start)' : ''}`,
    );
  else if (credit >= TEXT_CREDIT.wordInDescription) parts.met.push(`${what} in the description`);
  else if (credit > 0) parts.met.push(`${what} in ${joinedWordInTitle(listing.title, word) ?? 'its category or condition'}`);
  else parts.unmet.push(facet.kind === 'model' ? `not ${what}` : `no ${what}`);
}

/** A last word matched as a prefix ('centri') that the title has only as the start of a longer word. */
function startsAWordOnly(facet: WordFacet, title: string): boolean {
  return facet.prefix && !phraseIn(title, [normalizeForMatch(facet.word)]);
}

/**
 * Where a word credited from the listing's search terms shows in its title as part of a name
 * joined to its number ('3000' or 'mastersizer' in "Mastersizer3000"): the title, quoting the
 * joined word; undefined otherwise.
 */
function joinedWordInTitle(title: string, word: string): string | undefined {
  const joined = joinedNamesApart(title).find((apart) => apart.toLowerCase().split(' ').includes(word));
  return joined ? `the title (${quote(joined.replace(' ', ''))})` : undefined;
}

function describeConstraint(
  facet: Extract<Facet, { kind: 'condition' | 'price' | 'country' }>,
  credit: number,
  listing: ExplainedListing,
  parts: Parts,
): void {
  const met = credit >= 1;
  if (facet.kind === 'condition') {
    const actual = conditionLabel(listing.condition);
    if (met)
      parts.met.push(
        actual.toLowerCase() === facet.label.toLowerCase() ? `${facet.label} as asked` : `${facet.label} as asked (${actual})`,
      );
    else parts.unmet.push(`it is ${actual}, not ${facet.label}`);
    return;
  }
  if (facet.kind === 'price') {
    const price = money(listing.priceCents);
    const { price: ask } = facet;
    switch (ask.kind) {
      case 'max':
        (met ? parts.met : parts.unmet).push(`${price} is ${met ? 'under' : 'over'} your ${money(ask.max * 100)} budget`);
        return;
      case 'min':
        (met ? parts.met : parts.unmet).push(`${price} is ${met ? 'at least' : 'below'} your ${money(ask.min * 100)} minimum`);
        return;
      case 'range':
        (met ? parts.met : parts.unmet).push(
          `${price} is ${met ? 'within' : 'outside'} your ${money(ask.min * 100)}–${money(ask.max * 100)} range`,
        );
        return;
      case 'around':
        (met ? parts.met : parts.unmet).push(`${price} is ${met ? 'close to' : 'far from'} your ${money(ask.target * 100)}`);
        return;
    }
  }
  if (facet.kind === 'country') {
    if (met) parts.met.push(`located in ${facet.country.name}`);
    else
      parts.unmet.push(
        listing.location
          ? `located in ${listing.location}, not ${facet.country.name}`
          : `no location given (you asked for ${facet.country.name})`,
      );
  }
}

function sentence(parts: Parts, verdict: Verdict): string {
  const prefix = RELEVANCE_PREFIXES[verdict];
  if (verdict === 'not') {
    const body = [...parts.unmet, ...parts.met.map((m) => `only ${m}`)];
    return `${prefix} ${body.join('; ')}.`;
  }
  if (parts.met.length === 0) return `${prefix} ${parts.unmet.join('; ')}.`;
  const body = parts.met.join('; ');
  const unmet = parts.unmet.map((part) => parts.afterMet?.get(part) ?? part);
  return unmet.length > 0 ? `${prefix} ${body}; but ${unmet.join('; ')}.` : `${prefix} ${body}.`;
}

/** How close a listing is in meaning to what was asked (the local model or the AI endpoint's embeddings). */
export interface MeaningMatch {
  /** The words the buyer asked with, as typed. */
  asked: string;
  /** 0–1: how strongly the listing's meaning matches (calibrated similarity). */
  strength: number;
  /** Asked words the listing does not use, with its word nearest in meaning ('lamp' ≈ 'light'). */
  close: readonly { asked: string; near: string }[];
}

/** From this strength meaning alone makes a listing somewhat relevant; from STRONG_MEANING, relevant. */
const SOME_MEANING = 0.5;
const STRONG_MEANING = 0.85;

function describeMeaning(meaning: MeaningMatch, parts: Parts): void {
  if (meaning.strength < SOME_MEANING) return;
  const pairs = meaning.close.slice(0, 2).map(({ asked, near }) => `${quote(asked)} ≈ ${quote(near)}`);
  parts.met.push(`close in meaning to ${quote(meaning.asked)}${pairs.length > 0 ? ` (${pairs.join(', ')})` : ''}`);
}

/** A verdict raised by meaning where the words missed: never past what the constraints allow. */
function withMeaning(verdict: Verdict, facets: readonly Facet[], credits: readonly number[], strength: number | undefined): Verdict {
  if (strength === undefined || strength < SOME_MEANING) return verdict;
  const constraintsMet = facets.every((facet, i) => isTextFacet(facet) || (credits[i] ?? 0) >= 1);
  // Another model is never the one asked for, however alike ('2008K' for "2008T").
  const modelMissed = facets.some(
    (facet, i) =>
      (facet.kind === 'model' || (facet.kind === 'concept' && facet.concept.kind === 'model')) && (credits[i] ?? 0) < needThreshold(facet)!,
  );
  if (verdict === 'not') return 'somewhat';
  if (verdict === 'somewhat' && strength >= STRONG_MEANING && constraintsMet && !modelMissed) return 'relevant';
  return verdict;
}

/**
 * The verdict alone (`explain`'s, without its sentence): what a listing with these credits and
 * this strength of meaning would be called.
 */
export function verdictFor(facets: readonly Facet[], credits: readonly number[], strength?: number): Verdict {
  if (facets.length === 0) {
    if (strength === undefined) return 'relevant';
    return strength >= STRONG_MEANING ? 'relevant' : strength >= SOME_MEANING ? 'somewhat' : 'not';
  }
  // What the thing is decides the verdict; what it is for only ranks.
  const decides = facets.flatMap((facet, i) => (facet.purpose ? [] : [i]));
  const judged =
    decides.length === facets.length || decides.length === 0
      ? scoreOf(facets, credits)
      : scoreOf(
          decides.map((i) => facets[i]!),
          decides.map((i) => credits[i] ?? 0),
        );
  return withMeaning(verdictOf(facets, credits, judged), facets, credits, strength);
}

/** The local engine's explanation of one listing for one query. */
export function explain(
  facets: readonly Facet[],
  credits: readonly number[],
  listing: ExplainedListing,
  meaning?: MeaningMatch,
): Explanation {
  if (facets.length === 0 && !meaning) {
    return { verdict: 'relevant', score: 1, text: `${RELEVANCE_PREFIXES.relevant} one of the newest listings that match your filters.` };
  }
  const lexical = facets.length === 0 ? 0 : scoreOf(facets, credits);
  const raw = Math.max(lexical, meaning ? meaning.strength * 0.85 : 0);
  const verdict = verdictFor(facets, credits, meaning?.strength);
  const parts: Parts = { met: [], unmet: [] };
  if (meaning && !facets.some((facet, i) => isTextFacet(facet) && (credits[i] ?? 0) >= 0.35)) describeMeaning(meaning, parts);
  facets.forEach((facet, i) => {
    const credit = credits[i] ?? 0;
    switch (facet.kind) {
      case 'concept':
        describeConcept(facet, credit, listing, parts);
        break;
      case 'brand':
      case 'model':
      case 'phrase':
      case 'term':
        describeWord(facet, credit, listing, parts);
        break;
      default:
        describeConstraint(facet, credit, listing, parts);
    }
  });
  if (parts.met.length === 0 && parts.unmet.length === 0) parts.unmet.push(`little in common with ${quote(meaning?.asked ?? '')}`);
  return { verdict, score: bandScore(raw, verdict), text: sentence(parts, verdict) };
}

export function toRagResponse(explanation: Explanation, key: string): RagSearchResponse {
  return { relevance_explanation: explanation.text, relevance_score: explanation.score, rag_response_key: key };
}
