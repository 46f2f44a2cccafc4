import { emailSchema, plainText } from '@benchmarket/shared';
import { z } from 'zod';

/**
 * The support form. The spec shows no /support route, so the texts and limits are ours; they
 * are the API's (apps/api/src/modules/support/texts.ts, schemas.ts) — candidates for
 * '@benchmarket/shared' so both sides import one schema.
 */
export const SUPPORT_FIELDS_REQUIRED = 'Please fill in your name, email address and message.';
/** Ours, as the seller contact form's fallback (spec §8). */
export const SUPPORT_SEND_FAILED = 'Failed to send message. Please try again.';

export const SUPPORT_NAME_MAX_LENGTH = 100;
export const SUPPORT_SUBJECT_MAX_LENGTH = 150;
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;

export const SupportFormSchema = z.object({
  name: plainText(
    z.string().trim().min(1, SUPPORT_FIELDS_REQUIRED).max(SUPPORT_NAME_MAX_LENGTH, `Name must be at most ${String(SUPPORT_NAME_MAX_LENGTH)} characters`),
    'Name',
  ),
  email: emailSchema(SUPPORT_FIELDS_REQUIRED),
  subject: plainText(z.string().trim().max(SUPPORT_SUBJECT_MAX_LENGTH, `Subject must be at most ${String(SUPPORT_SUBJECT_MAX_LENGTH)} characters`), 'Subject')
    .transform((subject) => subject || undefined),
  message: plainText(
    z.string().trim().min(1, SUPPORT_FIELDS_REQUIRED).max(SUPPORT_MESSAGE_MAX_LENGTH, `Message must be at most ${String(SUPPORT_MESSAGE_MAX_LENGTH)} characters`),
    'Message',
    { multiline: true },
  ),
});

export type SupportFormField = keyof z.input<typeof SupportFormSchema>;
export type SupportFormValues = z.input<typeof SupportFormSchema>;
