/** Listing calls (spec §7), the listing entity (spec §3) and the listing form (spec §5). */
import { z } from 'zod';
import { ConditionSchema } from '../conditions.js';
import {
  DESCRIPTION_MAX_LENGTH,
  LATEST_LISTINGS_LIMIT,
  LATEST_LISTINGS_MAX_LIMIT,
  LOCATION_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from '../constants.js';
import { findCountry } from '../countries.js';
import { DESCRIPTION_TOO_LONG, LOCATION_UNKNOWN, REQUIRED_LISTING_FIELDS, TITLE_TOO_LONG } from '../messages.js';
import {
  DurationMonthsSchema,
  IdSchema,
  IsoDateTimeSchema,
  MoneySchema,
  PageQuerySchema,
  QueryBooleanSchema,
  emptyAsUndefined,
  moneySchema,
  paginated,
  plainText,
} from './common.js';
import { SpecificationsInputSchema, SpecificationsSchema } from './specifications.js';
import { ListingDocumentSchema } from './documents.js';

/** spec §3: payment_status is paid or unpaid. */
export const LISTING_PAYMENT_STATUSES = ['paid', 'unpaid'] as const;
export const ListingPaymentStatusSchema = z.enum(LISTING_PAYMENT_STATUSES);
export type ListingPaymentStatus = z.infer<typeof ListingPaymentStatusSchema>;

/** The verification statuses the badge knows (spec §4); any other shows 'Unknown Status'. */
export const VERIFICATION_STATUSES = ['pending', 'auto_approved', 'auto_rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const ListingVerificationSchema = z.object({
  status: z.string(),
  verification_notes: z.string().nullable(),
});
export type ListingVerification = z.infer<typeof ListingVerificationSchema>;

/**
 * Issue 14: what an operator decided about a listing — approved, rejected (the seller must fix
 * it) or taken down (hidden everywhere) — with the reason the seller was sent.
 */
export const ListingModerationSchema = z.object({
  status: z.enum(['approved', 'rejected', 'taken_down']),
  reason: z.string().nullable(),
  at: IsoDateTimeSchema.nullable(),
});
export type ListingModeration = z.infer<typeof ListingModerationSchema>;

/** spec §3: why a listing matched an AI-enhanced search. */
export const RagSearchResponseSchema = z.object({
  /** Starts with 'Relevant:', 'Somewhat relevant:' or 'Not relevant:' (spec §9). */
  relevance_explanation: z.string(),
  relevance_score: z.number().min(0).max(1),
  rag_response_key: z.string(),
});
export type RagSearchResponse = z.infer<typeof RagSearchResponseSchema>;

/** A listing as the API returns it (spec §3). */
export const ListingSchema = z.object({
  id: IdSchema,
  user_id: IdSchema,
  title: z.string(),
  description: z.string(),
  price: MoneySchema,
  condition: ConditionSchema,
  /** Canonical country name (see countries.ts), or null. */
  location: z.string().nullable(),
  created_at: IsoDateTimeSchema,
  /** Paths under /uploads or https URLs. */
  photos: z.array(z.string()),
  /** Same order as photos. */
  thumbnails: z.array(z.string()),
  is_verified: z.boolean(),
  is_deleted: z.boolean(),
  is_active: z.boolean(),
  payment_status: ListingPaymentStatusSchema,
  expiry_date: IsoDateTimeSchema.nullable(),
  duration_months: z.number().int().min(0),
  /** A taxonomy family id (taxonomy.ts), or null. */
  category: z.string().nullable(),
  verification: ListingVerificationSchema.nullable(),
  rag_search_response: RagSearchResponseSchema.nullable().optional(),
  /** Issue 14: an operator features it (the landing page's 'Featured' strip, first when browsing). */
  is_featured: z.boolean().optional(),
  /** Issue 14: an operator's decision, shown to the owner (and admins) only; null for everyone else. */
  moderation: ListingModerationSchema.nullable().optional(),
  /**
   * Issue 15: how the seller is named in public — the profile's display name, else 'Seller
   * from {country}' (rules/seller-name.ts); never their email. Links to /sellers/{user_id}.
   */
  seller_name: z.string().optional(),
  /**
   * Issue 15: specifications, regulatory facts and the decontamination statement. The API
   * always sends them (the serial number to the owner only); optional here so that a listing
   * built by hand (a test, a preview) need not invent them.
   */
  ...SpecificationsSchema.partial().shape,
  /** Issue 15: the listing's PDF documents (GET /listings/{id} sends them; lists do not). */
  documents: z.array(ListingDocumentSchema).optional(),
});
export type Listing = z.infer<typeof ListingSchema>;

const TitleSchema = plainText(
  z.string({ error: REQUIRED_LISTING_FIELDS }).trim().min(1, REQUIRED_LISTING_FIELDS).max(TITLE_MAX_LENGTH, TITLE_TOO_LONG),
  'Title',
);

const DescriptionSchema = plainText(
  z.string({ error: REQUIRED_LISTING_FIELDS }).trim().min(1, REQUIRED_LISTING_FIELDS).max(DESCRIPTION_MAX_LENGTH, DESCRIPTION_TOO_LONG),
  'Description',
  { multiline: true },
);

