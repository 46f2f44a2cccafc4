/** Buyer-to-seller messages (spec §3, §7) and the contact form (spec §5). */
import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, SENDER_NAME_MAX_LENGTH } from '../constants.js';
import { CONTACT_ALL_REQUIRED, MESSAGE_TOO_LONG, SENDER_NAME_TOO_LONG } from '../messages.js';
import { IdSchema, IsoDateTimeSchema, emailSchema, plainText } from './common.js';

/** A message as the receiving seller sees it. */
export const MessageSchema = z.object({
  id: IdSchema,
  listing_id: IdSchema,
  listing_title: z.string(),
  sender_name: z.string(),
  sender_email: z.string(),
  message: z.string(),
  sent_at: IsoDateTimeSchema,
  is_read: z.boolean(),
  /** Issue 15: the listing is sold to licensed professionals only and the sender confirmed being one. */
  licensed_professional_confirmed: z.boolean().optional(),
});
export type Message = z.infer<typeof MessageSchema>;

/** GET /messages/user */
export const MessageListSchema = z.array(MessageSchema);

/** The contact form: name, email and message are all required (spec §5). */
export const ContactFormSchema = z.object({
  sender_name: plainText(
    z.string({ error: CONTACT_ALL_REQUIRED }).trim().min(1, CONTACT_ALL_REQUIRED).max(SENDER_NAME_MAX_LENGTH, SENDER_NAME_TOO_LONG),
    'Name',
  ),
  sender_email: emailSchema(CONTACT_ALL_REQUIRED),
  message: plainText(
    z.string({ error: CONTACT_ALL_REQUIRED }).trim().min(1, CONTACT_ALL_REQUIRED).max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG),
    'Message',
    { multiline: true },
  ),
});
export type ContactForm = z.infer<typeof ContactFormSchema>;

/** POST /messages: the contact form plus the listing it is about. */
export const MessageCreateSchema = ContactFormSchema.extend({
  listing_id: IdSchema,
  /**
   * Issue 15: the sender confirms being a licensed professional — required (403 otherwise) for
   * a listing sold to licensed professionals only, and stored with the message.
   */
  licensed_professional: z.boolean().optional(),
});
export type MessageCreate = z.infer<typeof MessageCreateSchema>;
