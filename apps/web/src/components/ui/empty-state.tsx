import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The dashed box shown instead of an empty table or list ('No open reports.'). */
export function EmptyState({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn('rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-700', className)}>
      {children}
    </div>
  );
}
