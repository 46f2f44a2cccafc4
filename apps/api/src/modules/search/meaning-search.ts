import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { listings } from '../../db/schema.js';
import type { Db } from '../../db/database.js';
import { loadLocalMeaningModel, meaningWords, type LocalMeaningModel } from '../../providers/embeddings/local-meaning.js';
import type { AiEngine } from '../../providers/ai/index.js';
import { loadDefinitions, type Definitions } from '../../providers/dictionary/definitions.js';
import { otherEnglishSpellings } from './english-spellings.js';
import type { Expansion } from './facets.js';
import { MeaningIndex, type MeaningFilter, type MeaningHit } from './meaning-index.js';

/**
 * The meaning side of AI search: the query's vector and the listings nearest it. The local
 * model always (word vectors, see providers/embeddings); with an AI endpoint its embeddings
 * replace the local ones — and any failure of the endpoint (down, slow, a vector of the wrong
 * size) falls back to the local model for that search.
 */

export interface MeaningProbe {
  source: 'local' | 'remote';
  /** Nearest listings that pass the filters, nearest first. */
  hits: MeaningHit[];
  /** How close any listing is to the query (undefined: no vector for it). */
  similarityOf(id: string): number | undefined;
  /** How far a similarity stands out from the query's similarity to listings in general (standard deviations). */
  standout(similarity: number): number;
  /** For explanations: the listing word nearest in meaning to each asked word the listing does not use. */
  closeWords(asked: readonly string[], listingText: string): { asked: string; near: string }[];
}

/** Listings like some listings (their mean vector): 'more of the same kind' after exact matches. */
export interface LikenessProbe {
  hits: MeaningHit[];
  similarityOf(id: string): number | undefined;
}

interface MeaningSearchOptions {
  db: Db;
  log: FastifyBaseLogger;
  ai?: AiEngine;
  now: () => number;
}

/** Below this a word of a listing is not 'close in meaning' to an asked word (explanations). */
const CLOSE_WORD = 0.55;
/** From this many listings, how far a listing stands out from the rest is measured. */
const SPREAD_FROM = 50;
/** A lexicon word means about the same as an asked word from this similarity. */
export const EXPANSION_SIMILARITY = 0.6;
const EXPANSIONS_PER_WORD = 3;
/** How often the lexicon of listing words is read again. */
const LEXICON_REFRESH_MS = 60_000;

export class MeaningSearch {
  private local?: { model: LocalMeaningModel; index: MeaningIndex };
  private remote?: MeaningIndex;
  private loading?: Promise<void>;
  private lexicon?: {
    words: string[];
    allWords: string[];
    known: ReadonlySet<string>;
    vectors: Float32Array;
    readAt: number;
  };
  private definitions?: Promise<Definitions | undefined>;
  private lexiconReading?: Promise<void>;
  private readonly expansionCache = new Map<string, Expansion[]>();

  constructor(private readonly options: MeaningSearchOptions) {}

  /**
   * For each word, the words listings' titles use that mean about the same ('lamp' → 'light',
   * 'dentist' → 'dental'): the meaning model's nearest words in the catalog's lexicon (the
   * `search_words` table), at most three, each at least EXPANSION_SIMILARITY close; the
   * equipment a dictionary defines with the word ('heart' → "cardiograph"), at most three; and
   * the lexicon's compounds of any of them ('dialysis' → "haemodialysis"). Words of the same
   * stem are left out (the full-text index already joins them).
   */
  async expansions(words: readonly string[]): Promise<Expansion[][]> {
    const { model } = await this.ready();
    await this.readLexicon(model);
    const definitions = await this.dictionary();
    return words.map((word) => this.expansionsOf(model, word, definitions));
  }

  /**
   * Whether a word names a made thing (the dictionary's artifacts: "strap", "fan", "blade"), or
   * nothing when the dictionary cannot be read: AI search reads titles that go on after a kind's
   * name with such words ("ECG chest strap") as naming another thing.
   */
  async thingNames(): Promise<((word: string) => boolean) | undefined> {
    const definitions = await this.dictionary();
    return definitions ? (word) => definitions.namesAThing(word) : undefined;
  }

