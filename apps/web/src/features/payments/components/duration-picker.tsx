import { DURATION_OPTIONS, formatDuration, type DurationMonths } from '@benchmarket/shared';
import { useEffect, useId, useRef, useState } from 'react';

interface DurationPickerProps {
  legend: string;
  value: DurationMonths;
  onChange: (months: DurationMonths) => void;
  disabled?: boolean;
}

/** spec §5, §9: 1, 3, 6 or 12 months, as a radio group (arrow keys move between options). */
export function DurationPicker({ legend, value, onChange, disabled = false }: DurationPickerProps) {
  const name = useId();
  return (
    <fieldset disabled={disabled} className="disabled:opacity-70">
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2">
        {DURATION_OPTIONS.map((months) => (
          <label
            key={months}
            className="flex min-h-11 cursor-pointer items-center whitespace-nowrap justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:checked]:text-teal-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-700"
          >
            <input
              type="radio"
              name={name}
              value={months}
              checked={value === months}
              onChange={() => {
                onChange(months);
              }}
              className="size-4 accent-teal-700"
            />
            {formatDuration(months)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Issue 18: the duration chosen on the create form is not asked again on the payment page; the
 * order summary shows it, and 'Change duration' opens the choice.
 */
export function ChosenDuration(props: DurationPickerProps) {
  const [changing, setChanging] = useState(false);
  const choice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The button that opened the choice is gone: the keyboard goes on from the chosen option.
    if (changing) choice.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [changing]);
  if (changing) {
    return (
      <div ref={choice}>
        <DurationPicker {...props} />
      </div>
    );
  }
  return (
    <button
      type="button"
      disabled={props.disabled}
      aria-expanded={false}
      onClick={() => {
        setChanging(true);
      }}
      className="text-sm font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900 disabled:opacity-60"
    >
      Change duration
    </button>
  );
}
