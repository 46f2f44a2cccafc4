import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAiEngine, type AiEngine } from '../../providers/ai/index.js';
import { registerEmbeddingWork } from './embedding-work.js';
import { MeaningSearch } from './meaning-search.js';
import { SearchResultCache } from './result-cache.js';
import { SearchService } from './service.js';

interface SearchModule {
  service: SearchService;
  cache: SearchResultCache;
  /** The AI port when AI_BASE_URL is set, else undefined (the local engine alone). */
  ai: AiEngine | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Not `app.search`: Fastify 5 has a SEARCH method shorthand of that name. */
    listingSearch: SearchModule;
  }
}

/**
 * The search module: decorates `app.listingSearch` (the service, its result cache and the AI port)
 * and registers its jobs — the AI endpoint's embeddings of listings, stored through
 * `app.listings`.
 */
async function searchPlugin(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ module: 'search' });
  const ai = createAiEngine({ ai: app.config.ai, db: app.db, log });
  registerEmbeddingWork(app.worker, ai, app.listings);
  const service = new SearchService({
    db: app.db,
    clock: app.clock,
    storage: app.storage,
    ai,
    meaning: new MeaningSearch({ db: app.db, log, ai, now: () => app.clock.now().getTime() }),
    log,
  });
  const cache = new SearchResultCache(
    app.db,
    { lifetimeSeconds: app.config.searchCacheSeconds },
    app.log.child({ module: 'search-cache' }),
    app.catalogVersion,
  );
  app.decorate('listingSearch', { service, cache, ai });
}

export default fp(searchPlugin, { name: 'search', dependencies: ['jobs', 'storage', 'listings', 'metrics'] });
