import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** An error for the whole form (e.g. the server's detail), announced at once. */
export function FormError({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="alert" className={cn('rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800', className)}>
      {children}
    </div>
  );
}

/** A success message (e.g. 'Your password has been reset. You can now log in.'), announced politely. */
export function SuccessBanner({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="status" className={cn('rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800', className)}>
      {children}
    </div>
  );
}
