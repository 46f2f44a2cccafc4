/**
 * Issue 15: a listing's structured specifications, regulatory facts and decontamination
 * statement — what a buyer of used lab and medical equipment decides on — as the API returns
 * them and as a seller sends them (POST and PUT /listings, the listing form).
 *
 * Every field is optional. On an edit, a field left out keeps its value and `null` clears it,
 * so a client that knows only the spec's first fields cannot wipe them by saving.
 */
import { z } from 'zod';
import {
  ACCESSORIES_MAX,
  ACCESSORY_MAX_LENGTH,
  DECONTAMINATION_STATUSES,
  DEVICE_CLASSES,
  FDA_510K_PATTERN,
  HOURS_OF_USE_MAX,
  LEAD_TIME_DAYS_MAX,
  MANUFACTURER_MAX_LENGTH,
  MODEL_MAX_LENGTH,
  SALE_RESTRICTIONS,
  SERIAL_NUMBER_MAX_LENGTH,
  SHIPPING_OPTIONS,
  WARRANTIES,
  YEAR_OF_MANUFACTURE_MIN,
} from '../specification-values.js';
import { plainText } from './common.js';

export const WarrantySchema = z.enum(WARRANTIES);
export const ShippingSchema = z.enum(SHIPPING_OPTIONS);
export const DeviceClassSchema = z.enum(DEVICE_CLASSES);
export const SaleRestrictionSchema = z.enum(SALE_RESTRICTIONS);
export const DecontaminationStatusSchema = z.enum(DECONTAMINATION_STATUSES);

/** A calendar date, 'YYYY-MM-DD'. */
const CalendarDateSchema = z.iso.date();

export const RegulatorySchema = z.object({
  device_class: DeviceClassSchema.nullable(),
  /** 'K' and six digits. */
  fda_510k_number: z.string().nullable(),
  ce_marking: z.boolean().nullable(),
  /** 'licensed_professionals': a buyer confirms being one before contacting the seller. */
  sale_restriction: SaleRestrictionSchema,
});
export type Regulatory = z.infer<typeof RegulatorySchema>;

export const DecontaminationSchema = z.object({
  status: DecontaminationStatusSchema,
  /** When it was decontaminated (required for 'decontaminated'). */
  date: CalendarDateSchema.nullable(),
});
export type Decontamination = z.infer<typeof DecontaminationSchema>;

/** The fields a listing response carries (all present in every response of the API). */
export const SpecificationsSchema = z.object({
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  year_of_manufacture: z.number().int().nullable(),
  hours_of_use: z.number().int().nullable(),
  /** The owner's only: absent from every other caller's response. */
  serial_number: z.string().nullable().optional(),
  warranty: WarrantySchema.nullable(),
  shipping: ShippingSchema.nullable(),
  lead_time_days: z.number().int().nullable(),
  included_accessories: z.array(z.string()),
  regulatory: RegulatorySchema,
  /** Null: the seller made no decontamination statement. */
  decontamination: DecontaminationSchema.nullable(),
});
export type Specifications = z.infer<typeof SpecificationsSchema>;

// ── Input ─────────────────────────────────────────────────────────────────────

export const currentYear = (): number => new Date().getFullYear();

export const yearOfManufactureMessage = (): string =>
  `Year of manufacture must be a whole number from ${YEAR_OF_MANUFACTURE_MIN} to ${currentYear()}`;
export const HOURS_OF_USE_INVALID = 'Hours of use must be a whole number of 0 or more';
export const LEAD_TIME_INVALID = `Lead time must be a whole number of days from 0 to ${LEAD_TIME_DAYS_MAX}`;
export const FDA_510K_INVALID = 'FDA 510(k) number must be K followed by 6 digits, for example K123456';
export const WARRANTY_INVALID = "Warranty must be none, 30, 90, 180 or 365 days, or the manufacturer's";
export const SHIPPING_INVALID = 'Shipping must be pickup only, freight, parcel or shipping included';
export const DEVICE_CLASS_INVALID =
  'Device class must be an FDA class (I, II, III), an EU MDR class (I, IIa, IIb, III) or not a medical device';
export const SALE_RESTRICTION_INVALID = 'Sale restriction must be none or licensed professionals only';
export const DECONTAMINATION_STATUS_INVALID =
  'Decontamination must be not decontaminated, decontaminated, or decontaminated with a certificate';
export const DECONTAMINATION_DATE_REQUIRED = 'Please give the date the equipment was decontaminated';
export const DECONTAMINATION_DATE_INVALID = 'Decontamination date must be a date (YYYY-MM-DD) that is not in the future';
export const ACCESSORIES_INVALID = `Included accessories: at most ${ACCESSORIES_MAX}, each up to ${ACCESSORY_MAX_LENGTH} characters`;
export const CE_MARKING_INVALID = 'CE marking must be yes or no';

