import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailingDependencies } from '../mail/index.js';
import { WatchlistService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 16: watchlists and their mails; owns `watches`. */
    watchlist: WatchlistService;
  }
}

const WATCH_MAILS_TASK = 'watchlist.mails';
const WATCH_MAILS_EVERY_MS = 60_000;

/** The watchlist module: decorates `app.watchlist` and registers its round of watch mails (price drops, 7 days left). */
async function watchlistPlugin(app: FastifyInstance): Promise<void> {
  const service = new WatchlistService({
    ...mailingDependencies(app),
    listings: app.listings,
    log: app.log.child({ module: 'watchlist' }),
  });
  app.decorate('watchlist', service);
  app.worker.every(WATCH_MAILS_TASK, WATCH_MAILS_EVERY_MS, async () => {
    await service.sweep();
  });
}

export default fp(watchlistPlugin, { name: 'watchlist', dependencies: ['jobs', 'mail', 'listings'] });