  private dictionary(): Promise<Definitions | undefined> {
    // Without the dictionary the word model's expansions still stand.
    this.definitions ??= loadDefinitions().catch((error: unknown) => {
      this.options.log.warn({ err: error }, 'search: the dictionary could not be read; expanding by word vectors only');
      return undefined;
    });
    return this.definitions;
  }

  private expansionsOf(model: LocalMeaningModel, word: string, definitions: Definitions | undefined): Expansion[] {
    const cached = this.expansionCache.get(word);
    if (cached) return cached;
    const lexicon = this.lexicon;
    const [row] = model.rowsOf(word);
    let found: Expansion[] = [];
    if (lexicon && row !== undefined && word.length >= 3) {
      const d = model.dimensions;
      const query = new Float32Array(d);
      model.vectors.addTo(query, row, 1);
      const best: Expansion[] = [];
      for (let i = 0; i < lexicon.words.length; i++) {
        let dot = 0;
        for (let j = 0; j < d; j++) dot += lexicon.vectors[i * d + j]! * query[j]!;
        if (dot < EXPANSION_SIMILARITY) continue;
        const candidate = lexicon.words[i]!;
        if (sameStem(word, candidate)) continue;
        best.push({ word: candidate, similarity: Math.round(dot * 1000) / 1000 });
      }
      found = best.sort((a, b) => b.similarity - a.similarity).slice(0, EXPANSIONS_PER_WORD);
    }
    found = withOtherSpellings(word, found);
    if (lexicon && definitions) found = [...found, ...definedBy(definitions, lexicon.known, word, found)];
    if (lexicon && definitions) found = [...found, ...pertainingWords(definitions, lexicon.known, word, found)];
    if (lexicon) found = [...found, ...compoundsOf(lexicon.allWords, word, found)];
    if (this.expansionCache.size >= 5000) this.expansionCache.delete(this.expansionCache.keys().next().value!);
    this.expansionCache.set(word, found);
    return found;
  }

  /**
   * The words (of four letters or more) that the lexicon read into memory does not hold and
   * that are not common English words: the ones that may be misspelt. The lexicon only grows,
   * so a word it holds is a title's word; one it lacks may be a title's since it was read,
   * which the database's lexicon answers.
   */
  async unknownWords(words: readonly string[]): Promise<string[]> {
    const { model } = await this.ready();
    await this.readLexicon(model);
    const known = this.lexicon?.known;
    const inLexicon = (word: string) => pluralsOf(word).some((form) => known?.has(form));
    return words.filter((word) => /^[a-z]{4,}$/.test(word) && !inLexicon(word) && !model.isOrdinaryWord(word));
  }

  /**
   * For each word titles use, the other words titles use a letter off it (one letter left out,
   * added, changed, or two swapped: 'harness' → "hardness"), less its plural or singular and
   * other spellings of its stem: what it may be a typo of when its context says so. Read from
   * the lexicon in memory, with no statement (a title's word from the last minute is not
   * offered yet): reading the catalog's lexicon for every word of a search cost plain search
   * about 2 ms each at 100,000 listings (docs/performance.md).
   */
  async realWordReadings(words: readonly string[]): Promise<{ from: string; readings: string[] }[]> {
    const { model } = await this.ready();
    await this.readLexicon(model);
    const known = this.lexicon?.known;
    if (!known) return [];
    return words.flatMap((word) => {
      if (!/^[a-z]{4,}$/.test(word) || !known.has(word)) return [];
      const readings = [...oneLetterOff(word)].filter((other) => known.has(other) && !sameStem(word, other));
      // A short word is a letter off many ('bath': "path", "bats"…): each is a lookup of the title index.
      return readings.length > 0 ? [{ from: word, readings: readings.sort().slice(0, READINGS_PER_WORD) }] : [];
    });
  }

  /**
   * Of `candidates`, the words at least `least` close to `word` in the word model (not of its
   * stem), closest first: 'lamp' → "lighting", "light" among the last words of the
   * vocabulary's kind names, though no listing's title says either.
   */
  async nearWordsAmong(word: string, candidates: readonly string[], least: number): Promise<string[]> {
    const { model } = await this.ready();
    return candidates
      .map((candidate) => ({ candidate, similarity: model.wordSimilarity(word, candidate) }))
      .filter(({ candidate, similarity }) => similarity >= least && !sameStem(word, candidate))
      .sort((a, b) => b.similarity - a.similarity)
      .map(({ candidate }) => candidate);
  }

