/** Data for the dashboard's tests: the seller, and their listings, payments and messages. */
import type { Listing, Message, Payment, User } from '@benchmarket/shared';
import { baseListing } from '@/testing/fixtures';

const DAY_MS = 86_400_000;

export const seller: User = { id: '5b0c1a2e-0000-4000-8000-00000000000a', email: 'seller@example.com', is_verified: true };

export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString();
}

let sequence = 0;
function nextId(prefix: string): string {
  sequence += 1;
  return `${prefix}-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
}

/** A seller's listing as GET /listings/user answers: paid, verified, 3 months to go. */
export function makeListing(overrides: Partial<Listing> = {}): Listing {
  const id = overrides.id ?? nextId('1a1a1a1a');
  return baseListing({
    id,
    user_id: seller.id,
    photos: [`/uploads/listings/${id}/1.webp`],
    thumbnails: [`/uploads/listings/${id}/1-thumb.webp`],
    expiry_date: daysFromNow(90),
    category: null,
    ...overrides,
  });
}

/** A new id, and the listing that a payment or a message is about. */
function aboutAListing(idPrefix: string) {
  return { id: nextId(idPrefix), listing_id: nextId('1a1a1a1a'), listing_title: 'Eppendorf 5810R Centrifuge' };
}

export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    ...aboutAListing('9c9c9c9c'),
    duration_months: 3,
    amount: 107,
    status: 'completed',
    created_at: '2025-02-01T09:30:00.000Z',
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    ...aboutAListing('3e3e3e3e'),
    sender_name: 'Jane Doe',
    sender_email: 'jane.doe@example.com',
    message: 'Is the rotor included? Could you ship to Lyon?',
    sent_at: '2025-03-01T12:00:00.000Z',
    is_read: false,
    ...overrides,
  };
}
