import { ALREADY_PAID, EXTEND_REMOVED, EXTEND_UNPAID } from '@benchmarket/shared';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  expiryAfterPayment,
  isPromoActive,
  LISTING_REMOVED_CANNOT_PAY,
  paymentKindFor,
  quote,
  type PriceTable,
} from './pricing.js';
import { checkTestCard, passesLuhn } from '../../providers/payments/sandbox-cards.js';

const table: PriceTable = {
  baseCents: 4900,
  additionalMonthCents: 2900,
  extensionMonthCents: 3900,
  promoFreeUntil: '2031-06-01',
};
const beforePromoEnd = new Date('2031-05-31T23:59:59Z');
const afterPromo = new Date('2031-06-01T00:00:00Z');

describe('quote', () => {
  it('charges the base price for the first month and the lower rate for each further month', () => {
    expect(quote(table, 'activation', 1, afterPromo).totalCents).toBe(4900);
    expect(quote(table, 'activation', 3, afterPromo)).toEqual({
      kind: 'activation',
      months: 3,
      baseCents: 4900,
      additionalMonthsCents: 5800,
      extensionCents: 0,
      promoDiscountCents: 0,
      totalCents: 10_700,
    });
    expect(quote(table, 'activation', 12, afterPromo).totalCents).toBe(4900 + 11 * 2900);
  });

  it('makes the first month of a new listing free while the promotion runs', () => {
    const one = quote(table, 'activation', 1, beforePromoEnd);
    expect(one.promoDiscountCents).toBe(4900);
    expect(one.totalCents).toBe(0);
    expect(quote(table, 'activation', 6, beforePromoEnd).totalCents).toBe(5 * 2900);
  });

  it('ends the promotion at 00:00 UTC on PROMO_FREE_UNTIL', () => {
    expect(isPromoActive('2031-06-01', beforePromoEnd)).toBe(true);
    expect(isPromoActive('2031-06-01', afterPromo)).toBe(false);
    expect(quote(table, 'activation', 1, afterPromo).promoDiscountCents).toBe(0);
  });

  it('charges extensions and renewals at the monthly extension rate, never discounted', () => {
    expect(quote(table, 'extension', 3, beforePromoEnd)).toMatchObject({
      totalCents: 11_700,
      extensionCents: 11_700,
      promoDiscountCents: 0,
    });
    expect(quote(table, 'renewal', 1, beforePromoEnd).totalCents).toBe(3900);
  });

  it('refuses a month count that is not a positive integer', () => {
    expect(() => quote(table, 'activation', 0, afterPromo)).toThrow(RangeError);
    expect(() => quote(table, 'extension', 1.5, afterPromo)).toThrow(RangeError);
  });
});

describe('addMonths', () => {
  it('clamps to the last day of a shorter month and keeps the time of day', () => {
    expect(addMonths(new Date('2031-01-31T10:15:00Z'), 1).toISOString()).toBe('2031-02-28T10:15:00.000Z');
    expect(addMonths(new Date('2032-01-31T10:15:00Z'), 1).toISOString()).toBe('2032-02-29T10:15:00.000Z');
    expect(addMonths(new Date('2031-03-31T00:00:00Z'), 1).toISOString()).toBe('2031-04-30T00:00:00.000Z');
  });

  it('crosses year ends', () => {
    expect(addMonths(new Date('2031-11-30T12:00:00Z'), 3).toISOString()).toBe('2032-02-29T12:00:00.000Z');
    expect(addMonths(new Date('2031-12-15T12:00:00Z'), 12).toISOString()).toBe('2032-12-15T12:00:00.000Z');
  });
});

