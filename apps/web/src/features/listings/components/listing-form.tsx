import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONDITION_OPTIONS,
  DESCRIPTION_MAX_LENGTH,
  DURATION_OPTIONS,
  ListingCreateFormSchema,
  ListingUpdateFormSchema,
  REQUIRED_LISTING_FIELDS,
  TITLE_MAX_LENGTH,
  formatDuration,
  type ListingCreate,
  type ListingUpdate,
} from '@benchmarket/shared';
import { useId, type ReactNode } from 'react';
import { Controller, useForm, type FieldError, type Resolver } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { CountrySelect } from '@/components/listing/country-select';
import { Alert } from '@/components/ui/alert';
import { EMPTY_LISTING_VALUES, compactCreateBody, withoutStrayDate, type ListingFormValues } from '../listing-form-values';
import { Field, inputClass } from './form-field';
import { SpecificationFields } from './specification-fields';

type ListingFormProps = {
  defaultValues?: Partial<ListingFormValues>;
  submitLabel: string;
  /** Shown on the submit button while `busy`. */
  busyLabel: string;
  busy: boolean;
  /** The fields cannot change any more (the listing was created; only its photos remain). */
  locked?: boolean;
  /** After the fields: the photos section. */
  photos?: ReactNode;
  /** Above the submit button: server errors, upload progress. */
  status?: ReactNode;
  /** Next to the submit button, e.g. Cancel. */
  secondaryAction?: ReactNode;
  /** Whether the optional groups (specifications, regulatory and safety) start unfolded; default true. */
  specificationsOpen?: boolean;
} & (
  | { mode: 'create'; onSubmit: (values: ListingCreate) => Promise<void> }
  | { mode: 'edit'; onSubmit: (values: ListingUpdate) => Promise<void> }
);

// One schema per form, shared with the server route (STYLE.md). The edit schema ignores
// duration_months (zod drops unknown keys). The casts narrow the schemas' input types
// (`unknown` for price and duration, which they parse from text) to the strings the inputs hold.
const createResolver = zodResolver(ListingCreateFormSchema) as unknown as Resolver<ListingFormValues, unknown, ListingCreate>;
const editResolver = zodResolver(ListingUpdateFormSchema) as unknown as Resolver<ListingFormValues, unknown, ListingUpdate>;

/**
 * The listing form of spec §5, for /create-listing (with the duration) and /edit-listing.
 * A blank title, description or price gives one message, 'Please fill in all required
 * fields'; the blank fields are marked invalid. Other problems show under their field.
 */
