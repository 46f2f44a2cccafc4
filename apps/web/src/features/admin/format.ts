import { formatListedDate, isExpired, type AdminListing } from '@benchmarket/shared';
import type { PillTone } from '@/components/ui/status-pill';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Jan 5, 2025, 10:00 AM' in the viewer's time zone; '' for a missing or invalid date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}

/** 'Jan 5, 2025'; '' for a missing or invalid date. */
export function formatDate(iso: string | null | undefined): string {
  return iso ? formatListedDate(iso) : '';
}

/** Where a listing stands for the console: removed, taken down, live, unpaid, expired or switched off. */
export function listingState(listing: AdminListing, now: Date = new Date()): { label: string; tone: PillTone } {
  if (listing.is_deleted) return { label: 'Removed by the seller', tone: 'neutral' };
  if (listing.moderation?.status === 'taken_down') return { label: 'Taken down', tone: 'danger' };
  if (listing.payment_status === 'unpaid') return { label: 'Unpaid', tone: 'neutral' };
  if (isExpired(listing.expiry_date, now)) return { label: 'Expired', tone: 'neutral' };
  if (listing.is_active) return { label: 'Live', tone: 'success' };
  return { label: 'Not shown', tone: 'warning' };
}

/** Live: shown in search and on its page (only live listings can be featured). */
export function isLive(listing: AdminListing, now: Date = new Date()): boolean {
  return listingState(listing, now).tone === 'success';
}

/** Whether the listing is featured now (a `featured_until` still ahead). */
export function isFeaturedNow(listing: AdminListing, now: Date = new Date()): boolean {
  return listing.featured_until !== null && Date.parse(listing.featured_until) > now.getTime();
}

/** Today as 'YYYY-MM-DD' in the viewer's time zone (the min of a date field). */
export function todayIso(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${String(now.getFullYear())}-${month}-${day}`;
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortMonthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function utcDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3] ?? '1')));
}

/** '2026-11' → 'Nov 2026' (and 'Nov' when short); the text itself when it is not a month. */
export function formatMonth(month: string, { short = false }: { short?: boolean } = {}): string {
  const date = utcDate(month);
  if (!date) return month;
  return (short ? shortMonthFormat : monthFormat).format(date);
}

/** '2026-11-24' → 'Nov 24'; the text itself when it is not a day. */
export function formatDay(day: string): string {
  const date = utcDate(day);
  return date ? dayFormat.format(date) : day;
}
