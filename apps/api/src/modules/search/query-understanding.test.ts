import { TAXONOMY } from '@benchmarket/shared';
import { describe, expect, it } from 'vitest';
import { editDistance, extractPrice, familiesWithoutVocabulary, lastWordsOfKindNames, understandQuery } from './query-understanding.js';
import { FAMILY_VOCABULARY } from './vocabulary.js';

const families = (query: string) =>
  understandQuery(query)
    .concepts.map((c) => Object.keys(c.familyCredit))
    .flat();

describe('price phrases', () => {
  it.each([
    ['under 5000', { kind: 'max', max: 5000 }],
    ['under $5,000', { kind: 'max', max: 5000 }],
    ['below $2k', { kind: 'max', max: 2000 }],
    ['less than 1.5k', { kind: 'max', max: 1500 }],
    ['max 3000', { kind: 'max', max: 3000 }],
    ['up to €800', { kind: 'max', max: 800 }],
    ['10k or less', { kind: 'max', max: 10000 }],
    ['over 10k', { kind: 'min', min: 10000 }],
    ['above $500', { kind: 'min', min: 500 }],
    ['at least 2500', { kind: 'min', min: 2500 }],
    ['$20k+', { kind: 'min', min: 20000 }],
    ['between 1k and 3k', { kind: 'range', min: 1000, max: 3000 }],
    ['from $1,000 to $3,000', { kind: 'range', min: 1000, max: 3000 }],
    ['1000-3000', { kind: 'range', min: 1000, max: 3000 }],
    ['2-3k', { kind: 'range', min: 2000, max: 3000 }],
    ['around 8000', { kind: 'around', target: 8000 }],
    ['$4500', { kind: 'max', max: 4500 }],
  ])('reads %s', (text, expected) => {
    expect(extractPrice(`centrifuge ${text} please`).price).toMatchObject(expected);
  });

  it('takes the price words out of the text', () => {
    expect(extractPrice('centrifuge under $5k in Germany').rest.replace(/\s+/g, ' ').trim()).toBe('centrifuge in Germany');
  });

  it.each([
    'max 5000 rpm',
    'centrifuge 5810r',
    '-80 freezer',
    '96 well plate reader',
    'over 20,000 x g',
    'a-4-62 rotor',
    'up to 4 x 750 ml',
  ])('does not read %s as a price', (text) => {
    expect(extractPrice(text).price).toBeUndefined();
  });
});

describe('condition words', () => {
  it.each([
    [
      'refurbished centrifuge',
      ['certified-refurbished', 'excellent-refurbished', 'very-good-refurbished', 'good-refurbished', 'seller-refurbished'],
    ],
    ['certified refurbished autoclave', ['certified-refurbished']],
    ['new patient monitor', ['new', 'new-other']],
    ['brand new pipette', ['new']],
    ['open box balance', ['new-other']],
    ['pre-owned microscope', ['pre-owned']],
    [
      'used pcr machine',
      ['pre-owned', 'certified-refurbished', 'excellent-refurbished', 'very-good-refurbished', 'good-refurbished', 'seller-refurbished'],
    ],
    ['hplc for parts', ['for-parts']],
    ['incubator not working', ['for-parts']],
  ])('%s', (query, values) => {
    expect([...(understandQuery(query).condition?.values ?? [])].sort()).toEqual([...values].sort());
  });

  it('does not read the "new" of a brand or a country as a condition', () => {
    expect(understandQuery('new brunswick shaker').condition).toBeUndefined();
    expect(understandQuery('new brunswick shaker').brands.map((b) => b.name)).toContain('New Brunswick');
    expect(understandQuery('autoclave new zealand').condition).toBeUndefined();
    expect(understandQuery('autoclave new zealand').country?.name).toBe('New Zealand');
  });
});

describe('countries', () => {
  it.each([
    ['centrifuge in Germany', 'Germany'],
    ['centrifuge germany', 'Germany'],
    ['freezer UK', 'United Kingdom'],
    ['ultrasound USA', 'United States'],
    ['ultrasound in the united states', 'United States'],
    ['autoclave from DE', 'Germany'],
    ['microscope in NL', 'Netherlands'],
  ])('%s → %s', (query, country) => {
    expect(understandQuery(query).country?.name).toBe(country);
  });

  it('reads two-letter words as countries only after "in" or "from"', () => {
    expect(understandQuery('ph meter').country).toBeUndefined();
    expect(understandQuery('it works').country).toBeUndefined();
    expect(understandQuery('mass spec ms').country).toBeUndefined();
    expect(understandQuery('turkey baster').country).toBeUndefined();
  });
});

