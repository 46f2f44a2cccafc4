import { describe, expect, it } from 'vitest';
import { titleHasTypedPair, typedPairsOf } from './typed-pairs.js';

describe('typedPairsOf', () => {
  it('pairs the neighbouring words of the thing asked, not of what follows "with", "for", "in" or "under"', () => {
    expect(typedPairsOf('universal testing machine')).toEqual([' universal testing ', ' testing machine ']);
    expect(typedPairsOf('used freeze dryer with vacuum pump under $8k')).toEqual([' used freeze ', ' freeze dryer ']);
    expect(typedPairsOf('stability chamber in the US')).toEqual([' stability chamber ']);
  });

  it('has no pair for one word, and none of numbers', () => {
    expect(typedPairsOf('microtome')).toEqual([]);
    expect(typedPairsOf('2 body refrigerator')).toEqual([' body refrigerator ']);
  });
});

describe('titleHasTypedPair', () => {
  it('finds a pair as whole words, a title in the plural as the singular', () => {
    const pairs = typedPairsOf('dental chair');
    expect(titleHasTypedPair('A-dec 500 dental chairs, pair', pairs)).toBe(true);
    expect(titleHasTypedPair('Dental unit with chair', pairs)).toBe(false);
    expect(titleHasTypedPair('Orthodental chairside lamp', pairs)).toBe(false);
  });
});
