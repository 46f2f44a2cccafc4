import { normalizeForMatch } from '@benchmarket/shared';
import { TEXT_CREDIT, isOfItsFamily, recredited, type Facet } from './facets.js';
import { namesOnlyWhatItIsFor, type Credited } from './made-for.js';
import { titleMatches, titleWordPattern } from './typed-pairs.js';
import { ENGLISH_STOP_WORDS, GENERIC_HEADS } from './vocabulary.js';

/*
 * A kind asked in two or more words is named by its last one: a "vacuum pump" is a pump, a "dry
 * block heater" a heater. A title with that word ("Edwards nXDS15i dry pump", "Techne Dri-Block
 * heater") is more likely the kind asked than a title without it, though the categoriser put it
 * in another family and its other words are the seller's own.
 */

/** The word a kind asked in several words is named by, when it tells kinds apart. */
export function kindHead(facet: Facet): string | undefined {
  if (facet.kind !== 'concept' || facet.concept.kind !== 'kind' || facet.purpose) return undefined;
  const words = normalizeForMatch(facet.concept.matched).split(' ').filter(Boolean);
  const head = words.at(-1);
  if (words.length < 2 || !head || head.length < 3 || ENGLISH_STOP_WORDS.has(head) || GENERIC_HEADS.has(head)) return undefined;
  return /^[a-z]+$/.test(head) ? head : undefined;
}

/**
 * Whether a title has the word, whole or in the plural, and not only as what the listing is for.
 * Read off the title as written (titleWordPattern): normalising a title costs 10–20 µs, and AI
 * search looks at hundreds.
 */
export function titleHasHead(title: string, head: string, pattern: RegExp = titleWordPattern(head)): boolean {
  return titleMatches(title, pattern) && !namesOnlyWhatItIsFor(title, [head]);
}

/** The credit a title with the kind's last word earns: more in a family the kind belongs to. */
export function headCredit(facet: Facet, category: string | null): number {
  const ofItsFamily = facet.kind === 'concept' && isOfItsFamily(facet.concept, category);
  return ofItsFamily ? TEXT_CREDIT.conceptHeadInTitleOfFamily : TEXT_CREDIT.conceptHeadInTitle;
}

/** The candidates with a kind's credit raised where their title has the word the kind is named by. */
export function creditedForKindHeads<T extends Credited & { category: string | null }>(
  candidates: readonly T[],
  facets: readonly Facet[],
): T[] {
  const heads = facets.map((facet) => {
    const head = kindHead(facet);
    return head ? { head, pattern: titleWordPattern(head) } : undefined;
  });
  if (heads.every((head) => head === undefined)) return [...candidates];
  return candidates.map((candidate) =>
    recredited(candidate, facets, (credit, facet, i) => {
      const head = heads[i];
      if (!head) return credit;
      const raised = headCredit(facet, candidate.category);
      return credit < raised && titleHasHead(candidate.title, head.head, head.pattern) ? raised : credit;
    }),
  );
}
