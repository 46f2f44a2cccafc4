import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UnverifiedCaution, VerificationBadge } from './verification-badge';

describe('VerificationBadge (spec §4)', () => {
  it.each([
    [{ is_verified: true, verification: { status: 'auto_approved' } }, 'AI Verified'],
    [{ is_verified: false, verification: { status: 'auto_approved' } }, 'Verification Pending'],
    [{ is_verified: false, verification: { status: 'auto_rejected' } }, 'Verification Needed'],
    [{ is_verified: false, verification: { status: 'pending' } }, 'Pending Verification'],
    [{ is_verified: false, verification: { status: 'manual_review' } }, 'Unknown Status'],
    [{ is_verified: true, verification: null }, 'Verified'],
  ])('shows %j as %s', (listing, text) => {
    render(<VerificationBadge listing={listing} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});

describe('UnverifiedCaution (spec §4)', () => {
  it('warns about an unverified listing', () => {
    render(<UnverifiedCaution listing={{ is_verified: false, verification: { status: 'pending' } }} />);
    expect(screen.getByRole('note')).toHaveTextContent(/not been verified/);
  });

  it('says nothing about a verified one', () => {
    const { container } = render(<UnverifiedCaution listing={{ is_verified: true, verification: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
