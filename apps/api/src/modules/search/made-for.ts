import { FOR_WORDS, normalizeForMatch } from '@benchmarket/shared';
import { TEXT_CREDIT, recredited, type Facet } from './facets.js';
import { ENGLISH_STOP_WORDS, GENERIC_HEADS } from './vocabulary.js';

/*
 * Things made for another kind of equipment: "Accumax mattress for hospital beds", "Rotor for
 * Eppendorf 5810 centrifuge", "Filters for biosafety cabinets". A title that names the kind asked
 * only after one of the FOR_WORDS names what the listing is for, not what it is: it is not the
 * kind asked, though every word of it is in the title.
 */

/**
 * Regular expressions (PostgreSQL's) for a title that names one of the phrases after a word that
 * says what it is for (`after`), and for one that names it before such a word (`before`): a
 * title matching `after` and not `before` names it only as what it is for (namesOnlyWhatItIsFor).
 */
export function whatItIsForPatterns(phrases: readonly string[]): { after: string; before: string } | undefined {
  const parts = patternParts(phrases);
  if (!parts) return undefined;
  const { name, marker } = parts;
  return { after: `\\w.*${marker}.*${name}`, before: `${name}.*${marker}` };
}

/**
 * A PostgreSQL regular expression for a description that names one of the phrases as what the
 * listing is for, in the clause after a word that says so ("applanation tonometer for mounting
 * on a BQ 900 slit lamp"), and for one that names it before such a word (`before`, as in titles).
 */
export function describedForPatterns(phrases: readonly string[]): { after: string; before: string } | undefined {
  // What is done is no thing to be made for: "for Sanger sequencing" is what a sequencer does.
  const parts = patternParts(phrases.filter((phrase) => !/ing$/.test(phrase)));
  if (!parts) return undefined;
  const { name, marker } = parts;
  // Within the clause and a few words: "Used for eye exams. Slit lamp with…" names it as itself.
  return { after: `${marker}[^.;]{0,60}${name}`, before: `${name}.*${marker}` };
}

/** The phrases as one whole-word pattern (plurals too), and the words that say what a thing is for. */
function patternParts(phrases: readonly string[]): { name: string; marker: string } | undefined {
  const names = [
    ...new Set(
      phrases
        .map((phrase) => foldedWords(phrase).filter((w) => /^[a-z0-9]+$/.test(w)))
        .filter((w) => w.length > 0)
        .map((w) => w.join('\\W+')),
    ),
  ];
  if (names.length === 0) return undefined;
  return { name: `\\m(${names.join('|')})(e?s)?\\M`, marker: `\\m(${[...FOR_WORDS].join('|')})\\M` };
}

const MAY_SAY_WHAT_FOR = new RegExp(`\\b(${[...FOR_WORDS].join('|')})\\b`, 'i');

/** A text's words as search reads them (normalizeForMatch: lower case, plurals as the singular). */
function foldedWords(text: string): string[] {
  return normalizeForMatch(text).split(' ').filter(Boolean);
}

/** Where each occurrence of a phrase (its words one after another) begins. */
function occurrences(words: readonly string[], phrase: readonly string[]): number[] {
  const found: number[] = [];
  if (phrase.length === 0) return found;
  for (let i = 0; i + phrase.length <= words.length; i++) {
    if (phrase.every((word, j) => words[i + j] === word)) found.push(i);
  }
  return found;
}

/**
 * Whether a text names any of the phrases, and only after a word that says what it is for with
 * something named before it ("mattress for hospital beds": yes; "hospital bed for home care",
 * "For hospital beds", "centrifuge for parts": no).
 */
export function namesOnlyWhatItIsFor(text: string, phrases: readonly string[]): boolean {
  // Most titles have none of the words: they are told apart without reading them word by word.
  if (!MAY_SAY_WHAT_FOR.test(text)) return false;
  const words = foldedWords(text);
  const marker = words.findIndex((word, i) => FOR_WORDS.has(word) && words.slice(0, i).some((w) => !ENGLISH_STOP_WORDS.has(w)));
  if (marker < 0) return false;
  const starts = phrases.flatMap((phrase) => occurrences(words, foldedWords(phrase)));
  return starts.length > 0 && starts.every((start) => start > marker);
}

