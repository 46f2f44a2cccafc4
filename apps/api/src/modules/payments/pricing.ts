import { ALREADY_PAID, EXTEND_REMOVED, EXTEND_UNPAID } from '@benchmarket/shared';
import { addMonths } from '../listings/index.js';

/**
 * What a listing payment costs and what it buys, as pure functions of the price table and
 * the time (spec §9: "Pricing is computed by the server: a base price includes the first
 * month and additional months cost less; extensions are charged at a monthly rate").
 * All money is integer cents.
 */

/** activation: the first payment of a listing; extension: adds to expiry; renewal: restarts from now. */
export type PaymentKind = 'activation' | 'extension' | 'renewal';

/** How the client says what it pays for; absent means "activate if unpaid, otherwise extend". */
export type PaymentPurpose = 'activate' | 'extend';

export interface PriceTable {
  baseCents: number;
  additionalMonthCents: number;
  extensionMonthCents: number;
  /** YYYY-MM-DD; the promotion runs while now < that day at 00:00 UTC. */
  promoFreeUntil: string;
}

interface Quote {
  kind: PaymentKind;
  months: number;
  /** Activation: the base price (includes the first month). 0 for extensions and renewals. */
  baseCents: number;
  /** Activation: each month after the first. */
  additionalMonthsCents: number;
  /** Extension and renewal: months × the extension rate. */
  extensionCents: number;
  /** Taken off by the promotion (the base price, i.e. the first month of a new listing); 0 otherwise. */
  promoDiscountCents: number;
  totalCents: number;
}

/** The instant the promotion ends (exclusive). */
function promoEndsAt(promoFreeUntil: string): Date {
  return new Date(`${promoFreeUntil}T00:00:00Z`);
}

/** spec §1, §9: 'List Free Until June' — the promotion is on while now is before PROMO_FREE_UNTIL. */
export function isPromoActive(promoFreeUntil: string, now: Date): boolean {
  return now.getTime() < promoEndsAt(promoFreeUntil).getTime();
}

/**
 * The price of `months` months of a listing. Activation: base + (months − 1) × additional;
 * while the promotion runs the first month of a new listing is free (the base price is
 * taken off). Extension and renewal: months × the extension rate, never discounted.
 */
export function quote(table: PriceTable, kind: PaymentKind, months: number, now: Date): Quote {
  if (!Number.isInteger(months) || months < 1) throw new RangeError(`months must be a positive integer, got ${months}`);
  if (kind === 'activation') {
    const baseCents = table.baseCents;
    const additionalMonthsCents = (months - 1) * table.additionalMonthCents;
    const promoDiscountCents = isPromoActive(table.promoFreeUntil, now) ? baseCents : 0;
    return {
      kind,
      months,
      baseCents,
      additionalMonthsCents,
      extensionCents: 0,
      promoDiscountCents,
      totalCents: baseCents + additionalMonthsCents - promoDiscountCents,
    };
  }
  const extensionCents = months * table.extensionMonthCents;
  return { kind, months, baseCents: 0, additionalMonthsCents: 0, extensionCents, promoDiscountCents: 0, totalCents: extensionCents };
}

/**
 * Calendar months in UTC, keeping the time of day, clamped at month ends (Jan 31 + 1 month →
 * Feb 28, or Feb 29 in a leap year): the listings module's rule, the one that sets expiry.
 */
export { addMonths };

interface ListingPaymentState {
  paymentStatus: 'paid' | 'unpaid';
  isDeleted: boolean;
  expiryDate: Date | null;
}

function isListingExpired(listing: Pick<ListingPaymentState, 'expiryDate'>, now: Date): boolean {
  return listing.expiryDate !== null && listing.expiryDate.getTime() <= now.getTime();
}

/**
 * The expiry a completed payment gives a listing: a paid listing that has not expired is
 * extended from its current expiry; otherwise (first payment, or a renewal after expiry)
 * the months run from now. Decided when the payment completes, not when it was created.
 */
export function expiryAfterPayment(listing: Pick<ListingPaymentState, 'paymentStatus' | 'expiryDate'>, months: number, now: Date): Date {
  const running = listing.paymentStatus === 'paid' && listing.expiryDate !== null && !isListingExpired(listing, now);
  return addMonths(running && listing.expiryDate ? listing.expiryDate : now, months);
}

type PaymentKindDecision = { ok: true; kind: PaymentKind } | { ok: false; detail: string; code: string };

/**
 * What a payment for this listing would be (spec §5): paying an already paid listing, and
 * extending an unpaid or removed one, are refused with the spec's texts.
 */
export function paymentKindFor(listing: ListingPaymentState, purpose: PaymentPurpose | undefined, now: Date): PaymentKindDecision {
  const intent: PaymentPurpose = purpose ?? (listing.paymentStatus === 'paid' ? 'extend' : 'activate');
  if (intent === 'extend') {
    if (listing.isDeleted) return { ok: false, detail: EXTEND_REMOVED, code: 'listing_removed' };
    if (listing.paymentStatus !== 'paid') return { ok: false, detail: EXTEND_UNPAID, code: 'listing_unpaid' };
    return { ok: true, kind: isListingExpired(listing, now) ? 'renewal' : 'extension' };
  }
  if (listing.paymentStatus === 'paid') return { ok: false, detail: ALREADY_PAID, code: 'already_paid' };
  if (listing.isDeleted) return { ok: false, detail: LISTING_REMOVED_CANNOT_PAY, code: 'listing_removed' };
  return { ok: true, kind: 'activation' };
}

/** Ours (the spec has no text for paying a removed, unpaid listing). */
export const LISTING_REMOVED_CANNOT_PAY = 'This listing has been removed and cannot be paid for.';
