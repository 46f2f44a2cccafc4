import type { AppConfig } from '../config.js';
import type { Database, Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    clock: Clock;
  }
}