/*
 * Things named after the kind they go with: "Polar H10 heart rate sensor ECG chest strap", "Leica
 * 819 microtome blades, box of 50", "Vent-Axia in-line ventilator fan". The kind's name is every
 * word of it in the title, but what is sold is the strap, the blades, the fan: the words after it.
 */

/** Where a title's name of the thing sold ends: a list, a bracket, a dash, "w/", "with", "and", "for". */
const NAME_ENDS = new RegExp(`[,;:()[\\]|+]|\\s[-–—]\\s|\\bw/|\\b(?:with|incl|including|and|${[...FOR_WORDS].join('|')})\\b`, 'i');

/** Words a title may go on with after a kind's name that are no other thing ("ECG unit", "pump module", "ventilator model 840"). */
const NO_OTHER_THING: ReadonlySet<string> = new Set([...GENERIC_HEADS, 'module', 'model', 'series', 'version', 'type']);

/** At most this many words of another thing after a kind's name ("ECG chest strap": two). */
const MOST_WORDS_OF_ANOTHER_THING = 3;

/**
 * Whether a title names any of the phrases only as what another thing is named after: at every
 * place it names one (the longest there), the words up to the end of its name (NAME_ENDS) are one
 * to three names of made things (`namesAThing`: WordNet's artifacts), none generic ("ECG chest
 * strap": yes; "ECG resting", "ECG-1350 Cardiofax", "pump module", "ECG w/ cart": no). A phrase
 * ending in an adjective ("electrosurgical") names nothing on its own: its next word is the thing.
 */
export function namesOnlyAsAnotherThingsName(title: string, phrases: readonly string[], namesAThing: (word: string) => boolean): boolean {
  return anotherThingsNameReader(phrases, namesAThing)?.(title) ?? false;
}

/**
 * namesOnlyAsAnotherThingsName for many titles: the phrases read once, and a title in which no
 * name is followed by a word (most: "rotary microtome, used", "ECG-1350") told apart by one
 * regular expression, without reading it word by word. Undefined when no phrase can be so named.
 */
export function anotherThingsNameReader(
  phrases: readonly string[],
  namesAThing: (word: string) => boolean,
): ((title: string) => boolean) | undefined {
  const phraseWords = phrases
    .map((phrase) => foldedWords(joinedWords(phrase)))
    .filter((words) => words.length > 0 && !endsInAnAdjective(words, namesAThing));
  const lastWords = [...new Set(phraseWords.map((words) => words.at(-1)!))].filter((word) => /^[a-z0-9]+$/.test(word));
  if (lastWords.length === 0) return undefined;
  const own = new Set(phraseWords.flat());
  const mayGoOn = new RegExp(`\\b(?:${lastWords.join('|')})(?:e?s)?[^a-z0-9,;:()[\\]|+-]+[a-z]`, 'i');
  const isAnotherThing = (word: string) => /^[a-z]+$/.test(word) && !own.has(word) && !NO_OTHER_THING.has(word) && namesAThing(word);
  return (title) => {
    if (!mayGoOn.test(title)) return false;
    let named = false;
    for (const part of title.split(NAME_ENDS)) {
      if (!part) continue;
      const words = foldedWords(joinedWords(part));
      for (let start = 0; start < words.length; start++) {
        const longest = Math.max(0, ...phraseWords.filter((phrase) => occursAt(words, phrase, start)).map((phrase) => phrase.length));
        if (longest === 0) continue;
        named = true;
        const after = words.slice(start + longest);
        if (after.length === 0 || after.length > MOST_WORDS_OF_ANOTHER_THING || !after.every(isAnotherThing)) return false;
        start += longest - 1;
      }
    }
    return named;
  };
}

