import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { baseListing } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render-app';
import { EDIT_TO_FIX, NEEDS_FIX_HEADLINE, PENDING_HEADLINE, RECHECK_HINT, SellerNotice, fixesOf, sellerNoticeOf } from './seller-notice';

const NOTES =
  'Controlled substances cannot be sold on BenchMarket (found: fentanyl). Remove them from the listing and offer only the equipment.\n' +
  'Remove the email address from the listing: buyers contact you through the Contact Seller form, which keeps your address private.';

describe('fixesOf', () => {
  it('gives one fix per sentence: the notes hold a finding per line, a finding may have two sentences', () => {
    expect(fixesOf(NOTES)).toEqual([
      'Controlled substances cannot be sold on BenchMarket (found: fentanyl).',
      'Remove them from the listing and offer only the equipment.',
      'Remove the email address from the listing: buyers contact you through the Contact Seller form, which keeps your address private.',
    ]);
  });

  it('gives nothing for no notes', () => {
    expect(fixesOf(null)).toEqual([]);
    expect(fixesOf('')).toEqual([]);
  });
});

describe('sellerNoticeOf', () => {
  const needsFix = { is_deleted: false, verification: { status: 'auto_rejected', verification_notes: NOTES }, moderation: null };

  it('has nothing to say about a verified, an approved or a removed listing', () => {
    expect(sellerNoticeOf({ is_deleted: false, verification: { status: 'auto_approved', verification_notes: 'Looks good.' } })).toBeNull();
    expect(
      sellerNoticeOf({
        is_deleted: false,
        verification: null,
        moderation: { status: 'approved', reason: null, at: '2026-01-02T00:00:00Z' },
      }),
    ).toBeNull();
    expect(sellerNoticeOf({ ...needsFix, is_deleted: true })).toBeNull();
  });

  it("says 'Verification Needed' with the check's notes", () => {
    expect(sellerNoticeOf(needsFix)).toEqual({ kind: 'needs_fix', headline: NEEDS_FIX_HEADLINE, fixes: fixesOf(NOTES) });
  });

  it("says 'Pending Verification', with the notes when there are any", () => {
    expect(sellerNoticeOf({ is_deleted: false, verification: { status: 'pending', verification_notes: null } })).toEqual({
      kind: 'pending',
      headline: PENDING_HEADLINE,
      fixes: [],
    });
  });

  it("gives an operator's rejection with its reason, said once although the notes repeat it", () => {
    const reason = 'The photos show a different model than the title';
    expect(
      sellerNoticeOf({
        is_deleted: false,
        verification: { status: 'auto_rejected', verification_notes: reason },
        moderation: { status: 'rejected', reason, at: '2026-01-02T00:00:00Z' },
      }),
    ).toEqual({
      kind: 'rejected',
      headline: 'Rejected by BenchMarket review: The photos show a different model than the title.',
      fixes: [],
    });
  });

  it('gives a take-down with its reason and that buyers no longer see the listing', () => {
    expect(
      sellerNoticeOf({
        is_deleted: false,
        verification: { status: 'auto_approved', verification_notes: 'Looks good.' },
        moderation: {
          status: 'taken_down',
          reason: 'Reported as a counterfeit; the serial number does not exist.',
          at: '2026-01-02T00:00:00Z',
        },
      }),
    ).toEqual({
      kind: 'taken_down',
      headline:
        'Taken down by BenchMarket: Reported as a counterfeit; the serial number does not exist. This listing is hidden from buyers.',
      fixes: [],
    });
  });
});

describe('SellerNotice', () => {
  it("shows the headline, each fix as a list item, the re-check hint and 'Fix this listing'", () => {
    const listing = baseListing({ is_verified: false, verification: { status: 'auto_rejected', verification_notes: NOTES } });
    renderWithProviders(<SellerNotice listing={listing} />);

    const notice = screen.getByRole('region', { name: NEEDS_FIX_HEADLINE });
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(fixesOf(NOTES));
    expect(within(notice).getByText(RECHECK_HINT)).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: EDIT_TO_FIX })).toHaveAttribute('href', `/edit-listing/${listing.id}`);
  });

  it('offers support next to the edit for a taken-down listing, and no re-check hint', () => {
    const listing = baseListing({ moderation: { status: 'taken_down', reason: 'Counterfeit', at: '2026-01-02T00:00:00Z' } });
    renderWithProviders(<SellerNotice listing={listing} />);

    const notice = screen.getByRole('region', { name: /^Taken down by BenchMarket: Counterfeit\. This listing is hidden from buyers\.$/ });
    expect(within(notice).getByRole('link', { name: EDIT_TO_FIX })).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
    expect(within(notice).queryByText(RECHECK_HINT)).not.toBeInTheDocument();
  });

  it('renders nothing for a listing with nothing to fix', () => {
    const { container } = renderWithProviders(<SellerNotice listing={baseListing()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
