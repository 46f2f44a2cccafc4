import {
  CONTACT_BLOCKED,
  CONVERSATION_BLOCKED,
  CONVERSATION_NOT_FOUND,
  CONVERSATION_REPORT_ALREADY_OPEN,
  CONVERSATION_REPORT_THANKS,
  LISTING_NO_LONGER_FOR_SALE,
  OFFER_ALREADY_DECIDED,
  OFFER_DECISION_ONLY_BY_SELLER,
  OFFER_NOT_FOUND,
  OFFER_ONLY_BY_BUYER,
  OFFER_SUPERSEDED,
  formatPrice,
  type ConversationDetail,
  type ConversationEntry,
  type ConversationList,
  type ConversationReply,
  type ConversationReportCreate,
  type ConversationRole,
  type Offer,
} from '@benchmarket/shared';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { conversationMessages, conversationReports, conversations, listings, offers, userBlocks, users } from '../../db/schema.js';
import type { DbOrTx } from '../../jobs/queue.js';
import { conflict, forbidden, notFound } from '../../lib/http-errors.js';
import type { CurrentUser } from '../auth/index.js';
import { centsToUnits, isListingActive, loadSellerNames, unitsToCents } from '../listings/index.js';
import { MailingService, type MailingDependencies, type MailContent } from '../mail/index.js';
import { conversationMessageMail, offerDecisionMail, offerMail } from './mails.js';

interface ConversationsServiceDependencies extends MailingDependencies {
  /** The public URL of a stored photo (the storage port). */
  photoUrl: (key: string) => string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How many conversations GET /conversations answers at most (newest activity first). */
const LIST_LIMIT = 200;

/** A conversation as its participant sees it, with what the service needs about the listing. */
interface ConversationRow {
  id: string;
  listingId: string;
  buyerId: string;
  sellerId: string;
  buyerName: string;
  lastActivityAt: Date;
  listingTitle: string;
  priceCents: number;
  isActive: boolean;
  isDeleted: boolean;
  paymentStatus: 'paid' | 'unpaid';
  expiryDate: Date | null;
  photoKey: string | null;
  isBlocked: boolean;
}

const firstPhotoSql = sql<
  string | null
>`(select p.thumbnail_path from listing_photos p where p.listing_id = ${listings.id} order by p.position asc limit 1)`;
const blockedSql = sql<boolean>`exists (select 1 from user_blocks b where (b.blocker_id = ${conversations.buyerId} and b.blocked_id = ${conversations.sellerId}) or (b.blocker_id = ${conversations.sellerId} and b.blocked_id = ${conversations.buyerId}))`;

const conversationColumns = {
  id: conversations.id,
  listingId: conversations.listingId,
  buyerId: conversations.buyerId,
  sellerId: conversations.sellerId,
  buyerName: conversations.buyerName,
  lastActivityAt: conversations.lastActivityAt,
  listingTitle: listings.title,
  priceCents: listings.priceCents,
  isActive: listings.isActive,
  isDeleted: listings.isDeleted,
  paymentStatus: listings.paymentStatus,
  expiryDate: listings.expiryDate,
  photoKey: firstPhotoSql,
  isBlocked: blockedSql,
};

function participantSql(userId: string): SQL {
  return or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)) as SQL;
}

type OfferRow = typeof offers.$inferSelect;

