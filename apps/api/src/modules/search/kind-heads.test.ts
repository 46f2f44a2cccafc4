import { describe, expect, it } from 'vitest';
import { TEXT_CREDIT, facetsOf } from './facets.js';
import { creditedForKindHeads, kindHead, titleHasHead } from './kind-heads.js';
import { understandQuery } from './query-understanding.js';

const facetsFor = (query: string) => facetsOf(understandQuery(query));

describe('kindHead', () => {
  it('is the last word of a kind asked in several words', () => {
    expect(kindHead(facetsFor('vacuum pump')[0]!)).toBe('pump');
  });

  it('is nothing for a kind asked in one word, or one whose last word names many kinds', () => {
    expect(kindHead(facetsFor('centrifuge')[0]!)).toBeUndefined();
    expect(kindHead(facetsFor('hematology analyzer')[0]!)).toBeUndefined();
  });
});

describe('titleHasHead', () => {
  it('finds the word whole and in the plural, not in what the listing is made for', () => {
    expect(titleHasHead('Edwards nXDS15i dry pump', 'pump')).toBe(true);
    expect(titleHasHead('Two dry PUMPS, refurbished', 'pump')).toBe(true);
    expect(titleHasHead('Pumpkin scale', 'pump')).toBe(false);
    expect(titleHasHead('Oil mist filter for rotary pumps', 'pump')).toBe(false);
  });
});

describe('creditedForKindHeads', () => {
  const facets = facetsFor('vacuum pump');

  it("raises a title with the kind's last word to that credit, without meeting the need", () => {
    const [raised] = creditedForKindHeads(
      [{ title: 'Edwards nXDS15i dry pump', credits: [0], met: false, lex: 0, category: null }],
      facets,
    );
    expect(raised!.credits).toEqual([TEXT_CREDIT.conceptHeadInTitle]);
    expect(raised!.met).toBe(false);
    expect(raised!.lex).toBeGreaterThan(0);
  });

  it('raises it more in a family the kind belongs to', () => {
    const concept = facets[0] as Extract<(typeof facets)[number], { kind: 'concept' }>;
    const family = Object.keys(concept.concept.familyCredit)[0]!;
    const [raised] = creditedForKindHeads(
      [{ title: 'Edwards nXDS15i dry pump', credits: [0.45], met: false, lex: 0.45, category: family }],
      facets,
    );
    expect(raised!.credits).toEqual([TEXT_CREDIT.conceptHeadInTitleOfFamily]);
    expect(raised!.met).toBe(false);
  });

  it('leaves a listing that already earns more, and a title without the word, alone', () => {
    const named = { title: 'Leybold Trivac D16B vacuum pump', credits: [1], met: true, lex: 1, category: null };
    const other = { title: 'FoodSaver V4400 vacuum sealer', credits: [0], met: false, lex: 0, category: null };
    const [a, b] = creditedForKindHeads([named, other], facets);
    expect(a).toBe(named);
    expect(b).toBe(other);
  });
});
