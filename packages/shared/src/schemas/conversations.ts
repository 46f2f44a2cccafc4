/** Issue 16: conversations between a listing's buyer and seller, and the buyer's offers. */
import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from '../constants.js';
import {
  CONVERSATION_REPORT_DETAILS_MAX_LENGTH,
  CONVERSATION_REPORT_DETAILS_TOO_LONG,
  CONVERSATION_REPORT_REASONS,
  OFFER_AMOUNT_REQUIRED,
  OFFER_NOTE_MAX_LENGTH,
  OFFER_NOTE_TOO_LONG,
  OFFER_STATUSES,
  REPLY_REQUIRED,
} from '../conversation-values.js';
import { MESSAGE_TOO_LONG } from '../messages.js';
import { IdSchema, IsoDateTimeSchema, moneySchema, plainText } from './common.js';

/** Which side of the conversation the caller is. */
export const ConversationRoleSchema = z.enum(['buyer', 'seller']);
export type ConversationRole = z.infer<typeof ConversationRoleSchema>;

const ConversationListingSchema = z.object({
  id: IdSchema,
  title: z.string(),
  /** The first photo's thumbnail while the listing is public; else null. */
  photo: z.string().nullable(),
  /** The asking price in the currency unit. */
  price: z.number(),
});

/** A row of GET /conversations. */
export const ConversationSummarySchema = z.object({
  id: IdSchema,
  listing: ConversationListingSchema,
  role: ConversationRoleSchema,
  /** The buyer's name from the contact form, or the seller's public name (never an email). */
  other_party_name: z.string(),
  last_message: z.string().nullable(),
  last_activity_at: IsoDateTimeSchema,
  /** Messages, offers and offer decisions from the other side since the caller last opened the conversation. */
  unread_count: z.number().int().min(0),
  /** Either side blocked the other: nothing more can be sent. */
  is_blocked: z.boolean(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationListSchema = z.object({
  items: z.array(ConversationSummarySchema),
  /** The sum of `unread_count` (the header's badge). */
  unread_total: z.number().int().min(0),
});
export type ConversationList = z.infer<typeof ConversationListSchema>;

export const OfferSchema = z.object({
  id: IdSchema,
  conversation_id: IdSchema,
  /** In the currency unit, two decimals (like a listing's price). */
  amount: z.number(),
  note: z.string().nullable(),
  status: z.enum(OFFER_STATUSES),
  created_at: IsoDateTimeSchema,
  decided_at: IsoDateTimeSchema.nullable(),
});
export type Offer = z.infer<typeof OfferSchema>;

export const ConversationMessageSchema = z.object({
  id: IdSchema,
  /** True when the caller wrote it. */
  mine: z.boolean(),
  body: z.string(),
  sent_at: IsoDateTimeSchema,
});
export type ConversationMessage = z.infer<typeof ConversationMessageSchema>;

/** One entry of a conversation, in the order it happened. */
export const ConversationEntrySchema = z.discriminatedUnion('kind', [
  ConversationMessageSchema.extend({ kind: z.literal('message') }),
  OfferSchema.extend({ kind: z.literal('offer'), mine: z.boolean() }),
]);
export type ConversationEntry = z.infer<typeof ConversationEntrySchema>;

/** GET /conversations/{id} */
export const ConversationDetailSchema = ConversationSummarySchema.omit({ last_message: true, unread_count: true }).extend({
  /** The caller blocked the other side (they may unblock); `is_blocked` is also true when the other side blocked the caller. */
  blocked_by_me: z.boolean(),
  entries: z.array(ConversationEntrySchema),
});
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;

/** POST /conversations/{id}/messages */
export const ConversationReplySchema = z.object({
  body: plainText(z.string({ error: REPLY_REQUIRED }).trim().min(1, REPLY_REQUIRED).max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG), 'Message', {
    multiline: true,
  }),
});
export type ConversationReply = z.infer<typeof ConversationReplySchema>;

/** POST /conversations/{id}/offers */
export const OfferCreateSchema = z.object({
  amount: moneySchema(OFFER_AMOUNT_REQUIRED).positive(OFFER_AMOUNT_REQUIRED),
  note: plainText(z.string().trim().max(OFFER_NOTE_MAX_LENGTH, OFFER_NOTE_TOO_LONG), 'Note', { multiline: true })
    .optional()
    .transform((note) => (note ? note : undefined)),
});
export type OfferCreate = z.input<typeof OfferCreateSchema>;

/** POST /conversations/{id}/report */
export const ConversationReportCreateSchema = z.object({
  reason: z.enum(CONVERSATION_REPORT_REASONS, { error: 'Please choose a reason.' }),
  details: plainText(z.string().trim().max(CONVERSATION_REPORT_DETAILS_MAX_LENGTH, CONVERSATION_REPORT_DETAILS_TOO_LONG), 'Details', {
    multiline: true,
  })
    .optional()
    .transform((details) => (details ? details : undefined)),
});
export type ConversationReportCreate = z.input<typeof ConversationReportCreateSchema>;

export const ConversationReportCreatedSchema = z.object({
  id: IdSchema,
  message: z.string(),
});
