import type { Listing } from '@benchmarket/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

// Ours (issue 14): what the seller reads about the check and an operator's decision.
export const REVIEW_REJECTED_PREFIX = 'Rejected by BenchMarket review:';
export const TAKEN_DOWN_PREFIX = 'Taken down by BenchMarket';
export const TAKEN_DOWN_HIDDEN = 'This listing is hidden from buyers.';
export const NEEDS_FIX_HEADLINE = 'Verification Needed: please fix the following.';
export const PENDING_HEADLINE = 'Pending Verification: BenchMarket will take a second look at this listing.';
export const RECHECK_HINT = 'The check runs again when you save your changes.';
export const EDIT_TO_FIX = 'Fix this listing';

type SellerNoticeKind = 'taken_down' | 'rejected' | 'needs_fix' | 'pending';

export interface SellerNoticeContent {
  kind: SellerNoticeKind;
  headline: string;
  /** What to fix, one sentence each (the check's notes). */
  fixes: string[];
}

/** The text as a sentence: trimmed, with a full stop when it has no closing punctuation. */
function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]["'’”)]?$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * The check's notes, one fix per sentence: the notes hold one finding per line, and a finding
 * may say what is wrong and what to do in two sentences.
 */
export function fixesOf(notes: string | null | undefined): string[] {
  if (!notes) return [];
  return notes
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9"'‘“(])/))
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/**
 * What the owner of a listing should know and do (issue 14): an operator took it down or
 * rejected it (with their reason), or the automatic check wants a fix ('Verification
 * Needed') or a second look ('Pending Verification'), with its notes. Null when there is
 * nothing to say (verified, approved, or removed by the seller).
 */
export function sellerNoticeOf(listing: Pick<Listing, 'is_deleted' | 'verification' | 'moderation'>): SellerNoticeContent | null {
  if (listing.is_deleted) return null;
  const moderation = listing.moderation;
  const notes = listing.verification?.verification_notes ?? null;
  if (moderation?.status === 'taken_down') {
    const reason = moderation.reason?.trim();
    return {
      kind: 'taken_down',
      headline: reason ? `${TAKEN_DOWN_PREFIX}: ${asSentence(reason)} ${TAKEN_DOWN_HIDDEN}` : `${TAKEN_DOWN_PREFIX}. ${TAKEN_DOWN_HIDDEN}`,
      fixes: [],
    };
  }
  if (moderation?.status === 'rejected') {
    const reason = moderation.reason?.trim() ?? '';
    // A rejection writes its reason into the notes too: say it once.
    const fixes = fixesOf(notes).filter((fix) => !fixesOf(reason).includes(fix));
    const headline = reason ? `${REVIEW_REJECTED_PREFIX} ${asSentence(reason)}` : `${REVIEW_REJECTED_PREFIX.slice(0, -1)}.`;
    return { kind: 'rejected', headline, fixes };
  }
  switch (listing.verification?.status) {
    case 'auto_rejected':
      return { kind: 'needs_fix', headline: NEEDS_FIX_HEADLINE, fixes: fixesOf(notes) };
    case 'pending':
      return { kind: 'pending', headline: PENDING_HEADLINE, fixes: fixesOf(notes) };
    default:
      return null;
  }
}

const TONES: Record<SellerNoticeKind, string> = {
  taken_down: 'border-red-300 bg-red-50 text-red-950',
  rejected: 'border-red-300 bg-red-50 text-red-950',
  needs_fix: 'border-amber-300 bg-amber-50 text-amber-950',
  pending: 'border-sky-300 bg-sky-50 text-sky-950',
};

const linkClass = 'font-semibold underline underline-offset-2 hover:no-underline';

interface SellerNoticeProps {
  listing: Pick<Listing, 'id' | 'is_deleted' | 'verification' | 'moderation'>;
  /** 'compact' for a dashboard row: smaller, and no landmark of its own. */
  variant?: 'panel' | 'compact';
  /** The id of what names the listing (a row's title), to tell the links of several rows apart. */
  linkDescribedBy?: string;
  /** False on the edit page itself: no link to where the seller already is. */
  editLink?: boolean;
  className?: string;
}

/**
 * The owner's notice on their listing page and dashboard row: the headline (an operator's
 * reason, or what the check decided), the check's notes one fix per sentence, and 'Edit
 * listing to fix'. Renders nothing when there is nothing to fix.
 */
export function SellerNotice({ listing, variant = 'panel', linkDescribedBy, editLink = true, className }: SellerNoticeProps) {
  const headlineId = useId();
  const notice = sellerNoticeOf(listing);
  if (!notice) return null;
  const id = encodeURIComponent(listing.id);
  const compact = variant === 'compact';
  const Box = compact ? 'div' : 'section';
  return (
    <Box
      aria-labelledby={compact ? undefined : headlineId}
      className={cn(
        'rounded-lg border text-sm',
        TONES[notice.kind],
        compact ? 'max-w-sm px-3 py-2 text-xs whitespace-normal' : 'px-4 py-3',
        className,
      )}
    >
      <p id={headlineId} className="font-semibold break-words">
        {notice.headline}
      </p>
      {notice.fixes.length > 0 && (
        <ul className={cn('list-disc space-y-1 pl-5 break-words', compact ? 'mt-1' : 'mt-2')}>
          {notice.fixes.map((fix) => (
            <li key={fix}>{fix}</li>
          ))}
        </ul>
      )}
      {notice.kind !== 'taken_down' && !compact && <p className="mt-2">{RECHECK_HINT}</p>}
      {(editLink || notice.kind === 'taken_down') && (
        <p className={cn('flex flex-wrap gap-x-4 gap-y-1', compact ? 'mt-1' : 'mt-3')}>
          {editLink && (
            <Link to={`/edit-listing/${id}`} aria-describedby={linkDescribedBy} className={linkClass}>
              {EDIT_TO_FIX}
            </Link>
          )}
          {notice.kind === 'taken_down' && (
            <Link to="/support" className={linkClass}>
              Contact support
            </Link>
          )}
        </p>
      )}
    </Box>
  );
}
