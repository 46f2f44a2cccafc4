import { cn } from '@/lib/cn';

interface SpinnerProps {
  label?: string;
  className?: string;
}

/** A loading indicator that screen readers announce politely. */
export function Spinner({ label = 'Loading…', className }: SpinnerProps) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-3 text-slate-600', className)}>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-[3px] border-slate-300 border-t-teal-700 motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/**
 * Shown in the page area while a lazy route module loads. A screen high, so the footer starts
 * below the fold and does not jump when the page arrives (a layout shift, docs/performance.md).
 */
export function PageLoading() {
  return <Spinner label="Loading page…" className="min-h-dvh items-start py-24" />;
}

/**
 * Grey pulsing placeholders stacked in a loading layout (a card, a listing's facts): one block a
 * class (its size and shape), each with `blockClassName` too.
 */
export function SkeletonBlocks({
  blocks,
  className,
  blockClassName,
}: {
  blocks: readonly string[];
  className: string;
  blockClassName?: string;
}) {
  return (
    <div className={className}>
      {blocks.map((block, index) => (
        <div key={index} className={cn('animate-pulse rounded bg-slate-200 motion-reduce:animate-none', blockClassName, block)} />
      ))}
    </div>
  );
}
