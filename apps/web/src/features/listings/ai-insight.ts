import { z } from 'zod';

/**
 * The AI search insight of a listing opened from an AI search result (spec §2, §3). The
 * search feature passes it in the router location state `{ ragSearchResponse }` or in
 * sessionStorage under `ai-insight:<listing id>`; the listing itself may carry one too.
 * Read leniently: only the explanation is needed to show the box.
 */
const AiInsightSchema = z.object({
  relevance_explanation: z.string().trim().min(1),
  relevance_score: z.number().nullish(),
  rag_response_key: z.string().nullish(),
});
export type AiInsight = z.infer<typeof AiInsightSchema>;

export const AI_INSIGHT_STORAGE_PREFIX = 'ai-insight:';

function parse(value: unknown): AiInsight | null {
  const result = AiInsightSchema.safeParse(value);
  return result.success ? result.data : null;
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
