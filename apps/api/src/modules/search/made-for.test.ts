import { beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitions } from '../../providers/dictionary/definitions.js';
import { TEXT_CREDIT, facetsOf } from './facets.js';
import { creditedForWhatTheyAre, namesOnlyAsAnotherThingsName, namesOnlyWhatItIsFor } from './made-for.js';
import { understandQuery } from './query-understanding.js';

describe('namesOnlyWhatItIsFor', () => {
  it('is true for a title that names the kind only as what the thing is for', () => {
    expect(namesOnlyWhatItIsFor('Hill-Rom Accumax Quantum VPC mattress for hospital beds', ['hospital bed'])).toBe(true);
    expect(namesOnlyWhatItIsFor('Swing-out rotor A-4-81, fits Eppendorf 5810 centrifuges', ['centrifuge'])).toBe(true);
    expect(namesOnlyWhatItIsFor('UV lamp compatible with Class II biosafety cabinet', ['biosafety cabinet'])).toBe(true);
  });

  it('is false where the kind is named before, or there is nothing before the word', () => {
    expect(namesOnlyWhatItIsFor('Invacare hospital bed for home care', ['hospital bed'])).toBe(false);
    expect(namesOnlyWhatItIsFor('Eppendorf 5810 R centrifuge for parts', ['centrifuge'])).toBe(false);
    expect(namesOnlyWhatItIsFor('For hospital beds: pressure mattress', ['hospital bed'])).toBe(false);
    // Named before and after: the title is about the kind.
    expect(namesOnlyWhatItIsFor('Centrifuge with rotor for centrifuge tubes', ['centrifuge'])).toBe(false);
    expect(namesOnlyWhatItIsFor('Welch Allyn exam light', ['exam light'])).toBe(false);
  });
});

describe('creditedForWhatTheyAre', () => {
  const bed = { title: 'LINET Eleganza 5 hospital bed', credits: [1], met: true, lex: 1 };
  const mattress = { title: 'Accumax mattress for hospital beds', credits: [1], met: true, lex: 1 };

  it('lowers the kind of a thing made for it below every need met, and its share with it', () => {
    const facets = facetsOf(understandQuery('hospital bed'));
    const [keptBed, loweredMattress] = creditedForWhatTheyAre([bed, mattress], facets, 'hospital bed');
    expect(keptBed).toBe(bed);
    expect(loweredMattress).toMatchObject({ credits: [TEXT_CREDIT.conceptInTitleOnly], met: false });
    expect(loweredMattress!.lex).toBeLessThan(1);
  });

  it('leaves it when the buyer asks for a thing made for the kind', () => {
    const asked = 'mattress for hospital beds';
    const facets = facetsOf(understandQuery(asked));
    const loweredFor = (credits: number[]) => creditedForWhatTheyAre([{ ...mattress, credits }], facets, asked)[0]!.credits;
    expect(loweredFor(facets.map(() => 1))).toEqual(facets.map(() => 1));
  });
});

describe('namesOnlyAsAnotherThingsName (the dictionary says which words name made things)', () => {
  let namesAThing: (word: string) => boolean = () => false;
  beforeAll(async () => {
    const definitions = await loadDefinitions();
    namesAThing = (word) => definitions.namesAThing(word);
  });
  const another = (title: string, phrases: string[]) => namesOnlyAsAnotherThingsName(title, phrases, namesAThing);

  it('is true for a title whose name of what is sold goes on after the kind with other things', () => {
    expect(another('Polar H10 heart rate sensor ECG chest strap', ['ecg', 'electrocardiograph'])).toBe(true);
    expect(another('Leica 819 low profile microtome blades, box of 50', ['microtome'])).toBe(true);
    expect(another('Vent-Axia ACM150 in-line mixed flow ventilator fan', ['ventilator', 'vent'])).toBe(true);
  });

  it('is false where the kind is what is sold: its name last, before a model, a generic word or what comes with it', () => {
    expect(another('Philips PageWriter TC50 ECG', ['ecg'])).toBe(false);
    expect(another('Nihon Kohden ECG-1350 Cardiofax M', ['ecg'])).toBe(false);
    expect(another('MAC1600 ECG resting - interpretive', ['ecg'])).toBe(false);
    expect(another('GE MAC 5500 HD 12-lead ECG w/ cart', ['ecg'])).toBe(false);
    expect(another('BD Alaris 8100 Large Volume Pump Module (2016)', ['pump'])).toBe(false);
    expect(another('BD FACSCanto II flow cytometer blue/red/violet', ['flow cytometer'])).toBe(false);
    expect(another('Hamilton C3 ICU vent w/ humidifier & cart', ['vent'])).toBe(false);
  });

  it('reads the longest name at each place, and no adjective as a name of its own', () => {
    expect(another('Valleylab Force FX electrosurgical generator', ['electrosurgical', 'electrosurgical generator'])).toBe(false);
    expect(another('Valleylab Force FX electrosurgical generator', ['electrosurgical'])).toBe(false);
    // Named once as itself and once after another thing: the title is about the kind.
    expect(another('Leica RM2235 microtome with microtome blades', ['microtome'])).toBe(false);
    // A maker's hyphenated name is no name of the kind.
    expect(another('Vent-Axia ACM150 in-line mixed flow fan', ['vent'])).toBe(false);
  });

  it('lowers such a title below every need met, unless the buyer asked for the other thing', () => {
    const strap = { title: 'Polar H10 heart rate sensor ECG chest strap', credits: [1], met: true, lex: 1 };
    const ecg = { title: 'Philips PageWriter TC50 ECG', credits: [1], met: true, lex: 1 };
    const facets = facetsOf(understandQuery('ECG machine'));
    expect(facets).toHaveLength(1);
    const [loweredStrap, keptEcg] = creditedForWhatTheyAre([strap, ecg], facets, 'ECG machine', namesAThing);
    expect(loweredStrap).toMatchObject({ credits: [TEXT_CREDIT.conceptInTitleOnly], met: false });
    expect(keptEcg).toBe(ecg);
    const askedForStraps = facetsOf(understandQuery('ECG chest strap'));
    const kept = creditedForWhatTheyAre(
      [{ ...strap, credits: askedForStraps.map(() => 1) }],
      askedForStraps,
      'ECG chest strap',
      namesAThing,
    );
    expect(kept[0]!.credits).toEqual(askedForStraps.map(() => 1));
  });
});
