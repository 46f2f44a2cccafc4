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
