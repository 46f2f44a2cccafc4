import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { primaryButtonClass } from './auth-card';

interface SubmitButtonProps {
  /** True while the form is being sent: the button is disabled, busy, and shows a spinner. */
  pending: boolean;
  children: ReactNode;
  className?: string;
}

/** A form's submit button. Its name stays the same while sending, so it is always found by it. */
export function SubmitButton({ pending, children, className }: SubmitButtonProps) {
  return (
    <button type="submit" disabled={pending} aria-busy={pending || undefined} className={cn(primaryButtonClass, className)}>
      {pending && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
        />
      )}
      {children}
    </button>
  );
}
