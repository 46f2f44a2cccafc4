/**
 * British and American spellings of one word (issue 11): a seller in Leeds writes "moisture
 * analyser", "haemodialysis", "centrifuge for 50 ml tubes, fibre optic"; a buyer in Ohio types
 * 'analyzer', 'hemodialysis', 'fiber'. Neither the English stemmer nor the lexicon of the
 * catalog joins them, so each word also asks for its other spelling.
 *
 * Rules of English spelling, not a word list of the catalog: the registry's British/American
 * lists (docs/decisions/009) hold everyday words and miss the trade's ('analyser',
 * 'homogeniser', 'nebuliser', 'haemodialysis'). A rule that misfires costs nothing but a
 * spelling no listing has ('precise' → "precize"), so they are written wide; the ones that could
 * turn a word into another real word ('four' → "for") are narrowed.
 */

interface SpellingRule {
  /** Where the British spelling differs from the American. */
  british: RegExp;
  toAmerican: string;
  american: RegExp;
  toBritish: string;
}

const RULES: readonly SpellingRule[] = [
  // analyse, dialyser, catalysed → analyze, dialyzer, catalyzed
  { british: /lys(e|es|ed|ing|er|ers)$/, toAmerican: 'lyz$1', american: /lyz(e|es|ed|ing|er|ers)$/, toBritish: 'lys$1' },
  // homogeniser, sterilisation, stabilised → homogenizer, sterilization, stabilized
  {
    british: /^(.{3,})is(e|es|ed|ing|er|ers|ation|ations)$/,
    toAmerican: '$1iz$2',
    american: /^(.{3,})iz(e|es|ed|ing|er|ers|ation|ations)$/,
    toBritish: '$1is$2',
  },
  // haematology, anaemia, leukaemia → hematology, anemia, leukemia
  { british: /^haem/, toAmerican: 'hem', american: /^hem(?=[aot])/, toBritish: 'haem' },
  { british: /([^aeiou])aemia$/, toAmerican: '$1emia', american: /([^aeiou])emia$/, toBritish: '$1aemia' },
  // anaesthesia → anesthesia
  { british: /^anaesth/, toAmerican: 'anesth', american: /^anesth/, toBritish: 'anaesth' },
  // paediatric, orthopaedic → pediatric, orthopedic
  { british: /paed/, toAmerican: 'ped', american: /^(ortho)?ped(?=i)/, toBritish: '$1paed' },
  // oesophageal, oedema, oestrogen, foetal, diarrhoea, coeliac
  { british: /^oe(?=[sdt])/, toAmerican: 'e', american: /^e(?=sophag|dema|strog|stradiol)/, toBritish: 'oe' },
  { british: /^foet/, toAmerican: 'fet', american: /^fet(?=al|us)/, toBritish: 'foet' },
  { british: /rrhoea/, toAmerican: 'rrhea', american: /rrhea/, toBritish: 'rrhoea' },
  { british: /^coeli/, toAmerican: 'celi', american: /^celi(?=ac)/, toBritish: 'coeli' },
  // centre, litre, fibre, theatre, calibre → center, liter, fiber, theater, caliber
  {
    british: /^(.{2,})(t|b)re(s|d)?$/,
    toAmerican: '$1$2er$3',
    american: /^(cen|li|milli|micro|centi|millime|centime|me|ti|fi|thea|cali|sa|lus|spec)(t|b)er(s)?$/,
    toBritish: '$1$2re$3',
  },
  // colour, tumour, vapour, odour, behaviour → color, tumor, vapor, odor, behavior
  {
    british: /^(.{2,})our(s|ed|ing|less|ful|imeter|imetric)?$/,
    toAmerican: '$1or$2',
    american: /^(col|tum|vap|od|hum|lab|behavi|flav|fav|neighb|harb|arm|rum|hon|endeav|savi)or(s|ed|ing|less|ful|imeter|imetric)?$/,
    toBritish: '$1our$2',
  },
  // catalogue, analogue, dialogue → catalog, analog, dialog
  {
    british: /^(catal|anal|dial|prol|epil)ogue(s)?$/,
    toAmerican: '$1og$2',
    american: /^(catal|anal|dial|prol|epil)og(s)?$/,
    toBritish: '$1ogue$2',
  },
  { british: /sulph/, toAmerican: 'sulf', american: /sulf/, toBritish: 'sulph' },
  { british: /^aluminium$/, toAmerican: 'aluminum', american: /^aluminum$/, toBritish: 'aluminium' },
  { british: /^grey$/, toAmerican: 'gray', american: /^gray$/, toBritish: 'grey' },
  { british: /^mould(s|ed|ing)?$/, toAmerican: 'mold$1', american: /^mold(s|ed|ing)?$/, toBritish: 'mould$1' },
  { british: /^programme(s)?$/, toAmerican: 'program$1', american: /^program(s)?$/, toBritish: 'programme$1' },
  { british: /^tyre(s)?$/, toAmerican: 'tire$1', american: /^tire(s)?$/, toBritish: 'tyre$1' },
  { british: /^ageing$/, toAmerican: 'aging', american: /^aging$/, toBritish: 'ageing' },
  { british: /^licence(s|d)?$/, toAmerican: 'license$1', american: /^license(s|d)?$/, toBritish: 'licence$1' },
];

/** The word's other spellings (lower case, letters only), none when it has no British or American form. */
export function otherEnglishSpellings(word: string): string[] {
  const lower = word.toLowerCase();
  if (!/^[a-z]{4,}$/.test(lower)) return [];
  const others = new Set<string>();
  for (const rule of RULES) {
    if (rule.british.test(lower)) others.add(lower.replace(rule.british, rule.toAmerican));
    if (rule.american.test(lower)) others.add(lower.replace(rule.american, rule.toBritish));
  }
  others.delete(lower);
  return [...others];
}

/**
 * The text with each word in its other spelling where it has one ('moisture analyzer' →
 * "moisture analyser"), or undefined when no word has. Quoted text is left as typed: it asks
 * for exactly those words.
 */
export function otherEnglishSpelling(text: string): string | undefined {
  if (text.includes('"')) return undefined;
  let changed = false;
  const out = text.replace(/\p{L}+/gu, (word) => {
    const other = otherEnglishSpellings(word)[0];
    if (!other) return word;
    changed = true;
    return other;
  });
  return changed ? out : undefined;
}
