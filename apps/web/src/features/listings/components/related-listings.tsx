import { ResultsGrid } from '@/components/listing/results-grid';
import { useRelatedListings } from '../api/related-listings';

/**
 * Issue 16: 'Related equipment' under a listing — live listings of the same family, nearest in
 * price. Nothing is shown while loading, on failure or when there are none: it is a suggestion,
 * not part of the listing.
 */
export function RelatedListings({ listingId }: { listingId: string }) {
  const related = useRelatedListings(listingId);
  if (!related.data || related.data.length === 0) return null;
  return (
    <section aria-labelledby="related-equipment" className="mt-12 border-t border-slate-200 pt-8">
      <h2 id="related-equipment" className="mb-4 text-lg font-semibold text-slate-900">
        Related equipment
      </h2>
      <ResultsGrid listings={related.data} />
    </section>
  );
}