export function ListingForm(props: ListingFormProps) {
  const {
    mode,
    defaultValues,
    submitLabel,
    busyLabel,
    busy,
    locked = false,
    photos,
    status,
    secondaryAction,
    specificationsOpen = true,
  } = props;
  const ids = {
    title: useId(),
    description: useId(),
    price: useId(),
    condition: useId(),
    location: useId(),
    duration: useId(),
    required: useId(),
  };
  const form = useForm<ListingFormValues, unknown, ListingCreate | ListingUpdate>({
    resolver: mode === 'create' ? createResolver : editResolver,
    defaultValues: { ...EMPTY_LISTING_VALUES, ...defaultValues },
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;

  const onValid = async (values: ListingCreate | ListingUpdate) => {
    // Issue 15: a new listing sends the facts given; an edit sends every field (blank: null, cleared).
    if (props.mode === 'create') await props.onSubmit(compactCreateBody(withoutStrayDate(values as ListingCreate)));
    else await props.onSubmit(withoutStrayDate(values));
  };

  const isMissing = (error: FieldError | undefined) => error?.message === REQUIRED_LISTING_FIELDS;
  const missingRequired = isMissing(errors.title) || isMissing(errors.description) || isMissing(errors.price);
  /** The message under a field; a missing value is reported once, for the whole form. */
  const fieldError = (error: FieldError | undefined) => (error && !isMissing(error) ? error.message : undefined);
  const describedBy = (...parts: Array<string | false | undefined>) => parts.filter(Boolean).join(' ') || undefined;

  const titleError = fieldError(errors.title);
  const descriptionError = fieldError(errors.description);
  const priceError = fieldError(errors.price);
  const conditionError = fieldError(errors.condition);
  const locationError = fieldError(errors.location);
  const durationError = fieldError(errors.duration_months);
  const errorId = (id: string) => `${id}-error`;
  /** A required text field's marks: invalid, and described by its own error or by the form's 'required' note. */
  /**
   * What each required text control carries: its id (the Field's label points at it), the
   * required mark, the error wiring (its own error, or the form's 'required' alert), its look
   * and its form binding. `className` adds to the look (the price's room for '$').
   */
  const requiredControl = (field: 'title' | 'description' | 'price', className?: string) => ({
    id: ids[field],
    required: true,
    'aria-invalid': Boolean(errors[field]) || undefined,
    'aria-describedby': describedBy(fieldError(errors[field]) && errorId(ids[field]), isMissing(errors[field]) && ids.required),
    className: cn(inputClass(Boolean(errors[field])), className),
    ...register(field),
  });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="space-y-6">
      <fieldset disabled={busy || locked} className="space-y-6">
        <legend className="sr-only">Listing details</legend>

        <Field id={ids.title} label="Title" required error={titleError} errorId={errorId(ids.title)}>
          <input
            type="text"
            autoComplete="off"
            maxLength={TITLE_MAX_LENGTH}
            placeholder="e.g. Eppendorf 5810R refrigerated centrifuge"
            {...requiredControl('title')}
          />
        </Field>

        <Field id={ids.description} label="Description" required error={descriptionError} errorId={errorId(ids.description)}>
          <textarea
            rows={6}
            maxLength={DESCRIPTION_MAX_LENGTH}
            placeholder="Model, age, hours of use, service history, what is included…"
            {...requiredControl('description')}
          />
        </Field>

        <div className="grid gap-6 sm:grid-cols-2">
          <Field id={ids.price} label="Price" required error={priceError} errorId={errorId(ids.price)}>
            <div className="relative">
              <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">
                $
              </span>
              <input type="number" inputMode="decimal" step="0.01" min="0" placeholder="0.00" {...requiredControl('price', 'pl-7')} />
            </div>
          </Field>

          <Field id={ids.condition} label="Condition" required error={conditionError} errorId={errorId(ids.condition)}>
            <select
              id={ids.condition}
              required
              aria-invalid={Boolean(errors.condition) || undefined}
              aria-describedby={conditionError && errorId(ids.condition)}
              className={inputClass(Boolean(errors.condition))}
              {...register('condition')}
            >
              {CONDITION_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </Field>

          <Field
            id={ids.location}
            label="Location"
            hint="Optional. The country where the equipment is."
            hintId={`${ids.location}-hint`}
            error={locationError}
            errorId={errorId(ids.location)}
          >
            <Controller
              control={control}
              name="location"
              render={({ field }) => (
                <CountrySelect
                  id={ids.location}
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={field.disabled}
                  invalid={Boolean(errors.location)}
                  describedBy={describedBy(`${ids.location}-hint`, locationError && errorId(ids.location))}
                />
              )}
            />
          </Field>

          {mode === 'create' && (
            <Field
              id={ids.duration}
              label="Duration"
              required
              hint="How long the listing stays published once paid."
              hintId={`${ids.duration}-hint`}
              error={durationError}
              errorId={errorId(ids.duration)}
            >
              <select
                id={ids.duration}
                required
                aria-invalid={Boolean(errors.duration_months) || undefined}
                aria-describedby={describedBy(`${ids.duration}-hint`, durationError && errorId(ids.duration))}
                className={inputClass(Boolean(errors.duration_months))}
                {...register('duration_months')}
              >
                {DURATION_OPTIONS.map((months) => (
                  <option key={months} value={String(months)}>
                    {formatDuration(months)}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </div>

        <SpecificationFields form={form} defaultOpen={specificationsOpen} />
      </fieldset>

      {photos}

      {missingRequired && <Alert id={ids.required}>{REQUIRED_LISTING_FIELDS}</Alert>}
      {status}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {secondaryAction}
        <button
          type="submit"
          disabled={busy}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-teal-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {busy && (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
            />
          )}
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
