import { randomUUID } from 'node:crypto';
import { SearchCriteriaSchema } from '@benchmarket/shared';
import type { Db } from '../db/database.js';
import { conversationMessages, conversations, messages, offers, savedSearches, watches } from '../db/schema.js';
import type { PlannedListing } from './catalog.js';
import type { DemoAccountKey } from './demo-accounts.js';

/**
 * The demo buyer's own activity (issue 16), so that /messages, /watchlist and the dashboard's
 * saved searches show what they do before anyone has used them: two conversations with the demo
 * seller (one answered and unread by the buyer, one with an offer waiting for the seller), three
 * watched listings of the dealer and a daily saved search. Written as the end state of those
 * journeys, dated in the past: the services' calls send mail and take no past date.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Tx = Pick<Db, 'insert'>;

interface Ids {
  listings: readonly string[];
  users: ReadonlyMap<DemoAccountKey, string>;
}

function liveListingsOf(catalog: readonly PlannedListing[], owner: DemoAccountKey): number[] {
  return catalog.flatMap((planned, index) =>
    planned.owner === owner && planned.state === 'active' && planned.priceCents > 0 ? [index] : [],
  );
}

interface DemoConversation {
  listing: number;
  /** Lines in order, newest last; `hoursAgo` counts back from the seed's clock. */
  lines: readonly { from: 'buyer' | 'seller'; body: string; hoursAgo: number }[];
  /** An offer of this share of the price, waiting for the seller. */
  offerShare?: number;
  /** When each side last opened the conversation. */
  buyerReadHoursAgo: number;
  sellerReadHoursAgo: number | null;
}

function demoConversations(sellerListings: readonly number[]): DemoConversation[] {
  const [first, second] = sellerListings;
  if (first === undefined || second === undefined) throw new Error('the demo seller needs two live listings for the demo conversations');
  return [
    {
      listing: first,
      lines: [
        { from: 'buyer', body: 'Hello, is this unit still available? Could you share the date of its last service?', hoursAgo: 50 },
        { from: 'seller', body: 'Yes, it is available. It was serviced in March; the report is in the listing documents.', hoursAgo: 26 },
      ],
      buyerReadHoursAgo: 40,
      sellerReadHoursAgo: 26,
    },
    {
      listing: second,
      lines: [
        { from: 'buyer', body: 'We would collect it ourselves next month. Is there room on the price?', hoursAgo: 30 },
        { from: 'seller', body: 'A little — make me an offer here and I will look at it today.', hoursAgo: 20 },
      ],
      offerShare: 0.9,
      buyerReadHoursAgo: 18,
      sellerReadHoursAgo: 20,
    },
  ];
}

/** Whole dollars, as a buyer would offer. */
function offerCents(priceCents: number, share: number): number {
  return Math.max(100, Math.round((priceCents * share) / 100) * 100);
}

/** As the saved-searches service stores them: validated, with the unset values left out. */
function storedCriteria(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(SearchCriteriaSchema.parse(input)).filter(([, value]) => value !== undefined));
}

export async function writeDemoBuyerActivity(tx: Tx, catalog: readonly PlannedListing[], ids: Ids, now: Date): Promise<void> {
  const buyerId = ids.users.get('buyer')!;
  const sellerId = ids.users.get('seller')!;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS);

  for (const conversation of demoConversations(liveListingsOf(catalog, 'seller'))) {
    const planned = catalog[conversation.listing]!;
    const listingId = ids.listings[conversation.listing]!;
    const conversationId = randomUUID();
    const [opening, ...replies] = conversation.lines;
    const messageId = randomUUID();
    // The opening line came through the contact form: the seller's dashboard Messages tab lists it.
    await tx.insert(messages).values({
      id: messageId,
      listingId,
      senderId: buyerId,
      recipientId: sellerId,
      senderName: 'Demo Buyer',
      senderEmail: 'buyer@benchmarket.local',
      message: opening!.body,
      isRead: conversation.sellerReadHoursAgo !== null,
      sentAt: at(opening!.hoursAgo),
      readAt: conversation.sellerReadHoursAgo === null ? null : at(conversation.sellerReadHoursAgo),
    });
    const offerAt = conversation.offerShare === undefined ? undefined : at(Math.max(0, conversation.lines.at(-1)!.hoursAgo - 1));
    const lastActivity = offerAt ?? at(conversation.lines.at(-1)!.hoursAgo);
    await tx.insert(conversations).values({
      id: conversationId,
      listingId,
      buyerId,
      sellerId,
      buyerName: 'Demo Buyer',
      lastActivityAt: lastActivity,
      buyerLastReadAt: at(conversation.buyerReadHoursAgo),
      sellerLastReadAt: conversation.sellerReadHoursAgo === null ? null : at(conversation.sellerReadHoursAgo),
      createdAt: at(opening!.hoursAgo),
    });
    await tx.insert(conversationMessages).values([
      { conversationId, senderId: buyerId, body: opening!.body, sourceMessageId: messageId, sentAt: at(opening!.hoursAgo) },
      ...replies.map((line) => ({
        conversationId,
        senderId: line.from === 'buyer' ? buyerId : sellerId,
        body: line.body,
        sentAt: at(line.hoursAgo),
      })),
    ]);
    if (conversation.offerShare !== undefined && offerAt) {
      await tx.insert(offers).values({
        conversationId,
        buyerId,
        amountCents: offerCents(planned.priceCents, conversation.offerShare),
        note: 'Collected by us, paid by bank transfer.',
        createdAt: offerAt,
      });
    }
  }

  const watched = liveListingsOf(catalog, 'dealer').slice(0, 3);
  if (watched.length > 0) {
    await tx.insert(watches).values(
      watched.map((index, i) => ({
        userId: buyerId,
        listingId: ids.listings[index]!,
        seenPriceCents: catalog[index]!.priceCents,
        createdAt: new Date(now.getTime() - (i + 1) * DAY_MS),
      })),
    );
  }

  // Checked now: its first alert is for listings that go live after the seed.
  await tx.insert(savedSearches).values({
    userId: buyerId,
    name: 'Refrigerated centrifuges under $10,000',
    criteria: storedCriteria({ query: 'refrigerated centrifuge', max_price: 10_000, use_rag: false }),
    frequency: 'daily',
    checkedAt: now,
    createdAt: new Date(now.getTime() - 7 * DAY_MS),
    updatedAt: new Date(now.getTime() - 7 * DAY_MS),
  });
}
