import {
  ACCESSORIES_MAX,
  DECONTAMINATION_LABELS,
  DECONTAMINATION_STATUSES,
  DEVICE_CLASSES,
  DEVICE_CLASS_LABELS,
  HOURS_OF_USE_MAX,
  LEAD_TIME_DAYS_MAX,
  MANUFACTURER_MAX_LENGTH,
  MODEL_MAX_LENGTH,
  SALE_RESTRICTIONS,
  SALE_RESTRICTION_LABELS,
  SERIAL_NUMBER_MAX_LENGTH,
  SHIPPING_LABELS,
  SHIPPING_OPTIONS,
  WARRANTIES,
  WARRANTY_LABELS,
  YEAR_OF_MANUFACTURE_MIN,
  type ListingCreate,
  type ListingUpdate,
} from '@benchmarket/shared';
import { useId, useState, type ReactNode } from 'react';
import { get, useWatch, type FieldError, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useManufacturerModels, useManufacturers } from '@/lib/api/manufacturers';
import { OptionList } from '@/components/ui/option-list';
import { Field, inputClass } from './form-field';
import { SPECIFICATION_FACT_KEYS, type ListingFormValues } from '../listing-form-values';

type SpecificationField =
  | 'manufacturer'
  | 'model'
  | 'year_of_manufacture'
  | 'hours_of_use'
  | 'serial_number'
  | 'warranty'
  | 'shipping'
  | 'lead_time_days'
  | 'included_accessories'
  | 'regulatory.device_class'
  | 'regulatory.fda_510k_number'
  | 'regulatory.ce_marking'
  | 'regulatory.sale_restriction'
  | 'decontamination.status'
  | 'decontamination.date';

const SPECIFICATIONS_GROUP: readonly SpecificationField[] = SPECIFICATION_FACT_KEYS;
const REGULATORY_GROUP: readonly SpecificationField[] = [
  'regulatory.device_class',
  'regulatory.fda_510k_number',
  'regulatory.ce_marking',
  'regulatory.sale_restriction',
  'decontamination.status',
  'decontamination.date',
];

/** Statuses that say the equipment was decontaminated: they ask for the date. */
const DATED_STATUSES: readonly string[] = ['decontaminated', 'certified'];

function errorOf(errors: FieldErrors<ListingFormValues>, name: SpecificationField): string | undefined {
  const error: FieldError | undefined = get(errors, name);
  return error?.message;
}

/**
 * A collapsible group of optional fields. Its heading stays visible when it is folded; a
 * refused submit unfolds it when one of its fields is to fix.
 */
