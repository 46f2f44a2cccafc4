/** POST /support (issue 8: ours, the spec shows no /support route): the support form. */
import { z } from 'zod';
import { SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_NAME_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH } from '../constants.js';
import { SUPPORT_FIELDS_REQUIRED, SUPPORT_MESSAGE_TOO_LONG, SUPPORT_NAME_TOO_LONG, SUPPORT_SUBJECT_TOO_LONG } from '../messages.js';
import { emailSchema, plainText } from './common.js';

/**
 * The request body, and the web form's schema: name, email and message required (one text for
 * any of them missing), subject optional (blank is absent).
 */
export const SupportRequestSchema = z.object({
  name: plainText(
    z.string({ error: SUPPORT_FIELDS_REQUIRED }).trim().min(1, SUPPORT_FIELDS_REQUIRED).max(SUPPORT_NAME_MAX_LENGTH, SUPPORT_NAME_TOO_LONG),
    'Name',
  ),
  email: emailSchema(SUPPORT_FIELDS_REQUIRED),
  subject: plainText(z.string().trim().max(SUPPORT_SUBJECT_MAX_LENGTH, SUPPORT_SUBJECT_TOO_LONG), 'Subject')
    .nullish()
    .transform((subject) => subject || undefined),
  message: plainText(
    z
      .string({ error: SUPPORT_FIELDS_REQUIRED })
      .trim()
      .min(1, SUPPORT_FIELDS_REQUIRED)
      .max(SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_MESSAGE_TOO_LONG),
    'Message',
    { multiline: true },
  ),
});
/** What the API receives after parsing. */
export type SupportRequest = z.infer<typeof SupportRequestSchema>;
/** What a client sends (the form's values). */
export type SupportRequestInput = z.input<typeof SupportRequestSchema>;