describe('the domain vocabulary', () => {
  it.each([
    ['pcr machine', 'thermal-cyclers'],
    ['thermal cycler', 'thermal-cyclers'],
    ['qPCR', 'thermal-cyclers'],
    ['-80 freezer', 'freezers-refrigerators'],
    ['ULT freezer', 'freezers-refrigerators'],
    ['BSC', 'biosafety-cabinets'],
    ['biosafety cabinet', 'biosafety-cabinets'],
    ['HPLC', 'chromatography'],
    ['FPLC', 'chromatography'],
    ['CO2 incubator', 'incubators'],
    ['autoclave', 'autoclaves-sterilizers'],
    ['steam sterilizer', 'autoclaves-sterilizers'],
    ['patient monitor', 'patient-monitors'],
    ['vital signs monitor', 'patient-monitors'],
    ['LC-MS', 'mass-spectrometry'],
    ['AED', 'defibrillators-ecg'],
    ['EKG machine', 'defibrillators-ecg'],
  ])('%s names the family %s', (query, family) => {
    expect(families(query)).toContain(family);
  });

  it('treats PCR machine and thermal cycler as the same concept', () => {
    const a = understandQuery('pcr machine').concepts[0]!;
    const b = understandQuery('thermal cycler').concepts[0]!;
    expect(a.label).toBe(b.label);
    expect(a.phrases).toContain('thermal cycler');
    expect(b.phrases).toContain('pcr machine');
  });

  it('treats autoclave and steam sterilizer as one kind, and ULT freezer and -80 freezer', () => {
    expect(understandQuery('autoclave').concepts[0]!.phrases).toContain('steam sterilizer');
    expect(understandQuery('steam sterilizer').concepts[0]!.phrases).toContain('autoclave');
    expect(understandQuery('ult freezer').concepts[0]!.phrases).toContain('80 freezer');
    expect(understandQuery('-80 freezer').concepts[0]!.phrases).toContain('ult freezer');
  });

  it('knows a kind is narrower than its family: qPCR is not every thermal cycler', () => {
    const qpcr = understandQuery('qpcr').concepts[0]!;
    expect(qpcr.kind).toBe('kind');
    expect(qpcr.familyCredit['thermal-cyclers']).toBeLessThan(1);
    expect(qpcr.phrases).not.toContain('thermal cycler');
    expect(understandQuery('pcr machine').concepts[0]!.familyCredit['thermal-cyclers']).toBe(1);
  });

  it('reads brands with their short forms, and model numbers', () => {
    expect(understandQuery('thermo co2 incubator').brands.map((b) => b.name)).toEqual(['Thermo Fisher Scientific']);
    expect(understandQuery('biorad gel doc').brands.map((b) => b.name)).toEqual(['Bio-Rad']);
    const query = understandQuery('eppendorf 5810r');
    expect(query.brands.map((b) => b.name)).toEqual(['Eppendorf']);
    expect(families('eppendorf 5810r')).toEqual(['centrifuges']);
    expect(understandQuery('sorvall x1r').models).toEqual(['x1r']);
  });

  it('has words for every family of the taxonomy, and labels for them', () => {
    expect(familiesWithoutVocabulary()).toEqual([]);
    for (const family of TAXONOMY) expect(FAMILY_VOCABULARY[family.id]?.label, family.id).toBeTruthy();
  });
});

describe('a kind asked head first, as inventories write it', () => {
  it.each([
    ['incubator co2', 'co2 incubator'],
    ['Centrifuge, refrigerated', 'refrigerated centrifuge'],
    ['balance analytical', 'analytical balance'],
  ])('reads "%s" as the %s', (query, name) => {
    const understood = understandQuery(query);
    expect(understood.concepts.map((c) => c.matched)).toEqual([name]);
    expect(understood.models).toEqual([]);
    expect(understood.terms).toEqual([]);
  });

  it('not when the second word ends an equipment name: a "microscope light" is a light, not a light microscope', () => {
    expect(understandQuery('microscope light').concepts.map((c) => c.matched)).not.toContain('light microscope');
  });
});

describe('spelling', () => {
  it.each([
    ['centrifgue', 'centrifuge'],
    ['incubater', 'incubator'],
    ['eppendorff centrifuge', 'eppendorf'],
    ['spectrophotmeter', 'spectrophotometer'],
    ['thermocyler', 'thermocycler'],
    ['autoclav', 'autoclave'],
  ])('reads %s as %s', (query, word) => {
    const understood = understandQuery(query);
    expect(understood.corrections.map((c) => c.to)).toContain(word);
    expect(understood.concepts.length + understood.brands.length).toBeGreaterThan(0);
  });

  it('leaves words it does not know alone when no correction makes a phrase', () => {
    expect(understandQuery('motor').terms).toEqual(['motor']);
    expect(understandQuery('touchscreen').corrections).toEqual([]);
  });

  it('measures edits with transpositions', () => {
    expect(editDistance('centrifgue', 'centrifuge')).toBe(1);
    expect(editDistance('eppendorff', 'eppendorf')).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBeGreaterThan(1);
  });
});

