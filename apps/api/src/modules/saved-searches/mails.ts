import { conditionLabel, formatPrice, type Listing } from '@benchmarket/shared';
import { renderMail, type MailContent } from '../mail/index.js';

interface AlertMailInput {
  publicUrl: string;
  searchName: string;
  frequency: 'instant' | 'daily';
  listings: readonly Listing[];
  /** The search page with the saved criteria. */
  searchUrl: string;
  unsubscribeUrl: string;
}

/** One line, so a name can never bend the Subject header. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function absolute(publicUrl: string, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * A saved search's alert (issue 16): the new matching listings — title, price, condition,
 * country, photo and link — and the one-click unsubscribe link (also in the List-Unsubscribe header).
 */
export function alertMail(input: AlertMailInput): MailContent {
  const name = oneLine(input.searchName);
  const count = input.listings.length;
  const what = count === 1 ? '1 new listing matches' : `${count} new listings match`;
  return renderMail({
    subject: `${what} "${name}"`,
    heading: input.frequency === 'daily' ? `Your daily digest for "${name}"` : `New on BenchMarket for "${name}"`,
    paragraphs: [`${what} your saved search "${name}":`],
    items: input.listings.map((listing) => ({
      title: oneLine(listing.title),
      details: [formatPrice(listing.price), conditionLabel(listing.condition), listing.location ?? 'Location not given'].join(' · '),
      url: `${input.publicUrl}/listings/${listing.id}`,
      imageUrl:
        listing.thumbnails[0] || listing.photos[0] ? absolute(input.publicUrl, listing.thumbnails[0] || listing.photos[0]!) : undefined,
    })),
    action: { label: 'See all results', url: input.searchUrl },
    footnote: `You receive this email because you saved the search "${name}" on BenchMarket. Unsubscribe from these alerts: ${input.unsubscribeUrl}`,
  });
}
