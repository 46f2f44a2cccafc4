import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn';

type Variant = 'primary' | 'secondary' | 'danger';
type Size = 'md' | 'sm';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-teal-700 text-white shadow-sm hover:bg-teal-800 focus-visible:outline-teal-700',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-slate-500',
  /** An action that removes or refuses something (take down, suspend, refund). */
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 focus-visible:outline-red-700',
};

const SIZES: Record<Size, string> = {
  md: 'rounded-lg px-5 py-2.5',
  /** Row and card actions: smaller, still a 36 px touch target. */
  sm: 'rounded-md px-3 py-1.5 text-sm',
};

/**
 * The classes of a button-looking control (a button, a link, a router link): one look for
 * every primary, secondary and danger action. `block` makes it full width (form submits);
 * `size: 'sm'` is for the actions of a row or card.
 */
export function buttonClass(variant: Variant = 'primary', { block = false, size = 'md' }: { block?: boolean; size?: Size } = {}): string {
  return cn(
    'inline-flex items-center justify-center gap-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-70',
    SIZES[size],
    VARIANTS[variant],
    block && 'w-full',
  );
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  block?: boolean;
  size?: Size;
  /** True while its form is being sent: disabled, busy, with a spinner. The name stays, so it is always found by it. */
  pending?: boolean;
  children: ReactNode;
}

export function Button({
  variant = 'primary',
  block,
  size,
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
      className={cn(buttonClass(variant, { block, size }), className)}
      {...props}
    >
      {pending && (
        <span
          aria-hidden="true"
          className={cn(
            'size-4 animate-spin rounded-full border-2 motion-reduce:animate-none',
            variant === 'secondary' ? 'border-slate-300 border-t-slate-700' : 'border-white/40 border-t-white',
          )}
        />
      )}
      {children}
    </button>
  );
}

/** A router link that looks like a button. */
export function LinkButton({
  variant = 'primary',
  block,
  size,
  className,
  ...props
}: LinkProps & { variant?: Variant; block?: boolean; size?: Size }) {
  return <Link className={cn(buttonClass(variant, { block, size }), className)} {...props} />;
}

interface SubmitCancelProps {
  /** The submit button's name ('Send offer', 'Save search'). */
  label: string;
  pending: boolean;
  onCancel: () => void;
  size?: Size;
  /** The row's layout (it wraps, or stacks on a phone). */
  className?: string;
}

/** The actions row of an inline form: its submit button, then 'Cancel' beside it. */
export function SubmitCancel({ label, pending, onCancel, size, className }: SubmitCancelProps) {
  return (
    <div className={cn('flex gap-2', className)}>
      <Button type="submit" size={size} pending={pending}>
        {label}
      </Button>
      <Button variant="secondary" size={size} onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
