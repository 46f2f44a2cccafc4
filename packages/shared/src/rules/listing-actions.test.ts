import { describe, expect, it } from 'vitest';
import { ROW_ACTION_LABELS, extendBlockReason, listingRowActions, payBlockReason, paymentRowAction } from './listing-actions.js';

const now = new Date('2025-03-01T12:00:00Z');
const past = '2025-02-01T00:00:00Z';
const future = '2025-06-01T00:00:00Z';

describe('listingRowActions (spec §4)', () => {
  it('gives a removed listing no actions', () => {
    expect(listingRowActions({ is_deleted: true, payment_status: 'paid', expiry_date: future }, now)).toEqual([]);
    expect(listingRowActions({ is_deleted: true, payment_status: 'unpaid', expiry_date: null }, now)).toEqual([]);
  });

  it('adds Pay Now to an unpaid listing', () => {
    expect(listingRowActions({ is_deleted: false, payment_status: 'unpaid', expiry_date: null }, now)).toEqual([
      'edit',
      'view',
      'delete',
      'pay',
    ]);
  });

  it('adds Renew to a paid, expired listing', () => {
    expect(listingRowActions({ is_deleted: false, payment_status: 'paid', expiry_date: past }, now)).toEqual([
      'edit',
      'view',
      'delete',
      'renew',
    ]);
  });

  it('adds Extend to a paid listing that has not expired', () => {
    expect(listingRowActions({ is_deleted: false, payment_status: 'paid', expiry_date: future }, now)).toEqual([
      'edit',
      'view',
      'delete',
      'extend',
    ]);
  });

  it('labels the actions as the spec names them', () => {
    expect(ROW_ACTION_LABELS.pay).toBe('Pay Now');
    expect(ROW_ACTION_LABELS.renew).toBe('Renew');
    expect(ROW_ACTION_LABELS.extend).toBe('Extend');
    expect(ROW_ACTION_LABELS.view).toBe('View');
  });
});

describe('paymentRowAction (spec §4)', () => {
  it('offers Pay Now for failed or pending and View for completed', () => {
    expect(paymentRowAction('failed')).toBe('pay');
    expect(paymentRowAction('pending')).toBe('pay');
    expect(paymentRowAction('completed')).toBe('view');
    expect(paymentRowAction('refunded')).toBe('view');
  });
});

describe('extend and pay guards (spec §5)', () => {
  it('blocks extending a removed or unpaid listing', () => {
    expect(extendBlockReason({ is_deleted: true, payment_status: 'paid' })).toBe('This listing has been removed and cannot be extended.');
    expect(extendBlockReason({ is_deleted: false, payment_status: 'unpaid' })).toBe(
      'This listing needs to be paid for first before it can be extended.',
    );
    expect(extendBlockReason({ is_deleted: false, payment_status: 'paid' })).toBeNull();
  });

  it('blocks paying for a paid listing', () => {
    expect(payBlockReason({ payment_status: 'paid' })).toBe('This listing has already been paid for.');
    expect(payBlockReason({ payment_status: 'unpaid' })).toBeNull();
  });
});
