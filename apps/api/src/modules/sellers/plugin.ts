import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SellersService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 15: sellers' profiles and public pages; the only writer of `seller_profiles`. */
    sellers: SellersService;
  }
}

async function sellersPlugin(app: FastifyInstance): Promise<void> {
  app.decorate(
    'sellers',
    new SellersService({
      db: app.db,
      clock: app.clock,
      storage: app.storage,
      listings: app.listings,
      log: app.log.child({ module: 'sellers' }),
    }),
  );
}

export default fp(sellersPlugin, { name: 'sellers', dependencies: ['storage', 'listings'] });