  /** The words among the commonest of English ('powered', 'mortuary'): never read as misspellings. */
  async ordinaryWords(words: readonly string[]): Promise<Set<string>> {
    const { model } = await this.ready();
    return new Set(words.filter((word) => model.isOrdinaryWord(word)));
  }

  private async readLexicon(model: LocalMeaningModel): Promise<void> {
    const stale = !this.lexicon || this.options.now() - this.lexicon.readAt >= LEXICON_REFRESH_MS;
    if (!stale) return;
    this.lexiconReading ??= (async () => {
      const result = await this.options.db.execute<{ word: string }>(sql`select word from search_words`);
      const allWords = result.rows.map((r) => r.word).filter((w) => /^[a-z][a-z-]{2,}$/.test(w));
      const words = allWords.filter((w) => model.knows(w));
      const d = model.dimensions;
      const vectors = new Float32Array(words.length * d);
      words.forEach((w, i) => {
        const [row] = model.rowsOf(w);
        if (row !== undefined) model.vectors.addTo(vectors.subarray(i * d, (i + 1) * d), row, 1);
      });
      this.lexicon = { words, allWords, known: new Set(allWords), vectors, readAt: this.options.now() };
      this.expansionCache.clear();
    })().finally(() => {
      this.lexiconReading = undefined;
    });
    // The first search waits for it; later ones go on with the lexicon they have.
    if (!this.lexicon) await this.lexiconReading;
  }

  private async ready(): Promise<{ model: LocalMeaningModel; index: MeaningIndex }> {
    this.loading ??= loadLocalMeaningModel().then((model) => {
      this.local = { model, index: new MeaningIndex(this.options.db, model.dimensions, this.options.now) };
    });
    await this.loading;
    return this.local!;
  }

  /**
   * How much information each word carries (0–1, the local model's rarity weight): 'the'
   * almost none, 'lamp' much, 'microtome' nearly all; a word the model does not know counts 1.
   */
  async informationOf(words: readonly string[]): Promise<number[]> {
    const { model } = await this.ready();
    return words.map((word) => {
      const rows = model.rowsOf(word);
      return rows.length === 0 ? 1 : Math.max(...rows.map((row) => model.weightOf(row)));
    });
  }

  /** The query's nearest listings; undefined when no word of it has a meaning the models know. */
  async probe(words: readonly string[], filter: MeaningFilter, k: number): Promise<MeaningProbe | undefined> {
    const text = words.join(' ').trim();
    if (!text) return undefined;
    const local = await this.ready();
    const remote = this.options.ai ? await this.remoteProbe(text, filter, k) : undefined;
    if (remote) return remote;
    const vector = local.model.embedWords(words);
    if (!vector) return undefined;
    await local.index.sync();
    return this.probeOf('local', local.index, vector, filter, k, local.model);
  }

  private async remoteProbe(text: string, filter: MeaningFilter, k: number): Promise<MeaningProbe | undefined> {
    const ai = this.options.ai!;
    try {
      // The size of the listings' vectors: a query vector of another size is the endpoint's fault.
      const dimensions = this.remote?.dimensions ?? (await this.listingEmbeddingSize());
      if (dimensions === undefined) return undefined;
      const vector = await ai.queryEmbedding(text, AbortSignal.timeout(ai.timeoutMs), dimensions);
      if (!vector) return undefined;
      this.remote ??= new MeaningIndex(this.options.db, dimensions, this.options.now, listings.embedding);
      await this.remote.sync();
      // Listings the endpoint has not embedded yet (or in another size) are not in it: then the local model answers.
      if (this.remote.size === 0) return undefined;
      const local = await this.ready();
      return this.probeOf('remote', this.remote, Float32Array.from(vector), filter, k, local.model);
    } catch (error) {
      this.options.log.warn({ err: error }, 'search: the embedding endpoint failed; the local model answers');
      return undefined;
    }
  }

