import type { QueryClient } from '@tanstack/react-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { latestListingsQueryOptions } from '@/lib/api/listings';
import { appConfigQueryOptions } from '@/lib/app-config';
import { featuredListingsQueryOptions } from '../api/get-featured-listings';
import { LANDING_LISTINGS_LIMIT } from '../landing-listings-limit';
import { FeatureCards } from '../components/feature-cards';
import { FeaturedListings } from '../components/featured-listings';
import { Hero } from '../components/hero';
import { HowItWorks } from '../components/how-it-works';
import { LatestListings } from '../components/latest-listings';
import { Promo } from '../components/promo';

/**
 * Starts loading the featured and latest listings and the settings (the promotion) with the
 * page's code. Not awaited: the page shows at once, the strips fill in when they arrive, and
 * a failure stays inside its strip.
 */
export const clientLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(featuredListingsQueryOptions());
  void queryClient.prefetchQuery(latestListingsQueryOptions(LANDING_LISTINGS_LIMIT));
  void queryClient.prefetchQuery(appConfigQueryOptions());
  return null;
};

export default function LandingRoute() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <FeatureCards />
      <FeaturedListings />
      <LatestListings />
      <HowItWorks />
      <Promo />
    </>
  );
}
