import { TAXONOMY, normalizeForMatch } from '@benchmarket/shared';
import { describe, expect, it } from 'vitest';
import { EQUIPMENT_GLOSSARY } from './equipment-glossary.js';
import { understandQuery } from './query-understanding.js';
import { BRAND_ALIASES, CONDITION_PHRASES, FAMILY_VOCABULARY } from './vocabulary.js';

/** Every phrase the families, brands and conditions already give a meaning, normalised. */
function phrasesWithAMeaning(): Set<string> {
  const phrases = [
    ...TAXONOMY.flatMap((family) => [...family.keywords, ...family.synonyms.flat(), ...family.manufacturers]),
    ...Object.values(FAMILY_VOCABULARY).flatMap((vocabulary) => [...vocabulary.generic, ...vocabulary.groups.flat()]),
    ...Object.entries(BRAND_ALIASES).flatMap(([brand, aliases]) => [brand, ...aliases]),
    ...CONDITION_PHRASES.map(([phrase]) => phrase),
  ];
  return new Set(phrases.map(normalizeForMatch));
}

describe('EQUIPMENT_GLOSSARY', () => {
  it('names no kind a family, brand or condition already names, and each name once', () => {
    const taken = phrasesWithAMeaning();
    const seen = new Set<string>();
    const clashes: string[] = [];
    for (const name of EQUIPMENT_GLOSSARY.flat().map(normalizeForMatch)) {
      if (taken.has(name) || seen.has(name)) clashes.push(name);
      seen.add(name);
    }
    expect(clashes).toEqual([]);
  });

  it('reads an abbreviation as the kind, with every name of it', () => {
    const [kind] = understandQuery('UTM').concepts;
    expect(kind?.label).toBe('universal testing machine');
    expect(kind?.phrases).toEqual(expect.arrayContaining(['utm', 'load frame', 'tensile tester']));
    expect(kind?.familyCredit).toEqual({});
  });

  it("reads a buyer's plain words as the kind they name", () => {
    expect(understandQuery('sleep study machine').concepts[0]?.phrases).toContain('polysomnograph');
    expect(understandQuery('kidney machine for a clinic').concepts[0]?.phrases).toContain('hemodialysis machine');
  });
});
