import { RESULTS_MATCHING_FEWER_WORDS, type Listing } from '@benchmarket/shared';
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
}

/** The cards, in a responsive grid (one column on a phone). */
export function ResultsGrid({ listings, onOpen, buyerTools, fewerWordsFrom }: ResultsGridProps) {
  const split = fewerWordsFrom === undefined || fewerWordsFrom >= listings.length ? listings.length : Math.max(0, fewerWordsFrom);
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
  if (split === listings.length) return cards(listings, 0);
  return (
    <div className="space-y-6">
      {split > 0 && cards(listings.slice(0, split), 0)}
      <h3 className="border-t border-slate-200 pt-5 text-base font-semibold text-slate-700">{RESULTS_MATCHING_FEWER_WORDS}</h3>
      {cards(listings.slice(split), split)}
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
