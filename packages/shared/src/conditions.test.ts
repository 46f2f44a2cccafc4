import { describe, expect, it } from 'vitest';
import { CONDITIONS, CONDITION_OPTIONS, ConditionSchema, conditionLabel } from './conditions.js';

describe('conditions', () => {
  it('lists the nine values in spec order', () => {
    expect(CONDITIONS).toEqual([
      'new',
      'new-other',
      'certified-refurbished',
      'excellent-refurbished',
      'very-good-refurbished',
      'good-refurbished',
      'seller-refurbished',
      'pre-owned',
      'for-parts',
    ]);
  });

  it('labels each value for display', () => {
    expect(CONDITION_OPTIONS.map((o) => o.label)).toEqual([
      'New',
      'New (Other)',
      'Certified Refurbished',
      'Excellent - Refurbished',
      'Very Good - Refurbished',
      'Good - Refurbished',
      'Seller Refurbished',
      'Pre-owned',
      'For Parts or Not Working',
    ]);
    expect(conditionLabel('for-parts')).toBe('For Parts or Not Working');
  });

  it('shows an unknown value as it is', () => {
    expect(conditionLabel('mint')).toBe('mint');
  });

  it('accepts only known values, asking to select one otherwise', () => {
    expect(ConditionSchema.parse('pre-owned')).toBe('pre-owned');
    const result = ConditionSchema.safeParse('used');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please select a condition');
  });
});
