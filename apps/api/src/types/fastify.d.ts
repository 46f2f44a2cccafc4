import type { AppConfig } from '../config.js';
import type { CatalogVersion } from '../db/catalog-version.js';
import type { Database, Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import type { FastLane } from '../lib/fast-lane.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    /** What kept answers and photo checks are checked against (db/catalog-version.ts). */
    catalogVersion: CatalogVersion;
    clock: Clock;
    /** Answers already in memory, sent before Fastify (lib/fast-lane.ts). */
    fastLane: FastLane;
  }
}
