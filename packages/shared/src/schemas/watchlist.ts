/** Issue 16: the watchlist (GET /watchlist, PUT/DELETE /watchlist/{listing_id}) and the sellers' watcher counts. */
import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from './common.js';
import { ListingSchema } from './listings.js';

/** A malformed id is a listing that does not exist (404), like on /listings/{id}. */
export const WatchParamsSchema = z.object({ listing_id: z.string().max(100) });

/** One watched listing: when it was watched and the listing as a card shows it. */
export const WatchedListingSchema = z.object({
  watched_at: IsoDateTimeSchema,
  listing: ListingSchema,
});
export type WatchedListing = z.infer<typeof WatchedListingSchema>;

/** GET /watchlist: newest watch first; listings that are no longer live are left out. */
export const WatchlistSchema = z.object({ items: z.array(WatchedListingSchema) });
export type Watchlist = z.infer<typeof WatchlistSchema>;

/** PUT /watchlist/{listing_id}. */
export const WatchSchema = z.object({ listing_id: IdSchema, watched_at: IsoDateTimeSchema });
export type Watch = z.infer<typeof WatchSchema>;

/** GET /watchlist/watchers: how many people watch each of the caller's listings (never who); unwatched ones are left out. */
export const WatcherCountsSchema = z.object({
  items: z.array(z.object({ listing_id: IdSchema, watchers: z.number().int().min(1) })),
});
export type WatcherCounts = z.infer<typeof WatcherCountsSchema>;
