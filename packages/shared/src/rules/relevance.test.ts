import { describe, expect, it } from 'vitest';
import { relevanceTone } from './relevance.js';

describe('relevanceTone (spec §9)', () => {
  it('reads the tone from the prefix', () => {
    expect(relevanceTone('Relevant: a -80 freezer as asked')).toBe('relevant');
    expect(relevanceTone('Somewhat relevant: a -20 freezer')).toBe('somewhat');
    expect(relevanceTone('Not relevant: a centrifuge')).toBe('not');
  });

  it('tolerates leading space and case', () => {
    expect(relevanceTone('  not relevant: x')).toBe('not');
  });

  it('is unknown without a known prefix', () => {
    expect(relevanceTone('Highly relevant: x')).toBe('unknown');
    expect(relevanceTone('')).toBe('unknown');
    expect(relevanceTone(null)).toBe('unknown');
  });
});