function toOffer(row: OfferRow): Offer {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    amount: centsToUnits(row.amountCents),
    note: row.note,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

/**
 * Issue 16: conversations about a listing between its buyer and its seller, and the buyer's
 * offers in them (docs/decisions/022-conversations-and-offers.md). Only the two participants
 * see a conversation: any other caller gets 404, as for an unknown id. A block by either side
 * stops messages and offers between the two, in every conversation and in new ones. Every
 * message or offer mails the other side through the durable mail queue, in the transaction
 * that stores it. No HTTP here.
 */
export class ConversationsService extends MailingService<ConversationsServiceDependencies> {
  private conversationUrl(id: string): string {
    return `${this.deps.publicUrl}/messages/${id}`;
  }

  /** Whether either account blocked the other. */
  async isBlockedBetween(a: string, b: string, db: Pick<Db, 'select'> = this.db): Promise<boolean> {
    const rows = await db
      .select({ blockerId: userBlocks.blockerId })
      .from(userBlocks)
      .where(
        or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** The contact form (messages module) asks this first: no new message between blocked accounts. */
  async refuseBlockedContact(buyerId: string, sellerId: string, db: Pick<Db, 'select'> = this.db): Promise<void> {
    if (await this.isBlockedBetween(buyerId, sellerId, db)) throw forbidden(CONTACT_BLOCKED, 'blocked');
  }

  /**
   * A contact-form message (messages module, in its transaction) opens the conversation for the
   * listing and buyer, or continues it, and is its next message. The seller's mail is the
   * messages module's. Answers the conversation's id.
   */
  async recordContactMessage(
    tx: Tx,
    input: { listingId: string; buyerId: string; sellerId: string; buyerName: string; body: string; sourceMessageId: string; sentAt: Date },
  ): Promise<string> {
    const [conversation] = await tx
      .insert(conversations)
      .values({
        listingId: input.listingId,
        buyerId: input.buyerId,
        sellerId: input.sellerId,
        buyerName: input.buyerName,
        lastActivityAt: input.sentAt,
        buyerLastReadAt: input.sentAt,
        createdAt: input.sentAt,
      })
      .onConflictDoUpdate({
        target: [conversations.listingId, conversations.buyerId],
        set: { buyerName: input.buyerName, lastActivityAt: input.sentAt, buyerLastReadAt: input.sentAt },
      })
      .returning({ id: conversations.id });
    if (!conversation) throw new Error('upsert into conversations returned no row');
    await tx.insert(conversationMessages).values({
      conversationId: conversation.id,
      senderId: input.buyerId,
      body: input.body,
      sourceMessageId: input.sourceMessageId,
      sentAt: input.sentAt,
    });
    return conversation.id;
  }

  /** GET /conversations: the caller's, newest activity first, with unread counts. */
  async list(userId: string): Promise<ConversationList> {
    const lastRead = sql`coalesce(case when ${conversations.buyerId} = ${userId} then ${conversations.buyerLastReadAt} else ${conversations.sellerLastReadAt} end, '-infinity'::timestamptz)`;
    const rows = await this.db
      .select({
        ...conversationColumns,
        lastMessage: sql<
          string | null
        >`(select m.body from conversation_messages m where m.conversation_id = ${conversations.id} order by m.sent_at desc, m.id desc limit 1)`,
        // The seller's accept or decline is news to the buyer as much as a message is; a
        // superseded offer is the buyer's own doing.
        unread: sql<number>`((select count(*) from conversation_messages m where m.conversation_id = ${conversations.id} and m.sender_id <> ${userId} and m.sent_at > ${lastRead})
          + (select count(*) from offers o where o.conversation_id = ${conversations.id} and o.buyer_id <> ${userId} and o.created_at > ${lastRead})
          + (select count(*) from offers o where o.conversation_id = ${conversations.id} and o.buyer_id = ${userId} and o.status in ('accepted', 'declined') and o.decided_at > ${lastRead}))::int`,
      })
      .from(conversations)
      .innerJoin(listings, eq(listings.id, conversations.listingId))
      .where(participantSql(userId))
      .orderBy(desc(conversations.lastActivityAt), desc(conversations.id))
      .limit(LIST_LIMIT);
    const sellerNames = await loadSellerNames(
      this.db,
      rows.map((row) => row.sellerId),
    );
    const items = rows.map((row) => ({
      ...this.summary(row, userId, sellerNames),
      last_message: row.lastMessage,
      unread_count: Number(row.unread),
    }));
    return { items, unread_total: items.reduce((sum, item) => sum + item.unread_count, 0) };
  }

  private summary(row: ConversationRow, userId: string, sellerNames: Map<string, string>) {
    const role: ConversationRole = row.buyerId === userId ? 'buyer' : 'seller';
    const active = isListingActive(row, this.deps.clock.now());
    return {
      id: row.id,
      listing: {
        id: row.listingId,
        title: row.listingTitle,
        photo: active && row.photoKey ? this.deps.photoUrl(row.photoKey) : null,
        price: centsToUnits(row.priceCents),
      },
      role,
      other_party_name: role === 'buyer' ? (sellerNames.get(row.sellerId) ?? '') : row.buyerName,
      last_activity_at: row.lastActivityAt.toISOString(),
      is_blocked: row.isBlocked,
    };
  }

  /** The conversation `id` if `userId` takes part in it; else 404, as for an unknown id. */
  private async participantConversation(userId: string, id: string, db: Pick<Db, 'select'> = this.db): Promise<ConversationRow> {
    const [row] = await db
      .select(conversationColumns)
      .from(conversations)
      .innerJoin(listings, eq(listings.id, conversations.listingId))
      .where(and(eq(conversations.id, id), participantSql(userId)))
      .limit(1);
    if (!row) throw notFound(CONVERSATION_NOT_FOUND, 'conversation_not_found');
    return row;
  }

  /** GET /conversations/{id}: its messages and offers in order; marks it read for the caller. */
  async get(userId: string, id: string): Promise<ConversationDetail> {
    const row = await this.participantConversation(userId, id);
    const [messageRows, offerRows, sellerNames, blockedByMe] = await Promise.all([
      this.db
        .select()
        .from(conversationMessages)
        .where(eq(conversationMessages.conversationId, id))
        .orderBy(asc(conversationMessages.sentAt), asc(conversationMessages.id)),
      this.db.select().from(offers).where(eq(offers.conversationId, id)).orderBy(asc(offers.createdAt), asc(offers.id)),
      loadSellerNames(this.db, [row.sellerId]),
      this.hasBlocked(userId, row.buyerId === userId ? row.sellerId : row.buyerId),
    ]);
    const entries: (ConversationEntry & { at: number })[] = [
      ...messageRows.map((m) => ({
        kind: 'message' as const,
        id: m.id,
        mine: m.senderId === userId,
        body: m.body,
        sent_at: m.sentAt.toISOString(),
        at: m.sentAt.getTime(),
      })),
      ...offerRows.map((o) => ({ kind: 'offer' as const, ...toOffer(o), mine: o.buyerId === userId, at: o.createdAt.getTime() })),
    ];
    entries.sort((a, b) => a.at - b.at);
    await this.markRead(row, userId);
    return {
      ...this.summary(row, userId, sellerNames),
      blocked_by_me: blockedByMe,
      entries: entries.map(({ at: _at, ...entry }) => entry),
    };
  }

  private async hasBlocked(blockerId: string, blockedId: string): Promise<boolean> {
    const rows = await this.db
      .select({ blockerId: userBlocks.blockerId })
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
      .limit(1);
    return rows.length > 0;
  }

  private async markRead(row: Pick<ConversationRow, 'id' | 'buyerId'>, userId: string, db: Pick<Db, 'update'> = this.db): Promise<void> {
    const now = this.deps.clock.now();
    await db
      .update(conversations)
      .set(row.buyerId === userId ? { buyerLastReadAt: now } : { sellerLastReadAt: now })
      .where(eq(conversations.id, row.id));
  }

  /** The two participants' addresses and how each is named to the other. */
  private async parties(tx: Pick<Db, 'select'>, row: ConversationRow) {
    const emails = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, [row.buyerId, row.sellerId]));
    const email = (id: string) => emails.find((e) => e.id === id)?.email ?? '';
    const sellerName = (await loadSellerNames(tx, [row.sellerId])).get(row.sellerId) ?? '';
    return {
      buyer: { id: row.buyerId, email: email(row.buyerId), name: row.buyerName },
      seller: { id: row.sellerId, email: email(row.sellerId), name: sellerName },
    };
  }

  /** Opens the conversation for writing: participant (404), not blocked (403). */
  private async writable(tx: Tx, userId: string, id: string): Promise<ConversationRow> {
    const row = await this.participantConversation(userId, id, tx);
    if (row.isBlocked) throw forbidden(CONVERSATION_BLOCKED, 'blocked');
    return row;
  }

  /** Queues `mail` to the other side, with the sender's address as Reply-To (decision 022). */
  private async mailOtherSide(
    tx: DbOrTx,
    row: ConversationRow,
    senderId: string,
    render: (senderName: string) => MailContent,
  ): Promise<void> {
    const { buyer, seller } = await this.parties(tx, row);
    const [from, to] = senderId === buyer.id ? [buyer, seller] : [seller, buyer];
    await this.deps.mailer.queue({ ...render(from.name), to: to.email, replyTo: from.email }, tx);
  }

  /** POST /conversations/{id}/messages */
  async reply(user: CurrentUser, id: string, input: ConversationReply): Promise<ConversationEntry> {
    return this.db.transaction(async (tx) => {
      const row = await this.writable(tx, user.id, id);
      const now = this.deps.clock.now();
      const [message] = await tx
        .insert(conversationMessages)
        .values({ conversationId: id, senderId: user.id, body: input.body, sentAt: now })
        .returning();
      if (!message) throw new Error('insert into conversation_messages returned no row');
      await tx
        .update(conversations)
        .set({ lastActivityAt: now, ...(row.buyerId === user.id ? { buyerLastReadAt: now } : { sellerLastReadAt: now }) })
        .where(eq(conversations.id, id));
      await this.mailOtherSide(tx, row, user.id, (senderName) =>
        conversationMessageMail({
          conversationUrl: this.conversationUrl(id),
          listingTitle: row.listingTitle,
          senderName,
          body: input.body,
        }),
      );
      return { kind: 'message', id: message.id, mine: true, body: message.body, sent_at: message.sentAt.toISOString() };
    });
  }

  /**
   * POST /conversations/{id}/offers: the buyer only, while the listing is for sale. A pending
   * offer is superseded by the new one (decision 022), so the seller answers the latest.
   */
  async offer(user: CurrentUser, id: string, input: { amount: number; note?: string | undefined }): Promise<Offer> {
    return this.db.transaction(async (tx) => {
      const row = await this.writable(tx, user.id, id);
      if (row.buyerId !== user.id) throw forbidden(OFFER_ONLY_BY_BUYER, 'offer_only_by_buyer');
      const now = this.deps.clock.now();
      if (!isListingActive(row, now)) throw conflict(LISTING_NO_LONGER_FOR_SALE, 'listing_not_for_sale');
      // Parallel offers wait for each other here, so each supersedes the one before it (the
      // partial unique index on pending offers would otherwise refuse the second).
      await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, id)).for('update');
      await tx
        .update(offers)
        .set({ status: 'superseded', decidedAt: now })
        .where(and(eq(offers.conversationId, id), eq(offers.status, 'pending')));
      const [created] = await tx
        .insert(offers)
        .values({ conversationId: id, buyerId: user.id, amountCents: unitsToCents(input.amount), note: input.note ?? null, createdAt: now })
        .returning();
      if (!created) throw new Error('insert into offers returned no row');
      await tx.update(conversations).set({ lastActivityAt: now, buyerLastReadAt: now }).where(eq(conversations.id, id));
      await this.mailOtherSide(tx, row, user.id, (senderName) =>
        offerMail({
          conversationUrl: this.conversationUrl(id),
          listingTitle: row.listingTitle,
          senderName,
          amount: formatPrice(input.amount),
          note: created.note,
        }),
      );
      return toOffer(created);
    });
  }

  /** POST /offers/{id}/accept|decline: the seller only, once. */
  async decide(user: CurrentUser, offerId: string, decision: 'accepted' | 'declined'): Promise<Offer> {
    return this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ offer: offers, conversationId: conversations.id })
        .from(offers)
        .innerJoin(conversations, eq(conversations.id, offers.conversationId))
        .where(and(eq(offers.id, offerId), participantSql(user.id)))
        .limit(1);
      if (!found) throw notFound(OFFER_NOT_FOUND, 'offer_not_found');
      const row = await this.writable(tx, user.id, found.conversationId);
      if (row.sellerId !== user.id) throw forbidden(OFFER_DECISION_ONLY_BY_SELLER, 'offer_decision_only_by_seller');
      const now = this.deps.clock.now();
      const [decided] = await tx
        .update(offers)
        .set({ status: decision, decidedAt: now })
        .where(and(eq(offers.id, offerId), eq(offers.status, 'pending')))
        .returning();
      if (!decided) {
        const superseded = found.offer.status === 'superseded';
        throw conflict(superseded ? OFFER_SUPERSEDED : OFFER_ALREADY_DECIDED, 'offer_already_decided');
      }
      await tx.update(conversations).set({ lastActivityAt: now, sellerLastReadAt: now }).where(eq(conversations.id, row.id));
      await this.mailOtherSide(tx, row, user.id, (senderName) =>
        offerDecisionMail({
          conversationUrl: this.conversationUrl(row.id),
          listingTitle: row.listingTitle,
          senderName,
          amount: formatPrice(centsToUnits(decided.amountCents)),
          accepted: decision === 'accepted',
        }),
      );
      return toOffer(decided);
    });
  }

  /** POST /conversations/{id}/block: the caller blocks the other side (idempotent). */
  async block(userId: string, id: string): Promise<void> {
    const row = await this.participantConversation(userId, id);
    const other = row.buyerId === userId ? row.sellerId : row.buyerId;
    await this.db
      .insert(userBlocks)
      .values({ blockerId: userId, blockedId: other, conversationId: id, createdAt: this.deps.clock.now() })
      .onConflictDoNothing();
  }

  /** POST /conversations/{id}/unblock: lifts the caller's own block (idempotent); the other side's stays. */
  async unblock(userId: string, id: string): Promise<void> {
    const row = await this.participantConversation(userId, id);
    const other = row.buyerId === userId ? row.sellerId : row.buyerId;
    await this.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, other)));
  }

  /**
   * POST /conversations/{id}/report: one open report per participant and conversation; the
   * console's reports page shows the open ones (the moderation module reads them).
   */
  async report(userId: string, id: string, input: ConversationReportCreate): Promise<{ id: string; message: string }> {
    await this.participantConversation(userId, id);
    const [created] = await this.db
      .insert(conversationReports)
      .values({
        conversationId: id,
        reporterId: userId,
        reason: input.reason,
        details: input.details ?? null,
        createdAt: this.deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: conversationReports.id });
    if (!created) throw conflict(CONVERSATION_REPORT_ALREADY_OPEN, 'report_already_open');
    return { id: created.id, message: CONVERSATION_REPORT_THANKS };
  }

  /**
   * An operator's outcome for every open report of the conversation (the console, through the
   * moderation module, which audits it in the same transaction). Answers the reports it closed.
   */
  async closeReports(tx: Pick<Db, 'update'>, conversationId: string, outcome: 'dismissed' | 'actioned'): Promise<string[]> {
    const closed = await tx
      .update(conversationReports)
      .set({ status: outcome })
      .where(and(eq(conversationReports.conversationId, conversationId), eq(conversationReports.status, 'open')))
      .returning({ id: conversationReports.id });
    return closed.map((report) => report.id);
  }
}
