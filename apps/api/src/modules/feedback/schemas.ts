import { FeedbackCreateSchema, FeedbackResponseSchema, plainText } from '@benchmarket/shared';
import { z } from 'zod';
import { FEEDBACK_PAGE_MAX_LENGTH, FEEDBACK_PAGE_TOO_LONG } from './texts.js';

/**
 * The shared feedback contract plus what the API adds (candidates for `@benchmarket/shared`):
 * the optional `page` the panel was opened on, and the stored comment and a thank-you in the
 * answer.
 */
export const FeedbackRequestSchema = FeedbackCreateSchema.extend({
  page: plainText(z.string().trim().max(FEEDBACK_PAGE_MAX_LENGTH, FEEDBACK_PAGE_TOO_LONG), 'Page')
    .nullish()
    .transform((page) => page || null),
});

export const FeedbackCreatedSchema = FeedbackResponseSchema.extend({
  comment: z.string(),
  message: z.string(),
});
export type FeedbackCreated = z.infer<typeof FeedbackCreatedSchema>;
