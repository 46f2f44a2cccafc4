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

/** The request's neighbouring words before its first clause, each pair padded for a whole-word test (' testing machine '). */
export function typedPairsOf(text: string): string[] {
  const all = normalizeForMatch(text).split(' ');
  const clause = all.findIndex((word, i) => i > 0 && CLAUSE_WORDS.has(word));
  const words = (clause < 0 ? all : all.slice(0, clause)).filter((w) => w && !ENGLISH_STOP_WORDS.has(w) && !/^\d/.test(w));
  return words.slice(1).map((word, i) => ` ${words[i]} ${word} `);
}

/** Whether a title has one of the pairs (typedPairsOf), plurals folded as search reads titles. */
export function titleHasTypedPair(title: string, pairs: readonly string[]): boolean {
  if (pairs.length === 0) return false;
  const padded = ` ${normalizeForMatch(title)} `;
  return pairs.some((pair) => padded.includes(pair));
}
