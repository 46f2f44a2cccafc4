import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** Small pieces the dashboard's tabs share. */

export const actionLinkClass =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50';
/** The row action to take next (Pay Now, Renew). */
export const primaryActionLinkClass = cn(actionLinkClass, 'border-teal-700 bg-teal-700 text-white hover:bg-teal-800');
export const dangerButtonClass =
  'inline-flex items-center justify-center rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-70';

/** A row's action button ('Rename', 'Pause alerts', 'Delete'); `danger` for one that removes. */
export function RowButton({ danger = false, className, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { danger?: boolean }) {
  return <button type="button" className={cn(danger ? dangerButtonClass : actionLinkClass, className)} {...props} />;
}
