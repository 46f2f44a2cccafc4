import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The look of the listing form's text inputs and selects; red when invalid. */
export const inputClass = (invalid: boolean) =>
  cn(
    'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:ring-2 focus:outline-none disabled:bg-slate-100 sm:text-sm',
    invalid ? 'border-red-500 focus:ring-red-500' : 'border-slate-300 focus:border-teal-600 focus:ring-teal-600/40',
  );

export interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  hintId?: string;
  error?: string;
  errorId?: string;
  children: ReactNode;
}

/** A label, the control, an optional hint and its error. The label text is exactly the field's name. */
export function Field({ id, label, required, hint, hintId, error, errorId, children }: FieldProps) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {label}
        </label>
        {required && (
          <span aria-hidden="true" className="text-sm text-red-700">
            *
          </span>
        )}
      </div>
      {children}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
