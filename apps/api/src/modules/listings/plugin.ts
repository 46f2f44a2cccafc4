import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EXPIRY_REMINDER_JOB, EXPIRY_SWEEP, EXPIRY_SWEEP_EVERY_MS, ListingExpiry } from './expiry.js';
import { listingsServiceFor, type ListingsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The listings module: the only writer of the `listings` table; other modules call it. */
    listings: ListingsService;
  }
}

const MEANING_BACKFILL_TASK = 'listings.meaning-backfill';
const MEANING_BACKFILL_EVERY_MS = 60_000;
const MEANING_BACKFILL_BATCH = 1_000;

/**
 * The listings module: decorates `app.listings` and registers the module's background work —
 * the expiry sweep and its reminder mail (spec §4, §9), and the meaning backfill (listings
 * written before the local meaning model, or by older rules, get their vectors; a bounded
 * batch per round).
 */
async function listingsPlugin(app: FastifyInstance): Promise<void> {
  const service = listingsServiceFor(app);
  app.decorate('listings', service);

  const expiry = new ListingExpiry({
    db: app.db,
    clock: app.clock,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    log: app.log.child({ module: 'listings' }),
  });
  app.worker.every(EXPIRY_SWEEP, EXPIRY_SWEEP_EVERY_MS, async () => {
    await expiry.sweep();
  });
  app.worker.handle(EXPIRY_REMINDER_JOB, (payload) => expiry.sendReminder(payload));
  app.worker.every(MEANING_BACKFILL_TASK, MEANING_BACKFILL_EVERY_MS, async () => {
    await service.backfillMeanings(MEANING_BACKFILL_BATCH);
  });
}

export default fp(listingsPlugin, { name: 'listings', dependencies: ['jobs', 'mail', 'storage'] });
