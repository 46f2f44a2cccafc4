import { relevanceTone } from '@benchmarket/shared';
import { describe, expect, it } from 'vitest';
import { explain, article } from './explanations.js';
import { asNamedTask, facetsOf, modelLineOf, phrasesToTsquery, scoreOf, withWeights } from './facets.js';
import { EXPANSION_SIMILARITY } from './meaning-search.js';
import { understandQuery } from './query-understanding.js';

const cycler = {
  title: 'Bio-Rad C1000 Touch Thermal Cycler',
  description: 'Gradient PCR thermal cycler with a 96-well block.',
  priceCents: 420_000,
  condition: 'certified-refurbished',
  location: 'Germany',
  category: 'thermal-cyclers',
};

describe('the scored model', () => {
  const query = understandQuery('refurbished pcr machine under $5k in Germany');
  const facets = facetsOf(query);

  it('has a facet per thing asked: the kind, the condition, the price, the country', () => {
    expect(facets.map((f) => f.kind)).toEqual(['concept', 'condition', 'price', 'country']);
  });

  it('scores the weighted share of what a listing satisfies', () => {
    expect(scoreOf(facets, [1, 1, 1, 1])).toBe(1);
    expect(scoreOf(facets, [0, 0, 0, 0])).toBe(0);
    const withoutCountry = scoreOf(facets, [1, 1, 1, 0]);
    const withoutKind = scoreOf(facets, [0, 1, 1, 1]);
    expect(withoutCountry).toBeGreaterThan(withoutKind);
  });

  it('writes tsquery text with phrases, weights and negative temperatures', () => {
    expect(phrasesToTsquery(['thermal cycler', 'pcr'])).toBe("('thermal' <-> 'cycler' | 'thermal' <2> 'cycler') | 'pcr'");
    expect(withWeights("'pcr'", 'AC')).toBe("'pcr':AC");
    expect(phrasesToTsquery(['80 c'])).toContain("'-80'");
    // A model's number also matches with a letter after it ("2000c"); its other words do not.
    expect(phrasesToTsquery(['nanodrop 2000'], { modelSuffix: true })).toBe(
      "('nanodrop' <-> ('2000':* | '-2000':*) | 'nanodrop' <2> ('2000':* | '-2000':*))",
    );
    // A last letter the index does not keep ('i') is asked joined, as sellers write it ("SERVO-i").
    expect(phrasesToTsquery(['mac5500', 'servo i'], { modelSuffix: true })).toBe("'mac5500':* | 'servo-i'");
    expect(withWeights("'servo-i'", 'A')).toBe("'servo-i':A");
    // Beside other names, none a stop word begins or ends: the index has no 'or', and "OR light" would be any light.
    expect(phrasesToTsquery(['or light', 'surgical light'])).toBe("('surgical' <-> 'light' | 'surgical' <2> 'light')");
    expect(phrasesToTsquery(['point of care ultrasound', 'pocus'])).toBe("('point' <-> 'of' <-> 'care' <-> 'ultrasound') | 'pocus'");
  });

  it.each([
    ['nanodrop 2000', 'nanodrop', "'nanodrop'"],
    ['miniflex600', 'miniflex', "'miniflex'"],
    ['servo i', 'servo', "'servo'"],
    ['cobas z 480', 'cobas z', "('cobas' <-> 'z' | 'cobas' <2> 'z')"],
    ['5810r', '5810', "'5810':*"],
    ['2008t', '2008', "'2008':*"],
    ['bx53f', 'bx53', "'bx53':*"],
  ])("reads the line of the model '%s' as '%s'", (model, words, tsquery) => {
    expect(modelLineOf(model)).toMatchObject({ words, tsquery });
  });

  it.each(['xpr205', '44r', 'i7', 'zeiss lsm', 'the 2000', '500ml', '300w', '100x', 'gen 11', 'type 2'])(
    "finds no line a title could show for '%s'",
    (model) => {
      expect(modelLineOf(model)).toBeUndefined();
    },
  );

  it.each([
    ['5810r', 'Eppendorf 5810 Centrifuge', '5810'],
    ['5810r', 'Eppendorf 5810R Centrifuge', '5810R'],
    ['2008t', 'Fresenius 2008K dialysis machine', '2008K'],
    ['2008t', 'Fresenius 2008K2 - parts machine', '2008K2'],
    ['cobas z 480', 'Roche Cobas z 480 analyzer', 'Cobas z'],
    ['nanodrop 2000', 'Thermo NanoDrop One', 'NanoDrop'],
  ])('finds the line of \'%s\' in "%s" as "%s"', (model, title, found) => {
    expect(new RegExp(modelLineOf(model)!.titlePattern, 'i').exec(title)?.[0]).toBe(found);
  });

  it.each([
    ['500r', 'Duran bottle 5000 mL'],
    ['5810r', 'Eppendorf 58101 adapter'],
    // A year's digits alone are a year, not a sibling of the 2008T.
    ['2008t', 'Olympus BX41 microscope (2008)'],
  ])('finds no line of \'%s\' in "%s"', (model, title) => {
    expect(new RegExp(modelLineOf(model)!.titlePattern, 'i').test(title)).toBe(false);
  });
});