/** '' and blank strings mean "none" (null), as a cleared form field does. */
function blankAsNull(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

/** A whole number as typed into a form ('2019') or sent as JSON (2019). */
function wholeNumberInput(value: unknown): unknown {
  const v = blankAsNull(value);
  return typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
}

const optionalText = (max: number, label: string) =>
  z.preprocess(
    blankAsNull,
    plainText(z.string().trim().max(max, `${label} can be at most ${max} characters`), label)
      .nullable()
      .optional(),
  );

const wholeNumber = (min: number, max: () => number, message: () => string) =>
  z.preprocess(
    wholeNumberInput,
    z
      .number({ error: message })
      .int({ error: message })
      .refine((n) => n >= min && n <= max(), { error: message })
      .nullable()
      .optional(),
  );

/** 30, '30' and '30_days' all mean thirty days: the API's callers think in days. */
function warrantyInput(value: unknown): unknown {
  const v = blankAsNull(value);
  if (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v.trim()))) return `${String(v).trim()}_days`;
  return v;
}

/** Yes/no as a form select or a JSON boolean. */
function yesNoInput(value: unknown): unknown {
  const v = blankAsNull(value);
  if (v === 'yes' || v === 'true') return true;
  if (v === 'no' || v === 'false') return false;
  return v;
}

const Fda510kInputSchema = z.preprocess(
  (value) => (typeof blankAsNull(value) === 'string' ? (value as string).trim().toUpperCase() : blankAsNull(value)),
  z.string({ error: FDA_510K_INVALID }).regex(FDA_510K_PATTERN, FDA_510K_INVALID).nullable().optional(),
);

/** `fda_510k` is read as `fda_510k_number` (the name callers reach for first). */
function regulatoryInput(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const { fda_510k, ...rest } = value as Record<string, unknown>;
  return fda_510k !== undefined && rest.fda_510k_number === undefined ? { ...rest, fda_510k_number: fda_510k } : rest;
}

export const RegulatoryInputSchema = z.preprocess(
  regulatoryInput,
  z.object({
    device_class: z.preprocess(blankAsNull, z.enum(DEVICE_CLASSES, { error: DEVICE_CLASS_INVALID }).nullable().optional()),
    fda_510k_number: Fda510kInputSchema,
    ce_marking: z.preprocess(yesNoInput, z.boolean({ error: CE_MARKING_INVALID }).nullable().optional()),
    sale_restriction: z.preprocess(blankAsNull, z.enum(SALE_RESTRICTIONS, { error: SALE_RESTRICTION_INVALID }).nullable().optional()),
  }),
);

const DecontaminationDateSchema = z.preprocess(
  blankAsNull,
  z
    .string({ error: DECONTAMINATION_DATE_INVALID })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, DECONTAMINATION_DATE_INVALID)
    .refine((text) => isRealDate(text) && text <= todayIso(), { error: DECONTAMINATION_DATE_INVALID })
    .nullable()
    .optional(),
);

export const DecontaminationInputSchema = z
  .object({
    status: z.enum(DECONTAMINATION_STATUSES, { error: DECONTAMINATION_STATUS_INVALID }),
    date: DecontaminationDateSchema,
  })
  .refine((d) => d.status !== 'decontaminated' || Boolean(d.date), { error: DECONTAMINATION_DATE_REQUIRED, path: ['date'] });

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

function isRealDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const AccessoriesInputSchema = z.preprocess(
  (value) => {
    const v = blankAsNull(value);
    // One per line, as the form's text area gives them.
    if (typeof v === 'string') return v.split(/\r?\n/);
    return v;
  },
  z
    .array(z.string({ error: ACCESSORIES_INVALID }).trim().max(ACCESSORY_MAX_LENGTH, ACCESSORIES_INVALID), { error: ACCESSORIES_INVALID })
    .transform((items) => [...new Set(items.filter((item) => item !== ''))])
    .refine((items) => items.length <= ACCESSORIES_MAX, { error: ACCESSORIES_INVALID })
    .nullable()
    .optional(),
);

/**
 * The specification fields of POST and PUT /listings and of the listing form. Absent: keep
 * (edit) or none (create); null or '': clear.
 */
export const SpecificationsInputSchema = z.object({
  manufacturer: optionalText(MANUFACTURER_MAX_LENGTH, 'Manufacturer'),
  model: optionalText(MODEL_MAX_LENGTH, 'Model'),
  year_of_manufacture: wholeNumber(YEAR_OF_MANUFACTURE_MIN, currentYear, yearOfManufactureMessage),
  hours_of_use: wholeNumber(
    0,
    () => HOURS_OF_USE_MAX,
    () => HOURS_OF_USE_INVALID,
  ),
  serial_number: optionalText(SERIAL_NUMBER_MAX_LENGTH, 'Serial number'),
  warranty: z.preprocess(warrantyInput, z.enum(WARRANTIES, { error: WARRANTY_INVALID }).nullable().optional()),
  shipping: z.preprocess(blankAsNull, z.enum(SHIPPING_OPTIONS, { error: SHIPPING_INVALID }).nullable().optional()),
  lead_time_days: wholeNumber(
    0,
    () => LEAD_TIME_DAYS_MAX,
    () => LEAD_TIME_INVALID,
  ),
  included_accessories: AccessoriesInputSchema,
  regulatory: RegulatoryInputSchema.nullable().optional(),
  decontamination: z.preprocess(
    (value) => (value && typeof value === 'object' && 'status' in value && blankAsNull(value.status) === null ? null : value),
    DecontaminationInputSchema.nullable().optional(),
  ),
});
export type SpecificationsInput = z.output<typeof SpecificationsInputSchema>;