function FieldGroup({
  title,
  hint,
  defaultOpen,
  hasError,
  submitCount,
  children,
}: {
  title: string;
  hint: string;
  defaultOpen: boolean;
  hasError: boolean;
  submitCount: number;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [seenSubmit, setSeenSubmit] = useState(submitCount);
  if (seenSubmit !== submitCount) {
    // Adjusting state to a new submit during render: show the field to fix.
    setSeenSubmit(submitCount);
    if (hasError && !open) setOpen(true);
  }
  return (
    <details
      open={open}
      onToggle={(event) => {
        setOpen(event.currentTarget.open);
      }}
      className="group rounded-xl border border-slate-200"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none [&::-webkit-details-marker]:hidden">
        <span>
          <h2 className="text-sm font-semibold text-slate-800">{title}</h2>
          <span className="block text-xs text-slate-500">{hint}</span>
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none"
        >
          <path
            fillRule="evenodd"
            d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </summary>
      <div className="grid gap-6 border-t border-slate-200 px-4 py-5 sm:grid-cols-2">{children}</div>
    </details>
  );
}

/**
 * Issue 15: the listing form's 'Specifications' and 'Regulatory and safety' groups — all
 * optional. Manufacturer and model suggest what other listings use (GET /listings/manufacturers),
 * the models once the maker is one of them.
 */
export function SpecificationFields({
  form,
  defaultOpen,
}: {
  form: UseFormReturn<ListingFormValues, unknown, ListingCreate | ListingUpdate>;
  defaultOpen: boolean;
}) {
  const {
    register,
    control,
    formState: { errors, submitCount },
  } = form;
  const baseId = useId();
  const manufacturer = useWatch({ control, name: 'manufacturer' });
  const decontaminationStatus = useWatch({ control, name: 'decontamination.status' });
  const makers = useManufacturers();
  const knownMaker = makers.data?.find((maker) => maker.name.toLowerCase() === manufacturer.trim().toLowerCase());
  const models = useManufacturerModels(knownMaker?.name ?? '', { enabled: Boolean(knownMaker) });

  const idOf = (name: string) => `${baseId}-${name.replace('.', '-')}`;
  const ids = { makers: `${baseId}-makers`, models: `${baseId}-models` };

  /** A field of the groups: its label, hint and error, and the control's wiring. */
  const field = (
    name: SpecificationField,
    label: string,
    control: (props: ReturnType<typeof register> & Record<string, unknown>) => ReactNode,
    { hint, wide = false }: { hint?: string; wide?: boolean } = {},
  ) => {
    const id = idOf(name);
    const error = errorOf(errors, name);
    const hintId = hint ? `${id}-hint` : undefined;
    const errorId = `${id}-error`;
    const describedBy = [hintId, error && errorId].filter(Boolean).join(' ') || undefined;
    return (
      <div className={wide ? 'sm:col-span-2' : undefined}>
        <Field id={id} label={label} hint={hint} hintId={hintId} error={error} errorId={errorId}>
          {control({
            id,
            'aria-invalid': Boolean(error) || undefined,
            'aria-describedby': describedBy,
            className: inputClass(Boolean(error)),
            ...register(name),
          })}
        </Field>
      </div>
    );
  };

  /** A select of the groups over one of the spec's value lists, 'Not stated' first. */
  function statedSelect<Value extends string>(
    name: SpecificationField,
    label: string,
    values: readonly Value[],
    labels: Readonly<Record<Value, string>>,
  ) {
    return field(name, label, (props) => (
      <select {...props}>
        <option value="">Not stated</option>
        <OptionList values={values} labels={labels} />
      </select>
    ));
  }

  /** A free text offered the names of a datalist (the makers of live listings, or the maker's models). */
  const suggestedText = (name: SpecificationField, label: string, maxLength: number, listId: string, placeholder: string) =>
    field(name, label, (props) => (
      <input type="text" autoComplete="off" maxLength={maxLength} list={listId} placeholder={placeholder} {...props} />
    ));

  /** A group opens by itself when the form is sent with an error among its fields. */
  const groupState = (group: readonly SpecificationField[]) => ({
    defaultOpen,
    hasError: group.some((name) => Boolean(errorOf(errors, name))),
    submitCount,
  });
  const dated = DATED_STATUSES.includes(decontaminationStatus);

  return (
    <>
      <FieldGroup
        title="Specifications"
        hint="Optional. What buyers compare: maker, model, age, warranty, shipping."
        {...groupState(SPECIFICATIONS_GROUP)}
      >
        {suggestedText('manufacturer', 'Manufacturer', MANUFACTURER_MAX_LENGTH, ids.makers, 'e.g. Thermo Fisher')}
        {suggestedText('model', 'Model', MODEL_MAX_LENGTH, ids.models, 'e.g. Sorvall ST 16R')}
        <datalist id={ids.makers}>
          {makers.data?.map((maker) => (
            <option key={maker.name} value={maker.name} />
          ))}
        </datalist>
        <datalist id={ids.models}>{knownMaker && models.data?.map((model) => <option key={model.name} value={model.name} />)}</datalist>
        {field('year_of_manufacture', 'Year of manufacture', (props) => (
          <input type="number" inputMode="numeric" step="1" min={YEAR_OF_MANUFACTURE_MIN} max={new Date().getFullYear()} {...props} />
        ))}
        {field('hours_of_use', 'Hours of use', (props) => (
          <input type="number" inputMode="numeric" step="1" min="0" max={HOURS_OF_USE_MAX} {...props} />
        ))}
        {field(
          'serial_number',
          'Serial number',
          (props) => (
            <input type="text" autoComplete="off" maxLength={SERIAL_NUMBER_MAX_LENGTH} {...props} />
          ),
          { hint: 'Only you see this' },
        )}
        {statedSelect('warranty', 'Warranty', WARRANTIES, WARRANTY_LABELS)}
        {statedSelect('shipping', 'Shipping', SHIPPING_OPTIONS, SHIPPING_LABELS)}
        {field(
          'lead_time_days',
          'Lead time (days)',
          (props) => (
            <input type="number" inputMode="numeric" step="1" min="0" max={LEAD_TIME_DAYS_MAX} {...props} />
          ),
          { hint: 'How soon after the sale it ships.' },
        )}
        {field(
          'included_accessories',
          'Included accessories',
          (props) => (
            <textarea rows={4} placeholder={'Rotor\nPower cord'} {...props} />
          ),
          {
            hint: `One per line, up to ${String(ACCESSORIES_MAX)}.`,
            wide: true,
          },
        )}
      </FieldGroup>

      <FieldGroup
        title="Regulatory and safety"
        hint="Optional. Device class, clearances, who may buy it, decontamination."
        {...groupState(REGULATORY_GROUP)}
      >
        {statedSelect('regulatory.device_class', 'Device class', DEVICE_CLASSES, DEVICE_CLASS_LABELS)}
        {field(
          'regulatory.fda_510k_number',
          'FDA 510(k) number',
          (props) => (
            <input type="text" autoComplete="off" maxLength={7} placeholder="K123456" {...props} />
          ),
          { hint: 'K followed by 6 digits.' },
        )}
        {field('regulatory.ce_marking', 'CE marking', (props) => (
          <select {...props}>
            <option value="">Not stated</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </select>
        ))}
        {field('regulatory.sale_restriction', 'Sale restriction', (props) => (
          <select {...props}>
            <OptionList values={SALE_RESTRICTIONS} labels={SALE_RESTRICTION_LABELS} />
          </select>
        ))}
        {statedSelect('decontamination.status', 'Decontamination', DECONTAMINATION_STATUSES, DECONTAMINATION_LABELS)}
        {dated &&
          field('decontamination.date', 'Decontamination date', (props) => (
            <input type="date" max={new Date().toISOString().slice(0, 10)} {...props} />
          ))}
      </FieldGroup>
    </>
  );
}
