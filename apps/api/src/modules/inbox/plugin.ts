import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InboxService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The console's inbox (issue 14): feedback and support requests, read together. */
    inbox: InboxService;
  }
}

async function inboxPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('inbox', new InboxService({ db: app.db, clock: app.clock, audit: app.audit, feedback: app.feedback, support: app.support }));
}

export default fp(inboxPlugin, { name: 'inbox', dependencies: ['audit', 'feedback', 'support'] });
