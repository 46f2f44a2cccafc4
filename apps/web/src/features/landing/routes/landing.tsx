import type { QueryClient } from '@tanstack/react-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { latestListingsQueryOptions } from '@/lib/api/listings';
import { LANDING_LISTINGS_LIMIT } from '../landing-listings-limit';
import { FeatureCards } from '../components/feature-cards';
import { Hero } from '../components/hero';
import { HowItWorks } from '../components/how-it-works';
import { LatestListings } from '../components/latest-listings';
import { Promo } from '../components/promo';

/**
 * Starts loading the latest listings with the page's code. Not awaited: the page shows at
 * once, the strip its skeleton until they arrive, and a failure stays inside the strip.
 */
export const clientLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(latestListingsQueryOptions(LANDING_LISTINGS_LIMIT));
  return null;
};

export default function LandingRoute() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <FeatureCards />
      <LatestListings />
      <HowItWorks />
      <Promo />
    </>
  );
}
