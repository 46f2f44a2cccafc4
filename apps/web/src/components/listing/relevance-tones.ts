import type { RelevanceTone } from '@benchmarket/shared';

/**
 * spec §9: the prefix of an AI explanation ('Relevant:', 'Somewhat relevant:', 'Not
 * relevant:') sets its colour — green, amber, red; grey when the text has none of them. One
 * palette for the search cards and the listing page.
 */
export const RELEVANCE_TONES: Record<RelevanceTone, { box: string; meter: string }> = {
  relevant: { box: 'border-green-300 bg-green-50 text-green-950', meter: 'bg-green-600' },
  somewhat: { box: 'border-amber-300 bg-amber-50 text-amber-950', meter: 'bg-amber-500' },
  not: { box: 'border-red-200 bg-red-50 text-red-950', meter: 'bg-red-500' },
  unknown: { box: 'border-slate-200 bg-slate-50 text-slate-800', meter: 'bg-slate-500' },
};
