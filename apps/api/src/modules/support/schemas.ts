import { emailSchema, plainText } from '@benchmarket/shared';
import { z } from 'zod';
import {
  SUPPORT_FIELDS_REQUIRED,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_MESSAGE_TOO_LONG,
  SUPPORT_NAME_MAX_LENGTH,
  SUPPORT_NAME_TOO_LONG,
  SUPPORT_SUBJECT_MAX_LENGTH,
  SUPPORT_SUBJECT_TOO_LONG,
} from './texts.js';

/** POST /support. A candidate for '@benchmarket/shared', so the web form can share it. */
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
    z.string({ error: SUPPORT_FIELDS_REQUIRED }).trim().min(1, SUPPORT_FIELDS_REQUIRED).max(SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_MESSAGE_TOO_LONG),
    'Message',
    { multiline: true },
  ),
});
export type SupportRequest = z.infer<typeof SupportRequestSchema>;
