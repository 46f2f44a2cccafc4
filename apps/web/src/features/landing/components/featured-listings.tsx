import { useFeaturedListings } from '../api/get-featured-listings';
import { ListingStrip } from './listing-strip';

/** Ours (issue 14): what featuring is, exactly: the team's choice, never for sale. */
export const FEATURED_EXPLAINED = 'Picked by the BenchMarket team. Featured placement is chosen by our team and cannot be bought.';

/**
 * The 'Featured' strip (issue 14): the live listings the BenchMarket team features (GET
 * /listings/featured), cards like the latest strip's. Nothing at all while they load, when
 * there are none, or when they could not be loaded: the strip is a bonus, never a gap.
 */
export function FeaturedListings() {
  const featured = useFeaturedListings();
  if (!featured.data || featured.data.length === 0) return null;
  return (
    <section aria-labelledby="featured-title" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">Chosen by our team</p>
        <h2 id="featured-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
          Featured
        </h2>
        <p className="mt-2 max-w-2xl text-slate-600">{FEATURED_EXPLAINED}</p>
        <div className="mt-8">
          <ListingStrip listings={featured.data} />
        </div>
      </div>
    </section>
  );
}
