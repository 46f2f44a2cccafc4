import { relevanceTone } from '@benchmarket/shared';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { RELEVANCE_TONES } from './relevance-tones';
import type { AiInsight } from './ai-insight-storage';
import { SparkleIcon } from '@/components/ui/icon';

/** Why this listing matched the buyer's AI-enhanced search (spec §2, §3). */
export function AiSearchInsight({ insight }: { insight: AiInsight }) {
  const headingId = useId();
  const tone = relevanceTone(insight.relevance_explanation);
  const score = insight.relevance_score;
  return (
    <section aria-labelledby={headingId} data-tone={tone} className={cn('rounded-lg border p-4', RELEVANCE_TONES[tone].box)}>
      <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <SparkleIcon className="size-4" />
        AI Search Insight
      </h2>
      <p className="mt-2 text-sm leading-relaxed">{insight.relevance_explanation}</p>
      {typeof score === 'number' && score >= 0 && score <= 1 && (
        <p className="mt-2 text-xs font-medium opacity-80">Relevance score: {Math.round(score * 100)}%</p>
      )}
    </section>
  );
}
