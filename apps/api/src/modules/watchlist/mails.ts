import { formatPrice } from '@benchmarket/shared';
import { renderMail, type MailContent } from '../mail/index.js';

interface WatchMailInput {
  publicUrl: string;
  listingId: string;
  listingTitle: string;
}

/** One line, so a title can never bend the Subject header. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** Unsubscribing is unwatching (issue 16): every watch mail says how, with a link to the watchlist. */
function footnote(publicUrl: string): string {
  return `You receive this email because you watch this listing on BenchMarket. To stop these emails, remove it from your watchlist: ${publicUrl}/watchlist`;
}

/** A watched listing's price went down (issue 16): old and new price, a link to the listing. */
export function priceDropMail(input: WatchMailInput & { oldPrice: number; newPrice: number }): MailContent {
  const title = oneLine(input.listingTitle);
  return renderMail({
    subject: `Price drop: "${title}" is now ${formatPrice(input.newPrice)}`,
    heading: 'A listing you watch is cheaper now',
    paragraphs: [`The price of "${title}" dropped from ${formatPrice(input.oldPrice)} to ${formatPrice(input.newPrice)}.`],
    action: { label: 'View the listing', url: `${input.publicUrl}/listings/${input.listingId}` },
    footnote: footnote(input.publicUrl),
  });
}

/** A watched listing has 7 days (or fewer) left before it leaves the marketplace (issue 16). */
export function endingSoonMail(input: WatchMailInput & { expiryDay: string }): MailContent {
  const title = oneLine(input.listingTitle);
  return renderMail({
    subject: `Ending soon: "${title}"`,
    heading: 'A listing you watch ends soon',
    paragraphs: [
      `"${title}" is listed until ${input.expiryDay}. After that it may no longer be available on BenchMarket.`,
      'If you are interested, contact the seller before then.',
    ],
    action: { label: 'View the listing', url: `${input.publicUrl}/listings/${input.listingId}` },
    footnote: footnote(input.publicUrl),
  });
}
