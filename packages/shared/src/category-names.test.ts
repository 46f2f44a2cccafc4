import { describe, expect, it } from 'vitest';
import { CATEGORY_NAMES, categoryName } from './category-names.js';
import { TAXONOMY } from './taxonomy.js';

describe('category names', () => {
  it('name every family of the taxonomy, and nothing else', () => {
    expect(CATEGORY_NAMES).toEqual(Object.fromEntries(TAXONOMY.map((family) => [family.id, family.name])));
  });

  it('show a category by its name, an unknown one as it is', () => {
    expect(categoryName('thermal-cyclers')).toBe('Thermal Cyclers (PCR / qPCR)');
    expect(categoryName('time-machines')).toBe('time-machines');
    expect(categoryName('toString')).toBe('toString');
  });
});
