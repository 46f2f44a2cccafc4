/** The colour of an AI relevance explanation comes from its prefix (spec §9). */
import { RELEVANCE_PREFIXES } from '../constants.js';

export type RelevanceTone = 'relevant' | 'somewhat' | 'not' | 'unknown';

export function relevanceTone(explanation: string | null | undefined): RelevanceTone {
  const text = (explanation ?? '').trimStart().toLowerCase();
  if (text.startsWith(RELEVANCE_PREFIXES.somewhat.toLowerCase())) return 'somewhat';
  if (text.startsWith(RELEVANCE_PREFIXES.not.toLowerCase())) return 'not';
  if (text.startsWith(RELEVANCE_PREFIXES.relevant.toLowerCase())) return 'relevant';
  return 'unknown';
}
