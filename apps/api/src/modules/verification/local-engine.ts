import { findFamily, formatPrice, normalizeForMatch, type Condition } from '@benchmarket/shared';
import {
  APPROVED_NOTE,
  CONTACT_RULES,
  ITEM_RULES,
  MIN_DESCRIPTION_WORDS,
  PRICE_RULE,
  THIN_DESCRIPTION_NOTE,
  type FindingSeverity,
} from './rules.js';

/**
 * The local verification engine: pure functions over the rules in rules.ts. It needs no
 * network and answers in microseconds, so it runs on every create and edit, and is the
 * fallback when the AI endpoint is not configured or fails.
 */

export type VerificationStatus = 'auto_approved' | 'auto_rejected' | 'pending';

export interface VerificationInput {
  title: string;
  description: string;
  /** In the currency unit. */
  price: number;
  condition: Condition;
  /** Taxonomy family id, or null. */
  category: string | null;
  location: string | null;
}

export interface Finding {
  rule: string;
  severity: FindingSeverity;
  /** What the seller should fix. */
  note: string;
  /** Issue 14: an item that may not be sold at all (publishing is refused while it is there). */
  prohibited?: boolean;
}

export interface VerificationResult {
  status: VerificationStatus;
  /** Notes for the seller: one line per problem, or a short confirmation. */
  notes: string;
  /** spec §4: is_verified is true only for auto_approved. */
  isVerified: boolean;
  findings: Finding[];
  /** Which engine decided: the local rules, or the AI model (with the local rules). */
  source: 'local' | 'ai';
}

function uniqueMatches(padded: string, phrases: readonly string[]): string[] {
  const found: string[] = [];
  for (const phrase of phrases) {
    const key = normalizeForMatch(phrase);
    if (key && padded.includes(` ${key} `) && !found.includes(phrase)) found.push(phrase);
  }
  return found;
}

function patternMatches(normalized: string, patterns: readonly RegExp[] = []): string[] {
  const found: string[] = [];
  for (const pattern of patterns) {
    const match = pattern.exec(normalized)?.[0];
    if (match && !found.includes(match)) found.push(match);
  }
  return found;
}

/** Regulated or prohibited items named in the title or description. */
function findRegulatedItems(text: string): Finding[] {
  const normalized = normalizeForMatch(text);
  const padded = ` ${normalized} `;
  const findings: Finding[] = [];
  for (const rule of ITEM_RULES) {
    const found = [...new Set([...uniqueMatches(padded, rule.phrases), ...patternMatches(normalized, rule.patterns)])];
    if (found.length > 0) {
      findings.push({
        rule: rule.id,
        severity: rule.severity,
        note: rule.note.replace('{found}', found.join(', ')),
        prohibited: rule.prohibited,
      });
    }
  }
  return findings;
}

/**
 * Issue 14: why a listing may not be published at all — the notes of the prohibited items its
 * title or description names, one a line — or null. Always the local rules, whichever engine
 * checked the listing: a model's answer can add concerns but never clear a prohibited item.
 */
export function prohibitedReasonOf(input: { title: string; description: string }): string | null {
  const notes = findRegulatedItems(`${input.title}\n${input.description}`)
    .filter((finding) => finding.prohibited)
    .map((finding) => finding.note);
  return notes.length > 0 ? notes.join('\n') : null;
}

/** Email addresses, phone numbers, web addresses and messaging apps pasted into the text. */
function findContactDetails(text: string): Finding[] {
  return CONTACT_RULES.filter((rule) => rule.pattern.test(text)).map((rule) => ({
    rule: rule.id,
    severity: 'reject' as const,
    note: rule.note,
  }));
}

function countWords(text: string): number {
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean).length;
}

function findThinDescription(title: string, description: string): Finding[] {
  const sameAsTitle = normalizeForMatch(description) === normalizeForMatch(title);
  if (countWords(description) >= MIN_DESCRIPTION_WORDS && !sameAsTitle) return [];
  return [{ rule: 'thin-description', severity: 'reject', note: THIN_DESCRIPTION_NOTE }];
}

/** A price far outside what the listing's kind of equipment usually sells for. */
function findImplausiblePrice(price: number, condition: Condition, category: string | null): Finding[] {
  const family = findFamily(category);
  if (!family) {
    if (price <= PRICE_RULE.uncategorisedMax) return [];
    return [
      {
        rule: 'implausible-price',
        severity: 'review',
        note: `The price (${formatPrice(price)}) is unusually high for a single item. Check the price, and say in the description what is included.`,
      },
    ];
  }
  const [low, high] = family.typicalPriceRange;
  const usual = `${formatPrice(low)}–${formatPrice(high)}`;
  const kind = family.name.toLowerCase();
  const lowFactor = condition === 'for-parts' ? PRICE_RULE.forPartsLowFactor : PRICE_RULE.lowFactor;
  if (price < low * lowFactor) {
    const partsHint = condition === 'for-parts' ? '' : " If the item is sold for parts, choose the condition 'For Parts or Not Working'.";
    return [
      {
        rule: 'implausible-price',
        severity: 'review',
        note: `The price (${formatPrice(price)}) is far below what ${kind} usually sell for (${usual}). Check the price.${partsHint}`,
      },
    ];
  }
  if (price > high * PRICE_RULE.highFactor) {
    return [
      {
        rule: 'implausible-price',
        severity: 'review',
        note: `The price (${formatPrice(price)}) is far above what ${kind} usually sell for (${usual}). Check the price, and say in the description what is included.`,
      },
    ];
  }
  return [];
}

const SEVERITY_ORDER: Record<VerificationStatus, number> = { auto_approved: 0, pending: 1, auto_rejected: 2 };

function statusOf(findings: readonly Finding[]): VerificationStatus {
  if (findings.some((finding) => finding.severity === 'reject')) return 'auto_rejected';
  if (findings.some((finding) => finding.severity === 'review')) return 'pending';
  return 'auto_approved';
}

/** The stricter of two statuses (auto_rejected > pending > auto_approved). */
export function stricterStatus(a: VerificationStatus, b: VerificationStatus): VerificationStatus {
  return SEVERITY_ORDER[a] >= SEVERITY_ORDER[b] ? a : b;
}

function notesOf(findings: readonly Finding[]): string {
  if (findings.length === 0) return APPROVED_NOTE;
  return [...new Set(findings.map((finding) => finding.note))].join('\n');
}

/** The whole local check of a listing. */
export function checkListing(input: VerificationInput): VerificationResult {
  const text = `${input.title}\n${input.description}`;
  const findings = [
    ...findRegulatedItems(text),
    ...findContactDetails(text),
    ...findThinDescription(input.title, input.description),
    ...findImplausiblePrice(input.price, input.condition, input.category),
  ];
  const status = statusOf(findings);
  return { status, notes: notesOf(findings), isVerified: status === 'auto_approved', findings, source: 'local' };
}
