/**
 * The AI search insight of a listing opened from an AI search result (spec §2, §3). The
 * search feature passes it in the router location state `{ ragSearchResponse }` or in
 * sessionStorage under `ai-insight:<listing id>`; the listing itself may carry one too.
 * Read leniently: only the explanation is needed to show the box.
 */
export interface AiInsight {
  relevance_explanation: string;
  relevance_score?: number | null;
  rag_response_key?: string | null;
}

export const AI_INSIGHT_STORAGE_PREFIX = 'ai-insight:';

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
