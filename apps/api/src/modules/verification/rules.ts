/**
 * The rules of the automatic listing check, kept as data: what may not be sold, what needs a
 * second look, and the note that tells the seller what to fix. The engine (local-engine.ts)
 * only applies them. Phrases are matched on normalised text (`normalizeForMatch` from the
 * shared taxonomy: lower case, punctuation as spaces, plurals folded), whole words only, so
 * 'Cs-137' and 'cs 137' are one phrase and 'radioisotopes' matches 'radioisotope'.
 */

/** reject → auto_rejected (the seller must change the listing); review → pending (needs a second look). */
export type FindingSeverity = 'reject' | 'review';

interface ItemRule {
  id: string;
  severity: FindingSeverity;
  /**
   * Issue 14: the item may not be sold at all. A listing with such a finding keeps its notes
   * and may be saved as a draft, but publishing it (a payment or the free activation) is
   * refused with the note, and a live listing cannot be edited into one.
   */
  prohibited: boolean;
  phrases: readonly string[];
  /**
   * Patterns over the normalised text (lower case, words separated by one space, plurals
   * folded), for what a fixed phrase cannot say safely: 'used single-use catheters' is
   * prohibited, 'single-use syringes, never used' is new stock.
   */
  patterns?: readonly RegExp[];
  /** Shown to the seller; `{found}` is replaced by the phrases found in the listing. */
  note: string;
}

/** A word that says the item was NOT used or recalled: the match after it does not count. */
const NEGATED = '(?<!\\b(?:never|not|no) )';

/**
 * Regulated or prohibited items (ARCHITECTURE: the marketplace sells equipment, not the
 * substances, specimens or sources that may come with it). Phrases are chosen so that
 * equipment for such things ('vaccine refrigerator', 'tissue processor', 'plasma freezer',
 * 'drug testing analyzer') does not match.
 */
export const ITEM_RULES: readonly ItemRule[] = [
  {
    id: 'controlled-substances',
    severity: 'reject',
    prohibited: true,
    phrases: [
      'controlled substance',
      'schedule ii drug',
      'schedule 2 drug',
      'dea schedule',
      'fentanyl',
      'morphine',
      'oxycodone',
      'hydrocodone',
      'codeine',
      'ketamine',
      'cocaine',
      'heroin',
      'methamphetamine',
      'mdma',
      'thc oil',
      'psilocybin',
      'diazepam',
      'alprazolam',
      'xanax',
      'lorazepam',
      'benzodiazepine',
      'opioid',
      'anabolic steroid',
      'testosterone cypionate',
      'pseudoephedrine',
      'cannabis flower',
      'cannabis oil',
      'marijuana bud',
    ],
    note: 'Controlled substances cannot be sold on BenchMarket (found: {found}). Remove them from the listing and offer only the equipment.',
  },
  {
    id: 'prescription-drugs',
    severity: 'reject',
    prohibited: true,
    phrases: [
      'prescription drug',
      'prescription medication',
      'prescription medicine',
      'prescription pill',
      'rx medication',
      'rx drug',
      'insulin vial',
      'insulin pen',
      'vial of insulin',
      'epipen',
      'epinephrine auto injector',
      'botox',
      'semaglutide',
      'ozempic',
      'propofol',
      'lidocaine injection',
      'expired medication',
      'medication vial',
      'antibiotic tablet',
      'antibiotic capsule',
    ],
    note: 'Prescription drugs cannot be sold on BenchMarket (found: {found}). Remove them from the listing and offer only the equipment.',
  },
  {
    id: 'human-tissue',
    severity: 'reject',
    prohibited: true,
    phrases: [
      'human tissue',
      'human organ',
      'human remains',
      'human skull',
      'human skeleton',
      'human bone',
      'human specimen',
      'placenta',
      'breast milk',
      'donor blood',
      'human embryo',
      'fetal tissue',
      'sperm sample',
      'human cell line',
      'primary human cell',
    ],
    note: 'Human tissue, blood and other specimens cannot be sold on BenchMarket (found: {found}). Remove them from the listing and offer only the equipment.',
  },
  {
    id: 'radioactive-sources',
    severity: 'reject',
    prohibited: true,
    phrases: [
      'radioactive source',
      'radioactive material',
      'radioactive isotope',
      'radioisotope',
      'radionuclide',
      'sealed source',
      'cesium 137',
      'caesium 137',
      'cs 137',
      'cobalt 60',
      'co 60',
      'americium 241',
      'am 241',
      'strontium 90',
      'sr 90',
      'iridium 192',
      'ir 192',
      'radium',
      'plutonium',
      'uranium',
      'polonium',
      'tritium source',
    ],
    note: 'Radioactive sources and materials cannot be sold on BenchMarket (found: {found}). Remove them from the listing; if the equipment normally holds a source, state that it has been removed.',
  },
  {
    id: 'infectious-agents',
    severity: 'reject',
    prohibited: true,
    phrases: [
      'live virus',
      'select agent',
      'infectious material',
      'infectious sample',
      'biohazardous waste',
      'bacillus anthracis',
      'anthrax',
      'ebola',
      'smallpox',
    ],
    note: 'Infectious agents and biohazardous waste cannot be sold on BenchMarket (found: {found}). Remove them from the listing and offer only the equipment.',
  },
  {
    id: 'weapons-explosives',
    severity: 'reject',
    prohibited: true,
    phrases: ['firearm', 'ammunition', 'gunpowder', 'detonator', 'blasting cap', 'plastic explosive'],
    note: 'Weapons and explosives cannot be sold on BenchMarket (found: {found}). Remove them from the listing.',
  },
  {
    // Issue 14: a single-use device that has been used (or reprocessed) cannot be made safe
    // again by the seller. Unused single-use stock in its packaging is fine: 'single-use' alone,
    // 'never used' and 'unused' do not match, nor does 'used for' / 'used in' (what it is for).
    id: 'used-single-use-devices',
    severity: 'reject',
    prohibited: true,
    phrases: [
      'reprocessed single use',
      'single use reprocessed',
      'resterilized single use',
      're sterilized single use',
      'resterilised single use',
      're sterilised single use',
      'reused single use',
      'single use reused',
      'single use resterilized',
      'single use resterilised',
    ],
    patterns: [
      new RegExp(`${NEGATED}\\bused single use\\b`),
      new RegExp(`\\bsingle use(?: [a-z0-9+]+){0,3} ${NEGATED}used\\b(?! (?:for|in|with|to|by|on|at|as|during|when|where|under|only)\\b)`),
    ],
    note: 'Used or reprocessed single-use devices cannot be sold on BenchMarket (found: {found}). Offer only unused single-use items in their original packaging.',
  },
  {
    // Issue 14: a device under a recall must go back to its manufacturer, not to another buyer.
    id: 'recalled-devices',
    severity: 'reject',
    prohibited: true,
    phrases: ['under recall', 'subject to a recall', 'subject to recall', 'fda recall', 'recall notice', 'field safety recall'],
    patterns: [new RegExp(`${NEGATED}\\brecalled\\b`)],
    note: 'Recalled devices cannot be sold on BenchMarket (found: {found}). A device under a recall goes back to its manufacturer.',
  },
  {
    // Gas chromatographs' electron capture detectors hold a Ni-63 source: legal to sell, but the
    // source needs a licence to transfer, so a person should look at the listing.
    id: 'licensed-source',
    severity: 'review',
    prohibited: false,
    phrases: ['electron capture detector', 'ni 63', 'nickel 63', 'ecd detector', 'ecd cell'],
    note: 'This equipment may hold a licensed radioactive source (found: {found}). State in the description that the source has been removed, or that you hold the licence to transfer it.',
  },
];

