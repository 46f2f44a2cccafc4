/** The verification badge of a listing (spec §4). */
export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral';

export interface VerificationBadge {
  text: string;
  tone: BadgeTone;
  /** spec §4: an unverified listing shows a caution warning. */
  showCaution: boolean;
}

export interface VerifiableListing {
  is_verified: boolean;
  verification?: { status: string } | null;
}

export function verificationBadge(listing: VerifiableListing): VerificationBadge {
  const showCaution = !listing.is_verified;
  const status = listing.verification?.status;
  if (listing.verification == null) {
    // spec §4: no verification object → is_verified shows 'Verified'. Without either,
    // the listing has not been checked yet.
    return listing.is_verified
      ? { text: 'Verified', tone: 'success', showCaution }
      : { text: 'Pending Verification', tone: 'warning', showCaution };
  }
  switch (status) {
    case 'auto_approved':
      return listing.is_verified
        ? { text: 'AI Verified', tone: 'success', showCaution }
        : { text: 'Verification Pending', tone: 'warning', showCaution };
    case 'auto_rejected':
      return { text: 'Verification Needed', tone: 'danger', showCaution };
    case 'pending':
      return { text: 'Pending Verification', tone: 'warning', showCaution };
    default:
      return { text: 'Unknown Status', tone: 'neutral', showCaution };
  }
}
