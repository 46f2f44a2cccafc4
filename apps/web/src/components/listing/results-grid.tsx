import { RESULTS_MATCHING_FEWER_WORDS, SIMILAR_LISTINGS, type Listing } from '@benchmarket/shared';
import { cn } from '@/lib/cn';
import { SkeletonBlocks } from '@/components/ui/spinner';
import { ListingCard } from './listing-card';

const GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';

interface ResultsGridProps {
  listings: readonly Listing[];
  onOpen?: (listing: Listing) => void;
  /** Issue 16: 'Compare' and 'Watch' on each card. */
  buyerTools?: boolean;
  /**
   * A search's results from this card on have only some of the words asked (counted on this
   * page; at or past its end, none here): they follow a heading that says so.
   */
  fewerWordsFrom?: number;
  /** From this card on (counted on this page) the results are listings like the matches, under their own heading. */
  similarFrom?: number;
}

interface Section {
  heading?: string;
  from: number;
  to: number;
}

/** The page cut where each heading begins (a heading at or past the page's end is not shown). */
function sectionsOf(count: number, fewerWordsFrom: number | undefined, similarFrom: number | undefined): Section[] {
  const cuts = [
    { heading: RESULTS_MATCHING_FEWER_WORDS, at: fewerWordsFrom },
    { heading: SIMILAR_LISTINGS, at: similarFrom },
  ]
    .filter((cut): cut is { heading: string; at: number } => cut.at !== undefined && cut.at < count)
    .map((cut) => ({ ...cut, at: Math.max(0, cut.at) }))
    .sort((a, b) => a.at - b.at);
  const sections: Section[] = [];
  let from = 0;
  let heading: string | undefined;
  for (const cut of cuts) {
    if (cut.at > from) sections.push({ heading, from, to: cut.at });
    from = Math.max(from, cut.at);
    heading = cut.heading;
  }
  sections.push({ heading, from, to: count });
  return sections.filter((section) => section.to > section.from);
}

/** The cards, in a responsive grid (one column on a phone). */
export function ResultsGrid({ listings, onOpen, buyerTools, fewerWordsFrom, similarFrom }: ResultsGridProps) {
  const cards = (part: readonly Listing[], offset: number) => (
    <ul role="list" className={GRID}>
      {part.map((listing, index) => (
        // The index too: a page must never break on a repeated id.
        <li key={`${listing.id}:${String(offset + index)}`}>
          <ListingCard listing={listing} onOpen={onOpen} buyerTools={buyerTools} />
        </li>
      ))}
    </ul>
  );
  const sections = sectionsOf(listings.length, fewerWordsFrom, similarFrom);
  if (sections.length <= 1 && !sections[0]?.heading) return cards(listings, 0);
  return (
    <div className="space-y-6">
      {sections.map((section) => (
        <div key={section.from} className="space-y-6">
          {section.heading && <h3 className="border-t border-slate-200 pt-5 text-base font-semibold text-slate-700">{section.heading}</h3>}
          {cards(listings.slice(section.from, section.to), section.from)}
        </div>
      ))}
    </div>
  );
}

/**
 * Placeholder cards while results load. Hidden from assistive technology: the region around
 * it carries aria-busy and its status line says what is loading.
 */
export function ResultsSkeleton({ count = 6 }: { count?: number }) {
  const block = 'animate-pulse rounded bg-slate-200 motion-reduce:animate-none';
  return (
    <div>
      <ul aria-hidden="true" className={GRID}>
        {Array.from({ length: count }, (_, index) => (
          <li key={index} data-testid="skeleton-card" className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            <div className={cn(block, 'aspect-[4/3] rounded-none')} />
            <SkeletonBlocks
              className="space-y-3 p-4"
              blocks={['h-6 w-28 rounded-full', 'h-5 w-4/5', 'h-6 w-24', 'h-4 w-full', 'h-4 w-5/6', 'h-9 w-full rounded-lg']}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
