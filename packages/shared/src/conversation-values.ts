/**
 * Issue 16: conversations and offers — the texts and values both sides agree on. Zod-free
 * (a page that only shows an offer's state must not pull zod in).
 */

/** The states of an offer; a newer offer supersedes a pending one (decision 022). */
export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'superseded'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pending: 'Waiting for the seller',
  accepted: 'Accepted',
  declined: 'Declined',
  superseded: 'Replaced by a newer offer',
};

/** Why a participant reports a conversation. */
export const CONVERSATION_REPORT_REASONS = ['spam', 'scam_or_fraud', 'abusive', 'other'] as const;
export type ConversationReportReason = (typeof CONVERSATION_REPORT_REASONS)[number];

export const CONVERSATION_REPORT_REASON_LABELS: Record<ConversationReportReason, string> = {
  spam: 'Spam',
  scam_or_fraud: 'Scam or fraud',
  abusive: 'Abusive or offensive',
  other: 'Something else',
};

/** An offer's optional note, in characters. */
export const OFFER_NOTE_MAX_LENGTH = 500;
/** A report's optional details, in characters. */
export const CONVERSATION_REPORT_DETAILS_MAX_LENGTH = 1000;

/** Any id that is not a conversation of the caller (unknown, or someone else's): 404, not 403. */
export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const OFFER_NOT_FOUND = 'Offer not found';
/** Either side blocked the other (403). */
export const CONVERSATION_BLOCKED = "You can't send messages in this conversation.";
export const OFFER_ONLY_BY_BUYER = 'Only the buyer can make an offer.';
export const OFFER_DECISION_ONLY_BY_SELLER = 'Only the seller can accept or decline an offer.';
/** A second accept or decline (409). */
export const OFFER_ALREADY_DECIDED = 'This offer has already been answered.';
export const OFFER_SUPERSEDED = 'This offer was replaced by a newer one.';
export const OFFER_AMOUNT_REQUIRED = 'Please enter an amount greater than 0.';
export const OFFER_NOTE_TOO_LONG = `The note can be at most ${OFFER_NOTE_MAX_LENGTH} characters.`;
export const REPLY_REQUIRED = 'Please write a message.';
export const CONVERSATION_REPORT_ALREADY_OPEN = 'You have already reported this conversation. Our team is looking into it.';
export const CONVERSATION_REPORT_THANKS = 'Thank you. Our team will look at this conversation.';
export const CONVERSATION_REPORT_DETAILS_TOO_LONG = `Details can be at most ${CONVERSATION_REPORT_DETAILS_MAX_LENGTH} characters.`;
export const NOT_BLOCKED = 'You have not blocked this person.';
/** The contact form, when either side blocked the other (403). */
export const CONTACT_BLOCKED = "You can't send messages to this seller.";
/** An offer on a listing that is no longer for sale (removed, expired, unpaid): 409. */
export const LISTING_NO_LONGER_FOR_SALE = 'This listing is no longer for sale.';