/**
 * Optional location (spec §5): a country name or ISO code, stored as the canonical country
 * name. Blank means none (null).
 */
export const LocationInputSchema = z
  .string()
  .trim()
  .max(LOCATION_MAX_LENGTH, LOCATION_UNKNOWN)
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return null;
    const country = findCountry(value);
    if (!country) {
      ctx.addIssue({ code: 'custom', message: LOCATION_UNKNOWN });
      return z.NEVER;
    }
    return country.name;
  });

/** POST /listings (spec §7). */
export const ListingCreateSchema = z.object({
  title: TitleSchema,
  description: DescriptionSchema,
  price: moneySchema(REQUIRED_LISTING_FIELDS),
  condition: ConditionSchema,
  location: LocationInputSchema,
  duration_months: DurationMonthsSchema,
  ...SpecificationsInputSchema.shape,
});
export type ListingCreate = z.output<typeof ListingCreateSchema>;
export type ListingCreateInput = z.input<typeof ListingCreateSchema>;

/** PUT /listings/{id} (spec §7): the same fields without the duration. */
export const ListingUpdateSchema = ListingCreateSchema.omit({ duration_months: true });
export type ListingUpdate = z.output<typeof ListingUpdateSchema>;
export type ListingUpdateInput = z.input<typeof ListingUpdateSchema>;

/**
 * A price as typed into a form field: '' is missing, '12.5' is 12.5, anything that is not a
 * plain decimal number stays as it is so that it fails as "not a number".
 */
export function parsePriceInput(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : text;
}

const PriceFieldSchema = z.preprocess(parsePriceInput, moneySchema(REQUIRED_LISTING_FIELDS));
const DurationFieldSchema = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), DurationMonthsSchema);

/**
 * The create form (spec §5): the request schema, taking price and duration as typed
 * (strings from inputs and selects). Its output is the POST /listings body.
 */
export const ListingCreateFormSchema = ListingCreateSchema.extend({
  price: PriceFieldSchema,
  duration_months: DurationFieldSchema,
});
export type ListingCreateFormInput = z.input<typeof ListingCreateFormSchema>;

/** The edit form: its output is the PUT /listings/{id} body. */
export const ListingUpdateFormSchema = ListingUpdateSchema.extend({ price: PriceFieldSchema });
export type ListingUpdateFormInput = z.input<typeof ListingUpdateFormSchema>;

export type ListingFormResult<T> = { ok: true; data: T } | { ok: false; error: string };

/**
 * Validates listing form values the way the form reports them (spec §5): a blank title,
 * description or price gives 'Please fill in all required fields'; otherwise the first
 * problem found, in field order.
 */
export function validateListingForm(values: Record<string, unknown>, mode: 'create'): ListingFormResult<ListingCreate>;
export function validateListingForm(values: Record<string, unknown>, mode: 'edit'): ListingFormResult<ListingUpdate>;
export function validateListingForm(
  values: Record<string, unknown>,
  mode: 'create' | 'edit',
): ListingFormResult<ListingCreate | ListingUpdate> {
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  if (blank(values.title) || blank(values.description) || blank(values.price)) {
    return { ok: false, error: REQUIRED_LISTING_FIELDS };
  }
  const schema = mode === 'create' ? ListingCreateFormSchema : ListingUpdateFormSchema;
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? REQUIRED_LISTING_FIELDS };
}

/** GET /listings: a page of active listings, newest first. */
export const ListingsQuerySchema = PageQuerySchema.extend({
  condition: z.preprocess(emptyAsUndefined, ConditionSchema.optional()),
  category: z.preprocess(emptyAsUndefined, z.string().max(64).optional()),
});
export type ListingsQuery = z.infer<typeof ListingsQuerySchema>;
export const ListingsPageSchema = paginated(ListingSchema);
export type ListingsPage = z.infer<typeof ListingsPageSchema>;

/** GET /listings/latest?limit= (default 10, spec §7). */
export const LatestListingsQuerySchema = z.object({
  limit: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(LATEST_LISTINGS_MAX_LIMIT).default(LATEST_LISTINGS_LIMIT)),
});
export type LatestListingsQuery = z.infer<typeof LatestListingsQuerySchema>;

/** GET /listings/user?show_all=&hide_deleted= (both default false, spec §7). */
export const UserListingsQuerySchema = z.object({
  show_all: z.preprocess(emptyAsUndefined, QueryBooleanSchema.default(false)),
  hide_deleted: z.preprocess(emptyAsUndefined, QueryBooleanSchema.default(false)),
});
export type UserListingsQuery = z.infer<typeof UserListingsQuerySchema>;

/** A list of listings (latest, user listings). */
export const ListingListSchema = z.array(ListingSchema);

/** DELETE /listings/{id}/photos/{photoId}: the photo is identified by its index (spec §7). */
export const ListingPhotoParamsSchema = z.object({
  id: IdSchema,
  photoId: z.coerce.number().int().min(0),
});
export type ListingPhotoParams = z.infer<typeof ListingPhotoParamsSchema>;
