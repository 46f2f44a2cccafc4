/** What a seller may do with a listing and a payment (spec §4, §5). */
import { ALREADY_PAID, EXTEND_REMOVED, EXTEND_UNPAID } from '../messages.js';
import { isExpired } from './expiry.js';

export type ListingRowAction = 'edit' | 'view' | 'delete' | 'pay' | 'renew' | 'extend';
export type PaymentRowAction = 'pay' | 'view';

/** Button texts of the dashboard rows (spec §4). */
export const ROW_ACTION_LABELS: Readonly<Record<ListingRowAction, string>> = {
  edit: 'Edit',
  view: 'View',
  delete: 'Delete',
  pay: 'Pay Now',
  renew: 'Renew',
  extend: 'Extend',
};

export interface ActionableListing {
  is_deleted: boolean;
  payment_status: 'paid' | 'unpaid';
  expiry_date: string | Date | null;
}

/**
 * spec §4: a removed listing has no actions; otherwise Edit, View, Delete, plus 'Pay Now'
 * when unpaid, 'Renew' when paid and expired, 'Extend' when paid and not expired.
 */
export function listingRowActions(listing: ActionableListing, now: Date = new Date()): ListingRowAction[] {
  if (listing.is_deleted) return [];
  const actions: ListingRowAction[] = ['edit', 'view', 'delete'];
  if (listing.payment_status === 'unpaid') actions.push('pay');
  else if (isExpired(listing.expiry_date, now)) actions.push('renew');
  else actions.push('extend');
  return actions;
}

/** spec §4: 'Pay Now' for failed or pending, 'View' for completed (and for refunded: nothing to pay). */
export function paymentRowAction(status: 'completed' | 'pending' | 'failed' | 'refunded'): PaymentRowAction {
  return status === 'completed' || status === 'refunded' ? 'view' : 'pay';
}

/** spec §5: why a listing cannot be extended, or null when it can. */
export function extendBlockReason(listing: Pick<ActionableListing, 'is_deleted' | 'payment_status'>): string | null {
  if (listing.is_deleted) return EXTEND_REMOVED;
  if (listing.payment_status !== 'paid') return EXTEND_UNPAID;
  return null;
}

/** spec §5: why a listing cannot be paid for, or null when it can. */
export function payBlockReason(listing: Pick<ActionableListing, 'payment_status'>): string | null {
  return listing.payment_status === 'paid' ? ALREADY_PAID : null;
}