/** Contact details pasted into a listing: buyers must use the on-site form (spec §1, §6). */
interface ContactRule {
  id: string;
  pattern: RegExp;
  note: string;
}

export const CONTACT_RULES: readonly ContactRule[] = [
  {
    id: 'email-address',
    pattern:
      /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}|\b[A-Z0-9._%+-]+\s*[([]\s*at\s*[)\]]\s*[A-Z0-9-]+\s*[([]\s*dot\s*[)\]]\s*[A-Z]{2,}\b/i,
    note: 'Remove the email address from the listing: buyers contact you through the Contact Seller form, which keeps your address private.',
  },
  {
    id: 'phone-number',
    // An international number (+44 20 7946 0958), a North American one ((555) 123-4567,
    // 555-123-4567), or digits right after a phone word. Model and serial numbers have no
    // such shape.
    pattern:
      /(?:\+\d{1,3}[\s.-]?\(?\d{1,4}\)?(?:[\s.-]?\d{2,4}){2,4})|(?:\(\d{3}\)\s?\d{3}[\s.-]\d{4})|(?:\b\d{3}[.-]\d{3}[.-]\d{4}\b)|(?:\b(?:call|phone|tel|telephone|mobile|cell phone|text me|whatsapp|sms)\b\W{0,3}(?:(?:me|us|on|at)\W{0,3}){0,2}\+?\d[\d\s().-]{6,}\d)/i,
    note: 'Remove the phone number from the listing: buyers contact you through the Contact Seller form.',
  },
  {
    id: 'web-address',
    pattern: /\bhttps?:\/\/\S+|\bwww\.[A-Z0-9-]+\.[A-Z]{2,}\S*/i,
    note: 'Remove the web address from the listing: describe the item here, and let buyers reach you through the Contact Seller form.',
  },
  {
    id: 'messaging-app',
    pattern: /\b(?:whats\s?app|telegram|wechat|viber|signal me)\b/i,
    note: 'Remove the messaging-app contact from the listing: buyers contact you through the Contact Seller form.',
  },
];

/** A description shorter than this many words is too thin for a buyer to judge the item. */
export const MIN_DESCRIPTION_WORDS = 12;

export const THIN_DESCRIPTION_NOTE =
  'Describe the equipment in more detail (at least 12 words): make and model, age, condition, what is included and any faults.';

/**
 * Price plausibility against the family's usual range (taxonomy `typicalPriceRange`):
 * below `lowFactor` × the lowest usual price (`forPartsLowFactor` for items sold for parts),
 * or above `highFactor` × the highest, the price needs a second look.
 */
export const PRICE_RULE = {
  lowFactor: 0.1,
  forPartsLowFactor: 0.01,
  highFactor: 3,
  /** Without a category: anything above this is implausible for a single item. */
  uncategorisedMax: 5_000_000,
} as const;

export const APPROVED_NOTE = 'Automatic check passed: no problems found.';
