import { renderMail, type MailContent } from '../mail/index.js';

/** The seller's mails about an operator's decision on one of their listings (issue 14). */

/** One line, so a title can never bend the Subject header. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

export interface ListingDecisionMailInput {
  publicUrl: string;
  listingId: string;
  listingTitle: string;
  reason: string;
}

/** Rejected: what to fix, and where (the edit page; the edit sends it back for review). */
export function listingRejectedMail(input: ListingDecisionMailInput): MailContent {
  const title = oneLine(input.listingTitle);
  return renderMail({
    subject: `Your listing needs changes: ${title}`,
    heading: 'Your listing needs changes',
    paragraphs: [
      `We reviewed your listing "${title}" and it cannot be verified as it is. The reason: ${input.reason}`,
      "Until it is fixed, buyers see it marked 'Verification Needed'. Edit the listing to fix it: we review it again after your edit.",
    ],
    action: { label: 'Edit your listing', url: `${input.publicUrl}/edit-listing/${input.listingId}` },
    footnote: 'You receive this email because a BenchMarket administrator reviewed one of your listings.',
  });
}

/** Taken down: hidden from everyone but the seller, who is told why and what it means. */
export function listingTakenDownMail(input: ListingDecisionMailInput): MailContent {
  const title = oneLine(input.listingTitle);
  return renderMail({
    subject: `Your listing has been taken down: ${title}`,
    heading: 'Your listing has been taken down',
    paragraphs: [
      `BenchMarket has taken down your listing "${title}". The reason: ${input.reason}`,
      'It no longer appears in search or on the site, and it cannot be published or extended. You can still see it, with this reason, in your dashboard.',
      'If you believe this is a mistake, contact us through the support form.',
    ],
    action: { label: 'See your listing', url: `${input.publicUrl}/listings/${input.listingId}` },
    footnote: 'You receive this email because a BenchMarket administrator took action on one of your listings.',
  });
}

/** Restored after a take-down. */
export function listingRestoredMail(input: ListingDecisionMailInput & { live: boolean }): MailContent {
  const title = oneLine(input.listingTitle);
  return renderMail({
    subject: `Your listing is back: ${title}`,
    heading: 'Your listing has been restored',
    paragraphs: [
      `BenchMarket has restored your listing "${title}". ${input.reason}`,
      input.live
        ? 'It is on sale again and appears in search.'
        : 'It is not on sale at the moment (its paid time has run out, or it was never published): publish or renew it from your dashboard.',
    ],
    action: { label: 'See your listing', url: `${input.publicUrl}/listings/${input.listingId}` },
  });
}
