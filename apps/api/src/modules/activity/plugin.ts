import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Overview } from './overview.js';
import { ActivityCounters } from './service.js';

export interface ActivityModule {
  /** Daily counters: `count('search.plain')`. */
  counters: ActivityCounters;
  /** The console's overview numbers. */
  overview: Overview;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Activity (issue 14): the only writer of `daily_counters`, and the console's overview. */
    activity: ActivityModule;
  }
}

async function activityPlugin(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ module: 'activity' });
  const counters = new ActivityCounters({ db: app.db, clock: app.clock, log });
  app.decorate('activity', {
    counters,
    overview: new Overview({ db: app.db, clock: app.clock, currency: app.config.pricing.currency, counters }),
  });
  // What is still counted is written when the app closes; the runtime closes the database after the app.
  app.addHook('onClose', async () => counters.flush());
}

export default fp(activityPlugin, { name: 'activity' });
