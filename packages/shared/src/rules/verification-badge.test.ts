import { describe, expect, it } from 'vitest';
import { verificationBadge } from './verification-badge.js';

describe('verificationBadge (spec §4)', () => {
  it('auto_approved: AI Verified when verified, else Verification Pending', () => {
    expect(verificationBadge({ is_verified: true, verification: { status: 'auto_approved' } })).toEqual({
      text: 'AI Verified',
      tone: 'success',
      showCaution: false,
    });
    expect(verificationBadge({ is_verified: false, verification: { status: 'auto_approved' } })).toEqual({
      text: 'Verification Pending',
      tone: 'warning',
      showCaution: true,
    });
  });

  it('auto_rejected: Verification Needed', () => {
    expect(verificationBadge({ is_verified: false, verification: { status: 'auto_rejected' } }).text).toBe('Verification Needed');
    expect(verificationBadge({ is_verified: false, verification: { status: 'auto_rejected' } }).tone).toBe('danger');
  });

  it('pending: Pending Verification', () => {
    expect(verificationBadge({ is_verified: false, verification: { status: 'pending' } }).text).toBe('Pending Verification');
  });

  it('any other status: Unknown Status', () => {
    const badge = verificationBadge({ is_verified: true, verification: { status: 'manual_review' } });
    expect(badge).toEqual({ text: 'Unknown Status', tone: 'neutral', showCaution: false });
  });

  it('no verification object: Verified when is_verified', () => {
    expect(verificationBadge({ is_verified: true, verification: null }).text).toBe('Verified');
    expect(verificationBadge({ is_verified: true }).text).toBe('Verified');
  });

  it('shows a caution for every unverified listing', () => {
    const unverified = verificationBadge({ is_verified: false, verification: null });
    expect(unverified.showCaution).toBe(true);
    expect(unverified.text).toBe('Pending Verification');
  });
});
