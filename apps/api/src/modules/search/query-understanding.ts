import { CONDITION_LABELS, FOR_WORDS, TAXONOMY, findCountry, normalizeForMatch, type Condition } from '@benchmarket/shared';
import { EQUIPMENT_GLOSSARY } from './equipment-glossary.js';
import {
  AMBIGUOUS_COUNTRY_WORDS,
  BRAND_ALIASES,
  CHEAP_WORDS,
  CONDITION_ASKED_LABELS,
  CONDITION_PHRASES,
  COUNTRY_LEAD_WORDS,
  ENGLISH_STOP_WORDS,
  FAMILY_VOCABULARY,
  FILLER_WORDS,
  MISSPELLINGS,
  PHRASE_FAMILIES,
  PRICE_WORDS,
  SAFE_COUNTRY_SHORT_FORMS,
} from './vocabulary.js';

/**
 * Query understanding for AI-enhanced search (pure, no I/O): what a buyer's words ask for.
 * "refurbished pcr machine under $5k in Germany" becomes a concept (the thermal-cycler
 * family), a condition (the refurbished values), a price ceiling (5,000) and a country
 * (Germany), with the constraint words taken out of the text. The vocabulary is data
 * (vocabulary.ts and the shared taxonomy); this file only applies it.
 */

/** How a concept relates to the families it names (see `Concept.familyCredit`). */
export type ConceptKind = 'family' | 'kind' | 'model';

export interface Concept {
  /** What the buyer typed, in lower case ('pcr machines'). */
  asked: string;
  /**
   * The vocabulary's phrase the words were read as ('homecare bed'; a misspelt word is already
   * corrected in `asked` too): what titles are searched for, in the index's normal form.
   */
  matched: string;
  /** family: names a whole family; kind: a kind within one; model: a model line. */
  kind: ConceptKind;
  /** How explanations name it ('thermal cycler (PCR)', 'qpcr', 'sorvall legend'). */
  label: string;
  /**
   * Credit a listing gets for being in a family, without the words in its text: 1 where
   * the concept names the whole family, less where it names a kind or model within it.
   */
  familyCredit: Readonly<Record<string, number>>;
  /** Normalised phrases whose presence in a listing's title or description satisfies it. */
  phrases: readonly string[];
  /**
   * The loose words asked right before the concept's, with them ('platelet agitator', 'body
   * composition analyzer'): a kind of it, which a title naming it is, whatever its family.
   */
  compound?: string;
  /** Named after "for" ('PCR' of "mini centrifuge for PCR tubes"): what the thing asked is for, not a kind asked. */
  purpose?: boolean;
}

export interface BrandMention {
  asked: string;
  /** The manufacturer's name ('Thermo Fisher Scientific'). */
  name: string;
  /** Normalised forms a listing may use ('thermo', 'thermo fisher', …). */
  phrases: readonly string[];
  /** Named after "for" ('Olympus' of "light source for our Olympus endoscopy tower"): what the thing asked is for. */
  purpose?: boolean;
}

export type PriceAsk =
  | { kind: 'max'; max: number; asked: string }
  | { kind: 'min'; min: number; asked: string }
  | { kind: 'range'; min: number; max: number; asked: string }
  | { kind: 'around'; min: number; max: number; target: number; asked: string };

export interface ConditionAsk {
  values: readonly Condition[];
  /** How the buyer said it, for explanations ('refurbished'). */
  label: string;
}

export interface CountryAsk {
  name: string;
  code: string;
  asked: string;
}

export interface UnderstoodQuery {
  raw: string;
  concepts: Concept[];
  brands: BrandMention[];
  /** Model-number-like tokens ('5810r', 'x1r', '7500'). */
  models: string[];
  /** Other content words, normalised. */
  terms: string[];
  /** Terms after a word that says what the thing asked is for ('tube' of "mini centrifuge for PCR tubes"). */
  purposes?: string[];
  /** Quoted phrases, normalised. */
  phrases: string[];
  /** Words the buyer excluded with '-word'. */
  excluded: string[];
  /** A term that may be the start of a word still being typed (the last one). */
  prefix?: string;
  price?: PriceAsk;
  condition?: ConditionAsk;
  country?: CountryAsk;
  /** Misspellings fixed ('centrifgue' → 'centrifuge'). */
  corrections: { from: string; to: string }[];
  /** The buyer asked for it cheap ('cheap microscope', 'affordable autoclave'): the lower prices first. */
  cheap?: boolean;
}

// ── The vocabulary, compiled once ───────────────────────────────────────────

type PhraseEntry =
  | { type: 'generic'; family: string }
  | { type: 'group'; families: readonly string[]; phrases: readonly string[]; label: string; ours: boolean }
  | { type: 'keyword'; family: string; label: string }
  | { type: 'brand'; brand: string }
  | { type: 'condition'; values: readonly Condition[] };

interface Compiled {
  /** Normalised phrase → what it means. */
  phrases: Map<string, PhraseEntry[]>;
  /** First token → the lengths (in tokens) of phrases starting with it, longest first. */
  lengthsByFirst: Map<string, number[]>;
  /** Brand name → its normalised phrases. */
  brandPhrases: Map<string, Set<string>>;
  /** Vocabulary words (for spelling correction), by first letter. */
  wordsByInitial: Map<string, string[]>;
  wordSet: Set<string>;
  genericPhrasesByFamily: Map<string, string[]>;
}

