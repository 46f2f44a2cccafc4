import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ALERTS_TASK, SavedSearchAlerts } from './alerts.js';
import { SavedSearchesService } from './service.js';
import { UnsubscribeTokens } from './unsubscribe-token.js';

declare module 'fastify' {
  interface FastifyInstance {
    savedSearches: SavedSearchesService & { alerts: SavedSearchAlerts };
  }
}

/**
 * The saved-searches module (issue 16, docs/decisions/020): decorates `app.savedSearches` (the
 * searches and their alerts) and registers the alert job, run every ALERTS_EVERY_SECONDS.
 */
async function savedSearchesPlugin(app: FastifyInstance): Promise<void> {
  const tokens = new UnsubscribeTokens(app.config.jwt.secret);
  const service = new SavedSearchesService({ db: app.db, clock: app.clock, tokens });
  const alerts = new SavedSearchAlerts({
    db: app.db,
    clock: app.clock,
    search: app.listingSearch.service,
    mailer: app.mailer,
    tokens,
    publicUrl: app.config.publicUrl,
    log: app.log.child({ module: 'saved-searches' }),
  });
  app.worker.every(ALERTS_TASK, app.config.alerts.everySeconds * 1000, async () => {
    await alerts.run();
  });
  app.decorate('savedSearches', Object.assign(service, { alerts }));
}

export default fp(savedSearchesPlugin, { name: 'saved-searches', dependencies: ['jobs', 'mail', 'search'] });
