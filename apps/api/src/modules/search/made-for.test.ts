import { describe, expect, it } from 'vitest';
import { TEXT_CREDIT, facetsOf } from './facets.js';
import { creditedForWhatTheyAre, namesOnlyWhatItIsFor } from './made-for.js';
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
