import type { FastifyBaseLogger } from 'fastify';
import { listings } from '../../db/schema.js';
import type { Db } from '../../db/database.js';
import { loadLocalMeaningModel, meaningWords, type LocalMeaningModel } from '../../providers/embeddings/local-meaning.js';
import type { AiEngine } from './ai-engine.js';
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
  /** For explanations: the listing word nearest in meaning to each asked word the listing does not use. */
  closeWords(asked: readonly string[], listingText: string): { asked: string; near: string }[];
}

export interface MeaningSearchOptions {
  db: Db;
  log: FastifyBaseLogger;
  ai?: AiEngine;
  now: () => number;
}

/** Below this a word of a listing is not 'close in meaning' to an asked word (explanations). */
const CLOSE_WORD = 0.55;

export class MeaningSearch {
  private local?: { model: LocalMeaningModel; index: MeaningIndex };
  private remote?: MeaningIndex;
  private loading?: Promise<void>;

  constructor(private readonly options: MeaningSearchOptions) {}

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
      const vector = await ai.queryEmbedding(text, AbortSignal.timeout(ai.timeoutMs));
      if (!vector) return undefined;
      if (!this.remote || this.remote.dimensions !== vector.length) {
        this.remote = new MeaningIndex(this.options.db, vector.length, this.options.now, listings.embedding);
      }
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

  private probeOf(
    source: 'local' | 'remote',
    index: MeaningIndex,
    vector: Float32Array,
    filter: MeaningFilter,
    k: number,
    model: LocalMeaningModel,
  ): MeaningProbe {
    return {
      source,
      hits: index.nearest(vector, k, filter),
      similarityOf: (id) => index.similarity(id, vector),
      closeWords: (asked, listingText) => closeWords(model, asked, listingText),
    };
  }
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
