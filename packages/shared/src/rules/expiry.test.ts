import { describe, expect, it } from 'vitest';
import { expiryLabel, isExpired } from './expiry.js';

const now = new Date('2025-03-01T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe('expiryLabel (spec §4)', () => {
  it('is null without an expiry date', () => {
    expect(expiryLabel(null, now)).toBeNull();
    expect(expiryLabel(undefined, now)).toBeNull();
    expect(expiryLabel('not a date', now)).toBeNull();
  });

  it('says Expired once the date has passed', () => {
    expect(expiryLabel(inDays(-1), now)).toBe('Expired');
    expect(expiryLabel(now.toISOString(), now)).toBe('Expired');
  });

  it('says Expires soon within 7 days', () => {
    expect(expiryLabel(inDays(0.01), now)).toBe('Expires soon');
    expect(expiryLabel(inDays(6.5), now)).toBe('Expires soon');
    expect(expiryLabel(inDays(7), now)).toBe('Expires soon');
  });

  it('counts days beyond the 7-day window', () => {
    expect(expiryLabel(inDays(7.5), now)).toBe('Expires in 8 days');
    expect(expiryLabel(inDays(30), now)).toBe('Expires in 30 days');
    expect(expiryLabel(inDays(59), now)).toBe('Expires in 59 days');
  });

  it('counts months for longer listings', () => {
    expect(expiryLabel(inDays(92), now)).toBe('Expires in 3 months');
    expect(expiryLabel(inDays(183), now)).toBe('Expires in 6 months');
    expect(expiryLabel(inDays(365), now)).toBe('Expires in 12 months');
  });

  it('accepts a Date', () => {
    expect(expiryLabel(new Date(inDays(10)), now)).toBe('Expires in 10 days');
  });
});

describe('isExpired', () => {
  it('is true only for a past date', () => {
    expect(isExpired(inDays(-0.5), now)).toBe(true);
    expect(isExpired(inDays(0.5), now)).toBe(false);
    expect(isExpired(null, now)).toBe(false);
  });
});