  /** The listings nearest the mean of `ids`' vectors (the local model's), passing the filters. */
  async like(ids: readonly string[], filter: MeaningFilter, k: number): Promise<LikenessProbe | undefined> {
    const { index, model } = await this.ready();
    // AI search's probe may have used the endpoint's index and never read the local one.
    await index.sync();
    const mean = new Float32Array(model.dimensions);
    let found = 0;
    for (const id of ids) {
      const vector = index.vectorOf(id);
      if (!vector) continue;
      for (let j = 0; j < mean.length; j++) mean[j]! += vector[j]!;
      found += 1;
    }
    if (found === 0) return undefined;
    const norm = Math.sqrt(mean.reduce((sum, x) => sum + x * x, 0));
    if (!(norm > 0)) return undefined;
    for (let j = 0; j < mean.length; j++) mean[j]! /= norm;
    return { hits: index.nearest(mean, k, filter), similarityOf: (id) => index.similarity(id, mean) };
  }

  /** The size of the endpoint's listing vectors (the newest one's), or undefined when none is stored yet. */
  private async listingEmbeddingSize(): Promise<number | undefined> {
    const result = await this.options.db.execute<{ size: number | null }>(
      sql`select array_length(${listings.embedding}, 1) as size from ${listings} where ${listings.embedding} is not null order by ${listings.searchRev} desc limit 1`,
    );
    const size = result.rows[0]?.size;
    return size ? Number(size) : undefined;
  }

  private probeOf(
    source: 'local' | 'remote',
    index: MeaningIndex,
    vector: Float32Array,
    filter: MeaningFilter,
    k: number,
    model: LocalMeaningModel,
  ): MeaningProbe {
    const { mean, sd, n } = index.spread(vector);
    return {
      source,
      hits: index.nearest(vector, k, filter),
      similarityOf: (id) => index.similarity(id, vector),
      // Among a few dozen listings no listing can stand out far: then similarity alone decides.
      standout: (similarity) => (n < SPREAD_FROM ? Number.POSITIVE_INFINITY : (similarity - mean) / sd),
      closeWords: (asked, listingText) => closeWords(model, asked, listingText),
    };
  }
}

/** Things named by the dictionary for a word, each given the lowest share a word model's expansion gets. */
const DEFINED_PER_WORD = 3;

/**
 * Lexicon words naming equipment that does what the asked verb says ('spin' → "centrifuge") or
 * whose dictionary definition uses the asked word ('heart' → "cardiograph", "defibrillator";
 * 'viscosity' → "viscometer"): what a buyer describes, a title names. At most three, none the
 * word model already gave.
 */
function definedBy(definitions: Definitions, lexicon: ReadonlySet<string>, word: string, expansions: readonly Expansion[]): Expansion[] {
  if (word.length < 3) return [];
  const taken = new Set([word, ...expansions.map((e) => e.word)]);
  const doers = new Set(definitions.thingsThatDo(word));
  return [...new Set([...doers, ...definitions.thingsDefinedBy(word)])]
    .filter((thing) => lexicon.has(thing) && !taken.has(thing) && !sameStem(thing, word))
    .slice(0, DEFINED_PER_WORD)
    .map((thing) => ({ word: thing, similarity: EXPANSION_SIMILARITY, definedBy: true, ...(doers.has(thing) ? { doesIt: true } : {}) }));
}

/** Words pertaining to an asked word, each at the lowest share a word model's expansion gets. */
const PERTAINING_PER_WORD = 3;

/**
 * Lexicon words the dictionary says pertain to the asked word ('kidney' → "renal", 'surgery' →
 * "surgical", 'cardiac' → "heart"): a buyer says it in plain words, a title in the trade's
 * adjective. Word vectors trained on news seldom join them; their stems differ ('surgery' and
 * "surgical" are two words to the full-text index). At most three, none already taken.
 */
function pertainingWords(
  definitions: Definitions,
  lexicon: ReadonlySet<string>,
  word: string,
  expansions: readonly Expansion[],
): Expansion[] {
  const taken = new Set([word, ...expansions.map((e) => e.word)]);
  return definitions
    .pertainingTo(word)
    .filter((other) => lexicon.has(other) && !taken.has(other))
    .slice(0, PERTAINING_PER_WORD)
    .map((other) => ({ word: other, similarity: EXPANSION_SIMILARITY, pertains: true }));
}

/** A compound names a kind of its last word: "hemodialysis" is dialysis, "microcentrifuge" a centrifuge. */
const COMPOUND_BASE_MIN = 5;
const COMPOUND_HEAD_MIN = 3;
const COMPOUNDS_PER_WORD = 3;

