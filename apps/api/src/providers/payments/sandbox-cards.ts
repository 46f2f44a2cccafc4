/**
 * The sandbox's card check: Stripe's published test card numbers behave as they do in
 * Stripe's test mode (https://docs.stripe.com/testing). Pure, so it is unit-tested alone.
 */

export interface CardInput {
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

type CardOutcome =
  | { outcome: 'succeeded'; last4: string }
  | { outcome: 'declined'; code: string; message: string; last4: string }
  /** Not a card number or date a card form would accept: nothing is recorded on the intent. */
  | { outcome: 'invalid'; code: string; message: string };

const CARD_DECLINED = 'Your card was declined.';
const CARD_INSUFFICIENT_FUNDS = 'Your card has insufficient funds.';
const CARD_EXPIRED = 'Your card has expired.';
const CARD_INCORRECT_CVC = "Your card's security code is incorrect.";
const CARD_PROCESSING_ERROR = 'An error occurred while processing your card. Try again in a little bit.';
const CARD_NUMBER_INVALID = 'Your card number is invalid.';
const CARD_EXPIRY_MONTH_INVALID = "Your card's expiration month is invalid.";
const CARD_EXPIRY_PAST = "Your card's expiration date is in the past.";
const CARD_CVC_INVALID = "Your card's security code is invalid.";
const CARD_NOT_A_TEST_CARD =
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.';

/** Test numbers that succeed (Visa, Visa debit, Mastercard, Amex, Discover, Diners, JCB, UnionPay). */
const SUCCEEDING = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '5105105105105100',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '3056930009020004',
  '36227206271667',
  '3566002020360505',
  '6200000000000005',
]);

/** Test numbers that are declined, with Stripe's decline code and text. */
const DECLINING: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: CARD_DECLINED },
  '4000000000009995': { code: 'insufficient_funds', message: CARD_INSUFFICIENT_FUNDS },
  '4000000000009987': { code: 'lost_card', message: CARD_DECLINED },
  '4000000000009979': { code: 'stolen_card', message: CARD_DECLINED },
  '4000000000000069': { code: 'expired_card', message: CARD_EXPIRED },
  '4000000000000127': { code: 'incorrect_cvc', message: CARD_INCORRECT_CVC },
  '4000000000000119': { code: 'processing_error', message: CARD_PROCESSING_ERROR },
};

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What the sandbox does with a card, as Stripe's test mode would. Spaces and dashes in the number are ignored. */
export function checkTestCard(card: CardInput, now: Date): CardOutcome {
  const digits = card.card_number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return { outcome: 'invalid', code: 'invalid_number', message: CARD_NUMBER_INVALID };
  }
  if (!Number.isInteger(card.exp_month) || card.exp_month < 1 || card.exp_month > 12) {
    return { outcome: 'invalid', code: 'invalid_expiry_month', message: CARD_EXPIRY_MONTH_INVALID };
  }
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (!Number.isInteger(year) || year * 12 + (card.exp_month - 1) < thisMonth) {
    return { outcome: 'invalid', code: 'invalid_expiry_year', message: CARD_EXPIRY_PAST };
  }
  const amex = digits.startsWith('34') || digits.startsWith('37');
  if (!(amex ? /^\d{3,4}$/ : /^\d{3}$/).test(card.cvc.trim())) {
    return { outcome: 'invalid', code: 'invalid_cvc', message: CARD_CVC_INVALID };
  }
  const last4 = digits.slice(-4);
  if (SUCCEEDING.has(digits)) return { outcome: 'succeeded', last4 };
  const decline = DECLINING[digits];
  if (decline) return { outcome: 'declined', ...decline, last4 };
  // A real card number typed into the sandbox: refused as Stripe's test mode refuses it.
  return { outcome: 'declined', code: 'card_declined', message: CARD_NOT_A_TEST_CARD, last4 };
}
