import {
  EMAIL_NOT_VERIFIED_TO_CONTACT,
  LICENSED_PROFESSIONAL_REQUIRED,
  LISTING_NOT_FOUND,
  SELLER_UNAVAILABLE,
  type Message,
  type MessageCreate,
} from '@benchmarket/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { listings, messages, users } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../lib/http-errors.js';
import type { CurrentUser } from '../auth/index.js';
import type { ConversationsService } from '../conversations/index.js';
import { MailingService, type MailingDependencies } from '../mail/index.js';
import { newMessageMail } from './mails.js';
import { MESSAGE_NOT_FOUND, OWN_LISTING } from './texts.js';

interface MessagesServiceDependencies extends MailingDependencies {
  conversations: ConversationsService;
}

/** The columns of a message as the API shows it (spec §3), with the listing's title joined in. */
const messageColumns = {
  id: messages.id,
  listingId: messages.listingId,
  listingTitle: listings.title,
  senderName: messages.senderName,
  senderEmail: messages.senderEmail,
  message: messages.message,
  sentAt: messages.sentAt,
  isRead: messages.isRead,
  licensedProfessionalConfirmedAt: messages.licensedProfessionalConfirmedAt,
};

interface MessageRow {
  id: string;
  listingId: string;
  listingTitle: string;
  senderName: string;
  senderEmail: string;
  message: string;
  sentAt: Date;
  isRead: boolean;
  licensedProfessionalConfirmedAt: Date | null;
}

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    listing_id: row.listingId,
    listing_title: row.listingTitle,
    sender_name: row.senderName,
    sender_email: row.senderEmail,
    message: row.message,
    sent_at: row.sentAt.toISOString(),
    is_read: row.isRead,
    // Only on messages about restricted listings: every other message keeps the spec's shape.
    ...(row.licensedProfessionalConfirmedAt !== null && { licensed_professional_confirmed: true }),
  };
}

/**
 * Buyer-to-seller messages (spec §1, §6, §7). A message belongs to its recipient — the
 * listing's owner when it was sent — and only the recipient can list, mark or delete it.
 * Every other id answers 404, so an id reveals nothing. No HTTP here.
 */
export class MessagesService extends MailingService<MessagesServiceDependencies> {
  /**
   * Issue 14 (spec §1: accounts verify their email): an unverified account may not contact
   * sellers — the web app offers to resend the verification mail. The routes ask this before
   * reading the form, and `send` asks again.
   */
  refuseUnverified(sender: Pick<CurrentUser, 'isVerified'>): void {
    if (!sender.isVerified) throw forbidden(EMAIL_NOT_VERIFIED_TO_CONTACT, 'email_not_verified');
  }

  /**
   * Stores a buyer's message to the listing's seller and queues the seller's notification
   * (reply-to the buyer) in the same transaction. Only active listings can be contacted:
   * an unpaid, inactive, expired or removed listing is 'Listing not found', as it is to the
   * public. Contacting one's own listing is refused (spec §6), as is contacting a suspended
   * seller (issue 14).
   */
  async send(sender: CurrentUser, input: MessageCreate): Promise<Message> {
    this.refuseUnverified(sender);
    return this.db.transaction(async (tx) => {
      const [listing] = await tx
        .select({
          id: listings.id,
          title: listings.title,
          ownerId: listings.userId,
          ownerEmail: users.email,
          ownerSuspendedAt: users.suspendedAt,
          isActive: listings.isActive,
          isDeleted: listings.isDeleted,
          paymentStatus: listings.paymentStatus,
          expiryDate: listings.expiryDate,
          saleRestriction: listings.saleRestriction,
        })
        .from(listings)
        .innerJoin(users, eq(users.id, listings.userId))
        .where(eq(listings.id, input.listing_id))
        .limit(1);
      if (!listing || listing.isDeleted) throw notFound(LISTING_NOT_FOUND, 'listing_not_found');
      if (listing.ownerId === sender.id) throw badRequest(OWN_LISTING, 'own_listing');
      // Before the listing's own state: suspension switched the seller's listings off too.
      if (listing.ownerSuspendedAt) throw forbidden(SELLER_UNAVAILABLE, 'seller_unavailable');
      const now = this.deps.clock.now();
      const active = listing.isActive && listing.paymentStatus === 'paid' && listing.expiryDate !== null && listing.expiryDate > now;
      if (!active) throw notFound(LISTING_NOT_FOUND, 'listing_not_found');
      // Issue 16: no message between accounts when either blocked the other.
      await this.deps.conversations.refuseBlockedContact(sender.id, listing.ownerId, tx);
      // Issue 15: a device sold to licensed professionals only is contacted by one, who says so.
      const restricted = listing.saleRestriction === 'licensed_professionals';
      if (restricted && input.licensed_professional !== true) {
        throw forbidden(LICENSED_PROFESSIONAL_REQUIRED, 'licensed_professional_required');
      }

      const [row] = await tx
        .insert(messages)
        .values({
          listingId: listing.id,
          senderId: sender.id,
          recipientId: listing.ownerId,
          senderName: input.sender_name,
          senderEmail: input.sender_email,
          message: input.message,
          licensedProfessionalConfirmedAt: restricted ? now : null,
        })
        .returning();
      if (!row) throw new Error('insert into messages returned no row');
      const conversationId = await this.deps.conversations.recordContactMessage(tx, {
        listingId: listing.id,
        buyerId: sender.id,
        sellerId: listing.ownerId,
        buyerName: row.senderName,
        body: row.message,
        sourceMessageId: row.id,
        sentAt: row.sentAt,
      });

      await this.deps.mailer.queue(
        {
          ...newMessageMail({
            publicUrl: this.deps.publicUrl,
            listingTitle: listing.title,
            senderName: row.senderName,
            senderEmail: row.senderEmail,
            accountEmail: sender.email,
            message: row.message,
            licensedProfessional: restricted,
            conversationUrl: `${this.deps.publicUrl}/messages/${conversationId}`,
          }),
          to: listing.ownerEmail,
          replyTo: row.senderEmail,
        },
        tx,
      );
      return toMessage({ ...row, listingTitle: listing.title });
    });
  }

  /** The messages sent to `recipientId`'s listings, newest first, in one query. */
  async listForRecipient(recipientId: string): Promise<Message[]> {
    const rows = await this.db
      .select(messageColumns)
      .from(messages)
      .innerJoin(listings, eq(listings.id, messages.listingId))
      .where(eq(messages.recipientId, recipientId))
      .orderBy(desc(messages.sentAt), desc(messages.id));
    return rows.map(toMessage);
  }

  /** Marks a message read (spec §4: on first expansion); marking it again changes nothing. */
  async markRead(recipientId: string, messageId: string): Promise<Message> {
    const [row] = await this.db
      .update(messages)
      .set({ isRead: true, readAt: sql`coalesce(${messages.readAt}, ${this.deps.clock.now().toISOString()}::timestamptz)` })
      .from(listings)
      .where(and(eq(messages.id, messageId), eq(messages.recipientId, recipientId), eq(listings.id, messages.listingId)))
      .returning(messageColumns);
    if (!row) throw notFound(MESSAGE_NOT_FOUND, 'message_not_found');
    return toMessage(row);
  }

  async remove(recipientId: string, messageId: string): Promise<void> {
    const deleted = await this.db
      .delete(messages)
      .where(and(eq(messages.id, messageId), eq(messages.recipientId, recipientId)))
      .returning({ id: messages.id });
    if (deleted.length === 0) throw notFound(MESSAGE_NOT_FOUND, 'message_not_found');
  }
}