describe('expiryAfterPayment', () => {
  const now = new Date('2031-01-10T08:00:00Z');

  it('extends a running listing from its current expiry', () => {
    const listing = { paymentStatus: 'paid' as const, expiryDate: new Date('2031-01-31T09:00:00Z') };
    expect(expiryAfterPayment(listing, 1, now).toISOString()).toBe('2031-02-28T09:00:00.000Z');
  });

  it('renews an expired listing from now, and activates an unpaid one from now', () => {
    const expired = { paymentStatus: 'paid' as const, expiryDate: new Date('2030-12-31T09:00:00Z') };
    expect(expiryAfterPayment(expired, 3, now).toISOString()).toBe('2031-04-10T08:00:00.000Z');
    expect(expiryAfterPayment({ paymentStatus: 'unpaid', expiryDate: null }, 1, now).toISOString()).toBe('2031-02-10T08:00:00.000Z');
  });
});

describe('paymentKindFor', () => {
  const now = new Date('2031-01-10T08:00:00Z');
  const unpaid = { paymentStatus: 'unpaid' as const, isDeleted: false, expiryDate: null };
  const running = { paymentStatus: 'paid' as const, isDeleted: false, expiryDate: new Date('2031-02-01T00:00:00Z') };
  const expired = { paymentStatus: 'paid' as const, isDeleted: false, expiryDate: new Date('2031-01-01T00:00:00Z') };

  it('activates an unpaid listing and extends a paid one when no purpose is given', () => {
    expect(paymentKindFor(unpaid, undefined, now)).toEqual({ ok: true, kind: 'activation' });
    expect(paymentKindFor(running, undefined, now)).toEqual({ ok: true, kind: 'extension' });
    expect(paymentKindFor(expired, undefined, now)).toEqual({ ok: true, kind: 'renewal' });
  });

  it("refuses with the spec's texts", () => {
    expect(paymentKindFor(running, 'activate', now)).toMatchObject({ ok: false, detail: ALREADY_PAID });
    expect(paymentKindFor(unpaid, 'extend', now)).toMatchObject({ ok: false, detail: EXTEND_UNPAID });
    expect(paymentKindFor({ ...running, isDeleted: true }, 'extend', now)).toMatchObject({ ok: false, detail: EXTEND_REMOVED });
    expect(paymentKindFor({ ...running, isDeleted: true }, undefined, now)).toMatchObject({ ok: false, detail: EXTEND_REMOVED });
    expect(paymentKindFor({ ...unpaid, isDeleted: true }, undefined, now)).toMatchObject({ ok: false, detail: LISTING_REMOVED_CANNOT_PAY });
  });
});

describe('sandbox test cards', () => {
  const now = new Date('2031-01-10T08:00:00Z');
  const card = (card_number: string, extra: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {}) =>
    checkTestCard({ card_number, exp_month: 12, exp_year: 2034, cvc: '123', ...extra }, now);

  it("treats Stripe's test numbers as Stripe's test mode does", () => {
    expect(card('4242 4242 4242 4242')).toEqual({ outcome: 'succeeded', last4: '4242' });
    expect(card('4000-0000-0000-0002')).toMatchObject({ outcome: 'declined', code: 'card_declined', message: 'Your card was declined.' });
    expect(card('4000000000009995')).toMatchObject({
      outcome: 'declined',
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(card('378282246310005', { cvc: '1234' })).toMatchObject({ outcome: 'succeeded' });
  });

  it('declines a real-looking number that is not a test card', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(card('4111111111111111')).toMatchObject({ outcome: 'declined', code: 'card_declined' });
  });

  it('finds numbers failing the Luhn check, bad dates and bad security codes invalid', () => {
    expect(card('4242 4242 4242 4241')).toMatchObject({ outcome: 'invalid', message: 'Your card number is invalid.' });
    expect(card('4242abcd42424242')).toMatchObject({ outcome: 'invalid', code: 'invalid_number' });
    expect(card('4242424242424242', { exp_month: 13 })).toMatchObject({ outcome: 'invalid', code: 'invalid_expiry_month' });
    expect(card('4242424242424242', { exp_month: 12, exp_year: 30 })).toMatchObject({ outcome: 'invalid', code: 'invalid_expiry_year' });
    expect(card('4242424242424242', { exp_month: 1, exp_year: 31 })).toMatchObject({ outcome: 'succeeded' });
    expect(card('4242424242424242', { cvc: '12' })).toMatchObject({ outcome: 'invalid', code: 'invalid_cvc' });
  });
});
