/** POST /reviews/ (spec §7): site feedback from verified users. */
import { z } from 'zod';
import { FEEDBACK_MAX_LENGTH, FEEDBACK_PAGE_MAX_LENGTH } from '../constants.js';
import { FEEDBACK_BLANK, FEEDBACK_PAGE_TOO_LONG, FEEDBACK_TOO_LONG } from '../messages.js';
import { IdSchema, IsoDateTimeSchema, plainText } from './common.js';

/** spec §5: blank is not allowed; at most 1000 characters. */
export const FeedbackCreateSchema = z.object({
  comment: plainText(
    z.string({ error: FEEDBACK_BLANK }).trim().min(1, FEEDBACK_BLANK).max(FEEDBACK_MAX_LENGTH, FEEDBACK_TOO_LONG),
    'Feedback',
    { multiline: true },
  ),
});
export type FeedbackCreate = z.infer<typeof FeedbackCreateSchema>;

export const FeedbackResponseSchema = z.object({
  id: IdSchema,
  created_at: IsoDateTimeSchema,
});
export type FeedbackResponse = z.infer<typeof FeedbackResponseSchema>;

/**
 * What POST /reviews/ accepts: the spec's comment plus (ours) the optional `page` the panel was
 * opened on.
 */
export const FeedbackRequestSchema = FeedbackCreateSchema.extend({
  page: plainText(z.string().trim().max(FEEDBACK_PAGE_MAX_LENGTH, FEEDBACK_PAGE_TOO_LONG), 'Page')
    .nullish()
    .transform((page) => page || null),
});
export type FeedbackRequest = z.input<typeof FeedbackRequestSchema>;

/** What POST /reviews/ answers: the spec's response plus the stored comment and a thank-you. */
export const FeedbackCreatedSchema = FeedbackResponseSchema.extend({
  comment: z.string(),
  message: z.string(),
});
export type FeedbackCreated = z.infer<typeof FeedbackCreatedSchema>;
