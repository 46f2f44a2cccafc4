import { describe, expect, it } from 'vitest';
import { titleMatches, typedPairsPattern } from './typed-pairs.js';

describe('typedPairsPattern and titleMatches', () => {
  it('finds two neighbouring words of the request side by side in a title, not apart', () => {
    const pairs = typedPairsPattern('universal testing machine');
    expect(titleMatches('Zwick Z050 AllroundLine materials testing machine', pairs)).toBe(true);
    expect(titleMatches('Tinius Olsen H25KS bench universal-testing frame', pairs)).toBe(true);
    expect(titleMatches('Zwick Z050 machine, materials testing', pairs)).toBe(false);
    expect(titleMatches('ResMed ApneaLink home sleep testing device', pairs)).toBe(false);
  });

  it('reads a title in the plural as the word, and words only whole', () => {
    const pairs = typedPairsPattern('dental chair');
    expect(titleMatches('A-dec 500 DENTAL CHAIRS, pair', pairs)).toBe(true);
    expect(titleMatches('Orthodental chairside lamp', pairs)).toBe(false);
    expect(titleMatches('Dental unit with chair', pairs)).toBe(false);
    expect(titleMatches('Two body centrifuges', typedPairsPattern('body centrifuge'))).toBe(true);
    expect(titleMatches('Mobile X-ray batteries', typedPairsPattern('x-ray battery'))).toBe(true);
    expect(titleMatches('Dräger Babylog ventilator', typedPairsPattern('drager babylog'))).toBe(true);
  });

  it('pairs only the thing asked, not what follows "with", "for", "in" or "under"', () => {
    const pairs = typedPairsPattern('used freeze dryer with vacuum pump under $8k');
    expect(titleMatches('Labconco FreeZone freeze dryer', pairs)).toBe(true);
    expect(titleMatches('Rotavapor R-300 w/ vacuum pump', pairs)).toBe(false);
    expect(titleMatches('Memmert stability chamber', typedPairsPattern('stability chamber in the US'))).toBe(true);
  });

  it('has no pattern for one word or for a number and a word', () => {
    expect(typedPairsPattern('microtome')).toBeUndefined();
    expect(typedPairsPattern('2 centrifuges')).toBeUndefined();
    expect(titleMatches('Microtome', undefined)).toBe(false);
  });
});
