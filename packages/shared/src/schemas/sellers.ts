/** Issue 15: seller pages (GET /sellers/{id}) and the seller's own profile (/account/profile, /account/logo). */
import { z } from 'zod';
import { SELLER_ABOUT_MAX_LENGTH, SELLER_COMPANY_MAX_LENGTH, SELLER_DISPLAY_NAME_MAX_LENGTH } from '../constants.js';
import { ABOUT_TOO_LONG, COMPANY_TOO_LONG, DISPLAY_NAME_TOO_LONG } from '../messages.js';
import { IdSchema, IsoDateTimeSchema, plainText } from './common.js';
import { ListingSchema, LocationInputSchema } from './listings.js';

/** An optional single-line text: trimmed, blank means none (null). */
function optionalText(max: number, tooLong: string, label: string, options: { multiline?: boolean } = {}) {
  return plainText(z.string().trim().max(max, tooLong), label, options)
    .nullable()
    .optional()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value));
}

/**
 * PUT /account/profile: the whole profile at once (a missing or blank field clears it). The
 * country is a name or ISO code from the country list, stored as its canonical name.
 */
export const SellerProfileUpdateSchema = z.object({
  display_name: optionalText(SELLER_DISPLAY_NAME_MAX_LENGTH, DISPLAY_NAME_TOO_LONG, 'Display name'),
  company: optionalText(SELLER_COMPANY_MAX_LENGTH, COMPANY_TOO_LONG, 'Company'),
  country: LocationInputSchema,
  about: optionalText(SELLER_ABOUT_MAX_LENGTH, ABOUT_TOO_LONG, 'About', { multiline: true }),
});
export type SellerProfileUpdate = z.output<typeof SellerProfileUpdateSchema>;
export type SellerProfileUpdateInput = z.input<typeof SellerProfileUpdateSchema>;

/** The signed-in seller's own profile (GET and PUT /account/profile, PUT and DELETE /account/logo). */
export const SellerProfileSchema = z.object({
  display_name: z.string().nullable(),
  company: z.string().nullable(),
  /** Canonical country name (countries.ts), or null. */
  country: z.string().nullable(),
  about: z.string().nullable(),
  /** The logo's URL (a WebP at most 400 px on its longer side), or null. */
  logo: z.string().nullable(),
  /** How the seller is named in public: the display name, else 'Seller from {country}'. */
  public_name: z.string(),
});
export type SellerProfile = z.infer<typeof SellerProfileSchema>;

/** GET /sellers/{id}: a seller's public page. Never the email. */
export const SellerPageSchema = z.object({
  id: IdSchema,
  /** The display name, else 'Seller from {country}' (rules/seller-name.ts). */
  name: z.string(),
  company: z.string().nullable(),
  country: z.string().nullable(),
  about: z.string().nullable(),
  logo: z.string().nullable(),
  /** When the account was created. */
  member_since: IsoDateTimeSchema,
  email_verified: z.boolean(),
  /** Listings buyers can see now (paid, on, not expired, not removed). */
  live_listings: z.number().int().min(0),
  /** Completed listing periods, paid or free (completed payments of activation, extension or renewal). */
  completed_sales_periods: z.number().int().min(0),
  /**
   * Median minutes from a buyer's message to the seller's reply; null while too few replies
   * are recorded. Replies go by email today, so none is (docs/decisions/017-seller-pages.md).
   */
  median_reply_minutes: z.number().int().min(0).nullable(),
  /** The seller's live listings, newest first (at most SELLER_LISTINGS_LIMIT). */
  listings: z.array(ListingSchema),
});
export type SellerPage = z.infer<typeof SellerPageSchema>;
