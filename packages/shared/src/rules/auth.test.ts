import { describe, expect, it } from 'vitest';
import { isAlreadyVerifiedDetail } from './auth.js';

describe('isAlreadyVerifiedDetail (spec §8)', () => {
  it('treats a detail containing "already verified" as success', () => {
    expect(isAlreadyVerifiedDetail('Email already verified')).toBe(true);
    expect(isAlreadyVerifiedDetail('This account is Already Verified.')).toBe(true);
  });

  it('treats anything else as failure', () => {
    expect(isAlreadyVerifiedDetail('Invalid or expired token')).toBe(false);
    expect(isAlreadyVerifiedDetail(undefined)).toBe(false);
  });
});
