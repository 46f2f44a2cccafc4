/** Issue 16: saved searches with alerts — GET/POST /saved-searches, PUT/DELETE /saved-searches/{id}. */
import { z } from 'zod';
import {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_INVALID,
  SAVED_SEARCH_NAME_MAX_LENGTH,
  SAVED_SEARCH_NAME_REQUIRED,
  SAVED_SEARCH_NAME_TOO_LONG,
  SEARCH_SORTS,
} from '../saved-search-values.js';
import { ConditionSchema } from '../conditions.js';
import { SHIPPING_OPTIONS, WARRANTIES } from '../specification-values.js';
import { IsoDateTimeSchema } from './common.js';
import { SearchCriteriaSchema } from './search.js';

const SavedSearchNameSchema = z
  .string({ error: SAVED_SEARCH_NAME_REQUIRED })
  .trim()
  .min(1, SAVED_SEARCH_NAME_REQUIRED)
  .max(SAVED_SEARCH_NAME_MAX_LENGTH, SAVED_SEARCH_NAME_TOO_LONG);
export const AlertFrequencySchema = z.enum(ALERT_FREQUENCIES, { error: ALERT_FREQUENCY_INVALID });

/** POST /saved-searches: the search as the search page has it (words, AI flag, filters, sort), a name and how often to mail. */
export const SavedSearchCreateSchema = z.object({
  name: SavedSearchNameSchema,
  criteria: SearchCriteriaSchema,
  frequency: AlertFrequencySchema.default('instant'),
});
export type SavedSearchCreate = z.input<typeof SavedSearchCreateSchema>;
/** The search page's 'Save search' form: the name and the frequency (the criteria are the search on show). */
export const SavedSearchFormSchema = SavedSearchCreateSchema.pick({ name: true, frequency: true });

/** PUT /saved-searches/{id}: rename, change the frequency, pause or resume (what is absent stays). */
export const SavedSearchUpdateSchema = z.object({
  name: SavedSearchNameSchema.optional(),
  frequency: AlertFrequencySchema.optional(),
  paused: z.boolean().optional(),
});
export type SavedSearchUpdate = z.input<typeof SavedSearchUpdateSchema>;

/** The saved criteria as answered (already validated and normalised when saved: plain values). */
export const SavedCriteriaSchema = z.object({
  query: z.string().optional(),
  min_price: z.number().optional(),
  max_price: z.number().optional(),
  condition: ConditionSchema.optional(),
  location: z.string().optional(),
  manufacturer: z.string().optional(),
  year_from: z.number().int().optional(),
  year_to: z.number().int().optional(),
  warranty: z.enum(WARRANTIES).optional(),
  shipping: z.enum(SHIPPING_OPTIONS).optional(),
  use_rag: z.boolean(),
  sort: z.enum(SEARCH_SORTS).optional(),
});
export type SavedCriteria = z.infer<typeof SavedCriteriaSchema>;

export const SavedSearchSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  criteria: SavedCriteriaSchema,
  frequency: AlertFrequencySchema,
  paused: z.boolean(),
  created_at: IsoDateTimeSchema,
  /** When the last alert mail for it was sent, or null. */
  last_alert_at: IsoDateTimeSchema.nullable(),
});
export type SavedSearch = z.output<typeof SavedSearchSchema>;
export const SavedSearchListSchema = z.array(SavedSearchSchema);

/** POST /saved-searches/unsubscribe?token=… (RFC 8058 one-click, no login): the token of an alert mail's link. */
export const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(200) });
export const UnsubscribedSchema = z.object({ name: z.string(), detail: z.string() });
export type Unsubscribed = z.infer<typeof UnsubscribedSchema>;
