import type { Listing } from '@benchmarket/shared';

/**
 * The AI search insight of a listing opened from an AI search result (spec §2, §3). Opening a
 * result passes it in the router location state `{ ragSearchResponse }` and stores it in
 * sessionStorage under `ai-insight:<listing id>` (`rememberInsight`), which survives a reload
 * of the listing page and a new tab opened from the result; the listing itself may carry one
 * too. The listing page reads it (`readAiInsight`) leniently: only the explanation is needed.
 */
export interface AiInsight {
  relevance_explanation: string;
  relevance_score?: number | null;
  rag_response_key?: string | null;
}

const AI_INSIGHT_STORAGE_PREFIX = 'ai-insight:';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// Checked by hand rather than with zod: this runs on the listing page's first render, and
// zod would add ~30 KB to that page's critical path for three fields.
function parse(value: unknown): AiInsight | null {
  if (!isRecord(value)) return null;
  const { relevance_explanation: explanation, relevance_score: score, rag_response_key: key } = value;
  if (typeof explanation !== 'string' || explanation.trim() === '') return null;
  if (score != null && (typeof score !== 'number' || !Number.isFinite(score))) return null;
  if (key != null && typeof key !== 'string') return null;
  return {
    relevance_explanation: explanation.trim(),
    ...(score !== undefined && { relevance_score: score }),
    ...(key !== undefined && { rag_response_key: key }),
  };
}

function fromSessionStorage(listingId: string): AiInsight | null {
  try {
    const raw = window.sessionStorage.getItem(`${AI_INSIGHT_STORAGE_PREFIX}${listingId}`);
    return raw ? parse(JSON.parse(raw)) : null;
  } catch {
    // Unavailable storage or a malformed entry: no insight.
    return null;
  }
}

export function readAiInsight(listingId: string, locationState: unknown, fromListing?: unknown): AiInsight | null {
  const stateInsight =
    typeof locationState === 'object' && locationState !== null && 'ragSearchResponse' in locationState
      ? parse(locationState.ragSearchResponse)
      : null;
  return stateInsight ?? fromSessionStorage(listingId) ?? parse(fromListing);
}

/**
 * Stores the insight of the result being opened; a result without one clears an older
 * insight, so a listing opened from a plain search never shows a stale explanation.
 */
export function rememberInsight(listing: Pick<Listing, 'id' | 'rag_search_response'>): void {
  const key = `${AI_INSIGHT_STORAGE_PREFIX}${listing.id}`;
  try {
    if (listing.rag_search_response) window.sessionStorage.setItem(key, JSON.stringify(listing.rag_search_response));
    else window.sessionStorage.removeItem(key);
  } catch {
    // Storage unavailable: the location state still carries the insight.
  }
}
