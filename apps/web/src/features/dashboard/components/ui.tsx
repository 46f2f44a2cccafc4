import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Small pieces the dashboard's tabs share. */

export const actionLinkClass =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50';
/** The row action to take next (Pay Now, Renew). */
export const primaryActionLinkClass = cn(actionLinkClass, 'border-teal-700 bg-teal-700 text-white hover:bg-teal-800');
export const dangerButtonClass =
  'inline-flex items-center justify-center rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-70';

type Tone = 'success' | 'warning' | 'danger' | 'neutral' | 'info';

const TONES: Record<Tone, string> = {
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  danger: 'bg-red-50 text-red-800 ring-red-600/30',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-500/30',
  info: 'bg-sky-50 text-sky-800 ring-sky-600/30',
};

export function StatusPill({ tone, children, className }: { tone: Tone; children: ReactNode; className?: string }) {
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

/** The dashed box a tab shows instead of an empty table or list. */
export function EmptyTab({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-700">{children}</div>;
}
