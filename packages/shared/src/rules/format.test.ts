import { describe, expect, it } from 'vitest';
import { formatAmount, formatCalendarDay, formatDuration, formatListedDate, formatPrice, shortPaymentId, truncate } from './format.js';

describe('formatPrice', () => {
  it('formats dollars with thousands separators and two decimals', () => {
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(1_000_000)).toBe('$1,000,000.00');
  });

  it('formats another currency', () => {
    expect(formatPrice(10, 'EUR')).toBe('€10.00');
  });
});

describe('formatAmount (spec §3: two decimals)', () => {
  it('always shows two decimals', () => {
    expect(formatAmount(29)).toBe('29.00');
    expect(formatAmount(29.9)).toBe('29.90');
    expect(formatAmount(1234.567)).toBe('1234.57');
  });
});

describe('shortPaymentId (spec §3: first 8 characters)', () => {
  it('keeps the first 8 characters', () => {
    expect(shortPaymentId('3f0e0c4e-8a53-4c5e-9d6b-2f1a7c9e0b11')).toBe('3f0e0c4e');
    expect(shortPaymentId('abc')).toBe('abc');
  });
});

describe('truncate (spec §9 previews)', () => {
  it('keeps short text as it is', () => {
    expect(truncate('short', 100)).toBe('short');
    expect(truncate('x'.repeat(100))).toBe('x'.repeat(100));
  });

  it('cuts long text to the length and marks the cut', () => {
    expect(truncate('x'.repeat(101))).toBe(`${'x'.repeat(100)}...`);
    expect(truncate('Relevant: this freezer holds -80°C and more', 20)).toBe('Relevant: this freez...');
  });

  it('does not split a character made of two code units', () => {
    expect(truncate('🧪🧪🧪', 2)).toBe('🧪🧪...');
  });
});

describe('formatCalendarDay (issue 14: the promotion ends on a day)', () => {
  it('writes the day out, the same in every time zone', () => {
    expect(formatCalendarDay('2027-06-01')).toBe('June 1, 2027');
    expect(formatCalendarDay('2026-12-31')).toBe('December 31, 2026');
  });

  it('keeps a text that is not a day as it is', () => {
    expect(formatCalendarDay('soon')).toBe('soon');
    expect(formatCalendarDay('2027-13-01')).toBe('2027-13-01');
  });
});

describe('formatListedDate', () => {
  it('shows a short date in the given time zone', () => {
    expect(formatListedDate('2025-01-05T10:00:00Z', { timeZone: 'UTC' })).toBe('Jan 5, 2025');
    expect(formatListedDate('2025-01-05T23:30:00Z', { timeZone: 'Asia/Tokyo' })).toBe('Jan 6, 2025');
  });

  it('is empty for an invalid date', () => {
    expect(formatListedDate('nope')).toBe('');
  });
});

describe('formatDuration', () => {
  it('says month or months', () => {
    expect(formatDuration(1)).toBe('1 month');
    expect(formatDuration(12)).toBe('12 months');
  });
});