/** Words joined by a hyphen as one ("Vent-Axia" is a maker's name, not a vent's; "C-arm", "in-line"). */
function joinedWords(text: string): string {
  return text.replace(/(?<=\p{L})-(?=\p{L})/gu, '');
}

function occursAt(words: readonly string[], phrase: readonly string[], start: number): boolean {
  return phrase.every((word, j) => words[start + j] === word);
}

/** "electrosurgical", "ophthalmic": a word with an adjective's ending that names no made thing ("vial", "hospital" do). */
function endsInAnAdjective(words: readonly string[], namesAThing: (word: string) => boolean): boolean {
  const last = words.at(-1)!;
  return /(al|ic|ous|ive)$/.test(last) && !namesAThing(last);
}

/** The names a kind or word facet is found by in titles. */
function namesOf(facet: Facet): string[] {
  if (facet.kind === 'concept')
    return [facet.concept.matched, ...facet.concept.phrases, ...(facet.concept.compound ? [facet.concept.compound] : [])];
  if (facet.kind === 'term') return [facet.word, ...(facet.expansions ?? []).map((e) => e.word)];
  return [];
}

/**
 * The candidates of a kind's family whose description named the kind, with that credit lowered
 * where the description names it only as what they are for (`describedFor[i]`, from
 * describedForPatterns): a tonometer "for mounting on a slit lamp" is no slit lamp. Its credit
 * is that of a title naming what it is for.
 */
export function creditedForWhatTheyAreDescribedFor<T extends Credited & { describedFor: readonly boolean[] }>(
  candidates: readonly T[],
  facets: readonly Facet[],
): T[] {
  return candidates.map((candidate) =>
    recredited(candidate, facets, (credit, _facet, i) =>
      candidate.describedFor[i] && credit === TEXT_CREDIT.conceptInDescriptionOfFamily ? CREDIT_OF_WHAT_IT_IS_FOR : credit,
    ),
  );
}

/** The credit of a kind or word in the title of a thing made for it: no more than in the title of another kind. */
const CREDIT_OF_WHAT_IT_IS_FOR = TEXT_CREDIT.conceptInTitleOnly;

export interface Credited {
  title: string;
  credits: number[];
  met: boolean;
  lex: number;
}

/**
 * The candidates with a kind's (or a word's) credit lowered where their title names it only as
 * what they are for, or (with `namesAThing`) only as what another thing is named after ("ECG
 * chest strap") — unless the buyer asked that way too ('mattress for hospital beds' asks for
 * the mattress: its kind is the words before 'for'). Whether every need is met and the share of
 * the request follow the credits.
 */
export function creditedForWhatTheyAre<T extends Credited>(
  candidates: readonly T[],
  facets: readonly Facet[],
  asked: string,
  namesAThing?: (word: string) => boolean,
): T[] {
  const lowered = facets.map((facet) => {
    const names = namesOf(facet);
    if (names.length === 0 || namesOnlyWhatItIsFor(asked, names)) return undefined;
    // Only a kind's names: a word may be a model's ("SERVO-i Universal ventilator"). And 'ECG
    // chest strap' asks for the strap: its titles are what is asked.
    const isKind = facet.kind === 'concept' && facet.concept.kind === 'kind';
    const byName = isKind && namesAThing ? anotherThingsNameReader(names, namesAThing) : undefined;
    return { names, byName: byName && !byName(asked) ? byName : undefined };
  });
  if (lowered.every((names) => names === undefined)) return [...candidates];
  return candidates.map((candidate) =>
    recredited(candidate, facets, (credit, _facet, i) => {
      const names = lowered[i];
      if (!names || credit <= CREDIT_OF_WHAT_IT_IS_FOR) return credit;
      const another = namesOnlyWhatItIsFor(candidate.title, names.names) || (names.byName !== undefined && names.byName(candidate.title));
      return another ? CREDIT_OF_WHAT_IT_IS_FOR : credit;
    }),
  );
}
