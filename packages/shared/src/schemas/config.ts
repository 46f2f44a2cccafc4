/** GET /api/v1/config: the run-time settings a browser may see. */
import { z } from 'zod';
import { MoneySchema } from './common.js';

export const PAYMENT_PROVIDERS = ['stripe', 'sandbox'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PromotionSchema = z.object({
  active: z.boolean(),
  /** ISO date (YYYY-MM-DD) the promotion ends, or null. */
  free_until: z.string().nullable(),
  /** spec §9: 30 days. */
  free_days: z.number().int().min(0),
  /** e.g. 'List Free Until June'. */
  label: z.string(),
});
export type Promotion = z.infer<typeof PromotionSchema>;

/** spec §9: a base price includes the first month; more months cost less; extensions monthly. */
export const PricingSchema = z.object({
  currency: z.string().length(3),
  base_price: MoneySchema,
  additional_month_price: MoneySchema,
  extension_month_price: MoneySchema,
});
export type Pricing = z.infer<typeof PricingSchema>;

export const PublicConfigSchema = z.object({
  /** null hides the Google sign-in button. */
  google_client_id: z.string().nullable(),
  payment_provider: z.enum(PAYMENT_PROVIDERS),
  stripe_publishable_key: z.string().nullable(),
  promotion: PromotionSchema,
  pricing: PricingSchema,
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
