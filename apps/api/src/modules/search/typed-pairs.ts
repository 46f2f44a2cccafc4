import { FOR_WORDS, normalizeForMatch } from '@benchmarket/shared';
import { COUNTRY_LEAD_WORDS, ENGLISH_STOP_WORDS } from './vocabulary.js';

/**
 * What a title that has two words of the request side by side, as typed, adds to the fused
 * score ("materials testing machine" for 'universal testing machine', not a "home sleep testing
 * device"): a phrase says more than its words apart. Less than any need is worth, so it only
 * orders listings that meet the request alike (measured on the tuning halves: 0.05 gains there
 * and on the test halves; 0.15 let a pair outrank the price asked).
 */
export const TYPED_PAIR_SHARE = 0.05;
/** Words after which a request says what else it wants ('with a vacuum pump', 'for PCR tubes', 'in the UK', 'under $8k'). */
const CLAUSE_WORDS: ReadonlySet<string> = new Set([
  ...FOR_WORDS,
  ...COUNTRY_LEAD_WORDS,
  'with',
  'without',
  'under',
  'below',
  'plus',
  'including',
]);

/** What separates two words of a title (normalizeForMatch's spaces). */
const BETWEEN_WORDS = '[^a-z0-9+]+';

/**
 * The request's neighbouring words before its first clause, as one pattern over a title's words
 * ('universal testing machine' → "universal testing" or "testing machine"; a title's plural is
 * the word), or undefined when there is no pair. A pattern over the title as written, not the
 * title normalised: normalising costs 10–20 µs a title, and AI search looks at hundreds.
 */
export function typedPairsPattern(text: string): RegExp | undefined {
  const all = normalizeForMatch(text).split(' ');
  const clause = all.findIndex((word, i) => i > 0 && CLAUSE_WORDS.has(word));
  const words = (clause < 0 ? all : all.slice(0, clause)).filter((w) => w && !ENGLISH_STOP_WORDS.has(w) && !/^\d/.test(w));
  if (words.length < 2) return undefined;
  const pairs = words.slice(1).map((word, i) => `${asTitleWord(words[i]!)}${BETWEEN_WORDS}${asTitleWord(word)}`);
  return new RegExp(`(?:^|${BETWEEN_WORDS})(?:${pairs.join('|')})(?=$|${BETWEEN_WORDS})`);
}

/** A normalised word as a title may write it: itself or a plural (normalizeForMatch's `singular`, backwards). */
function asTitleWord(word: string): string {
  const escaped = word.replace(/[+]/g, '\\+');
  return word.endsWith('y') ? `(?:${escaped}|${escaped.slice(0, -1)}ies|${escaped}s)` : `${escaped}(?:e?s)?`;
}

/** One normalised word, whole, in a title as written (a plural is the word), as typedPairsPattern reads titles. */
export function titleWordPattern(word: string): RegExp {
  return new RegExp(`(?:^|${BETWEEN_WORDS})${asTitleWord(word)}(?=$|${BETWEEN_WORDS})`);
}

/** Whether a title, read as written, matches a pattern over its words: the request's pairs (typedPairsPattern) or one word (titleWordPattern). */
export function titleMatches(title: string, pattern: RegExp | undefined): boolean {
  if (!pattern) return false;
  // Accents only where a title has any ("Dräger"): stripping them is most of normalising's cost.
  // eslint-disable-next-line no-control-regex
  const plain = /[^\x00-\x7f]/.test(title) ? title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : title;
  return pattern.test(plain.toLowerCase());
}
