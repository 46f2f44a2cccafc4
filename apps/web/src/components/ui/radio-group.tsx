import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface RadioOption<Value extends string> {
  value: Value;
  label: ReactNode;
}

interface RadioGroupProps<Value extends string> {
  /** The question the group answers (the fieldset's legend, which names the group). */
  legend: ReactNode;
  /** The radios' `name` (a form that finds its fields by name, e.g. use-checked-form, needs it). */
  name: string;
  options: readonly RadioOption<Value>[];
  /** The chosen value, or '' / null when none is chosen yet. */
  value: Value | '' | null;
  onChange: (value: Value) => void;
  /** Marks the group invalid (`aria-invalid` on each radio). */
  invalid?: boolean;
  /** The id of the message that says what is wrong (the form's Alert). */
  describedBy?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  className?: string;
}

/**
 * A labelled group of native radios, one under the other: Tab reaches the group once, the
 * arrow keys choose, and each option is a large touch target. Wired for a form's validation
 * like TextField (`aria-invalid`, `aria-describedby`).
 */
export function RadioGroup<Value extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  invalid = false,
  describedBy,
  required = false,
  disabled = false,
  className,
}: RadioGroupProps<Value>) {
  const id = useId();
  return (
    <fieldset disabled={disabled} className={cn('disabled:opacity-70', className)}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 space-y-2">
        {options.map((option) => (
          <label
            key={option.value}
            htmlFor={`${id}-${option.value}`}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border bg-white px-3 py-2 text-sm text-slate-800 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:checked]:text-teal-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-700',
              invalid ? 'border-red-600' : 'border-slate-300',
            )}
          >
            <input
              id={`${id}-${option.value}`}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => {
                onChange(option.value);
              }}
              required={required}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className="size-4 shrink-0 accent-teal-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
