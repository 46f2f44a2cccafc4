import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Small pieces the payment pages share. */

export const textLinkClass = 'font-semibold text-teal-700 underline underline-offset-2 hover:text-teal-800';
export const cardClass = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/** The frame of a payment page: its heading, an optional lead, then the content. */
export function PaymentPageShell({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {lead && <p className="mt-2 text-slate-600">{lead}</p>}
      <div className="mt-6 sm:mt-8">{children}</div>
    </div>
  );
}

/** A busy state with its text visible (and announced politely). */
export function Busy({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-3 py-8 text-slate-700', className)}>
      <span
        aria-hidden="true"
        className="size-6 shrink-0 animate-spin rounded-full border-[3px] border-slate-300 border-t-teal-700 motion-reduce:animate-none"
      />
      <span>{label}</span>
    </div>
  );
}
