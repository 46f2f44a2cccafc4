import { loadWordVectors, type WordVectors } from './word-vectors.js';

/**
 * The local meaning model: a text's meaning as the weighted average of its words' vectors
 * (word vectors from a registry package, see word-vectors.ts). Words are weighted by how
 * rare they are in English (smooth inverse frequency: a / (a + p(word)), p from the word's
 * frequency rank by Zipf's law), so 'the', 'and' and 'with' count for almost nothing and
 * 'microtome' for almost everything. A listing's title counts more than its description.
 * Deterministic and offline; no domain knowledge here (the search module adds its own).
 */

/** Stored with each vector: a row made by other rules is re-embedded by the backfill. */
export const LOCAL_MEANING_MODEL = 'wink-sg-100d/sif-1';

const SIF_A = 1e-3;
const TITLE_WEIGHT = 3;
const FAMILY_WEIGHT = 1.5;
/** Words of a description read (its start says what the thing is; the rest is detail). */
const DESCRIPTION_WORDS = 80;
/**
 * How common a word must be (its frequency rank) to be a word of English, never a misspelling:
 * 'powered', 'hybrid' and 'mortuary' rank 5,000–30,000, while the misspellings the model has
 * met ('seperate', 'recieve', 'vaccum') rank beyond 90,000.
 */
const ORDINARY_WORD_RANK = 50_000;

/** Words whose meaning says nothing about a thing (beyond what frequency already discounts). */
const FUNCTION_WORDS = new Set(
  'a an the and or of for to in on at by with from as is are was were be been it its this that these those our your we you i me my'.split(
    ' ',
  ),
);

interface MeaningText {
  title: string;
  description: string;
  /** The equipment family's display name, when known. */
  family?: string | null;
}

/** Lower-case words of a text ('X-ray', 'Centrifuge,' → 'x-ray', 'centrifuge'), accents removed. */
export function meaningWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .map((word) => word.replace(/^-+|-+$/g, ''))
    .filter(Boolean);
}

export class LocalMeaningModel {
  readonly id = LOCAL_MEANING_MODEL;
  private readonly zipfNorm: number;

  constructor(readonly vectors: WordVectors) {
    // Zipf: p(rank r) ≈ 1 / ((r + 1) · H(N)), H(N) ≈ ln N + γ.
    this.zipfNorm = Math.log(vectors.size) + 0.5772;
  }

  get dimensions(): number {
    return this.vectors.dimensions;
  }

  /** How much a known word counts (0–1): rare words nearly 1, the commonest nearly 0. */
  weightOf(row: number): number {
    const p = 1 / ((row + 1) * this.zipfNorm);
    return SIF_A / (SIF_A + p);
  }

  /** The model's rows for a word: itself, or its hyphenated parts ('uv-vis' → 'uv', 'vis'). */
  rowsOf(word: string): number[] {
    if (FUNCTION_WORDS.has(word) || /^\d+$/.test(word)) return [];
    const row = this.vectors.rowOf(word);
    if (row !== undefined) return [row];
    if (!word.includes('-')) {
      // A simple plural the model lacks ('cryostats') reads as its singular.
      const singular = word.endsWith('s') && word.length > 4 ? this.vectors.rowOf(word.slice(0, -1)) : undefined;
      return singular === undefined ? [] : [singular];
    }
    return word.split('-').flatMap((part) => (part ? this.rowsOf(part) : []));
  }

  private accumulate(into: Float32Array, words: readonly string[], weight: number): number {
    let added = 0;
    for (const word of words) {
      for (const row of this.rowsOf(word)) {
        this.vectors.addTo(into, row, weight * this.weightOf(row));
        added += 1;
      }
    }
    return added;
  }

  /** A listing's meaning (unit vector), or undefined when none of its words is known. */
  embedListing(text: MeaningText): Float32Array | undefined {
    const vector = new Float32Array(this.dimensions);
    let added = this.accumulate(vector, meaningWords(text.title), TITLE_WEIGHT);
    if (text.family) added += this.accumulate(vector, meaningWords(text.family), FAMILY_WEIGHT);
    added += this.accumulate(vector, meaningWords(text.description).slice(0, DESCRIPTION_WORDS), 1);
    return added > 0 ? unit(vector) : undefined;
  }

  /** A query's meaning (unit vector) from its content words, or undefined when none is known. */
  embedWords(words: readonly string[]): Float32Array | undefined {
    const vector = new Float32Array(this.dimensions);
    const added = this.accumulate(vector, words.flatMap(meaningWords), 1);
    return added > 0 ? unit(vector) : undefined;
  }

  /** Cosine of two words (0 when either is unknown). */
  wordSimilarity(a: string, b: string): number {
    const [ra] = this.rowsOf(a);
    const [rb] = this.rowsOf(b);
    return ra === undefined || rb === undefined ? 0 : this.vectors.similarity(ra, rb);
  }

  /** True when the model knows the word. */
  knows(word: string): boolean {
    return this.rowsOf(word).length > 0;
  }

  /** True when the word is among the commonest of English: a word as typed, not a typo. */
  isOrdinaryWord(word: string): boolean {
    const row = this.vectors.rowOf(word);
    return row !== undefined && row < ORDINARY_WORD_RANK;
  }
}

function unit(vector: Float32Array): Float32Array | undefined {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm);
  if (!(norm > 0)) return undefined;
  for (let j = 0; j < vector.length; j++) vector[j]! /= norm;
  return vector;
}

let model: Promise<LocalMeaningModel> | undefined;

/** The process's one copy of the local model (loaded on first use). */
export function loadLocalMeaningModel(): Promise<LocalMeaningModel> {
  model ??= loadWordVectors().then((vectors) => new LocalMeaningModel(vectors));
  return model;
}
