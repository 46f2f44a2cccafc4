import { relevanceTone } from '@benchmarket/shared';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { RELEVANCE_TONES } from './relevance-tones';
import type { AiInsight } from './ai-insight-storage';

/** Why this listing matched the buyer's AI-enhanced search (spec §2, §3). */
export function AiSearchInsight({ insight }: { insight: AiInsight }) {
  const headingId = useId();
  const tone = relevanceTone(insight.relevance_explanation);
  const score = insight.relevance_score;
  return (
    <section aria-labelledby={headingId} data-tone={tone} className={cn('rounded-lg border p-4', RELEVANCE_TONES[tone].box)}>
      <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path d="M10 1.5 11.9 7l5.6 1.9-5.6 1.9L10 16.5l-1.9-5.7L2.5 8.9 8.1 7 10 1.5Z" />
        </svg>
        AI Search Insight
      </h2>
      <p className="mt-2 text-sm leading-relaxed">{insight.relevance_explanation}</p>
      {typeof score === 'number' && score >= 0 && score <= 1 && (
        <p className="mt-2 text-xs font-medium opacity-80">Relevance score: {Math.round(score * 100)}%</p>
      )}
    </section>
  );
}
