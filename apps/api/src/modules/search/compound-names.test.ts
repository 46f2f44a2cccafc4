import { describe, expect, it } from 'vitest';
import { compoundNameIn, creditedForCompoundNames } from './compound-names.js';
import { TEXT_CREDIT, facetsOf } from './facets.js';
import { understandQuery } from './query-understanding.js';

describe('compoundNameIn', () => {
  it('finds a title word that is a compound of a one-word name', () => {
    expect(compoundNameIn('Covaris M220 Focused-ultrasonicator', ['sonicator', 'ultrasonic processor'])).toBe('ultrasonicator');
    expect(compoundNameIn('Two mini microcentrifuges', ['centrifuge'])).toBe('microcentrifuge');
  });

  it('finds nothing for the name itself, a short name, or a name of several words', () => {
    expect(compoundNameIn('QSonica Q500 Sonicator', ['sonicator'])).toBeUndefined();
    expect(compoundNameIn('Thermo bioreactor', ['reactor lab'])).toBeUndefined();
    expect(compoundNameIn('Macrovent', ['vent'])).toBeUndefined();
  });
});

describe('creditedForCompoundNames', () => {
  const facets = facetsOf(understandQuery('sonicator'));
  const family = Object.keys((facets[0] as Extract<(typeof facets)[number], { kind: 'concept' }>).concept.familyCredit)[0]!;

  it("credits a compound in a title of the kind's family as another of its names, meeting the need", () => {
    const [raised] = creditedForCompoundNames(
      [{ title: 'Covaris M220 Focused-ultrasonicator', credits: [0.5], met: false, lex: 0.5, category: family }],
      facets,
    );
    expect(raised).toMatchObject({ credits: [TEXT_CREDIT.conceptOtherNameInTitle], met: true });
  });

  it("credits it as the kind's words in another kind's title elsewhere, and leaves other titles alone", () => {
    const elsewhere = { title: 'Ultrasonicator bath', credits: [0], met: false, lex: 0, category: 'centrifuges' };
    const plain = { title: 'Orbital shaker', credits: [0.5], met: false, lex: 0.5, category: family };
    const [raised, kept] = creditedForCompoundNames([elsewhere, plain], facets);
    expect(raised!.credits).toEqual([TEXT_CREDIT.conceptInTitleOnly]);
    expect(raised!.met).toBe(false);
    expect(kept).toBe(plain);
  });
});
