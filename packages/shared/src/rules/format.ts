/** Display formatting both sides agree on (spec §3, §9). */
import { DEFAULT_CURRENCY, DESCRIPTION_PREVIEW_LENGTH } from '../constants.js';

const currencyFormatters = new Map<string, Intl.NumberFormat>();

/** '$1,234.50' — a price in the currency unit, always with two decimals. */
export function formatPrice(amount: number, currency: string = DEFAULT_CURRENCY): string {
  let formatter = currencyFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    currencyFormatters.set(currency, formatter);
  }
  return formatter.format(amount);
}

/** spec §3: the payment display shows the amount with 2 decimals ('1234.50'). */
export function formatAmount(amount: number): string {
  return (Math.round(amount * 100) / 100).toFixed(2);
}

/** spec §3: the first 8 characters of the payment id. */
export function shortPaymentId(id: string): string {
  return id.slice(0, 8);
}

/**
 * A preview of at most `maxLength` characters (spec §9: 100 by default, 80 for the AI
 * insight), cut at a character boundary, with '...' when something was cut.
 */
export function truncate(text: string, maxLength: number = DESCRIPTION_PREVIEW_LENGTH): string {
  const chars = Array.from(text);
  if (chars.length <= maxLength) return text;
  return `${chars.slice(0, maxLength).join('').trimEnd()}...`;
}

/**
 * The listed date of a listing, e.g. 'Jan 5, 2025'. The time zone defaults to the
 * viewer's; '' for an invalid date.
 */
export function formatListedDate(iso: string | Date, options: { timeZone?: string; locale?: string } = {}): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(options.locale ?? 'en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: options.timeZone,
  }).format(date);
}

/**
 * A calendar day ('2027-06-01') in words, 'June 1, 2027' (issue 14: the promotion's end
 * date). A day has no time zone, so it reads the same everywhere; the text itself when it is
 * not a date.
 */
export function formatCalendarDay(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDay) || Number.isNaN(date.getTime())) return isoDay;
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** '1 month', '3 months'. */
export function formatDuration(months: number): string {
  return months === 1 ? '1 month' : `${months} months`;
}