let compiled: Compiled | undefined;

function norm(phrase: string): string {
  return normalizeForMatch(phrase);
}

function addPhrase(c: Compiled, phrase: string, entry: PhraseEntry): void {
  const key = norm(phrase);
  if (!key) return;
  const list = c.phrases.get(key);
  if (list) list.push(entry);
  else c.phrases.set(key, [entry]);
  const tokens = key.split(' ');
  const first = tokens[0]!;
  const lengths = c.lengthsByFirst.get(first) ?? [];
  if (!lengths.includes(tokens.length)) {
    lengths.push(tokens.length);
    lengths.sort((a, b) => b - a);
  }
  c.lengthsByFirst.set(first, lengths);
  for (const word of tokens) {
    if (word.length < 4 || /\d/.test(word) || c.wordSet.has(word)) continue;
    c.wordSet.add(word);
    const bucket = c.wordsByInitial.get(word[0]!) ?? [];
    bucket.push(word);
    c.wordsByInitial.set(word[0]!, bucket);
  }
}

function compile(): Compiled {
  if (compiled) return compiled;
  const c: Compiled = {
    phrases: new Map(),
    lengthsByFirst: new Map(),
    brandPhrases: new Map(),
    wordsByInitial: new Map(),
    wordSet: new Set(),
    genericPhrasesByFamily: new Map(),
  };
  for (const family of TAXONOMY) {
    const vocabulary = FAMILY_VOCABULARY[family.id];
    const generic = vocabulary?.generic ?? [];
    c.genericPhrasesByFamily.set(family.id, generic.map(norm));
    for (const phrase of generic) addPhrase(c, phrase, { type: 'generic', family: family.id });
    const groups = [
      ...(vocabulary?.groups ?? []).map((group) => ({ group, ours: true })),
      ...family.synonyms.map((group) => ({ group, ours: false })),
    ];
    for (const { group, ours } of groups) {
      const phrases = [...new Set(group.map(norm).filter(Boolean))];
      const entry: PhraseEntry = { type: 'group', families: [family.id], phrases, label: group[0] ?? '', ours };
      for (const phrase of group) addPhrase(c, phrase, entry);
    }
    for (const keyword of family.keywords) addPhrase(c, keyword, { type: 'keyword', family: family.id, label: keyword });
    for (const manufacturer of family.manufacturers) {
      addBrand(c, manufacturer, manufacturer);
    }
  }
  // Kinds outside every family: only a listing's words meet them.
  for (const group of EQUIPMENT_GLOSSARY) {
    const phrases = [...new Set(group.map(norm).filter(Boolean))];
    const entry: PhraseEntry = { type: 'group', families: [], phrases, label: group[0] ?? '', ours: true };
    for (const phrase of group) addPhrase(c, phrase, entry);
  }
  for (const [brand, aliases] of Object.entries(BRAND_ALIASES)) {
    addBrand(c, brand, brand);
    for (const alias of aliases) addBrand(c, brand, alias);
  }
  for (const [phrase, values] of CONDITION_PHRASES) addPhrase(c, phrase, { type: 'condition', values });
  compiled = c;
  return c;
}

function addBrand(c: Compiled, brand: string, phrase: string): void {
  const key = norm(phrase);
  if (!key) return;
  const existing = c.phrases.get(key)?.some((entry) => entry.type === 'brand' && entry.brand === brand);
  if (!existing) addPhrase(c, phrase, { type: 'brand', brand });
  const set = c.brandPhrases.get(brand) ?? new Set<string>();
  set.add(key);
  c.brandPhrases.set(brand, set);
}

// ── Prices ──────────────────────────────────────────────────────────────────

