import { cn } from '@/lib/cn';

/**
 * The visible 'Featured' label of a listing the BenchMarket team features (issue 14): on
 * search and browse results, the landing page's strip and the listing page. Nothing for
 * other listings.
 */
export function FeaturedBadge({ listing, className }: { listing: { is_featured?: boolean | undefined }; className?: string }) {
  if (!listing.is_featured) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-violet-50 px-2.5 py-1 text-sm font-medium text-violet-800 ring-1 ring-violet-600/30 ring-inset',
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-3.5 shrink-0">
        <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5Z" />
      </svg>
      Featured
    </span>
  );
}