describe('what is left', () => {
  it('drops the filler of natural language and keeps other words as terms', () => {
    const query = understandQuery('looking for a cheap centrifuge with swing bucket rotor');
    expect(families('looking for a cheap centrifuge with swing bucket rotor')).toContain('centrifuges');
    expect(query.terms).not.toContain('looking');
    expect(query.terms).not.toContain('cheap');
  });

  it('also asks a short word of letters and the number after it as one model ("XPR 205" may be written XPR205)', () => {
    expect(understandQuery('XPR 205').models).toContain('xpr205');
    expect(understandQuery('sorvall rc 6').models).toEqual([]);
    // A whole word before a number is no model line, nor is a stop word.
    expect(understandQuery('rotor 12').models).toEqual([]);
    expect(understandQuery('plate reader 96').models).toEqual([]);
    expect(understandQuery('it 500').models).toEqual([]);
  });

  it('reads "quoted phrases" and -exclusions', () => {
    const query = understandQuery('"thermal cycler" -qpcr');
    expect(query.phrases).toEqual(['thermal cycler']);
    expect(query.excluded).toEqual(['qpcr']);
  });

  it('reads what comes after "for" as what the thing asked is for, not a second kind asked', () => {
    const query = understandQuery('mini centrifuge for PCR tubes');
    expect(query.concepts.map((c) => [c.matched, Boolean(c.purpose)])).toEqual([
      ['mini centrifuge', false],
      ['pcr', true],
    ]);
    expect(query.purposes).toEqual(['tube']);
    // The maker of what it is for is no maker asked.
    expect(understandQuery('light source for our Olympus endoscopy tower').brands.map((b) => [b.name, Boolean(b.purpose)])).toEqual([
      ['Olympus', true],
    ]);
    // Nothing named before "for": the words after it are what is asked.
    expect(understandQuery('for PCR').concepts.map((c) => Boolean(c.purpose))).toEqual([false]);
    expect(understandQuery('looking for a PCR machine').concepts.map((c) => Boolean(c.purpose))).toEqual([false]);
  });

  it('reads a kind followed by "accessory" or "parts", with a thing named before it, as what that thing is for', () => {
    const purposeOf = (text: string) => understandQuery(text).concepts.map((c) => [c.matched, Boolean(c.purpose)]);
    expect(purposeOf('pneumatic grips (utm accessory)')).toEqual([['utm', true]]);
    expect(purposeOf('wedge grips UTM spare parts')).toEqual([['utm', true]]);
    // Nothing named before it, or no such word after it: the kind is what is asked.
    expect(purposeOf('UTM parts')).toEqual([['utm', false]]);
    expect(purposeOf('pneumatic grips utm')).toEqual([['utm', false]]);
  });

  it('marks the last unknown word as a prefix (still being typed)', () => {
    expect(understandQuery('eppendorf centri').prefix).toBe('centri');
    expect(understandQuery('centrifuge').prefix).toBeUndefined();
  });

  it('lists the last words of the kind names of two words or more, not of one-word names or brands', () => {
    const endings = lastWordsOfKindNames();
    expect(endings).toEqual(expect.arrayContaining(['light', 'bed', 'lift']));
    // A maker's name ends no kind's name.
    expect(endings).not.toContain('eppendorf');
    for (const word of endings) expect(word).toMatch(/^[a-z]{3,}$/);
  });

  it('hears a buyer ask for it cheap, and asks for the thing all the same', () => {
    for (const text of ['cheap microscope', 'Affordable microscope', 'cheapest microscope in Germany']) {
      const query = understandQuery(text);
      expect(query.cheap, text).toBe(true);
      expect(query.concepts.map((c) => c.label)).toEqual(['microscope']);
      expect(query.terms).toEqual([]);
    }
    expect(understandQuery('microscope').cheap).toBeUndefined();
    // A budget stated is a price, not a wish for the lowest one.
    expect(understandQuery('microscope with a budget of $2,000').cheap).toBeUndefined();
  });

  it('understands a whole buyer sentence', () => {
    const query = understandQuery('refurbished PCR machine under $5k in Germany');
    expect(query.concepts.map((c) => c.label)).toEqual(['thermal cycler (PCR)']);
    expect(query.price).toMatchObject({ kind: 'max', max: 5000 });
    expect(query.condition?.label).toBe('refurbished');
    expect(query.country?.name).toBe('Germany');
    expect(query.terms).toEqual([]);
  });
});
