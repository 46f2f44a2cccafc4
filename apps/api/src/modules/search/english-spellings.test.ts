import { describe, expect, it } from 'vitest';
import { otherEnglishSpelling, otherEnglishSpellings } from './english-spellings.js';

describe('otherEnglishSpellings', () => {
  it.each([
    ['analyser', 'analyzer'],
    ['dialysers', 'dialyzers'],
    ['homogeniser', 'homogenizer'],
    ['sterilisation', 'sterilization'],
    ['nebuliser', 'nebulizer'],
    ['haemodialysis', 'hemodialysis'],
    ['haematology', 'hematology'],
    ['anaemia', 'anemia'],
    ['anaesthesia', 'anesthesia'],
    ['paediatric', 'pediatric'],
    ['orthopaedic', 'orthopedic'],
    ['oesophageal', 'esophageal'],
    ['foetal', 'fetal'],
    ['centre', 'center'],
    ['litres', 'liters'],
    ['fibre', 'fiber'],
    ['theatre', 'theater'],
    ['colour', 'color'],
    ['tumour', 'tumor'],
    ['behaviour', 'behavior'],
    ['catalogue', 'catalog'],
    ['sulphate', 'sulfate'],
    ['aluminium', 'aluminum'],
  ])('joins %s and %s, both ways', (british, american) => {
    expect(otherEnglishSpellings(british)).toContain(american);
    expect(otherEnglishSpellings(american)).toContain(british);
  });

  it('leaves words with one spelling alone, and never turns one into another real word', () => {
    for (const word of [
      'centrifuge',
      'microscope',
      'pipette',
      'incubator',
      'analysis',
      'four',
      'hour',
      'your',
      'size',
      'rise',
      '2000c',
      'émail',
    ]) {
      expect(otherEnglishSpellings(word), word).toEqual([]);
    }
  });
});

describe('otherEnglishSpelling', () => {
  it('spells the whole query the other way, or says there is no other', () => {
    expect(otherEnglishSpelling('moisture analyzer')).toBe('moisture analyser');
    expect(otherEnglishSpelling('Haemodialysis machine, colour screen')).toBe('hemodialysis machine, color screen');
    expect(otherEnglishSpelling('benchtop centrifuge')).toBeUndefined();
    expect(otherEnglishSpelling('"moisture analyzer"')).toBeUndefined();
  });
});
