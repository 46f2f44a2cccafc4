import { relevanceTone, type RelevanceTone } from '@benchmarket/shared';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import type { AiInsight } from '../ai-insight';

// spec §9: the prefix of the explanation ('Relevant:', 'Somewhat relevant:', 'Not relevant:') sets its colour.
const TONE_CLASSES: Record<RelevanceTone, string> = {
  relevant: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  somewhat: 'border-amber-300 bg-amber-50 text-amber-900',
  not: 'border-red-300 bg-red-50 text-red-900',
  unknown: 'border-slate-300 bg-slate-50 text-slate-800',
};

/** Why this listing matched the buyer's AI-enhanced search (spec §2, §3). */
export function AiSearchInsight({ insight }: { insight: AiInsight }) {
  const headingId = useId();
  const tone = relevanceTone(insight.relevance_explanation);
  const score = insight.relevance_score;
  return (
    <section
      aria-labelledby={headingId}
      data-tone={tone}
      className={cn('rounded-lg border p-4', TONE_CLASSES[tone])}
    >
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
