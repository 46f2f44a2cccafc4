import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SettingsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Settings an admin may change at run time (issue 14): the only writer of `app_settings`. */
    settings: SettingsService;
  }
}

async function settingsPlugin(app: FastifyInstance): Promise<void> {
  app.decorate(
    'settings',
    new SettingsService({ db: app.db, clock: app.clock, audit: app.audit, configuredPromoFreeUntil: app.config.pricing.promoFreeUntil }),
  );
}

export default fp(settingsPlugin, { name: 'settings', dependencies: ['audit'] });
