import { normalizeForMatch } from '@benchmarket/shared';
import { TEXT_CREDIT, isOfItsFamily, recredited, type Facet } from './facets.js';
import type { Credited } from './made-for.js';

/*
 * A title word that is a compound of a kind's one-word name: "Covaris M220 Focused-
 * ultrasonicator" names a sonicator, "Mini microcentrifuge" a centrifuge. The full-text index
 * holds a compound as one word, so the kind's name alone does not find it there; a seller's
 * compound names a kind of its last part.
 */

/** Shorter names ('vent', 'lamp') end too many words that are not compounds of them. */
const NAME_MIN = 5;
/** Letters a compound has before the name ('micro', 'ultra', 'mini'). */
const BEFORE_MIN = 3;

/** The title's word that is a compound of one of the names (with letters before it), if any. */
export function compoundNameIn(title: string, names: readonly string[]): string | undefined {
  const singles = names.filter((name) => !name.includes(' ') && name.length >= NAME_MIN);
  if (singles.length === 0) return undefined;
  return normalizeForMatch(title)
    .split(' ')
    .find((word) => singles.some((name) => word.length - name.length >= BEFORE_MIN && word.endsWith(name)));
}

/**
 * The candidates with a kind's credit raised where their title names it in a compound: as
 * another of the kind's names in the title of a listing of its family, as the kind's words in
 * another kind's title elsewhere (local-engine's creditSql for a one-word name).
 */
export function creditedForCompoundNames<T extends Credited & { category: string | null }>(
  candidates: readonly T[],
  facets: readonly Facet[],
): T[] {
  if (!facets.some((facet) => facet.kind === 'concept' && facet.concept.kind === 'kind')) return [...candidates];
  return candidates.map((candidate) =>
    recredited(candidate, facets, (credit, facet) => {
      if (facet.kind !== 'concept' || facet.concept.kind !== 'kind' || credit >= TEXT_CREDIT.conceptOtherNameInTitle) return credit;
      if (!compoundNameIn(candidate.title, facet.concept.phrases)) return credit;
      const ofItsFamily = isOfItsFamily(facet.concept, candidate.category);
      return Math.max(credit, ofItsFamily ? TEXT_CREDIT.conceptOtherNameInTitle : TEXT_CREDIT.conceptInTitleOnly);
    }),
  );
}
