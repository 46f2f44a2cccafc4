import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type PillTone = 'success' | 'warning' | 'danger' | 'neutral' | 'info';

const TONES: Record<PillTone, string> = {
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  danger: 'bg-red-50 text-red-800 ring-red-600/30',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  info: 'bg-sky-50 text-sky-800 ring-sky-600/30',
};

/** A short state in a coloured pill ('Live', 'Pending', 'Refunded'); the text carries the meaning, the colour only repeats it. */
export function StatusPill({ tone, children, className }: { tone: PillTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
