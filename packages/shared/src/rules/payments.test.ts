import { describe, expect, it } from 'vitest';
import { extensionPrice, isFreeClientSecret, listingPrice } from './payments.js';

describe('isFreeClientSecret (spec §4)', () => {
  it('recognises the free prefixes', () => {
    expect(isFreeClientSecret('free_tier_abc123')).toBe(true);
    expect(isFreeClientSecret('free_listing_abc123')).toBe(true);
  });

  it('rejects card client secrets and empty values', () => {
    expect(isFreeClientSecret('pi_3N_secret_abc')).toBe(false);
    expect(isFreeClientSecret('xfree_tier_')).toBe(false);
    expect(isFreeClientSecret('')).toBe(false);
    expect(isFreeClientSecret(null)).toBe(false);
  });
});

describe('pricing (spec §9)', () => {
  const pricing = { base_price: 29.99, additional_month_price: 19.99, extension_month_price: 24.99 };

  it('charges the base price for the first month and less for each further month', () => {
    expect(listingPrice(1, pricing)).toBe(29.99);
    expect(listingPrice(3, pricing)).toBe(69.97);
    expect(listingPrice(12, pricing)).toBe(249.88);
  });

  it('charges extensions at the monthly extension rate', () => {
    expect(extensionPrice(1, pricing)).toBe(24.99);
    expect(extensionPrice(6, pricing)).toBe(149.94);
  });
});
