import { relevanceTone, type RagSearchResponse } from '@benchmarket/shared';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { RELEVANCE_TONES } from './relevance-tones';
import { SparkleIcon } from '@/components/ui/icon';

/** The score as a whole percentage, or null when the API sent none usable. */
function scorePercent(score: number | null | undefined): number | null {
  if (typeof score !== 'number' || !Number.isFinite(score)) return null;
  return Math.round(Math.min(1, Math.max(0, score)) * 100);
}

/** Why a result matched the buyer's AI-enhanced search (spec §2, §3), on its card. */
export function AiInsight({ insight, className }: { insight: RagSearchResponse; className?: string }) {
  const headingId = useId();
  const tone = relevanceTone(insight.relevance_explanation);
  const percent = scorePercent(insight.relevance_score);
  const colours = RELEVANCE_TONES[tone];
  return (
    <div role="group" aria-labelledby={headingId} data-tone={tone} className={cn('rounded-lg border px-3 py-2.5', colours.box, className)}>
      <h4 id={headingId} className="flex items-center gap-1.5 text-xs font-semibold">
        <SparkleIcon className="size-3.5" />
        AI Insight
      </h4>
      <p className="mt-1 text-sm leading-snug">{insight.relevance_explanation}</p>
      {percent !== null && (
        <div className="mt-2 flex items-center gap-2">
          <div
            role="meter"
            aria-label="Relevance score"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${String(percent)}%`}
            className="h-1.5 flex-1 overflow-hidden rounded-full bg-white ring-1 ring-black/10 ring-inset"
          >
            <div className={cn('h-full rounded-full', colours.meter)} style={{ width: `${String(percent)}%` }} />
          </div>
          <span aria-hidden="true" className="text-xs font-semibold tabular-nums">
            {percent}% match
          </span>
        </div>
      )}
    </div>
  );
}
