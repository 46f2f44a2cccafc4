/**
 * The `<option>`s of a select over one of the spec's value lists, each shown by its label
 * (warranty, shipping, condition, device class…). An empty 'Any …' or 'Not stated' choice,
 * where a select has one, stays beside it in the select.
 */
export function OptionList<Value extends string>({
  values,
  labels,
}: {
  values: readonly Value[];
  labels: Readonly<Record<Value, string>>;
}) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {labels[value]}
        </option>
      ))}
    </>
  );
}
