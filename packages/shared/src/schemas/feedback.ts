/** POST /reviews/ (spec §7): site feedback from verified users. */
import { z } from 'zod';
import { FEEDBACK_MAX_LENGTH } from '../constants.js';
import { FEEDBACK_BLANK, FEEDBACK_TOO_LONG } from '../messages.js';
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
