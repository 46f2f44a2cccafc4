import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from './plugin.js';

/** What a service that mails people links to the site needs, whatever else it does. */
export interface MailingDependencies {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** The site's address, for the links in its mails. */
  publicUrl: string;
}

/** The app's database, clock, mailer and public address, for a module building its service. */
export function mailingDependencies(app: FastifyInstance): MailingDependencies {
  return { db: app.db, clock: app.clock, mailer: app.mailer, publicUrl: app.config.publicUrl };
}

/** A service built on MailingDependencies (and whatever its own `Deps` add): `this.db` and `this.now()` for its work. */
export abstract class MailingService<Deps extends MailingDependencies> {
  constructor(protected readonly deps: Deps) {}

  protected get db(): Db {
    return this.deps.db;
  }

  protected now(): Date {
    return this.deps.clock.now();
  }
}
