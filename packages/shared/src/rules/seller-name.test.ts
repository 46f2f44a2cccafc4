import { describe, expect, it } from 'vitest';
import { SELLER_WITHOUT_COUNTRY, sellerPublicName } from './seller-name.js';

describe('sellerPublicName', () => {
  it('is the display name when there is one', () => {
    expect(sellerPublicName({ display_name: 'Northlab Instruments', country: 'Germany' })).toBe('Northlab Instruments');
  });

  it("is 'Seller from {country}' without a display name", () => {
    expect(sellerPublicName({ display_name: null, country: 'Germany' })).toBe('Seller from Germany');
    expect(sellerPublicName({ display_name: '  ', country: 'France' })).toBe('Seller from France');
  });

  it('is a neutral name without a display name or a country', () => {
    expect(sellerPublicName({ display_name: null, country: null })).toBe(SELLER_WITHOUT_COUNTRY);
  });
});
