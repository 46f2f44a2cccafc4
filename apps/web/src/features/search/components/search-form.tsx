import {
  CONDITIONS,
  CONDITION_LABELS,
  SEARCH_QUERY_MAX_LENGTH,
  SHIPPING_LABELS,
  SHIPPING_OPTIONS,
  WARRANTIES,
  WARRANTY_LABELS,
  YEAR_OF_MANUFACTURE_MIN,
  isCondition,
} from '@benchmarket/shared';
import { useId, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { CountrySelect } from '@/components/listing/country-select';
import { OptionList } from '@/components/ui/option-list';
import { cn } from '@/lib/cn';
import { useManufacturers } from '@/lib/api/manufacturers';
import { activeFilterCount, isShipping, isWarranty, type DraftField, type SearchDraft } from '../search-criteria';
import { SolidIcon } from '@/components/ui/icon';

export interface DraftError {
  field: DraftField;
  message: string;
}

interface SearchFormProps {
  draft: SearchDraft;
  onChange: (patch: Partial<SearchDraft>) => void;
  onSubmit: () => void;
  onClearFilters: () => void;
  /** Visitors and unverified users see the form, but cannot search (spec §4, §6). */
  disabled?: boolean;
  /** The id of the text that explains why the form is disabled. */
  describedBy?: string;
  error?: DraftError | null;
}

const labelClass = 'block text-sm font-medium text-slate-700';
const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/40 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 aria-invalid:border-red-500 aria-invalid:ring-red-500/30 sm:text-sm';

/** A filter: its label above its control. */
function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** The location, maker and value-list filters: a name chosen from a list. */
interface NameSelectProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}

/** A select over one of the spec's value lists; 'Any …' filters nothing. */
function choiceSelect<Value extends string>({
  anyLabel,
  values,
  labels,
  isValue,
}: {
  anyLabel: string;
  values: readonly Value[];
  labels: Readonly<Record<Value, string>>;
  isValue: (value: string) => value is Value;
}) {
  return function ChoiceSelect({ id, value, onChange, disabled }: NameSelectProps) {
    return (
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const chosen = event.target.value;
          onChange(isValue(chosen) ? chosen : '');
        }}
        className={inputClass}
      >
        <option value="">{anyLabel}</option>
        <OptionList values={values} labels={labels} />
      </select>
    );
  };
}

const ConditionSelect = choiceSelect({ anyLabel: 'Any condition', values: CONDITIONS, labels: CONDITION_LABELS, isValue: isCondition });
const WarrantySelect = choiceSelect({ anyLabel: 'Any warranty', values: WARRANTIES, labels: WARRANTY_LABELS, isValue: isWarranty });
const ShippingSelect = choiceSelect({ anyLabel: 'Any shipping', values: SHIPPING_OPTIONS, labels: SHIPPING_LABELS, isValue: isShipping });

/** The two ends of the price range (spec §2), in the order they are shown. */
const PRICE_FIELDS = [
  { field: 'minPrice', label: 'Min price' },
  { field: 'maxPrice', label: 'Max price' },
] as const;

/** The years of manufacture (issue 15), in the order they are shown. */
const YEAR_FIELDS = [
  { field: 'yearFrom', label: 'Year from' },
  { field: 'yearTo', label: 'Year to' },
] as const;

/** What a number filter accepts; a price shows its '$' before the amount. */
interface NumberLimits {
  prefix?: string;
  inputMode: 'decimal' | 'numeric';
  min: number;
  max?: number;
  step: string;
}

const PRICE_LIMITS: NumberLimits = { prefix: '$', inputMode: 'decimal', min: 0, step: '0.01' };

