import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryFlag, countryName, findCountry } from './countries.js';

describe('country list', () => {
  it('has about 249 entries with unique codes and names', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(245);
    expect(COUNTRIES.length).toBeLessThanOrEqual(255);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((c) => c.name)).size).toBe(COUNTRIES.length);
  });

  it('is sorted by name', () => {
    const names = COUNTRIES.map((c) => c.name);
    const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    expect(names).toEqual(sorted);
    expect(names[0]).toBe('Afghanistan');
  });

  it('uses short common names', () => {
    expect(COUNTRIES).toContainEqual({ name: 'United States', code: 'US', flag: '🇺🇸' });
    expect(COUNTRIES).toContainEqual({ name: 'United Kingdom', code: 'GB', flag: '🇬🇧' });
    expect(COUNTRIES).toContainEqual({ name: 'Germany', code: 'DE', flag: '🇩🇪' });
    expect(countryName('CN')).toBe('China');
    expect(countryName('RU')).toBe('Russia');
    expect(countryName('KR')).toBe('South Korea');
  });

  it('gives every country a two-letter code and a flag made of its regional indicators', () => {
    for (const c of COUNTRIES) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      const points = [...c.flag].map((ch) => ch.codePointAt(0)! - 0x1f1e6 + 65);
      expect(String.fromCharCode(...points)).toBe(c.code);
    }
  });
});

describe('findCountry', () => {
  it('finds a country by name in any case', () => {
    expect(findCountry('Germany')?.code).toBe('DE');
    expect(findCountry('germany')?.code).toBe('DE');
    expect(findCountry('  UNITED STATES ')?.code).toBe('US');
    expect(findCountry('United Kingdom')?.code).toBe('GB');
  });

  it('finds a country by its alpha-2 or alpha-3 code', () => {
    expect(findCountry('US')?.name).toBe('United States');
    expect(findCountry('us')?.name).toBe('United States');
    expect(findCountry('DEU')?.name).toBe('Germany');
    expect(findCountry('GBR')?.name).toBe('United Kingdom');
    expect(findCountry('gb')?.name).toBe('United Kingdom');
  });

  it('knows common aliases', () => {
    expect(findCountry('USA')?.code).toBe('US');
    expect(findCountry('U.S.A.')?.code).toBe('US');
    expect(findCountry('United States of America')?.code).toBe('US');
    expect(findCountry('UK')?.code).toBe('GB');
    expect(findCountry('Great Britain')?.code).toBe('GB');
    expect(findCountry('Deutschland')?.code).toBe('DE');
    expect(findCountry('Czech Republic')?.code).toBe('CZ');
    expect(findCountry('Turkey')?.code).toBe('TR');
    expect(findCountry('Holland')?.code).toBe('NL');
  });

  it('ignores accents and keeps a shared short name with its first holder', () => {
    expect(findCountry('Cote dIvoire')?.code).toBe('CI');
    expect(findCountry('aland islands')?.code).toBe('AX');
    expect(findCountry('Congo')?.code).toBe('CG');
  });

  it('returns undefined for anything else', () => {
    expect(findCountry('Atlantis')).toBeUndefined();
    expect(findCountry('ZZ')).toBeUndefined();
    expect(findCountry('XYZ')).toBeUndefined();
    expect(findCountry('')).toBeUndefined();
    expect(findCountry(null)).toBeUndefined();
  });
});

describe('countryFlag', () => {
  it('gives the flag for a name or a code', () => {
    expect(countryFlag('Germany')).toBe('🇩🇪');
    expect(countryFlag('US')).toBe('🇺🇸');
    expect(countryFlag('United Kingdom')).toBe('🇬🇧');
    expect(countryFlag('Japan')).toBe('🇯🇵');
  });

  it('gives undefined for an unknown place', () => {
    expect(countryFlag('Narnia')).toBeUndefined();
  });
});