describe('explanations', () => {
  it('says "Relevant:" and why, when everything asked is met', () => {
    const facets = facetsOf(understandQuery('refurbished pcr machine under $5k in Germany'));
    const result = explain(facets, [1, 1, 1, 1], cycler);
    expect(result.verdict).toBe('relevant');
    expect(result.text).toBe(
      'Relevant: thermal cycler (PCR) family matches "pcr machine"; refurbished as asked (Certified Refurbished); $4,200.00 is under your $5,000.00 budget; located in Germany.',
    );
    expect(result.score).toBe(1);
    expect(relevanceTone(result.text)).toBe('relevant');
  });

  it('says "Somewhat relevant:" and what is missing, when the kind is right but not all the rest', () => {
    const facets = facetsOf(understandQuery('refurbished pcr machine under $5k in Germany'));
    const result = explain(facets, [1, 1, 0, 0], { ...cycler, priceCents: 1_850_000, location: 'United States' });
    expect(result.verdict).toBe('somewhat');
    expect(result.text).toMatch(/^Somewhat relevant: thermal cycler \(PCR\) family matches "pcr machine"; refurbished as asked/);
    expect(result.text).toContain('but $18,500.00 is over your $5,000.00 budget; located in United States, not Germany.');
    expect(result.score).toBeGreaterThanOrEqual(0.4);
    expect(result.score).toBeLessThan(0.75);
  });

  it('says a last word was matched "as a word start" only where the title has no such word whole', () => {
    const facets = facetsOf(understandQuery('oscilloscope'));
    expect(facets).toMatchObject([{ kind: 'term', prefix: true }]);
    const inTitle = (title: string) => explain(facets, [1], { ...cycler, title, category: null }).text;
    expect(inTitle('Tektronix TDS2024 oscilloscope, 4 channels')).toBe('Relevant: "oscilloscope" in the title.');
    expect(inTitle('Keysight oscilloscope/logic analyzer')).toBe('Relevant: "oscilloscope" in the title.');
    expect(inTitle('Rigol oscilloscopes, two')).toBe('Relevant: "oscilloscope" in the title.');
    expect(explain(facetsOf(understandQuery('oscillo')), [1], { ...cycler, title: 'Rigol oscilloscope', category: null }).text).toBe(
      'Relevant: "oscillo" in the title (as a word start).',
    );
  });

  it('says "Not relevant:" when the kind of equipment is wrong', () => {
    const facets = facetsOf(understandQuery('pcr machine'));
    const result = explain(facets, [0], { ...cycler, title: 'Eppendorf 5810R Centrifuge', category: 'centrifuges' });
    expect(result.verdict).toBe('not');
    expect(result.text).toBe('Not relevant: not a thermal cycler (PCR) — it is a centrifuge.');
    expect(result.score).toBeLessThan(0.4);
  });

  it('never calls another model of the line "Relevant", however close its meaning', () => {
    const facets = facetsOf(understandQuery('fresenius 2008t'));
    const dialysis = { ...cycler, title: 'Fresenius 2008K dialysis machine', category: 'dialysis' };
    const result = explain(facets, [1, 0.7], dialysis, { asked: 'fresenius 2008t', strength: 0.95, close: [] });
    expect(result.text).toBe('Somewhat relevant: Fresenius Kabi as asked; "2008K" in the title; but not model 2008T.');
    // The asked model itself, as close, is.
    expect(explain(facets, [1, 1], dialysis, { asked: 'fresenius 2008t', strength: 0.95, close: [] }).verdict).toBe('relevant');
  });

  it('quotes the name of the kind the title has, not the one asked ("exam light" for "OR light")', () => {
    const facets = facetsOf(understandQuery('OR light'));
    const lamp = { ...cycler, title: 'Burton Outpatient LED exam light, floor stand', category: null };
    expect(explain(facets, [1], lamp).text).toBe('Relevant: "exam light" in the title.');
  });

  it('says which word a description has when a task\'s equipment is there, not the task ("centrifuge", not "spin")', () => {
    const facets = facetsOf(understandQuery('something to spin samples')).map((facet) =>
      facet.kind === 'term' && facet.word === 'spin'
        ? asNamedTask({ ...facet, expansions: [{ word: 'centrifuge', similarity: EXPANSION_SIMILARITY, definedBy: true, doesIt: true }] })
        : facet,
    );
    const rack = { ...cycler, title: 'Eppendorf tube rack', description: 'Holds 50 mL tubes for any benchtop centrifuge.', category: null };
    const credits = facets.map((facet) => (facet.kind === 'term' && facet.word === 'spin' ? 0.6 : 0));
    expect(explain(facets, credits, rack).text).toContain('"centrifuge" in the description: the dictionary\'s equipment to "spin"');
  });

  it('says a word the model only uses alike is related, and one of the same meaning means about the same', () => {
    const withExpansion = (expansion: { word: string; similarity: number; pertains?: boolean }) =>
      facetsOf(understandQuery('eye')).map((facet) => (facet.kind === 'term' ? { ...facet, expansions: [expansion] } : facet));
    const credit = (similarity: number) => [Math.round(similarity * 0.9 * 1000) / 1000];
    const touch = withExpansion({ word: 'touch', similarity: 0.627 });
    expect(explain(touch, credit(0.627), cycler).text).toContain('"touch" in the title is related to "eye"');
    const ophthalmic = withExpansion({ word: 'ophthalmic', similarity: EXPANSION_SIMILARITY, pertains: true });
    const unit = { ...cycler, title: 'Reliance 7000 ophthalmic examination unit', category: null };
    expect(explain(ophthalmic, credit(EXPANSION_SIMILARITY), unit).text).toContain(
      '"ophthalmic" in the title means about the same as "eye"',
    );
    const cycle = withExpansion({ word: 'cycler', similarity: 0.85 });
    expect(explain(cycle, credit(0.85), cycler).text).toContain('"cycler" in the title means about the same as "eye"');
    // What the asked word is a kind of is no mere relative, however far the model puts them.
    const radiometer = facetsOf(understandQuery('spectroradiometer')).map((facet) =>
      facet.kind === 'term' ? { ...facet, expansions: [{ word: 'radiometer', similarity: 0.62 }] } : facet,
    );
    const meter = { ...cycler, title: 'Konica Minolta CS-2000 radiometer', category: null };
    expect(explain(radiometer, credit(0.62), meter).text).toContain(
      '"radiometer" in the title means about the same as "spectroradiometer"',
    );
  });

  it('names the maker of a listing that is not the brand asked for', () => {
    const facets = facetsOf(understandQuery('eppendorf centrifuge'));
    const result = explain(facets, [1, 0], { ...cycler, title: 'Beckman Coulter Allegra X-15R Centrifuge', category: 'centrifuges' });
    expect(result.text).toBe('Somewhat relevant: a centrifuge as asked; but made by Beckman Coulter, not Eppendorf.');
  });

  it('says which kind a listing of the same family is not', () => {
    const facets = facetsOf(understandQuery('AED'));
    const result = explain(facets, [0.45], { ...cycler, title: 'Zoll R Series Defibrillator', category: 'defibrillators-ecg' });
    expect(result.text).toBe('Somewhat relevant: a defibrillator or ECG, but not an AED.');
  });

  it('says so with one "but" after what was met: "…; but not an AED — it is a defibrillator or ECG"', () => {
    const facets = facetsOf(understandQuery('zoll AED'));
    const result = explain(facets, [0.45, 1], { ...cycler, title: 'Zoll R Series Defibrillator', category: 'defibrillators-ecg' });
    expect(result.text).toBe('Somewhat relevant: Zoll as asked; but not an AED — it is a defibrillator or ECG.');
  });

  it('explains a search without words', () => {
    expect(explain([], [], cycler).text).toMatch(/^Relevant: /);
  });

  it('uses the right article', () => {
    expect(article('AED')).toBe('an AED');
    expect(article('qPCR')).toBe('a qPCR');
    expect(article('HPLC')).toBe('an HPLC');
    expect(article('incubator')).toBe('an incubator');
    expect(article('ultrasound system')).toBe('an ultrasound system');
    expect(article('centrifuge')).toBe('a centrifuge');
    expect(article('ophthalmic equipment')).toBe('ophthalmic equipment');
    expect(article('hospital bed or patient furniture')).toBe('a hospital bed or patient furniture');
  });
});