const CURRENCY_PREFIX = String.raw`(?:[$€£]\s?)`;
const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)`;
const SCALE = String.raw`(?:\s?(k|m|thousand|grand|million))?`;
const CURRENCY_SUFFIX = String.raw`(?:\s?(usd|dollars?|bucks|eur|euros?|gbp|pounds?|€|\$))?`;
/** Units that make a number a specification, not a price ('max 5000 rpm'). */
const NOT_A_PRICE = String.raw`(?![\w-])(?![.,]\d)(?!\s?(?:rpm|[x×]\s?g|[x×]\s?\d|×|xg|g|ml|ul|µl|l|mm|cm|nm|kg|mg|°|c|w|v|hz|hours?|hrs?|h|lbs?|wells?|channels?|places?|positions?|samples?|tubes?|plates?|years?|days?|months?|%)(?![a-z]))`;

function alternatives(words: readonly string[]): string {
  return words
    .slice()
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\<>=~≤≥]/g, (ch) => `\\${ch}`).replace(/ /g, '\\s+'))
    .join('|');
}

interface MoneyMatch {
  value: number;
  /** A currency sign, a currency word or a k/m scale made it clearly money. */
  marked: boolean;
}

function moneyValue(number: string, scale: string | undefined, prefix: boolean, suffix: string | undefined): MoneyMatch {
  let value = Number(number.replace(/,/g, ''));
  const s = scale?.toLowerCase();
  if (s === 'k' || s === 'thousand' || s === 'grand') value *= 1000;
  if (s === 'm' || s === 'million') value *= 1_000_000;
  return { value, marked: prefix || Boolean(s) || Boolean(suffix) };
}

interface PricePattern {
  regex: RegExp;
  read(match: RegExpExecArray): PriceAsk | undefined;
}

const RANGE_LEAD = String.raw`(?:between|from|in\s+the\s+range(?:\s+of)?|range|priced\s+between)`;
const RANGE_SEP = String.raw`(?:and|to|-|–|—)`;

function pricePatterns(): PricePattern[] {
  const money = (i: number) =>
    `(${CURRENCY_PREFIX})?${NUMBER.replace('(', `(?<n${i}>`)}${SCALE.replace('(k|', `(?<s${i}>k|`)}${CURRENCY_SUFFIX.replace('(usd', `(?<c${i}>usd`)}`;
  const read = (m: RegExpExecArray, i: number): MoneyMatch => {
    const groups = m.groups ?? {};
    const text = m[0];
    const number = groups[`n${i}`] ?? '0';
    const prefix = new RegExp(String.raw`[$€£]\s?${number.replace(/[.]/g, '\\.')}`).test(text);
    return moneyValue(number, groups[`s${i}`], prefix, groups[`c${i}`]);
  };
  const boundary = String.raw`(?<![\w.-])`;
  return [
    {
      // 'between 1k and 3k', 'from $1,000 to $3,000'
      regex: new RegExp(`${boundary}${RANGE_LEAD}\\s+${money(1)}\\s*${RANGE_SEP}\\s*${money(2)}${NOT_A_PRICE}`, 'gi'),
      read(m) {
        const a = read(m, 1);
        const b = read(m, 2);
        // '2-3k': the scale of the second number applies to the first.
        if (!a.marked && b.marked && a.value < b.value / 100) a.value *= b.value >= 1_000_000 ? 1_000_000 : 1000;
        return a.value < b.value ? { kind: 'range', min: a.value, max: b.value, asked: m[0].trim() } : undefined;
      },
    },
    {
      // '$1,000-$3,000', '1k-3k', '1000 to 3000' (bare numbers only when clearly prices)
      regex: new RegExp(`${boundary}${money(1)}\\s*(?:-|–|—|to)\\s*${money(2)}${NOT_A_PRICE}`, 'gi'),
      read(m) {
        const a = read(m, 1);
        const b = read(m, 2);
        if (!a.marked && b.marked && a.value < b.value / 100) a.value *= b.value >= 1_000_000 ? 1_000_000 : 1000;
        const clear = a.marked || b.marked || (a.value >= 100 && b.value >= 100);
        return clear && a.value < b.value ? { kind: 'range', min: a.value, max: b.value, asked: m[0].trim() } : undefined;
      },
    },
    {
      // 'under $5k', 'below 5000', 'max 3000'
      regex: new RegExp(`${boundary}(?:${alternatives(PRICE_WORDS.max)})\\s*${money(1)}${NOT_A_PRICE}`, 'gi'),
      read(m) {
        const a = read(m, 1);
        return a.value > 0 ? { kind: 'max', max: a.value, asked: m[0].trim() } : undefined;
      },
    },
    {
      // '5000 or less', '$2k max'
      regex: new RegExp(
        `${boundary}${money(1)}\\s+(?:or\\s+less|or\\s+under|or\\s+below|and\\s+under|and\\s+below|max(?:imum)?|tops|at\\s+most)(?![\\w])`,
        'gi',
      ),
      read(m) {
        const a = read(m, 1);
        return a.value > 0 ? { kind: 'max', max: a.value, asked: m[0].trim() } : undefined;
      },
    },
    {
      // 'over 10k', 'at least $500'
      regex: new RegExp(`${boundary}(?:${alternatives(PRICE_WORDS.min)})\\s*${money(1)}${NOT_A_PRICE}`, 'gi'),
      read(m) {
        const a = read(m, 1);
        return { kind: 'min', min: a.value, asked: m[0].trim() };
      },
    },
    {
      // '500 or more', '$10k+'
      regex: new RegExp(`${boundary}${money(1)}\\s*(?:\\+|or\\s+more|and\\s+up|and\\s+above|or\\s+above|plus)(?![\\w])`, 'gi'),
      read(m) {
        const a = read(m, 1);
        return a.marked || a.value >= 100 ? { kind: 'min', min: a.value, asked: m[0].trim() } : undefined;
      },
    },
    {
      // 'around $3,000', '~5k'
      regex: new RegExp(`${boundary}(?:${alternatives(PRICE_WORDS.around)})\\s*${money(1)}${NOT_A_PRICE}`, 'gi'),
      read(m) {
        const a = read(m, 1);
        if (!a.marked && a.value < 100) return undefined;
        return { kind: 'around', min: a.value * 0.8, max: a.value * 1.2, target: a.value, asked: m[0].trim() };
      },
    },
    {
      // A bare amount that is clearly money ('centrifuge $3000', '5k') is a budget.
      regex: new RegExp(`${boundary}${money(1)}${NOT_A_PRICE}`, 'gi'),
      read(m) {
        const a = read(m, 1);
        return a.marked && a.value > 0 ? { kind: 'max', max: a.value, asked: m[0].trim() } : undefined;
      },
    },
  ];
}

let compiledPricePatterns: PricePattern[] | undefined;

/** The first price phrase in `text`, and the text without it. */
export function extractPrice(text: string): { price?: PriceAsk; rest: string } {
  compiledPricePatterns ??= pricePatterns();
  for (const pattern of compiledPricePatterns) {
    pattern.regex.lastIndex = 0;
    let match: RegExpExecArray | null;
    while ((match = pattern.regex.exec(text)) !== null) {
      const price = pattern.read(match);
      if (price) {
        const rest = `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`;
        return { price, rest };
      }
      if (match[0].length === 0) pattern.regex.lastIndex += 1;
    }
  }
  return { rest: text };
}

// ── Tokens ──────────────────────────────────────────────────────────────────

interface Token {
  /** Lower case, accents stripped, as typed ('states'). */
  raw: string;
  /** Normal form for matching ('state'). */
  norm: string;
}

function tokenize(text: string): Token[] {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ');
  return folded
    .split(/[^a-z0-9+]+/)
    .filter(Boolean)
    .map((raw) => ({ raw, norm: normalizeForMatch(raw) || raw }))
    .filter((token) => token.norm !== '+');
}

/** Damerau–Levenshtein distance (optimal string alignment), stopping early past `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      }
      row.push(value);
      best = Math.min(best, value);
    }
    rows.push(row);
    if (i > 0 && best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

function correctionFor(word: string): string | undefined {
  const known = MISSPELLINGS[word];
  if (known) return known;
  const c = compile();
  if (word.length < 5 || /\d/.test(word) || c.wordSet.has(word) || c.phrases.has(word)) return undefined;
  const maxDistance = word.length >= 8 ? 2 : 1;
  let best: { word: string; distance: number } | undefined;
  for (const candidate of c.wordsByInitial.get(word[0]!) ?? []) {
    const distance = editDistance(word, candidate, maxDistance);
    if (distance <= maxDistance && (!best || distance < best.distance)) best = { word: candidate, distance };
  }
  return best?.word;
}

// ── Matching ────────────────────────────────────────────────────────────────

type Match =
  | { type: 'vocabulary'; start: number; length: number; phrase: string; asked: string; entries: PhraseEntry[] }
  | { type: 'country'; start: number; length: number; name: string; code: string; asked: string };

function vocabularyMatchAt(tokens: readonly Token[], start: number): Match | undefined {
  const forward = vocabularyMatchInOrder(tokens, start);
  if (forward && forward.length > 1) return forward;
  return namedHeadFirst(tokens, start) ?? forward;
}

/**
 * A two-word kind's name asked head first, as inventories and tenders write it ('incubator
 * co2', "Pump, infusion"): read as the name when the second word ends no equipment's name —
 * it cannot be what is asked for then ('microscope light' is a light, not a light microscope).
 */
function namedHeadFirst(tokens: readonly Token[], start: number): Match | undefined {
  const [head, modifier] = [tokens[start], tokens[start + 1]];
  if (!head || !modifier || kindNameHeads().has(modifier.norm)) return undefined;
  const phrase = `${modifier.norm} ${head.norm}`;
  const entries = compile().phrases.get(phrase);
  if (!entries?.some((entry) => entry.type === 'group' || entry.type === 'generic')) return undefined;
  return { type: 'vocabulary', start, length: 2, phrase, asked: `${head.raw} ${modifier.raw}`, entries };
}

let kindHeads: ReadonlySet<string> | undefined;
/** The last word of every equipment name the vocabulary knows ('centrifuge', 'light' of "surgical light"). */
function kindNameHeads(): ReadonlySet<string> {
  if (kindHeads) return kindHeads;
  const heads = new Set<string>();
  for (const [phrase, entries] of compile().phrases) {
    if (entries.some((entry) => entry.type === 'group' || entry.type === 'generic')) heads.add(phrase.split(' ').at(-1)!);
  }
  kindHeads = heads;
  return heads;
}

function vocabularyMatchInOrder(tokens: readonly Token[], start: number): Match | undefined {
  const c = compile();
  const lengths = c.lengthsByFirst.get(tokens[start]!.norm) ?? [];
  for (const length of lengths) {
    if (start + length > tokens.length) continue;
    const phrase = tokens
      .slice(start, start + length)
      .map((t) => t.norm)
      .join(' ');
    const entries = c.phrases.get(phrase);
    const asked = tokens
      .slice(start, start + length)
      .map((t) => t.raw)
      .join(' ');
    if (entries) return { type: 'vocabulary', start, length, phrase, asked, entries };
  }
  return undefined;
}

function countryMatchAt(tokens: readonly Token[], start: number): Match | undefined {
  const lead = start > 0 && COUNTRY_LEAD_WORDS.has(tokens[start - 1]!.raw);
  for (let length = Math.min(4, tokens.length - start); length >= 1; length--) {
    const words = tokens.slice(start, start + length).map((t) => t.raw);
    const asked = words.join(' ');
    if (length === 1) {
      const word = words[0]!;
      const shortForm = word.length <= 3;
      if (shortForm && !lead && !SAFE_COUNTRY_SHORT_FORMS.has(word)) continue;
      if (AMBIGUOUS_COUNTRY_WORDS.has(word) && !lead) continue;
      if (ENGLISH_STOP_WORDS.has(word) && !lead) continue;
    } else if (words.every((w) => w.length === 1) && !SAFE_COUNTRY_SHORT_FORMS.has(asked)) {
      continue;
    }
    const country = findCountry(length === 1 || words.every((w) => w.length === 1) ? words.join('') : asked);
    if (country) return { type: 'country', start, length, name: country.name, code: country.code, asked };
  }
  return undefined;
}

/** Longest match first; at equal length the equipment vocabulary wins over a country. */
function scan(tokens: readonly Token[]): Match[] {
  const matches: Match[] = [];
  let i = 0;
  while (i < tokens.length) {
    const vocabulary = vocabularyMatchAt(tokens, i);
    const country = countryMatchAt(tokens, i);
    const best = country && (!vocabulary || country.length > vocabulary.length) ? country : vocabulary;
    if (best) {
      matches.push(best);
      i += best.length;
    } else {
      i += 1;
    }
  }
  return matches;
}

function conceptFrom(phrase: string, entries: readonly PhraseEntry[], asked: string = phrase): Concept | undefined {
  const c = compile();
  const credit: Record<string, number> = {};
  const phrases = new Set<string>([phrase]);
  const give = (family: string, value: number) => {
    credit[family] = Math.max(credit[family] ?? 0, value);
  };
  let kind: ConceptKind | undefined;
  let label = phrase;
  const generic = entries.filter((e) => e.type === 'generic');
  const groups = entries.filter((e) => e.type === 'group');
  const keywords = entries.filter((e) => e.type === 'keyword');
  if (generic.length > 0) {
    kind = 'family';
    for (const entry of generic) {
      give(entry.family, 1);
      for (const p of c.genericPhrasesByFamily.get(entry.family) ?? []) phrases.add(p);
      label = FAMILY_VOCABULARY[entry.family]?.label ?? label;
    }
  }
  if (groups.length > 0) {
    // A group that holds a family's generic names ('pcr machine / … / qpcr') says nothing
    // specific: its phrases would make every family member match a specific ask.
    const specific = groups.filter(
      (entry) =>
        entry.type === 'group' &&
        !entry.families.some((family) =>
          entry.phrases.some((p) => p !== phrase && (c.genericPhrasesByFamily.get(family) ?? []).includes(p)),
        ),
    );
    const allowed = PHRASE_FAMILIES_NORMALISED().get(phrase);
    const used = (specific.length > 0 ? specific : groups).filter(
      (entry) => entry.type === 'group' && (!allowed || entry.families.some((f) => allowed.includes(f))),
    );
    kind ??= 'kind';
    if (kind === 'kind' && used.length > 0) {
      // The label is the first phrase of the group the phrase heads, ours first ('qPCR', 'AED').
      const ranked = [...used].sort((a, b) => Number(b.type === 'group' && b.ours) - Number(a.type === 'group' && a.ours));
      const own = ranked.find((entry) => entry.type === 'group' && entry.phrases[0] === phrase) ?? ranked[0]!;
      if (own.type === 'group') label = own.label;
    }
    for (const entry of used) {
      if (entry.type !== 'group') continue;
      for (const family of entry.families) give(family, 0.5);
      for (const p of entry.phrases) phrases.add(p);
    }
  }
  if (keywords.length > 0) {
    kind ??= 'model';
    if (kind === 'model') label = keywords[0]!.label;
    for (const entry of keywords) give(entry.family, kind === 'model' ? 0.4 : 0.5);
  }
  if (!kind) return undefined;
  const only = PHRASE_FAMILIES_NORMALISED().get(phrase);
  if (only) for (const family of Object.keys(credit)) if (!only.includes(family)) delete credit[family];
  return { asked, matched: phrase, kind, label, familyCredit: credit, phrases: [...phrases] };
}

let phraseFamilies: Map<string, readonly string[]> | undefined;
function PHRASE_FAMILIES_NORMALISED(): Map<string, readonly string[]> {
  phraseFamilies ??= new Map(Object.entries(PHRASE_FAMILIES).map(([phrase, families]) => [norm(phrase), families]));
  return phraseFamilies;
}

function conditionLabelFor(values: readonly Condition[], asked: string): string {
  const key = [...values].sort().join(',');
  for (const [set, label] of CONDITION_ASKED_LABELS) {
    if ([...set].sort().join(',') === key) return label;
  }
  if (values.length === 1) return CONDITION_LABELS[values[0]!];
  return asked;
}

/** A token that names a model rather than a kind: letters and digits ('5810r', 'x1r'). */
export function isModelToken(word: string): boolean {
  return /\d/.test(word) && /[a-z]/.test(word) && word.length >= 2;
}

/**
 * Whether two words are a model typed spaced ('XPR 205'): up to five letters, not a stop
 * word, then a number of two to five digits. AI search (joinSplitModels) and plain search
 * (its other spelling) read a model the same way.
 */
export function isSplitModel(letters: string, digits: string): boolean {
  return /^[a-z]{2,5}$/.test(letters) && /^\d{2,5}$/.test(digits) && !ENGLISH_STOP_WORDS.has(letters);
}

/**
 * Whether two words are a model number typed with its letter apart ('5810 r' for "5810R",
 * '2000 c' for "2000c"): a number of two to five digits, then one letter.
 */
export function isSpacedModelLetter(digits: string, letter: string): boolean {
  return /^\d{2,5}$/.test(digits) && /^[a-z]$/.test(letter);
}

/**
 * A model typed with a space its listing may not have ('XPR 205' for "XPR205", 'MAC 5500'
 * for "MAC5500"): a short word of letters right before a number is asked as one model,
 * which facets.ts asks for joined and spaced alike — not as two words a listing may have
 * apart ("XPR balance, 205 mm shield"). A model line the vocabulary knows whole ('oec 9900')
 * is asked joined too. A whole word ('rotor 12') is no model line: only words of up to five
 * letters, free or read by the vocabulary as a model line (whose concept stays, for its
 * family), never a stop word. Answers the indexes joined into a new model.
 */
function joinSplitModels(
  tokens: readonly Token[],
  modelLines: ReadonlyMap<number, Concept>,
  free: (index: number) => boolean,
  models: string[],
  concepts: Concept[],
): Set<number> {
  const joined = new Set<number>();
  for (let i = 0; i + 1 < tokens.length; i++) {
    const first = tokens[i]!.norm;
    const second = tokens[i + 1]!.norm;
    const model = first + second;
    if (isSpacedModelLetter(first, second)) {
      // '5810 r': the number and its letter, as the listing writes them ("5810R").
      if (free(i) && free(i + 1) && !joined.has(i)) {
        if (!models.includes(model)) models.push(model);
        joined.add(i).add(i + 1);
      }
      continue;
    }
    if (!isSplitModel(first, second)) continue;
    const line = modelLines.get(i);
    if (line && line === modelLines.get(i + 1)) {
      // A copy: the concept may be the compiled vocabulary's own.
      const at = concepts.indexOf(line);
      if (at >= 0 && !line.phrases.includes(model)) concepts[at] = { ...line, phrases: [...line.phrases, model] };
      continue;
    }
    if (!(free(i) || line) || !free(i + 1) || joined.has(i)) continue;
    if (!models.includes(model)) models.push(model);
    joined.add(i).add(i + 1);
  }
  return joined;
}

const understoodCache = new Map<string, UnderstoodQuery>();
const NO_WORDS: ReadonlySet<string> = new Set();
const CACHE_LIMIT = 2000;

/**
 * What `raw` asks for. `ordinary`: words of the query known to be common English words, which
 * are never read as a misspelt vocabulary word ('powered' is not the line 'PowerLED').
 * Pure; the last 2,000 answers are remembered.
 */
export function understandQuery(raw: string, ordinary: ReadonlySet<string> = NO_WORDS): UnderstoodQuery {
  const key = ordinary.size === 0 ? raw : `${raw}\u0000${[...ordinary].sort().join(' ')}`;
  const cached = understoodCache.get(key);
  if (cached) return cached;
  const result = understand(raw, ordinary);
  if (understoodCache.size >= CACHE_LIMIT) understoodCache.delete(understoodCache.keys().next().value!);
  understoodCache.set(key, result);
  return result;
}

function understand(raw: string, ordinary: ReadonlySet<string>): UnderstoodQuery {
  const c = compile();
  const query: UnderstoodQuery = {
    raw,
    concepts: [],
    brands: [],
    models: [],
    terms: [],
    phrases: [],
    excluded: [],
    corrections: [],
  };

  // Quoted phrases and '-word' exclusions first, as websearch_to_tsquery reads them.
  let text = raw.replace(/"([^"]*)"?/g, (_m, inner: string) => {
    const phrase = norm(inner);
    if (phrase) query.phrases.push(phrase);
    return ' ';
  });
  text = text.replace(/(^|\s)-([a-z][\w-]*)/gi, (_m, lead: string, word: string) => {
    const excluded = norm(word);
    if (excluded) query.excluded.push(excluded);
    return lead;
  });
  const { price, rest } = extractPrice(text);
  if (price) query.price = price;

  let tokens = tokenize(rest).map((token) => {
    const fixed = MISSPELLINGS[token.norm];
    if (fixed) {
      query.corrections.push({ from: token.norm, to: fixed });
      return { raw: fixed, norm: normalizeForMatch(fixed) };
    }
    return token;
  });

  let matches = scan(tokens);
  // Spelling: a word the vocabulary does not know, one or two letters from one it does,
  // is read as that word when it then completes a phrase ('centrifgue' → 'centrifuge').
  const consumed = (ms: readonly Match[]) => {
    const set = new Set<number>();
    for (const m of ms) for (let k = m.start; k < m.start + m.length; k++) set.add(k);
    return set;
  };
  let used = consumed(matches);
  const candidates = new Map<number, string>();
  tokens.forEach((token, index) => {
    if (used.has(index) || ENGLISH_STOP_WORDS.has(token.norm) || FILLER_WORDS.has(token.norm) || ordinary.has(token.norm)) return;
    const fixed = correctionFor(token.norm);
    if (fixed) candidates.set(index, fixed);
  });
  if (candidates.size > 0) {
    const corrected = tokens.map((token, index) => {
      const fixed = candidates.get(index);
      return fixed ? { raw: fixed, norm: fixed } : token;
    });
    const rematched = scan(corrected);
    const usedAfter = consumed(rematched);
    const accepted = [...candidates.keys()].filter((index) => usedAfter.has(index));
    if (accepted.length > 0) {
      const kept = new Set(accepted);
      tokens = tokens.map((token, index) => (kept.has(index) ? corrected[index]! : token));
      for (const index of accepted) query.corrections.push({ from: tokenize(rest)[index]?.norm ?? '', to: corrected[index]!.norm });
      matches = scan(tokens);
      used = consumed(matches);
    }
  }

  const countryLeadIndexes = new Set<number>();
  /** Words the vocabulary read as (part of) a model line ('xpr', 'oec 9900'), and its concept. */
  const modelLines = new Map<number, Concept>();
  /** Where each concept's words begin in the query. */
  const conceptStarts = new Map<Concept, number>();
  const conceptEnds = new Map<Concept, number>();
  const brandStarts = new Map<string, number>();
  for (const match of matches) {
    if (match.type === 'country') {
      if (!query.country) query.country = { name: match.name, code: match.code, asked: match.asked };
      if (match.start > 0 && COUNTRY_LEAD_WORDS.has(tokens[match.start - 1]!.raw)) countryLeadIndexes.add(match.start - 1);
      continue;
    }
    const conditionEntry = match.entries.find((e) => e.type === 'condition');
    const brandEntry = match.entries.find((e) => e.type === 'brand');
    const concept = conceptFrom(match.phrase, match.entries, match.asked);
    if (concept) {
      const same = (a: Concept, b: Concept) =>
        a.asked === b.asked || (a.label === b.label && Object.keys(a.familyCredit).join() === Object.keys(b.familyCredit).join());
      const existing = query.concepts.find((known) => same(known, concept));
      if (!existing) {
        query.concepts.push(concept);
        conceptStarts.set(concept, match.start);
        conceptEnds.set(concept, match.start + match.length);
      }
      if (concept.kind === 'model') for (let k = match.start; k < match.start + match.length; k++) modelLines.set(k, existing ?? concept);
    } else if (brandEntry && brandEntry.type === 'brand') {
      if (!query.brands.some((b) => b.name === brandEntry.brand)) {
        query.brands.push({
          asked: match.asked,
          name: brandEntry.brand,
          phrases: [...(c.brandPhrases.get(brandEntry.brand) ?? [match.phrase])],
        });
        brandStarts.set(brandEntry.brand, match.start);
      }
    } else if (conditionEntry && conditionEntry.type === 'condition') {
      if (!query.condition) {
        query.condition = { values: conditionEntry.values, label: conditionLabelFor(conditionEntry.values, match.phrase) };
      }
    }
  }

  const joined = joinSplitModels(
    tokens,
    modelLines,
    (index) => !used.has(index) && !countryLeadIndexes.has(index),
    query.models,
    query.concepts,
  );
  // Where the words saying what the thing asked is for begin (after "for"), if they do.
  const marker = purposeMarker(tokens);
  // What is left: model numbers and other content words; stop words and filler go.
  const leftovers: string[] = [];
  const termIndexes = new Set<number>();
  tokens.forEach((token, index) => {
    if (used.has(index) || countryLeadIndexes.has(index) || joined.has(index)) return;
    const word = token.norm;
    // 'c++' is the letter c to the index: a word of one letter or digit says nothing.
    if (ENGLISH_STOP_WORDS.has(word) || FILLER_WORDS.has(word) || word.replace(/[^a-z0-9]/g, '').length < 2) return;
    leftovers.push(word);
    if (isModelToken(word)) {
      if (!query.models.includes(word)) query.models.push(word);
    } else {
      termIndexes.add(index);
      if (!query.terms.includes(word)) query.terms.push(word);
      if (marker !== undefined && index > marker) query.purposes = [...(query.purposes ?? []), word];
    }
  });
  // A kind named after "for" (with a thing named before it) says what the thing asked is for,
  // not what it is: 'PCR' of "mini centrifuge for PCR tubes" is no second kind asked. It ranks;
  // it is not a need.
  const afterFor = (start: number | undefined) => marker !== undefined && (start ?? -1) > marker;
  query.concepts = query.concepts.map((concept) => {
    const start = conceptStarts.get(concept);
    const read = withCompound(concept, start, tokens, termIndexes);
    return afterFor(start) || partsOf(start, conceptEnds.get(concept), tokens) ? { ...read, purpose: true } : read;
  });
  query.brands = query.brands.map((brand) => (afterFor(brandStarts.get(brand.name)) ? { ...brand, purpose: true } : brand));
  // A query of nothing but words that usually only pad a request ('system', 'lab equipment')
  // asks for those words: nothing else is there to search by.
  if (!hasTextToMatch(query) && !query.price && !query.condition && !query.country) {
    tokens.forEach((token, index) => {
      const word = token.norm;
      if (used.has(index) || !FILLER_WORDS.has(word) || ENGLISH_STOP_WORDS.has(word) || query.terms.includes(word)) return;
      query.terms.push(word);
      leftovers.push(word);
    });
  }
  if (asksForItCheap(tokens)) query.cheap = true;
  // The last word may be unfinished ('centrif'): it is matched as a prefix too.
  const last = tokens[tokens.length - 1];
  if (
    last &&
    leftovers[leftovers.length - 1] === last.norm &&
    query.terms.includes(last.norm) &&
    last.norm.replace(/[^a-z0-9]/g, '').length >= 3
  ) {
    query.prefix = last.norm;
  }
  return query;
}