/** A number filter (price, year); 'Any' when empty. */
function NumberFilter({
  label,
  value,
  onChange,
  disabled,
  invalid,
  errorId,
  limits: { prefix, ...limits },
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  invalid: boolean;
  errorId: string;
  limits: NumberLimits;
}) {
  const id = useId();
  const input = (
    <input
      id={id}
      type="number"
      {...limits}
      placeholder="Any"
      value={value}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      className={prefix ? cn(inputClass, 'pl-7') : inputClass}
    />
  );
  return (
    <FilterField id={id} label={label}>
      {prefix ? (
        <div className="relative">
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500">
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </FilterField>
  );
}

/** The countries, spaced under their label as the other controls are by `inputClass`. */
function LocationSelect(props: NameSelectProps) {
  return (
    <div className="mt-1">
      <CountrySelect {...props} />
    </div>
  );
}

/**
 * Issue 15: the makers of live listings with their counts ('Thermo Fisher (12)'). A maker the
 * URL names but the list lacks (none live any more) stays selectable, so the form shows the
 * search on show.
 */
function ManufacturerSelect({ id, value, onChange, disabled }: NameSelectProps) {
  const makers = useManufacturers({ enabled: !disabled });
  const options = makers.data ?? [];
  const listed = options.find((maker) => maker.name.toLowerCase() === value.toLowerCase());
  return (
    <select
      id={id}
      value={listed?.name ?? value}
      disabled={disabled}
      onChange={(event) => {
        onChange(event.target.value);
      }}
      className={inputClass}
    >
      <option value="">Any manufacturer</option>
      {value && !listed && <option value={value}>{value}</option>}
      {options.map((maker) => (
        <option key={maker.name} value={maker.name}>
          {`${maker.name} (${maker.count.toLocaleString('en-US')})`}
        </option>
      ))}
    </select>
  );
}

function FieldsetLegend({ children }: { children: ReactNode }) {
  return <legend className="sr-only">{children}</legend>;
}

/**
 * The search box, 'Use AI-enhanced search' and the filters (spec §2). On a phone the
 * filters fold behind a 'Filters' button; from tablet width they are always shown.
 */
export function SearchForm({ draft, onChange, onSubmit, onClearFilters, disabled = false, describedBy, error }: SearchFormProps) {
  const ids = {
    query: useId(),
    ai: useId(),
    aiHint: useId(),
    filters: useId(),
    location: useId(),
    manufacturer: useId(),
    condition: useId(),
    warranty: useId(),
    shipping: useId(),
    error: useId(),
  };
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterCount = activeFilterCount(draft);
  const invalid = (field: DraftField) => error?.field === field;
  const numberFilters = (fields: typeof PRICE_FIELDS | typeof YEAR_FIELDS, limits: NumberLimits) =>
    fields.map(({ field, label }) => (
      <NumberFilter
        key={field}
        label={label}
        value={draft[field]}
        disabled={disabled}
        invalid={invalid(field)}
        errorId={ids.error}
        limits={limits}
        onChange={(number) => {
          onChange({ [field]: number });
        }}
      />
    ));
  const listFilter = (
    field: 'location' | 'manufacturer' | 'condition' | 'warranty' | 'shipping',
    label: string,
    Select: ComponentType<NameSelectProps>,
  ) => (
    <FilterField id={ids[field]} label={label}>
      <Select
        id={ids[field]}
        value={draft[field]}
        disabled={disabled}
        onChange={(name) => {
          onChange({ [field]: name });
        }}
      />
    </FilterField>
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!disabled) onSubmit();
  };

  return (
    <form
      role="search"
      aria-label="Search listings"
      noValidate
      onSubmit={submit}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <fieldset disabled={disabled} aria-describedby={describedBy} className="min-w-0 space-y-4">
        <FieldsetLegend>Search listings</FieldsetLegend>
        <div>
          <label htmlFor={ids.query} className={labelClass}>
            Search equipment
          </label>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <div className="relative flex-1">
              <SolidIcon
                className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
                d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9Z"
              />
              <input
                id={ids.query}
                type="search"
                name="q"
                enterKeyHint="search"
                autoComplete="off"
                maxLength={SEARCH_QUERY_MAX_LENGTH}
                placeholder="e.g. refurbished centrifuge under $5,000"
                value={draft.query}
                disabled={disabled}
                aria-invalid={invalid('query') || undefined}
                aria-describedby={invalid('query') ? ids.error : undefined}
                onChange={(event) => {
                  onChange({ query: event.target.value });
                }}
                className={cn(inputClass, 'mt-0 py-3 pl-10 text-base sm:text-base')}
              />
            </div>
            <button
              type="submit"
              disabled={disabled}
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-teal-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-teal-800 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-slate-400"
            >
              Search
            </button>
          </div>
        </div>

        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <div className="flex items-center gap-2">
              <input
                id={ids.ai}
                type="checkbox"
                checked={draft.useAi}
                disabled={disabled}
                aria-describedby={ids.aiHint}
                onChange={(event) => {
                  onChange({ useAi: event.target.checked });
                }}
                className="size-4 rounded border-slate-300 accent-teal-700 disabled:cursor-not-allowed"
              />
              <label htmlFor={ids.ai} className="text-sm font-medium text-slate-800">
                Use AI-enhanced search
              </label>
            </div>
            <p id={ids.aiHint} className="mt-1 pl-6 text-xs text-slate-500">
              Understands plain requests and explains why each result matches.
            </p>
          </div>
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls={ids.filters}
            onClick={() => {
              setFiltersOpen((open) => !open);
            }}
            className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 md:hidden"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
              <path d="M3 5a1 1 0 0 1 1-1h12a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1Zm2 5a1 1 0 0 1 1-1h8a1 1 0 1 1 0 2H6a1 1 0 0 1-1-1Zm3 4a1 1 0 1 0 0 2h4a1 1 0 1 0 0-2H8Z" />
            </svg>
            Filters{filterCount > 0 && ` (${String(filterCount)})`}
          </button>
        </div>

        <div
          id={ids.filters}
          className={cn(
            filtersOpen ? 'grid' : 'hidden',
            'gap-4 border-t border-slate-100 pt-4 sm:grid-cols-2 md:grid md:grid-cols-4 md:items-end lg:grid-cols-5',
          )}
        >
          {numberFilters(PRICE_FIELDS, PRICE_LIMITS)}
          {listFilter('condition', 'Condition', ConditionSelect)}
          {listFilter('location', 'Location', LocationSelect)}
          {listFilter('manufacturer', 'Manufacturer', ManufacturerSelect)}
          {numberFilters(YEAR_FIELDS, { inputMode: 'numeric', min: YEAR_OF_MANUFACTURE_MIN, max: new Date().getFullYear(), step: '1' })}
          {listFilter('warranty', 'Warranty', WarrantySelect)}
          {listFilter('shipping', 'Shipping', ShippingSelect)}
          <button
            type="button"
            disabled={disabled}
            onClick={onClearFilters}
            className="inline-flex items-center justify-center rounded-lg px-3 py-2.5 text-sm font-semibold text-teal-800 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
          >
            Clear filters
          </button>
        </div>

        {error && (
          <p id={ids.error} role="alert" className="text-sm font-medium text-red-700">
            {error.message}
          </p>
        )}
      </fieldset>
    </form>
  );
}