/**
 * The word's British or American spelling ('analyzer' → "analyser"): the same word, so as
 * close as it gets — ahead of whatever the word model found. Asked whether or not the lexicon
 * has it yet: a listing written in it minutes ago is found before the lexicon is read again.
 */
function withOtherSpellings(word: string, found: readonly Expansion[]): Expansion[] {
  const spellings = otherEnglishSpellings(word);
  if (spellings.length === 0) return [...found];
  return [...spellings.map((other) => ({ word: other, similarity: 1 })), ...found.filter((e) => !spellings.includes(e.word))];
}

/**
 * Lexicon words that are compounds of the asked word or of one of its expansions
 * ('dialysis' → "hemodialysis", "haemodialysis"), each with the similarity of what it
 * compounds (1 for the asked word itself): the full-text index holds a compound as one word,
 * so asking for its last part alone would not find it. The word models seldom know such
 * compounds, so the lexicon's every word is looked at.
 */
function compoundsOf(lexicon: readonly string[], word: string, expansions: readonly Expansion[]): Expansion[] {
  const bases: Expansion[] = [{ word, similarity: 1 }, ...expansions].filter((b) => b.word.length >= COMPOUND_BASE_MIN);
  if (bases.length === 0) return [];
  const taken = new Set([word, ...expansions.map((e) => e.word)]);
  const found: Expansion[] = [];
  for (const candidate of lexicon) {
    if (taken.has(candidate)) continue;
    const base = bases.find((b) => candidate.length - b.word.length >= COMPOUND_HEAD_MIN && candidate.endsWith(b.word));
    if (!base || sameStem(candidate, word)) continue;
    found.push({
      word: candidate,
      similarity: base.similarity,
      ...(base.definedBy ? { definedBy: true } : {}),
      ...(base.doesIt ? { doesIt: true } : {}),
      ...(base.pertains ? { pertains: true } : {}),
    });
    taken.add(candidate);
  }
  return found.sort((a, b) => b.similarity - a.similarity || a.word.length - b.word.length).slice(0, COMPOUNDS_PER_WORD);
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** The most words a letter off a word titles use that its context is asked about. */
const READINGS_PER_WORD = 8;

/** Every string one edit from a word: a letter left out, added or changed, or two neighbours swapped. */
function oneLetterOff(word: string): Set<string> {
  const found = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail) found.add(head + tail.slice(1));
    if (tail.length > 1) found.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of LETTERS) {
      found.add(head + letter + tail);
      if (tail && letter !== tail[0]) found.add(head + letter + tail.slice(1));
    }
  }
  found.delete(word);
  return found;
}

/** Two spellings of one stem ('lamp', 'lamps'; 'steriliser', 'sterilizer'). */
function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  const n = Math.min(a.length, b.length);
  if (n >= 5 && a.slice(0, Math.max(5, n - 2)) === b.slice(0, Math.max(5, n - 2))) return true;
  return a.replace(/e?s$/, '') === b.replace(/e?s$/, '');
}

/** For each asked word a listing does not use, its word nearest in meaning (if close enough). */
function closeWords(model: LocalMeaningModel, asked: readonly string[], listingText: string): { asked: string; near: string }[] {
  const words = [...new Set(meaningWords(listingText))].filter((word) => word.length > 2 && model.knows(word));
  const have = new Set(words);
  const pairs: { asked: string; near: string }[] = [];
  for (const word of asked.flatMap(meaningWords)) {
    if (have.has(word) || !model.knows(word)) continue;
    let best: { near: string; similarity: number } | undefined;
    for (const candidate of words) {
      const similarity = model.wordSimilarity(word, candidate);
      if (similarity >= CLOSE_WORD && (!best || similarity > best.similarity)) best = { near: candidate, similarity };
    }
    if (best) pairs.push({ asked: word, near: best.near });
  }
  return pairs;
}

/** A word and the plurals titles may use for it: a query's words are read in the singular ('grips' → 'grip'). */
function pluralsOf(word: string): string[] {
  return [word, `${word}s`, `${word}es`, ...(word.endsWith('y') ? [`${word.slice(0, -1)}ies`] : [])];
}
