/** The expiry label of a listing (spec §4, §9). */
import { EXPIRES_SOON_DAYS } from '../constants.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Below this many days the label counts days, from here on months. */
const MONTHS_FROM_DAYS = 60;

type DateInput = string | Date | null | undefined;

function toTime(value: DateInput): number | null {
  if (value === null || value === undefined || value === '') return null;
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** True when the expiry date is in the past (or now). No expiry date never expires. */
export function isExpired(expiryDate: DateInput, now: Date = new Date()): boolean {
  const expiry = toTime(expiryDate);
  return expiry !== null && expiry <= now.getTime();
}

/**
 * 'Expired' once past; 'Expires soon' within 7 days (spec §4); otherwise 'Expires in N days'
 * (under 60 days) or 'Expires in N months'. null when there is no (valid) expiry date.
 */
export function expiryLabel(expiryDate: DateInput, now: Date = new Date()): string | null {
  const expiry = toTime(expiryDate);
  if (expiry === null) return null;
  const remaining = expiry - now.getTime();
  if (remaining <= 0) return 'Expired';
  if (remaining <= EXPIRES_SOON_DAYS * DAY_MS) return 'Expires soon';
  const days = Math.ceil(remaining / DAY_MS);
  if (days < MONTHS_FROM_DAYS) return `Expires in ${days} days`;
  const months = Math.floor(days / 30);
  return `Expires in ${months} months`;
}
