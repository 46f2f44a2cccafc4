import type { FieldProps } from './action-dialog';

export interface Outcome {
  value: 'dismissed' | 'actioned';
  label: string;
  /** What the outcome means for this kind of report. */
  hint: string;
}

/** A report's two outcomes as a radio group, wired to the form like any field. */
export function OutcomeField({ outcomes, ...props }: FieldProps & { outcomes: readonly Outcome[] }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Outcome</legend>
      <div className="mt-2 space-y-2">
        {outcomes.map((outcome) => (
          <label
            key={outcome.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2 has-checked:border-teal-600 has-checked:bg-teal-50"
          >
            <input
              type="radio"
              name={props.name}
              value={outcome.value}
              checked={props.value === outcome.value}
              onChange={() => {
                props.onChange({ target: { value: outcome.value } });
              }}
              aria-invalid={props['aria-invalid']}
              aria-describedby={props['aria-describedby']}
              className="mt-1 size-4 accent-teal-700"
            />
            <span>
              <span className="block text-sm font-semibold text-slate-900">{outcome.label}</span>
              <span className="block text-sm text-slate-600">{outcome.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
