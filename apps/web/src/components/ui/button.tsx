import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn';

type Variant = 'primary' | 'secondary';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-teal-700 text-white shadow-sm hover:bg-teal-800 focus-visible:outline-teal-700',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-slate-500',
};

/**
 * The classes of a button-looking control (a button, a link, a router link): one look for
 * every primary and secondary action. `block` makes it full width (form submits).
 */
export function buttonClass(variant: Variant = 'primary', { block = false }: { block?: boolean } = {}): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-70',
    VARIANTS[variant],
    block && 'w-full',
  );
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  block?: boolean;
  /** True while its form is being sent: disabled, busy, with a spinner. The name stays, so it is always found by it. */
  pending?: boolean;
  children: ReactNode;
}

export function Button({
  variant = 'primary',
  block,
  pending = false,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={cn(buttonClass(variant, { block }), className)}
      {...props}
    >
      {pending && (
        <span
          aria-hidden="true"
          className={cn(
            'size-4 animate-spin rounded-full border-2 motion-reduce:animate-none',
            variant === 'primary' ? 'border-white/40 border-t-white' : 'border-slate-300 border-t-slate-700',
          )}
        />
      )}
      {children}
    </button>
  );
}

/** A router link that looks like a button. */
export function LinkButton({ variant = 'primary', block, className, ...props }: LinkProps & { variant?: Variant; block?: boolean }) {
  return <Link className={cn(buttonClass(variant, { block }), className)} {...props} />;
}
