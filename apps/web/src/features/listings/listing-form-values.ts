/**
 * The listing form's values as the inputs hold them (strings); the shared schema turns them
 * into the request body. Issue 15 adds the specification, regulatory and decontamination
 * fields: what an existing listing fills them with, and what a new listing sends (a blank
 * field is null).
 */
import { DURATION_OPTIONS, type Condition, type Listing, type ListingCreate, type SaleRestriction } from '@benchmarket/shared';

export interface SpecificationFormValues {
  manufacturer: string;
  model: string;
  year_of_manufacture: string;
  hours_of_use: string;
  serial_number: string;
  warranty: string;
  shipping: string;
  lead_time_days: string;
  /** One accessory a line. */
  included_accessories: string;
  regulatory: {
    device_class: string;
    fda_510k_number: string;
    /** '' not stated, 'yes', 'no' (the schema reads them as null, true, false). */
    ce_marking: string;
    sale_restriction: SaleRestriction;
  };
  decontamination: {
    /** '' for no statement. */
    status: string;
    date: string;
  };
}

export const EMPTY_SPECIFICATION_VALUES: SpecificationFormValues = {
  manufacturer: '',
  model: '',
  year_of_manufacture: '',
  hours_of_use: '',
  serial_number: '',
  warranty: '',
  shipping: '',
  lead_time_days: '',
  included_accessories: '',
  regulatory: { device_class: '', fda_510k_number: '', ce_marking: '', sale_restriction: 'none' },
  decontamination: { status: '', date: '' },
};

/** The fields of spec §5 and, after them, issue 15's. */
export interface ListingFormValues extends SpecificationFormValues {
  title: string;
  description: string;
  price: string;
  condition: Condition;
  location: string;
  duration_months: string;
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export const EMPTY_LISTING_VALUES: ListingFormValues = {
  title: '',
  description: '',
  price: '',
  condition: 'new',
  location: '',
  duration_months: String(DURATION_OPTIONS[0]),
  ...EMPTY_SPECIFICATION_VALUES,
};

/** The fields as an existing listing fills them (the edit form). */
export function specificationValuesOf(listing: Listing): SpecificationFormValues {
  const regulatory = listing.regulatory;
  let ceMarking = '';
  if (regulatory?.ce_marking === true) ceMarking = 'yes';
  else if (regulatory?.ce_marking === false) ceMarking = 'no';
  return {
    manufacturer: text(listing.manufacturer),
    model: text(listing.model),
    year_of_manufacture: text(listing.year_of_manufacture),
    hours_of_use: text(listing.hours_of_use),
    serial_number: text(listing.serial_number),
    warranty: text(listing.warranty),
    shipping: text(listing.shipping),
    lead_time_days: text(listing.lead_time_days),
    included_accessories: (listing.included_accessories ?? []).join('\n'),
    regulatory: {
      device_class: text(regulatory?.device_class),
      fda_510k_number: text(regulatory?.fda_510k_number),
      ce_marking: ceMarking,
      sale_restriction: regulatory?.sale_restriction ?? 'none',
    },
    decontamination: { status: text(listing.decontamination?.status), date: text(listing.decontamination?.date) },
  };
}

/** A date only goes with a decontamination that happened. */
export function withoutStrayDate<T extends { decontamination?: { status: string; date?: string | null } | null }>(values: T): T {
  const { decontamination } = values;
  if (!decontamination || decontamination.status !== 'not_decontaminated' || !decontamination.date) return values;
  return { ...values, decontamination: { ...decontamination, date: null } };
}

/** Issue 15's plain facts, in the order the form's 'Specifications' group shows them. */
export const SPECIFICATION_FACT_KEYS = [
  'manufacturer',
  'model',
  'year_of_manufacture',
  'hours_of_use',
  'serial_number',
  'warranty',
  'shipping',
  'lead_time_days',
  'included_accessories',
] as const satisfies ReadonlyArray<keyof Listing>;

const SPECIFICATION_KEYS = [...SPECIFICATION_FACT_KEYS, 'regulatory', 'decontamination'] as const satisfies ReadonlyArray<keyof Listing>;

/**
 * A new listing sends only the issue-15 facts the seller gave: on create, absent and null both
 * mean none, and a short body stays readable in logs. The fields of spec §5 go as they are.
 */
export function compactCreateBody(body: ListingCreate): ListingCreate {
  const compact: Record<string, unknown> = {};
  const specification = new Set<string>(SPECIFICATION_KEYS);
  for (const [key, value] of Object.entries(body)) {
    if (!specification.has(key)) {
      compact[key] = value;
      continue;
    }
    if (value === null || value === undefined) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (key === 'regulatory' && typeof value === 'object') {
      const given = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).filter(
          ([field, fact]) => fact !== null && fact !== undefined && !(field === 'sale_restriction' && fact === 'none'),
        ),
      );
      if (Object.keys(given).length === 0) continue;
      compact[key] = given;
      continue;
    }
    compact[key] = value;
  }
  return compact as ListingCreate;
}

/**
 * An edit sends every field the listing came with (blank: null, which clears it). A field the
 * page never received (the serial number is the owner's only; a listing from before issue 15)
 * is left out, so the API keeps what it has rather than a blank the seller never saw.
 */
export function onlyFieldsShown<T extends object>(body: T, listing: Listing): T {
  const kept: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const key of SPECIFICATION_KEYS) {
    if (listing[key] === undefined) delete kept[key];
  }
  return kept as T;
}