/**
 * Where a word says what the thing asked is for, with a word that names something before it
 * ('for' of "mini centrifuge for PCR tubes"; none in "for PCR").
 */
function purposeMarker(tokens: readonly Token[]): number | undefined {
  const names = (token: Token) => !ENGLISH_STOP_WORDS.has(token.norm) && !FILLER_WORDS.has(token.norm) && !FOR_WORDS.has(token.norm);
  const marker = tokens.findIndex((token, i) => FOR_WORDS.has(token.norm) && tokens.slice(0, i).some(names));
  return marker < 0 ? undefined : marker;
}

/** Words after a kind's name that ask for what goes with it, not for it ('utm accessory'). */
const PARTS_WORDS: ReadonlySet<string> = new Set(['accessory', 'accessorie', 'accessories', 'part', 'parts', 'spare', 'spares']);

/**
 * Whether a kind's name is followed by a word asking for its parts, with a thing named before
 * it: "grips" of 'pneumatic grips (utm accessory)' is what is asked, the UTM what it is for.
 */
function partsOf(start: number | undefined, end: number | undefined, tokens: readonly Token[]): boolean {
  if (start === undefined || end === undefined || !PARTS_WORDS.has(tokens[end]?.norm ?? '')) return false;
  return tokens.slice(0, start).some((token) => !ENGLISH_STOP_WORDS.has(token.norm) && !FILLER_WORDS.has(token.norm));
}

/** Loose words of a compound before a kind's name, at most ('body composition analyzer'). */
const COMPOUND_WORDS = 2;

/** The concept with the loose words right before its own ('platelet' of "platelet agitator"), if any. */
function withCompound(concept: Concept, start: number | undefined, tokens: readonly Token[], termIndexes: ReadonlySet<number>): Concept {
  if (start === undefined || concept.kind === 'model') return concept;
  const before: string[] = [];
  for (let index = start - 1; index >= 0 && before.length < COMPOUND_WORDS && termIndexes.has(index); index--) {
    before.unshift(tokens[index]!.norm);
  }
  return before.length > 0 ? { ...concept, compound: [...before, concept.matched].join(' ') } : concept;
}

/** True when the query asks for something besides constraints (words to match). */
export function hasTextToMatch(query: UnderstoodQuery): boolean {
  return (
    query.concepts.length > 0 || query.brands.length > 0 || query.models.length > 0 || query.terms.length > 0 || query.phrases.length > 0
  );
}

/** Manufacturers named in `title` (for explanations: 'it is a Beckman Coulter'). */
export function brandsInText(text: string): string[] {
  const c = compile();
  const tokens = tokenize(text);
  const found: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const lengths = c.lengthsByFirst.get(tokens[i]!.norm) ?? [];
    for (const length of lengths) {
      const phrase = tokens
        .slice(i, i + length)
        .map((t) => t.norm)
        .join(' ');
      const brand = c.phrases.get(phrase)?.find((e) => e.type === 'brand');
      if (brand && brand.type === 'brand') {
        if (!found.includes(brand.brand)) found.push(brand.brand);
        break;
      }
    }
  }
  return found;
}

/** Exposed for tests: the vocabulary's families without an entry in FAMILY_VOCABULARY. */
export function familiesWithoutVocabulary(): string[] {
  return TAXONOMY.filter((family) => !FAMILY_VOCABULARY[family.id]).map((family) => family.id);
}

let kindNameEndings: readonly string[] | undefined;
/**
 * The last words of the vocabulary's kind names of two words or more ('light' of "operating
 * room light", 'bed' of "hospital bed"): the words a query's last word may be another name
 * for when the words before it name a kind ('operating room lamp').
 */
export function lastWordsOfKindNames(): readonly string[] {
  if (kindNameEndings) return kindNameEndings;
  const endings = new Set<string>();
  for (const [phrase, entries] of compile().phrases) {
    const words = phrase.split(' ');
    if (words.length >= 2 && entries.some((entry) => entry.type === 'group')) endings.add(words[words.length - 1]!);
  }
  kindNameEndings = [...endings].filter((word) => /^[a-z]{3,}$/.test(word)).sort();
  return kindNameEndings;
}

/** 'cheap', 'affordable'…: words that pad a request but say how it is to be ordered. */
function asksForItCheap(tokens: readonly Token[]): boolean {
  return tokens.some((token) => CHEAP_WORDS.has(token.norm));
}
